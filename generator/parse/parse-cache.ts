/**
 * Incremental parsing: the parsed model of each API folder, kept in a cache file keyed by the
 * sha256 of the folder's sources, the generator's own sources and the run's options. A run
 * re-reads only the folders whose sources changed (and those importing a folder whose declared
 * names changed); when nothing changed ts-morph is not even loaded. A hash mismatch anywhere
 * only means more parsing: a stale entry is never used. The cache is an optimisation only, so
 * one that cannot be read or written is ignored.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { generatorVersion } from "../model/generator-version.js";
import type { Model, Package } from "../model/types.js";
import { listPackageDirs, packageFiles } from "./package-dirs.js";
import type { PackageSummary, ParseOptions } from "./parse-api.js";

const FORMAT = 1;

interface CacheEntry {
  hash: string;
  summary: PackageSummary;
}

interface CacheFile {
  format: number;
  key: string;
  packages: Record<string, CacheEntry>;
}

const sha256 = (): ReturnType<typeof createHash> => createHash("sha256");

/** sha256 of a folder's API sources (names and bytes). */
function folderHash(dir: string): string | undefined {
  try {
    const h = sha256();
    for (const f of packageFiles(dir))
      h.update(`${path.basename(f)}\0`)
        .update(fs.readFileSync(f))
        .update("\0");
    return h.digest("hex");
  } catch {
    return undefined;
  }
}

export interface CachedParse {
  model: Model;
  /** True when every folder came from the cache unchanged. */
  unchanged: boolean;
}

export class ParseCache {
  private readonly file: string;
  private readonly key: string;
  private data: CacheFile | undefined;
  private parsed = false;

  /** @param dir folder the cache files go to; `key` names everything besides sources that shapes the output */
  constructor(dir: string, key: string) {
    this.key = sha256().update(`${FORMAT}\0${generatorVersion()}\0${key}`).digest("hex");
    this.file = path.join(dir, `model-${createHash("sha256").update(key).digest("hex").slice(0, 16)}.json`);
  }

  private load(): CacheFile | undefined {
    try {
      const data = JSON.parse(fs.readFileSync(this.file, "utf8")) as CacheFile;
      if (data.format !== FORMAT || data.key !== this.key) return undefined;
      relink(Object.values(data.packages).flatMap((e) => (e.summary.pkg ? [e.summary.pkg] : [])));
      return data;
    } catch {
      return undefined;
    }
  }

  /** Parses `root` as parseApi does, re-reading only what changed since the cached run. */
  async parse(root: string, options: ParseOptions): Promise<CachedParse> {
    this.data = this.load();
    const entries = this.data?.packages ?? {};
    const reuse = new Map<string, PackageSummary>();
    const hashes = new Map<string, string | undefined>();
    // The folders a run would read: the tree, then what cached folders import (a changed folder's
    // imports are found by the parser).
    const pending = listPackageDirs(root);
    let changed = false;
    while (pending.length) {
      const dir = pending.shift()!;
      if (hashes.has(dir)) continue;
      const hash = folderHash(dir);
      hashes.set(dir, hash);
      const entry = entries[dir];
      if (!entry || hash === undefined || entry.hash !== hash) {
        changed = true;
        continue;
      }
      reuse.set(dir, entry.summary);
      for (const imp of entry.summary.imports) if (!hashes.has(imp) && fs.existsSync(imp)) pending.push(imp);
    }
    // Folders cached from an earlier run that this one no longer reaches change the model too.
    if (!changed && Object.keys(entries).length === reuse.size && this.data) {
      const packages = [...reuse.values()].flatMap((s) => (s.pkg ? [s.pkg] : [])).sort((a, b) => a.path.localeCompare(b.path));
      return { model: { root, packages }, unchanged: true };
    }
    // Something changed: the parser (and ts-morph) load only now.
    const { parseApiPackages } = await import("./parse-api.js");
    const { model, summaries } = parseApiPackages(root, options, reuse);
    const packages: Record<string, CacheEntry> = {};
    for (const s of summaries) {
      const hash = hashes.get(s.dir) ?? folderHash(s.dir);
      if (hash !== undefined) packages[s.dir] = { hash, summary: s };
    }
    this.data = { format: FORMAT, key: this.key, packages };
    this.parsed = true;
    const cached = new Set([...reuse.values()].flatMap((s) => (s.pkg ? [s.pkg] : [])));
    return { model: cloneModel(model, cached), unchanged: false };
  }

  /** Writes what the last parse found, if it parsed anything; called once the run succeeded. */
  save(): void {
    if (!this.data || !this.parsed) return;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      // Written aside and renamed, so a concurrent run never reads half a file.
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(this.data));
      fs.renameSync(tmp, this.file);
      pruneCacheDir(path.dirname(this.file));
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}

/**
 * The model as the cache gives it back (through JSON), so a fresh parse and a cached one hand
 * the emitters the same shape and the output cannot depend on which it was. Packages taken
 * from the cache (`cached`) came through JSON already.
 */
function cloneModel(model: Model, cached: ReadonlySet<Package>): Model {
  const fresh = model.packages.filter((p) => !cached.has(p));
  const copies = new Map(fresh.map((p, i) => [p, i]));
  const cloned = relink(JSON.parse(JSON.stringify(fresh)) as Package[]);
  return { root: model.root, packages: model.packages.map((p) => (cached.has(p) ? p : cloned[copies.get(p)!]!)) };
}

/**
 * JSON keeps no shared objects; the model has one kind the checks and emitters compare by
 * identity: a protobuf embed's `ref` is the very TypeRef in its struct's `embeds`.
 */
function relink(packages: Package[]): Package[] {
  for (const pkg of packages) {
    for (const t of pkg.types) {
      if (t.kind !== "struct" || !t.protobufEmbeds) continue;
      for (const e of t.protobufEmbeds) {
        const r = e.ref;
        const same = t.embeds.find((x) => x.kind === "named" && r.kind === "named" && x.pkg === r.pkg && x.name === r.name);
        if (same) e.ref = same;
      }
    }
  }
  return packages;
}

/** Caches kept per folder: a model file, an emit folder and an output record per output folder recently generated into. */
const KEEP = 6;

/** Drops the least recently written caches beyond KEEP (each output folder has its own). */
export function pruneCacheDir(dir: string): void {
  const entries = fs
    .readdirSync(dir)
    .filter((f) => /^(model-[0-9a-f]{16}\.json|emit-[0-9a-f]{16}|outputs-[0-9a-f]{16}\.json)$/.test(f))
    .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t);
  for (const { f } of entries.slice(KEEP)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
}
