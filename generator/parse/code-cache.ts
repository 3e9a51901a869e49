/**
 * require() with V8's code cache for large CommonJS bundles (ts-morph and its TypeScript, 12 MB
 * of source): compiling them is about a third of their load time in every run that parses.
 * Node 20 has no module compile cache of its own (module.enableCompileCache is Node 22), so the
 * bundles are compiled here through vm.Script with the cached data of an earlier run.
 *
 * The cache lives in the temp folder, one file per bundle named by the sha256 of its source and
 * the node version, so an edited or updated bundle never meets another's code; V8 itself rejects
 * data made by another V8 or flags (then the bundle compiles as usual). KUBEGEN_CODE_CACHE=0
 * turns it off. A cache that cannot be read or written only costs time.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";

/** Smaller modules compile faster than their cache file is found and read. */
const MIN_SIZE = 512 * 1024;

interface Compiled {
  file: string;
  script: vm.Script;
}

/** Bundles compiled without usable data: their cache is written by saveCodeCache. */
const pending: Compiled[] = [];

/** Bundles compiled in this process, with and without an earlier run's data (for tests). */
export const codeCacheUse = { reused: 0, compiled: 0 };

function defaultCacheDir(): string {
  const uid = typeof process.getuid === "function" ? String(process.getuid()) : "user";
  return path.join(os.tmpdir(), `kubegen-code-cache-${uid}`);
}

function readCache(file: string): Buffer | undefined {
  try {
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Names a bundle's cache files, so the one of a replaced version can be found and dropped. */
const bundleId = (filename: string): string =>
  createHash("sha256").update(`${process.version}\0${process.arch}\0${filename}`).digest("hex").slice(0, 16);

type CompileFn = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown;

/**
 * Requires `id` from `fromUrl`'s folder; every module of at least MIN_SIZE that this loads for
 * the first time is compiled with the code cache in `dir`.
 */
export function requireWithCodeCache(fromUrl: string, id: string, dir = defaultCacheDir()): unknown {
  const require = createRequire(fromUrl);
  if (process.env.KUBEGEN_CODE_CACHE === "0") return require(id);
  const proto = Module.prototype as unknown as { _compile: CompileFn };
  const original = proto._compile;
  proto._compile = function (this: Module, content: string, filename: string, ...rest: unknown[]): unknown {
    // Newer nodes pass the module's format: only CommonJS source goes through vm.Script here, and
    // a hashbang line (valid only at the start of a script) is left to node.
    const format = rest[0];
    if (content.length < MIN_SIZE || (format !== undefined && format !== "commonjs") || content.startsWith("#!")) {
      return original.call(this, content, filename, ...rest);
    }
    const file = path.join(dir, `${bundleId(filename)}-${createHash("sha256").update(content).digest("hex")}`);
    const cachedData = readCache(file);
    const script = new vm.Script(Module.wrap(content), { filename, cachedData });
    if (cachedData === undefined || script.cachedDataRejected) {
      pending.push({ file, script });
      codeCacheUse.compiled++;
    } else {
      codeCacheUse.reused++;
    }
    const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
    const moduleRequire = createRequire(filename);
    return wrapper.call(this.exports, this.exports, moduleRequire, this, filename, path.dirname(filename));
  };
  try {
    return require(id);
  } finally {
    proto._compile = original;
  }
}

/**
 * Writes the code cache of the bundles compiled without one. Called once they have done their
 * work (a parse), so the data holds the functions that work compiled too, not only the top level.
 */
export function saveCodeCache(): void {
  for (const { file, script } of pending.splice(0)) {
    const dir = path.dirname(file);
    try {
      fs.mkdirSync(dir, { recursive: true });
      // Written aside and renamed, so a concurrent run never reads half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, file);
      // The same bundle's data for other sources (a replaced version) is of no further use.
      const base = path.basename(file);
      const prefix = base.slice(0, base.indexOf("-") + 1);
      for (const f of fs.readdirSync(dir))
        if (f.startsWith(prefix) && f !== base && !f.endsWith(".tmp")) fs.rmSync(path.join(dir, f), { force: true });
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}
