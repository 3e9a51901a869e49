/**
 * Emitter output kept across runs. An emitter that declares `withoutDocs` is always handed the
 * model with doc comments and source lines blanked (cache or not), so its output is a function
 * of that model alone: keyed by the model's hash, a doc edit reuses it, and an emitter that
 * wrongly declared itself would change its output in every run (caught by `--verify`), never
 * serve a stale file. Single texts (EmitOptions.memo) are keyed by the hash their emitter gives.
 * Entries are keyed by the generator's sources and the run's options too.
 *
 * Layout: a folder per options key holding a small index (what hash each entry was built
 * from) and one file per entry, named by that hash, written once: a run reads only the entries
 * it uses and writes only the ones it built.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emit/emitter.js";
import { generatorVersion } from "../model/generator-version.js";

const FORMAT = 3;

interface Index {
  format: number;
  key: string;
  /** Entry name (`emitter:<name>` or a text's key) -> the hash it was built from. */
  entries: Record<string, string>;
}

const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex");

export class EmitCache {
  private readonly dir: string;
  private readonly key: string;
  private readonly index: Index;
  /** Entries this run read or wrote: the others are dropped on save. */
  private readonly used = new Set<string>();
  private dirty = false;

  /** @param key everything besides the model that shapes the output (options) */
  constructor(dir: string, key: string) {
    this.key = sha256(`${FORMAT}\0${generatorVersion()}\0${key}`);
    this.dir = path.join(dir, `emit-${sha256(key).slice(0, 16)}`);
    this.index = this.load() ?? { format: FORMAT, key: this.key, entries: {} };
  }

  private load(): Index | undefined {
    try {
      const data = JSON.parse(fs.readFileSync(path.join(this.dir, "index.json"), "utf8")) as Index;
      return data.format === FORMAT && data.key === this.key ? data : undefined;
    } catch {
      return undefined;
    }
  }

  /** The file of an entry built from `hash`: both names hashed, so any text is a safe name. */
  private blob(entry: string, hash: string): string {
    return path.join(this.dir, `${sha256(entry).slice(0, 16)}-${sha256(hash).slice(0, 32)}`);
  }

  private read(entry: string, hash: string): string | undefined {
    this.used.add(entry);
    if (this.index.entries[entry] !== hash) return undefined;
    try {
      return fs.readFileSync(this.blob(entry, hash), "utf8");
    } catch {
      return undefined;
    }
  }

  private write(entry: string, hash: string, text: string): void {
    this.used.add(entry);
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      const file = this.blob(entry, hash);
      // Written aside and renamed, so a concurrent run never reads half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, text);
      fs.renameSync(tmp, file);
      this.index.entries[entry] = hash;
      this.dirty = true;
    } catch {
      // A cache that cannot be written only costs time.
    }
  }

  /** EmitOptions.memo: the text of an earlier run whose input had this hash, or a new build. */
  readonly memo = (key: string, hash: string, build: () => string): string => {
    const known = this.read(`text:${key}`, hash);
    if (known !== undefined) return known;
    const text = build();
    this.write(`text:${key}`, hash, text);
    return text;
  };

  /** The files an emitter produced from a model of this hash, formatted; undefined if not known. */
  get(emitter: string, hash: string): GeneratedFile[] | undefined {
    const text = this.read(`emitter:${emitter}`, hash);
    if (text === undefined) return undefined;
    try {
      return (JSON.parse(text) as { path: string; content: string }[]).map((f) => ({ ...f, formatted: true }));
    } catch {
      return undefined;
    }
  }

  set(emitter: string, hash: string, files: GeneratedFile[]): void {
    this.write(`emitter:${emitter}`, hash, JSON.stringify(files.map((f) => ({ path: f.path, content: f.content }))));
  }

  /** Writes the index and drops the entries this run did not use; called once the run succeeded. */
  save(): void {
    for (const entry of Object.keys(this.index.entries)) {
      if (this.used.has(entry)) continue;
      delete this.index.entries[entry];
      this.dirty = true;
    }
    if (!this.dirty) return;
    try {
      const keep = new Set(["index.json", ...Object.entries(this.index.entries).map(([e, h]) => path.basename(this.blob(e, h)))]);
      for (const f of fs.readdirSync(this.dir)) if (!keep.has(f) && !f.endsWith(".tmp")) fs.rmSync(path.join(this.dir, f), { force: true });
      const file = path.join(this.dir, "index.json");
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.index));
      fs.renameSync(tmp, file);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}
