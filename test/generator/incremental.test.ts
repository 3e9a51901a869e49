/**
 * Incremental generation: a doc edit rewrites exactly the files that carry docs, and a run
 * with nothing changed writes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-incremental-"));
const api = path.join(tmp, "api");
const out = path.join(tmp, "generated");
fs.cpSync(path.resolve("api"), api, { recursive: true });
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const run = () => generate({ input: api, output: out, runtimeImport: "kubegen/runtime" });

describe("incremental generation", () => {
  it("writes everything once, then nothing", async () => {
    const first = await run();
    expect(first.plan.write.length).toBeGreaterThan(20);
    const second = await run();
    expect(second.plan.write).toEqual([]);
    expect(second.plan.remove).toEqual([]);
  });

  it("a doc comment edit changes only the files that depend on docs", async () => {
    const file = path.join(api, "core/v1/namespace.ts");
    const src = fs.readFileSync(file, "utf8");
    // The doc comment directly above Namespace.spec: its first prose line gains a sentence.
    const at = src.indexOf("spec?: NamespaceSpec;");
    const open = src.lastIndexOf("/**", at);
    expect(at > 0 && open > 0, "Namespace.spec has a doc comment").toBe(true);
    const firstLine = src.indexOf("* ", open + 3) + 2;
    fs.writeFileSync(file, `${src.slice(0, firstLine)}An edited sentence. ${src.slice(firstLine)}`);
    const { plan } = await run();
    const written = plan.write.map((f) => f.path);
    const openapi = (p: string): boolean => p.startsWith("openapi/");
    // The .proto file carries the doc as a comment; the codec does not.
    expect(written.filter((p) => !openapi(p))).toEqual([
      "apis/core/v1/zz_generated.swagger-doc.ts",
      "proto/k8s.io/api/core/v1/generated.proto",
    ]);
    // The OpenAPI documents carry the description (and the index their hashes).
    expect(written.filter(openapi)).toEqual([
      "openapi/documents.ts",
      "openapi/index.ts",
      "openapi/v2/swagger.json",
      "openapi/v3/api/v1.json",
    ]);
    expect(plan.write[0]!.content).toContain("An edited sentence.");
    expect((await run()).plan.write).toEqual([]);
  });

  it("removes files whose source is gone", async () => {
    fs.rmSync(path.join(api, "coordination"), { recursive: true });
    const { plan } = await run();
    const openapi = (p: string): boolean => p.startsWith("openapi/");
    expect(plan.remove.filter((p) => !openapi(p)).sort()).toEqual([
      "apis/coordination/v1/index.ts",
      "apis/coordination/v1/zz_generated.deepcopy.ts",
      "apis/coordination/v1/zz_generated.prerelease-lifecycle.ts",
      "apis/coordination/v1/zz_generated.protobuf.ts",
      "apis/coordination/v1/zz_generated.register.ts",
      "apis/coordination/v1/zz_generated.swagger-doc.ts",
      "clientset/typed/coordination/v1/coordination-v1-client.ts",
      "clientset/typed/coordination/v1/fake/fake-coordination-v1-client.ts",
      "clientset/typed/coordination/v1/fake/fake-lease.ts",
      "clientset/typed/coordination/v1/fake/index.ts",
      "clientset/typed/coordination/v1/generated-expansion.ts",
      "clientset/typed/coordination/v1/index.ts",
      "clientset/typed/coordination/v1/lease.ts",
      "informers/coordination/v1/index.ts",
      "informers/coordination/v1/interface.ts",
      "informers/coordination/v1/lease.ts",
      "listers/coordination/v1/expansion-generated.ts",
      "listers/coordination/v1/index.ts",
      "listers/coordination/v1/lease.ts",
      "proto/k8s.io/api/coordination/v1/generated.proto",
    ]);
    expect(plan.remove.filter(openapi).sort()).toEqual([
      "openapi/v3/apis/coordination.k8s.io.json",
      "openapi/v3/apis/coordination.k8s.io/v1.json",
    ]);
    expect(fs.existsSync(path.join(out, "apis/coordination"))).toBe(false);
    // The group also leaves the clientset, the informer factory, the zero values and the index files.
    expect(plan.write.map((f) => f.path).filter((p) => !openapi(p))).toEqual([
      "apis/register.ts",
      "apis/zero-values.ts",
      "clientset/clientset.ts",
      "clientset/fake/clientset.ts",
      "clientset/fake/index.ts",
      "clientset/index.ts",
      "informers/factory.ts",
      "informers/index.ts",
      "listers/index.ts",
    ]);
    // The group leaves the GVK lists of DeleteOptions and WatchEvent in every document but the
    // reviews' (their kinds are create-only: they neither delete nor watch).
    const reviews = /\/(authentication|authorization)\.k8s\.io\/v1\.json$/;
    const documents = fs
      .readdirSync(path.join(out, "openapi"), { recursive: true })
      .map((p) => `openapi/${String(p).split(path.sep).join("/")}`)
      .filter((p) => /\/v\d+\w*\.json$|index\.ts$|documents\.ts$|swagger\.json$/.test(p) && !plan.remove.includes(p) && !reviews.test(p))
      .sort();
    expect(documents).toContain("openapi/v3/apis/apps/v1.json");
    expect(
      plan.write
        .map((f) => f.path)
        .filter(openapi)
        .sort(),
    ).toEqual(documents);
  });
});
