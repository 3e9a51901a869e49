/**
 * The incremental cache (.kubegen-cache/): a run with it produces the same bytes as a run
 * without it, cold, warm, after a doc edit, after a structural edit, and with a cache whose
 * entries no longer match their sources.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { ParseCache } from "../../generator/parse/parse-cache.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-cache-"));
const api = path.join(tmp, "api");
const out = path.join(tmp, "generated");
const cacheDir = path.join(tmp, "cache");
fs.cpSync(path.resolve("api"), api, { recursive: true });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every file a run would write into an empty output, by path. */
async function outputOf(cache: boolean): Promise<Map<string, string>> {
  const { plan } = await generate({
    input: api,
    output: out,
    runtimeImport: "kubegen/runtime",
    verify: true,
    cacheDir: cache ? cacheDir : false,
  });
  expect(plan.remove).toEqual([]);
  return new Map(plan.write.map((f) => [f.path, f.content]));
}

function expectSame(a: Map<string, string>, b: Map<string, string>): void {
  expect([...a.keys()]).toEqual([...b.keys()]);
  const differ = [...a].filter(([p, c]) => b.get(p) !== c).map(([p]) => p);
  expect(differ).toEqual([]);
}

/** The emit cache's entries (name -> hash of what each was built from). */
function emitEntries(): Record<string, string> {
  const emitDir = fs.readdirSync(cacheDir).find((f) => f.startsWith("emit-"))!;
  return (JSON.parse(fs.readFileSync(path.join(cacheDir, emitDir, "index.json"), "utf8")) as { entries: Record<string, string> }).entries;
}

const batch = path.join(api, "batch/v1/types.ts");
const edit = (from: string, to: string): void => {
  const src = fs.readFileSync(batch, "utf8");
  expect(src).toContain(from);
  fs.writeFileSync(batch, src.replace(from, to));
};

describe("generate with the incremental cache", () => {
  it("cold and warm runs give the bytes of a run without the cache", async () => {
    const plain = await outputOf(false);
    expect(plain.size).toBeGreaterThan(100);
    expectSame(await outputOf(true), plain);
    expect(fs.readdirSync(cacheDir).sort()).toEqual([
      expect.stringMatching(/^emit-/),
      expect.stringMatching(/^model-/),
      expect.stringMatching(/^outputs-/),
    ]);
    // The OpenAPI documents are kept one by one, each keyed by the part of the model it reads.
    const emitDir = path.join(cacheDir, fs.readdirSync(cacheDir).sort()[0]!);
    const emitIndex = JSON.parse(fs.readFileSync(path.join(emitDir, "index.json"), "utf8")) as { entries: Record<string, string> };
    expect(Object.keys(emitIndex.entries)).toContain("text:openapi/v3/apis/batch/v1");
    expectSame(await outputOf(true), plain);
  });

  it("a warm run with nothing changed reads no source", async () => {
    const key = JSON.stringify([api, out, "kubegen/runtime", []]);
    const parsed = await new ParseCache(cacheDir, key).parse(api, {});
    expect(parsed.unchanged).toBe(true);
  });

  it("after a doc edit and after a structural edit, the same bytes as without the cache", async () => {
    const before = emitEntries();
    edit("Job runs pods until", "Job (edited) runs pods until");
    const docs = await outputOf(true);
    expect(docs.get("apis/batch/v1/zz_generated.swagger-doc.ts")).toContain("Job (edited) runs pods");
    expectSame(docs, await outputOf(false));
    // The texts that carry docs are kept per package: only batch/v1's were built again.
    const after = emitEntries();
    const changed = (e: string): boolean => {
      expect(before[e], e).toBeDefined();
      return before[e] !== after[e];
    };
    for (const kind of ["swagger-doc/apis/%/zz_generated.swagger-doc.ts", "proto/k8s.io/api/%/generated.proto"]) {
      expect(changed(`text:${kind.replace("%", "batch/v1")}`)).toBe(true);
      expect(changed(`text:${kind.replace("%", "core/v1")}`)).toBe(false);
      expect(changed(`text:${kind.replace("%", "apps/v1")}`)).toBe(false);
    }

    // A new optional field: deepcopy, clients, protobuf and OpenAPI all change.
    edit(
      "export interface JobSpec {",
      "export interface JobSpec {\n  /**\n   * An added field.\n   * +optional\n   * +protobuf=99\n   */\n  addedField?: string;\n",
    );
    const fields = await outputOf(true);
    expect(fields.get("openapi/v3/apis/batch/v1.json")).toContain("addedField");
    expectSame(fields, await outputOf(false));
  });

  it("a cache whose hashes do not match its sources is not used", async () => {
    const before = await outputOf(false);
    // Every entry claims other sources and other models, and the emitted ones hold other text:
    // all are recomputed, none is served.
    for (const f of fs.readdirSync(cacheDir)) {
      const file = path.join(cacheDir, f);
      // The output record (output-record.ts) has its own test.
      if (f.startsWith("outputs-")) continue;
      if (fs.statSync(file).isDirectory()) {
        const index = path.join(file, "index.json");
        const data = JSON.parse(fs.readFileSync(index, "utf8")) as { entries: Record<string, string> };
        for (const e of Object.keys(data.entries)) data.entries[e] = `stale-${data.entries[e]}`;
        fs.writeFileSync(index, JSON.stringify(data));
        for (const blob of fs.readdirSync(file)) if (blob !== "index.json") fs.writeFileSync(path.join(file, blob), "stale");
        continue;
      }
      const data = JSON.parse(fs.readFileSync(file, "utf8")) as {
        packages: Record<string, { hash: string; summary: { pkg?: { types: unknown[] } } }>;
      };
      for (const e of Object.values(data.packages)) {
        e.hash = `stale-${e.hash}`;
        if (e.summary.pkg) e.summary.pkg.types = [];
      }
      fs.writeFileSync(file, JSON.stringify(data));
    }
    expectSame(await outputOf(true), before);
    // A folder removed since the cached run leaves the model.
    fs.rmSync(path.join(api, "coordination"), { recursive: true });
    const removed = await outputOf(true);
    expect([...removed.keys()].some((p) => p.includes("coordination"))).toBe(false);
    expectSame(removed, await outputOf(false));
  });
});
