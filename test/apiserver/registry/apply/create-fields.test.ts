/**
 * A create's managedFields entry written straight from the object (the create fast path) is
 * exactly what comparing it with the kind's zero value, stripping and encoding the set gives (the
 * general path, taken here by sending a manager that owns nothing), for typed kinds (with their
 * generated zero values) and untyped ones (zero value `{}`).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordUpdate } from "../../../../apiserver/registry/apply/field-manager.js";
import { applySchemaFor, UNTYPED_SCHEMA } from "../../../../apiserver/registry/apply/schema.js";
import type { ApplySchema } from "../../../../apiserver/registry/apply/schema.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { defaultPod } from "../../../../apiserver/registry/defaults/core.js";
import { zeroValueFor } from "../../../../apiserver/registry/apply/zero-value.js";
import { pod } from "../../../../bench/pods.bench.js";

const OWNS_NOTHING = [{ manager: "other", operation: "Update", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: {} }];

const podSchema = applySchemaFor({ group: "", version: "v1", kind: "Pod" })!;
const podZero = zeroValueFor({ group: "", version: "v1", kind: "Pod" });
const deploymentSchema = applySchemaFor({ group: "apps", version: "v1", kind: "Deployment" })!;
const deploymentZero = zeroValueFor({ group: "apps", version: "v1", kind: "Deployment" });
/** What the store passes: a typed kind's generated zero value, none for untyped objects. */
const zeroOf = (schema: ApplySchema) => (schema === podSchema ? podZero : schema === deploymentSchema ? deploymentZero : undefined);

function both(
  obj: KubeObject,
  schema: ApplySchema,
  resetFields: string[] = [],
  manager = "kubectl",
  zero: Readonly<Record<string, unknown>> | undefined = zeroOf(schema),
) {
  const opts = { schema, apiVersion: "v1", now: "2026-01-01T00:00:00Z", resetFields, zero };
  const fast = structuredClone(obj);
  recordUpdate(undefined, fast, manager, opts);
  const general = structuredClone(obj);
  general.metadata = { ...general.metadata, managedFields: OWNS_NOTHING };
  recordUpdate(undefined, general, manager, opts);
  return { fast: fast.metadata?.managedFields, general: general.metadata?.managedFields };
}

describe("create managedFields fast path", () => {
  it("a defaulted Pod: same entry, same order of fields", () => {
    const p = pod("web") as KubeObject;
    defaultPod(p);
    p.status = { phase: "Pending" };
    const { fast, general } = both(p, podSchema, ["status"]);
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
  });

  it("the reset fields of each create are its own, when creates of kinds with and without them alternate", () => {
    const p = pod("web") as KubeObject;
    defaultPod(p);
    p.status = { phase: "Pending" };
    const ownsStatus = (reset: string[]) => JSON.stringify(both(p, podSchema, reset).fast).includes('"f:status"');
    expect([["status"], [], ["status"], [], ["spec", "status"]].map(ownsStatus)).toEqual([false, true, false, true, false]);
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
  it("matches the general path for arbitrary JSON under a Pod's (with and without its zero value), a Deployment's and an untyped schema", () => {
    const key = fc.constantFrom(
      "name",
      "image",
      "containers",
      "ports",
      "labels",
      "spec",
      "a",
      "b",
      "containerPort",
      "protocol",
      "template",
      "metadata",
      "strategy",
      "rollingUpdate",
      "selector",
      "creationTimestamp",
    );
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
        for (const [schema, zero] of [
          [podSchema, podZero],
          [podSchema, undefined],
          [deploymentSchema, deploymentZero],
          [UNTYPED_SCHEMA, undefined],
        ] as const) {
          const { fast, general } = both(obj, schema, [], "kubectl", zero);
          expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe("create managedFields: the last creates' shapes", () => {
  const base = (): KubeObject => {
    const p = pod("web") as KubeObject;
    defaultPod(p);
    return JSON.parse(JSON.stringify(p)) as KubeObject;
  };
  const fields = (obj: KubeObject, schema = podSchema) => JSON.stringify(both(obj, schema, ["status"]).fast);

  it("two Pods alike but for names and values record the same text; one different field misses", () => {
    const a = base();
    const b = base();
    b.metadata!.name = "other";
    (b.spec as { containers: { image: string }[] }).containers[0]!.image = "x:2";
    expect(fields(b)).toBe(fields(a));
    // Changes to a Pod's JSON, written as a client would: any path.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const cases: ((o: Record<string, any>) => void)[] = [
      (o) => (o.metadata.labels.extra = "x"),
      (o) => delete o.metadata.annotations,
      (o) => (o.spec.containers[1].name = "logs"),
      (o) => (o.spec.containers[0].ports[1].containerPort = 9091),
      (o) => (o.spec.containers[0].ports[1].protocol = "UDP"),
      (o) => (o.spec.containers[0].ports[1].containerPort = "9090"),
      (o) => o.spec.containers.reverse(),
      (o) => (o.spec.containers[0].resources.limits = {}),
      (o) => (o.spec.containers[0].resources = null),
      (o) => (o.spec.containers[0].args = []),
      (o) => (o.spec.nodeSelector = {}),
      (o) => (o.spec.volumes[1].emptyDir = { medium: "Memory" }),
      (o) => o.spec.containers.push({ ...o.spec.containers[0] }),
      (o) => (o.spec.tolerations[0] = "x"),
      (o) => (o.spec.hostname = undefined),
      (o) => (o.status = { phase: "Pending" }),
    ];
    for (const change of cases) {
      const c = base();
      change(c);
      fields(a);
      const general = JSON.stringify(both(c, podSchema, ["status"]).general);
      expect(fields(c), change.toString()).toBe(general);
      // And the first shape is still served right after.
      expect(fields(a)).toBe(fields(base()));
    }
  });

  it("a different set of fields skipped, or another schema, misses", () => {
    const a = base();
    const withStatus = { ...a, status: { phase: "Pending" } } as KubeObject;
    const skipping = JSON.stringify(both(withStatus, podSchema, ["status"]).fast);
    const keeping = JSON.stringify(both(withStatus, podSchema, []).fast);
    expect(keeping).not.toBe(skipping);
    expect(keeping).toContain("f:status");
    expect(fields(a, UNTYPED_SCHEMA)).toBe(JSON.stringify(both(a, UNTYPED_SCHEMA, ["status"]).general));
  });

  // Small changes to one object (so most creates come close to the last one's shape): whatever
  // the cache answers is what the general path writes.
  it("matches the general path for objects that differ from the last creates in small ways", () => {
    const scalar = fc.constantFrom<unknown>(null, true, 0, 1, 8080, "8080", "x", "web", "TCP", "UDP", "");
    const mutation = fc.record({
      path: fc.array(fc.nat(), { minLength: 1, maxLength: 7 }),
      op: fc.constantFrom("set", "delete", "add", "empty-map", "empty-list", "swap", "reverse-keys", "duplicate"),
      key: fc.constantFrom("name", "image", "containerPort", "protocol", "a", "emptyDir", "labels", "ports"),
      value: scalar,
    });
    type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;
    const apply = (obj: KubeObject, m: Mutation): void => {
      // Walk down by index into the keys or items of each node, stopping at the last container.
      let parent: Record<string, unknown> | unknown[] = obj;
      for (let d = 0; d < m.path.length - 1; d++) {
        const keys = Array.isArray(parent) ? parent.map((_, i) => i) : Object.keys(parent);
        if (keys.length === 0) break;
        const next = (parent as Record<string | number, unknown>)[keys[m.path[d]! % keys.length]!];
        if (typeof next !== "object" || next === null) break;
        parent = next as Record<string, unknown> | unknown[];
      }
      const keys = Array.isArray(parent) ? parent.map((_, i) => i) : Object.keys(parent);
      const at = keys.length > 0 ? keys[m.path[m.path.length - 1]! % keys.length]! : undefined;
      const p = parent as Record<string | number, unknown>;
      switch (m.op) {
        case "set":
          if (at !== undefined) p[at] = m.value;
          break;
        case "delete":
          if (at === undefined) break;
          if (Array.isArray(parent)) parent.splice(at as number, 1);
          else delete p[at];
          break;
        case "add":
          if (Array.isArray(parent)) parent.push(m.value);
          else p[m.key] = m.value;
          break;
        case "empty-map":
          if (at !== undefined) p[at] = {};
          break;
        case "empty-list":
          if (at !== undefined) p[at] = [];
          break;
        case "swap":
          if (Array.isArray(parent) && parent.length > 1) parent.push(parent.shift());
          break;
        case "reverse-keys":
          if (!Array.isArray(parent)) {
            const entries = Object.entries(parent).reverse();
            for (const [k] of entries) delete p[k];
            for (const [k, v] of entries) p[k] = v;
          }
          break;
        case "duplicate":
          if (Array.isArray(parent) && parent.length > 0) parent.push(structuredClone(parent[0]));
          break;
      }
      // The server's objects always have metadata of their own.
      if (typeof obj.metadata !== "object" || obj.metadata === null || Array.isArray(obj.metadata)) obj.metadata = {};
    };
    let same = 0;
    let different = 0;
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 3 }), fc.array(mutation, { maxLength: 2 }), fc.boolean(), (first, second, untyped) => {
        const schema = untyped ? UNTYPED_SCHEMA : podSchema;
        const a = base();
        for (const m of first) apply(a, m);
        const b = structuredClone(a);
        for (const m of second) apply(b, m);
        const fa = fields(a, schema);
        expect(fa).toBe(JSON.stringify(both(a, schema, ["status"]).general));
        const fb = fields(b, schema);
        expect(fb).toBe(JSON.stringify(both(b, schema, ["status"]).general));
        if (fa === fb) same++;
        else different++;
      }),
      { numRuns: 600 },
    );
    // Both kinds of pairs came up: the cache was asked to hit and to miss.
    expect(same).toBeGreaterThan(50);
    expect(different).toBeGreaterThan(50);
  });
});

describe("create managedFields: leaves the zero value has", () => {
  it("the last creates' shapes tell a value equal to the zero value's from another", () => {
    const gvk = { group: "autoscaling", version: "v2", kind: "HorizontalPodAutoscaler" };
    const schema = applySchemaFor(gvk)!;
    const zero = zeroValueFor(gvk);
    const hpa = (maxReplicas: unknown, name: unknown): KubeObject => ({
      apiVersion: "autoscaling/v2",
      kind: "HorizontalPodAutoscaler",
      metadata: { name: "h" },
      spec: { scaleTargetRef: { kind: "Deployment", name }, maxReplicas },
    });
    const texts = new Set<string>();
    // Each twice: the second is answered from the first's shape.
    for (const [max, name] of [
      [0, "d"],
      [3, "d"],
      [0, ""],
      [null, "d"],
      [3, ""],
      [0, "d"],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const { fast, general } = both(hpa(max, name), schema, ["status"], "kubectl", zero);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(general));
        texts.add(JSON.stringify(fast));
      }
    }
    expect(texts.size).toBeGreaterThan(2);
  });
});
