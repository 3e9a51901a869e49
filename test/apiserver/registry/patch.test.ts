/**
 * PATCH bodies: JSON patch operations, JSON merge patch (RFC 7386's examples), and strategic
 * merge patch with the generated patch metadata (merge keys, primitive lists, directives and
 * element order as upstream), plus the statuses for patches that do not apply.
 */
import { describe, expect, it } from "vitest";
import { applyPatch, parsePatch } from "../../../apiserver/registry/patch/index.js";
import { mergePatch } from "../../../apiserver/registry/patch/merge-patch.js";
import { patchSchemaFor, SwaggerPatchSchema, type SwaggerSchema } from "../../../apiserver/registry/patch/patch-meta.js";
import { strategicMergePatch } from "../../../apiserver/registry/patch/strategic.js";
import type { KubeObject, PatchType } from "../../../apiserver/registry/rest.js";
import { StatusError } from "../../../runtime/rest/errors.js";
import { utf8 } from "./helpers.js";

const service = patchSchemaFor({ group: "", version: "v1", kind: "Service" })!;
const namespace = patchSchemaFor({ group: "", version: "v1", kind: "Namespace" })!;

function patch(type: PatchType, current: KubeObject, body: unknown, schema = service): KubeObject {
  return applyPatch(parsePatch(type, utf8(body)), structuredClone(current), schema);
}

function failure(fn: () => unknown): { code: number; reason: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof StatusError) return { code: err.code, reason: err.reason, message: err.message };
    throw err;
  }
  throw new Error("expected a failure");
}

describe("JSON patch", () => {
  const doc: KubeObject = { metadata: { name: "a", labels: { x: "1" } }, data: { k: "v" }, list: [1, 2, 3] };

  it("applies add, remove, replace, move, copy and test", () => {
    const out = patch("json", doc, [
      { op: "test", path: "/data/k", value: "v" },
      { op: "add", path: "/metadata/labels/y", value: "2" },
      { op: "remove", path: "/metadata/labels/x" },
      { op: "replace", path: "/data/k", value: "w" },
      { op: "add", path: "/list/-", value: 4 },
      { op: "move", from: "/data/k", path: "/data/m" },
      { op: "copy", from: "/list/0", path: "/list/1" },
    ]);
    expect(out).toEqual({ metadata: { name: "a", labels: { y: "2" } }, data: { m: "w" }, list: [1, 1, 2, 3, 4] });
  });

  it("answers 422 without detail when an operation does not apply, as upstream", () => {
    for (const ops of [
      [{ op: "test", path: "/data/k", value: "x" }],
      [{ op: "remove", path: "/data/nope" }],
      [{ op: "bogus", path: "/a" }],
    ]) {
      expect(failure(() => patch("json", doc, ops))).toEqual({
        code: 422,
        reason: "Invalid",
        message: "the server rejected our request due to an error in our request",
      });
    }
  });

  it("answers 400 for bodies that are not a list of operations", () => {
    expect(failure(() => parsePatch("json", utf8({ op: "add" })))).toMatchObject({
      code: 400,
      message: "json: cannot unmarshal object into Go value of type jsonpatch.Patch",
    });
    expect(failure(() => parsePatch("json", utf8("[{")))).toMatchObject({ code: 400 });
    expect(
      failure(() => parsePatch("json", utf8(Array.from({ length: 10001 }, () => ({ op: "test", path: "/a", value: 1 }))))),
    ).toMatchObject({
      code: 413,
      message: "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001",
    });
  });
});

describe("JSON merge patch", () => {
  // The examples of RFC 7386, appendix A.
  const examples: [unknown, unknown, unknown][] = [
    [{ a: "b" }, { a: "c" }, { a: "c" }],
    [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
    [{ a: "b" }, { a: null }, {}],
    [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
    [{ a: ["b"] }, { a: "c" }, { a: "c" }],
    [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
    [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
    [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
    [
      ["a", "b"],
      ["c", "d"],
      ["c", "d"],
    ],
    [{ a: "b" }, ["c"], ["c"]],
    [{ a: "foo" }, null, null],
    [{ a: "foo" }, "bar", "bar"],
    [{ e: null }, { a: 1 }, { e: null, a: 1 }],
    [[1, 2], { a: "b", c: null }, { a: "b" }],
    [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(examples)("%j + %j", (target, p, want) => {
    expect(mergePatch(structuredClone(target) as never, p as never)).toEqual(want);
  });

  it("rejects null and malformed bodies with upstream's message", () => {
    expect(failure(() => parsePatch("merge", utf8("null")))).toMatchObject({ code: 400, message: "Invalid JSON Patch" });
    expect(failure(() => parsePatch("merge", utf8("{")))).toMatchObject({ code: 400, message: "Invalid JSON Patch" });
  });
});

describe("strategic merge patch", () => {
  const svc: KubeObject = {
    metadata: { name: "web", labels: { app: "web", tier: "front" }, finalizers: ["a.io/x", "a.io/y"] },
    spec: {
      ports: [
        { name: "http", port: 80, protocol: "TCP", targetPort: 8080 },
        { name: "https", port: 443, protocol: "TCP", targetPort: 8443 },
      ],
      selector: { app: "web", version: "1" },
      externalIPs: ["1.1.1.1"],
    },
  };

  it("merges list items by their merge key (ports by port)", () => {
    const out = patch("strategic", svc, {
      spec: {
        ports: [
          { port: 443, targetPort: 9443 },
          { name: "metrics", port: 9090 },
        ],
      },
    });
    expect((out.spec as { ports: unknown[] }).ports).toEqual([
      { name: "http", port: 80, protocol: "TCP", targetPort: 8080 },
      { name: "https", port: 443, protocol: "TCP", targetPort: 9443 },
      { name: "metrics", port: 9090 },
    ]);
  });

  it("deletes and replaces list items with $patch", () => {
    const deleted = patch("strategic", svc, { spec: { ports: [{ port: 80, $patch: "delete" }] } });
    expect((deleted.spec as { ports: { port: number }[] }).ports.map((p) => p.port)).toEqual([443]);
    const replaced = patch("strategic", svc, { spec: { ports: [{ port: 8000 }, { $patch: "replace" }] } });
    expect((replaced.spec as { ports: unknown[] }).ports).toEqual([{ port: 8000 }]);
    const replacedMap = patch("strategic", svc, { metadata: { labels: { $patch: "replace", only: "this" } } });
    expect(replacedMap.metadata?.labels).toEqual({ only: "this" });
    const deletedMap = patch("strategic", svc, { spec: { selector: { $patch: "delete" } } });
    expect((deletedMap.spec as { selector: unknown }).selector).toEqual({});
  });

  it("merges maps key by key, null deleting a key", () => {
    const out = patch("strategic", svc, { metadata: { labels: { tier: null, env: "prod" } } });
    expect(out.metadata?.labels).toEqual({ app: "web", env: "prod" });
  });

  it("replaces lists without a merge strategy (atomic lists)", () => {
    const out = patch("strategic", svc, { spec: { externalIPs: ["2.2.2.2"] } });
    expect((out.spec as { externalIPs: string[] }).externalIPs).toEqual(["2.2.2.2"]);
  });

  it("unions primitive lists with the merge strategy (finalizers), new items first", () => {
    expect(patch("strategic", svc, { metadata: { finalizers: ["a.io/z", "a.io/x"] } }).metadata?.finalizers).toEqual([
      "a.io/z",
      "a.io/x",
      "a.io/y",
    ]);
    expect(patch("strategic", svc, { metadata: { "$deleteFromPrimitiveList/finalizers": ["a.io/x"] } }).metadata?.finalizers).toEqual([
      "a.io/y",
    ]);
    expect(patch("strategic", svc, { metadata: { finalizers: null } }).metadata?.finalizers).toBeUndefined();
  });

  it("orders lists by $setElementOrder, as kubectl apply sends it", () => {
    const out = patch("strategic", svc, {
      spec: { "$setElementOrder/ports": [{ port: 443 }, { port: 80 }], ports: [{ port: 443, name: "tls" }] },
    });
    expect((out.spec as { ports: { port: number; name: string }[] }).ports.map((p) => `${p.port}:${p.name}`)).toEqual([
      "443:tls",
      "80:http",
    ]);
    const fin = patch("strategic", svc, { metadata: { "$setElementOrder/finalizers": ["a.io/y", "a.io/x"] } });
    expect(fin.metadata?.finalizers).toEqual(["a.io/y", "a.io/x"]);
  });

  it("merges namespace status conditions by type", () => {
    const ns: KubeObject = {
      metadata: { name: "n" },
      status: {
        phase: "Terminating",
        conditions: [
          { type: "A", status: "True" },
          { type: "B", status: "False" },
        ],
      },
    };
    const out = patch("strategic", ns, { status: { conditions: [{ type: "B", status: "True", reason: "Done" }] } }, namespace);
    expect((out.status as { conditions: unknown[] }).conditions).toEqual([
      { type: "A", status: "True" },
      { type: "B", status: "True", reason: "Done" },
    ]);
  });

  it("honours $retainKeys", () => {
    const defs: Record<string, SwaggerSchema> = {
      root: { properties: { strategy: { $ref: "#/definitions/strategy", "x-kubernetes-patch-strategy": "retainKeys" } } },
      strategy: { properties: { type: {}, rollingUpdate: {} } },
    };
    const schema = new SwaggerPatchSchema(defs, defs.root!, "root");
    const out = strategicMergePatch(
      { strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: 1 } } },
      { strategy: { $retainKeys: ["type"], type: "Recreate" } },
      schema,
    );
    expect(out).toEqual({ strategy: { type: "Recreate" } });
    expect(
      failure(() =>
        applyPatch(parsePatch("strategic", utf8({ strategy: { $retainKeys: ["x"], type: "Recreate" } })), { strategy: {} }, schema),
      ),
    ).toEqual({
      code: 400,
      reason: "BadRequest",
      message: "invalid patch format of retainKeys",
    });
  });

  it("reports malformed patches with upstream's statuses", () => {
    expect(failure(() => patch("strategic", svc, { metadata: { $deleteFromPrimitiveList: ["x"] } }))).toMatchObject({
      code: 400,
      message: "invalid patch format of primitive list",
    });
    expect(failure(() => patch("strategic", svc, { spec: { ports: [{ name: "no-port" }] } }))).toEqual({
      code: 400,
      reason: "BadRequest",
      message: "map: map[name:no-port] does not contain declared merge key: port",
    });
    expect(failure(() => parsePatch("strategic", utf8(["x"])))).toMatchObject({
      code: 400,
      message: "json: cannot unmarshal array into Go value of type map[string]interface {}",
    });
  });
});
