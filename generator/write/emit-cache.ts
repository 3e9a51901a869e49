/**
 * Emitter output kept across runs. An emitter that declares `withoutDocs` is always handed the
 * model with doc comments and source lines blanked (cache or not), so its output is a function
 * of that model alone: keyed by the model's hash, a doc edit reuses it, and an emitter that
 * wrongly declared itself would change its output in every run (caught by `--verify`), never
 * serve a stale file. Entries are keyed by the generator's sources and the run's options too.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emit/emitter.js";
import { generatorVersion } from "../model/generator-version.js";

const FORMAT = 2;

interface Entry {
  hash: string;
  files: GeneratedFile[];
}

interface EmitCacheFile {
  format: number;
  key: string;
  emitters: Record<string, Entry>;
  /** Single texts an emitter keyed by the hash of what it read (EmitOptions.memo). */
  texts: Record<string, { hash: string; text: string }>;
}

export class EmitCache {
  private readonly file: string;
  private readonly key: string;
  private readonly data: EmitCacheFile;
  private dirty = false;

  /** @param key everything besides the model that shapes the output (options) */
  constructor(dir: string, key: string) {
    this.key = createHash("sha256").update(`${FORMAT}\0${generatorVersion()}\0${key}`).digest("hex");
    this.file = path.join(dir, `emit-${createHash("sha256").update(key).digest("hex").slice(0, 16)}.json`);
    this.data = this.load() ?? { format: FORMAT, key: this.key, emitters: {}, texts: {} };
  }

  /** Texts used in this run: only they are kept, so a removed document leaves the cache. */
  private readonly usedTexts = new Set<string>();

  /** EmitOptions.memo: the text of an earlier run whose input had this hash, or a new build. */
  readonly memo = (key: string, hash: string, build: () => string): string => {
    this.usedTexts.add(key);
    const known = this.data.texts[key];
    if (known?.hash === hash) return known.text;
    const text = build();
    this.data.texts[key] = { hash, text };
    this.dirty = true;
    return text;
  };

  private load(): EmitCacheFile | undefined {
    try {
      const data = JSON.parse(fs.readFileSync(this.file, "utf8")) as EmitCacheFile;
      return data.format === FORMAT && data.key === this.key ? data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The files an emitter produced from a model of this hash, formatted; undefined if not known. */
  get(emitter: string, hash: string): GeneratedFile[] | undefined {
    const e = this.data.emitters[emitter];
    return e?.hash === hash ? e.files.map((f) => ({ ...f, formatted: true })) : undefined;
  }

  set(emitter: string, hash: string, files: GeneratedFile[]): void {
    this.data.emitters[emitter] = { hash, files: files.map((f) => ({ path: f.path, content: f.content })) };
    this.dirty = true;
  }

  save(): void {
    for (const key of Object.keys(this.data.texts)) {
      if (this.usedTexts.has(key)) continue;
      delete this.data.texts[key];
      this.dirty = true;
    }
    if (!this.dirty) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.data));
      fs.renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}
