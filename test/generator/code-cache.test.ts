/**
 * The V8 code cache for large CommonJS bundles (generator/parse/code-cache.ts), through require
 * (ts-morph's way) and requireBundle (the apiserver bin's): a second run reuses the first's compiled code, and a changed source (even of the same length, which V8's
 * own check would let through) is compiled afresh, never run from another source's data. Each
 * load is a fresh node process: within one, V8's in-memory compilation cache would answer.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-code-cache-test-"));
const cacheDir = path.join(tmp, "cache");
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const loader = path.join(tmp, "load.mts");
fs.writeFileSync(
  loader,
  `import { pathToFileURL } from "node:url";
import path from "node:path";
import { codeCacheUse, requireBundle, requireWithCodeCache, saveCodeCache } from ${JSON.stringify(path.resolve("generator/parse/code-cache.ts"))};
const [id, dir, how] = process.argv.slice(2);
const mod =
  how === "bundle"
    ? requireBundle(path.join(${JSON.stringify(tmp)}, id), dir)
    : requireWithCodeCache(pathToFileURL(${JSON.stringify(path.join(tmp, "x.js"))}).href, id, dir);
saveCodeCache();
console.log(JSON.stringify({ mod: typeof mod === "object" ? { value: mod.value, twice: mod.twice(21) } : mod, use: codeCacheUse }));
`,
);

interface Loaded {
  mod: unknown;
  use: { reused: number; compiled: number };
}

/** Requires `./<name>` (or runs it with requireBundle) in a fresh node process with the code cache in cacheDir. */
function load(name: string, how: "require" | "bundle" = "require", env: NodeJS.ProcessEnv = {}): Loaded {
  const r = spawnSync(process.execPath, ["--import", "tsx", loader, `./${name}`, cacheDir, how], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (r.status !== 0) throw new Error(`load failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as Loaded;
}

/** A CommonJS module of about 600 kB (over the size the cache starts at) exporting `value`. */
function writeBundle(name: string, value: number | string, filler = `/* ${"x".repeat(600 * 1024)} */\n`): void {
  fs.writeFileSync(
    path.join(tmp, name),
    `"use strict";\nmodule.exports = { value: ${JSON.stringify(value)}, twice: (n) => n * 2 };\n${filler}`,
  );
}

const cacheFiles = (): string[] => (fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).sort() : []);

describe("code cache", () => {
  it("compiles a bundle once, then reuses its code", () => {
    writeBundle("bundle.cjs", 1);
    expect(load("bundle.cjs")).toEqual({ mod: { value: 1, twice: 42 }, use: { reused: 0, compiled: 1 } });
    expect(cacheFiles()).toHaveLength(1);
    expect(load("bundle.cjs")).toEqual({ mod: { value: 1, twice: 42 }, use: { reused: 1, compiled: 0 } });
  });

  it("compiles a changed source afresh, even of the same length, and drops the old data", () => {
    const old = cacheFiles();
    writeBundle("bundle.cjs", 2);
    expect(load("bundle.cjs")).toEqual({ mod: { value: 2, twice: 42 }, use: { reused: 0, compiled: 1 } });
    expect(cacheFiles()).toHaveLength(1);
    expect(cacheFiles()).not.toEqual(old);
    expect(load("bundle.cjs")).toEqual({ mod: { value: 2, twice: 42 }, use: { reused: 1, compiled: 0 } });
  });

  it("a corrupt cache file only means compiling again", () => {
    for (const f of cacheFiles()) fs.writeFileSync(path.join(cacheDir, f), "not code");
    expect(load("bundle.cjs")).toEqual({ mod: { value: 2, twice: 42 }, use: { reused: 0, compiled: 1 } });
    expect(load("bundle.cjs").use).toEqual({ reused: 1, compiled: 0 });
  });

  it("leaves small modules to require", () => {
    fs.writeFileSync(path.join(tmp, "small.cjs"), "module.exports = 7;\n");
    expect(load("small.cjs")).toEqual({ mod: 7, use: { reused: 0, compiled: 0 } });
  });

  it("runs a bundle with requireBundle: its exports, its own require, compiled once then reused", () => {
    fs.writeFileSync(path.join(tmp, "dep.cjs"), "module.exports = 5;\n");
    writeBundle("run.cjs", 0, `module.exports.value = require("./dep.cjs") + (module.filename === __filename ? 1 : 0);\n`);
    const before = cacheFiles().length;
    expect(load("run.cjs", "bundle")).toEqual({ mod: { value: 6, twice: 42 }, use: { reused: 0, compiled: 1 } });
    expect(cacheFiles()).toHaveLength(before + 1);
    expect(load("run.cjs", "bundle")).toEqual({ mod: { value: 6, twice: 42 }, use: { reused: 1, compiled: 0 } });
  });

  it("reads a bundle that is not ASCII as UTF-8", () => {
    writeBundle("utf8.cjs", "µs \u{1F600}");
    expect(load("utf8.cjs", "bundle").mod).toEqual({ value: "µs \u{1F600}", twice: 42 });
    expect(load("utf8.cjs", "bundle")).toEqual({ mod: { value: "µs \u{1F600}", twice: 42 }, use: { reused: 1, compiled: 0 } });
  });

  it("KUBEGEN_CODE_CACHE=0 runs the bundle without the cache", () => {
    writeBundle("off.cjs", 9);
    const before = cacheFiles();
    expect(load("off.cjs", "bundle", { KUBEGEN_CODE_CACHE: "0" })).toEqual({
      mod: { value: 9, twice: 42 },
      use: { reused: 0, compiled: 0 },
    });
    expect(cacheFiles()).toEqual(before);
  });
});
