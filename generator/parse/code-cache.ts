/**
 * V8's code cache for large CommonJS bundles: compiling them is a large part of their load time
 * in every run (ts-morph and its TypeScript, 12 MB, for the generator; the apiserver's CLI
 * bundle, 6 MB, for `kubegen up`). Node 20 has no module compile cache of its own
 * (module.enableCompileCache is Node 22), so the bundles are compiled here through vm.Script
 * with the cached data of an earlier run. @kubegen/apiserver's bin runs a bundled copy of this
 * module (packages/bundle-cli.mjs).
 *
 * The cache lives in the user's cache folder ($XDG_CACHE_HOME or ~/.cache, kubegen/code-cache),
 * one file per bundle named by the sha256 of its source, the node version and its flags, so an
 * edited or updated bundle never meets another's code; V8 itself rejects data made by another V8
 * or flags (then the bundle compiles as usual). KUBEGEN_CODE_CACHE=0 turns it off. A cache that
 * cannot be read or written only costs time.
 *
 * Code run this way must not call import(): Node 20 loses a script's dynamic import callback
 * when its functions come from cached data.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import Module, { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { isAscii } from "node:buffer";

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

const disabled = (): boolean => process.env.KUBEGEN_CODE_CACHE === "0";

/** The user's cache folder (XDG's), else one in the temp folder named by the user. */
export function defaultCacheDir(): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, "kubegen", "code-cache");
  let home = "";
  try {
    home = os.homedir();
  } catch {
    // No home (a user without a passwd entry): the temp folder below.
  }
  if (home) return path.join(home, ".cache", "kubegen", "code-cache");
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

/**
 * Names a bundle's cache files, so the one of a replaced version can be found and dropped. The
 * flags are in it: V8 rejects data made under other flags, and two ways of starting the same
 * bundle (the bin's shebang flags, plain `node`) would otherwise replace each other's file.
 */
const bundleId = (filename: string): string =>
  createHash("sha256")
    .update(`${process.version}\0${process.arch}\0${filename}\0${process.execArgv.join(" ")}\0${process.env.NODE_OPTIONS ?? ""}`)
    .digest("hex")
    .slice(0, 16);

/** Compiles a module's wrapped source with the cache file `file` when it holds usable data. */
function compile(dir: string, filename: string, source: string, sourceHash: string): vm.Script {
  const file = path.join(dir, `${bundleId(filename)}-${sourceHash}`);
  const cachedData = readCache(file);
  const script = new vm.Script(Module.wrap(source), { filename, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    pending.push({ file, script });
    codeCacheUse.compiled++;
  } else {
    codeCacheUse.reused++;
  }
  return script;
}

/** Runs a compiled wrapper as `mod`'s code, as Node's CommonJS loader does. */
function run(script: vm.Script, mod: Module, filename: string): unknown {
  const wrapper = script.runInThisContext() as (...args: unknown[]) => unknown;
  return wrapper.call(mod.exports, mod.exports, createRequire(filename), mod, filename, path.dirname(filename));
}

type CompileFn = (this: Module, content: string, filename: string, ...rest: unknown[]) => unknown;

/**
 * Requires `id` from `fromUrl`'s folder; every module of at least MIN_SIZE that this loads for
 * the first time is compiled with the code cache in `dir`.
 */
export function requireWithCodeCache(fromUrl: string, id: string, dir = defaultCacheDir()): unknown {
  const require = createRequire(fromUrl);
  if (disabled()) return require(id);
  const proto = Module.prototype as unknown as { _compile: CompileFn };
  const original = proto._compile;
  proto._compile = function (this: Module, content: string, filename: string, ...rest: unknown[]): unknown {
    // Newer nodes pass the module's format: only CommonJS source goes through vm.Script here, and
    // a hashbang line (valid only at the start of a script) is left to node.
    const format = rest[0];
    if (content.length < MIN_SIZE || (format !== undefined && format !== "commonjs") || content.startsWith("#!")) {
      return original.call(this, content, filename, ...rest);
    }
    const script = compile(dir, filename, content, createHash("sha256").update(content).digest("hex"));
    return run(script, this, filename);
  };
  try {
    return require(id);
  } finally {
    proto._compile = original;
  }
}

/**
 * Runs the CommonJS bundle `filename` compiled with the code cache in `dir` and returns its
 * exports (a module of its own, as require() would make, though not in require's cache). Its
 * bytes are hashed as read, and an ASCII file becomes a one-byte string without UTF-8 decoding.
 */
export function requireBundle(filename: string, dir = defaultCacheDir()): unknown {
  if (disabled()) return createRequire(filename)(filename);
  const bytes = fs.readFileSync(filename);
  const source = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
  const script = compile(dir, filename, source, createHash("sha256").update(bytes).digest("hex"));
  const mod = new Module(filename);
  mod.filename = filename;
  mod.paths = (Module as unknown as { _nodeModulePaths(from: string): string[] })._nodeModulePaths(path.dirname(filename));
  run(script, mod, filename);
  mod.loaded = true;
  return mod.exports;
}

/**
 * Writes the code cache of the bundles compiled without one. Called once they have done their
 * work (a parse, a server's start), so the data holds the functions that work compiled too, not
 * only the top level.
 */
export function saveCodeCache(): void {
  for (const { file, script } of pending.splice(0)) {
    const dir = path.dirname(file);
    try {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
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
