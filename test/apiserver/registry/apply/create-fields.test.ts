/**
 * A create's managedFields entry written straight from the object (the create fast path) is
 * exactly what building the field set, stripping and encoding it gives (the general path, taken
 * here by sending a manager that owns nothing).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordUpdate } from "../../../../apiserver/registry/apply/field-manager.js";
import { applySchemaFor, UNTYPED_SCHEMA } from "../../../../apiserver/registry/apply/schema.js";
import type { ApplySchema } from "../../../../apiserver/registry/apply/schema.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { defaultPod } from "../../../../apiserver/registry/defaults/core.js";
import { pod } from "../../../../bench/pods.bench.js";

const OWNS_NOTHING = [{ manager: "other", operation: "Update", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: {} }];

function both(obj: KubeObject, schema: ApplySchema, resetFields: string[] = [], manager = "kubectl") {
  const opts = { schema, apiVersion: "v1", now: "2026-01-01T00:00:00Z", resetFields };
  const fast = structuredClone(obj);
  recordUpdate(undefined, fast, manager, opts);
  const general = structuredClone(obj);
  general.metadata = { ...general.metadata, managedFields: OWNS_NOTHING };
  recordUpdate(undefined, general, manager, opts);
  return { fast: fast.metadata?.managedFields, general: general.metadata?.managedFields };
}

const podSchema = applySchemaFor({ group: "", version: "v1", kind: "Pod" })!;

describe("create managedFields fast path", () => {
  it("a defaulted Pod: same entry, same order of fields", () => {
    const p = pod("web") as KubeObject;
    defaultPod(p);
    p.status = { phase: "Pending" };
    const { fast, general } = both(p, podSchema, ["status"]);
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
  });

  it("objects owning nothing, metadata-only objects, empty maps and lists, untyped objects", () => {
    const cases: [KubeObject, ApplySchema][] = [
      [{ apiVersion: "v1", kind: "Pod", metadata: { name: "a", namespace: "n" } }, podSchema],
      [{ apiVersion: "v1", kind: "Pod", metadata: { name: "a", labels: {} }, spec: { containers: [] } }, podSchema],
      [{ apiVersion: "v1", kind: "Pod", metadata: {}, spec: { nodeSelector: {}, volumes: [{ name: "v", emptyDir: {} }] } }, podSchema],
      [{ apiVersion: "v1", kind: "Pod", metadata: null as never, spec: {} }, podSchema],
      [
        { apiVersion: "x/v1", kind: "X", metadata: { name: "a", annotations: { k: "v" } }, spec: { a: [1, 2], b: { c: null, d: {} } } },
        UNTYPED_SCHEMA,
      ],
    ];
    for (const [obj, schema] of cases) {
      const { fast, general } = both(obj, schema);
      expect(JSON.stringify(fast), JSON.stringify(obj)).toBe(JSON.stringify(general));
    }
  });

  it("a create without a manager (no user agent) records nothing, as the general path", () => {
    const p = pod("web") as KubeObject;
    defaultPod(p);
    const { fast, general } = both(p, podSchema, ["status"], "");
    expect(fast).toBeUndefined();
    expect(general).toBeUndefined();
  });

  it("a list-map with a repeated key takes the general path (the items merge)", () => {
    const p: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "a" },
      spec: {
        containers: [
          { name: "c", image: "x" },
          { name: "c", args: ["y"] },
        ],
      },
    };
    const { fast, general } = both(p, podSchema);
    expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
    expect((fast as { fieldsV1?: unknown }[] | undefined)?.[0]?.fieldsV1).toMatchObject({
      "f:spec": { "f:containers": { 'k:{"name":"c"}': { "f:image": {}, "f:args": {} } } },
    });
  });
});

describe("create managedFields fast path, any object", () => {
  it("matches the general path for arbitrary JSON under a Pod's and an untyped schema", () => {
    const key = fc.constantFrom("name", "image", "containers", "ports", "labels", "spec", "a", "b", "containerPort", "protocol");
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom(null, true, 1, "x", "8080"),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(key, tie("node"), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 4 }), fc.dictionary(key, value, { maxKeys: 3 }), (spec, meta) => {
        const obj = { apiVersion: "v1", kind: "Pod", metadata: meta, spec } as KubeObject;
        for (const schema of [podSchema, UNTYPED_SCHEMA]) {
          const { fast, general } = both(obj, schema);
          expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
        }
      }),
      { numRuns: 300 },
    );
  });
});
