/**
 * The informer cache's compaction: equal managedFields trees shared (frozen) and strings
 * interned without changing any object's content; `compact: false`; the stripManagedFields
 * transform.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { ObjectCompactor, stripManagedFields } from "../../../runtime/cache/managed-fields-sharing.js";
import { SharedIndexInformer, type SharedIndexInformerOptions } from "../../../runtime/cache/shared-index-informer.js";
import { newInformer, SharedInformerFactoryBase, type InformerOptions } from "../../../runtime/gentype/informer-factory.js";
import type { ListerWatcher } from "../../../runtime/gentype/list-watch.js";
import type { ObjectList } from "../../../runtime/gentype/resource.js";
import { FakeListWatch, until, type Obj } from "./fake-list-watch.js";

interface Managed {
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    managedFields?: {
      manager: string;
      operation: string;
      apiVersion: string;
      fieldsType: string;
      time: string;
      fieldsV1: Record<string, unknown>;
      subresource?: string;
    }[];
  };
}

/** A managed ConfigMap-like object as the server sends it: fresh objects every call, as JSON.parse makes them. */
function managed(name: string, dataKeys: string[], manager = "kubectl", subresource?: string): Managed {
  const fData: Record<string, unknown> = { ".": {} };
  for (const k of dataKeys) fData[`f:${k}`] = {};
  return JSON.parse(
    JSON.stringify({
      metadata: {
        name,
        namespace: `ns-${"x".repeat(20)}`,
        managedFields: [
          {
            manager,
            operation: "Update",
            apiVersion: "v1",
            fieldsType: "FieldsV1",
            time: "2026-01-01T00:00:00Z",
            fieldsV1: { "f:data": fData, "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } },
            ...(subresource !== undefined && { subresource }),
          },
        ],
      },
    }),
  ) as Managed;
}

const fieldsOf = (o: Managed): Record<string, unknown> => o.metadata.managedFields![0]!.fieldsV1;

describe("ObjectCompactor", () => {
  it("shares equal managedFields trees between objects without changing their content", () => {
    const c = new ObjectCompactor();
    const a = managed("a", ["x", "y"]);
    const b = managed("b", ["x", "y"]);
    const expectA = structuredClone(a);
    const expectB = structuredClone(b);
    c.compact(a);
    c.compact(b);
    expect(a).toEqual(expectA);
    expect(b).toEqual(expectB);
    expect(fieldsOf(b)).toBe(fieldsOf(a));
    expect(b.metadata.namespace).toBe(a.metadata.namespace);
  });

  it("keeps different trees, and equal trees of different managers or subresources, apart", () => {
    const c = new ObjectCompactor();
    const objs = [managed("a", ["x"]), managed("b", ["y"]), managed("c", ["x"], "helm"), managed("d", ["x"], "kubectl", "status")];
    for (const o of objs) c.compact(o);
    expect(new Set(objs.map(fieldsOf)).size).toBe(4);
    // Each is remembered: a later equal tree finds its own.
    const again = [managed("a2", ["x"]), managed("b2", ["y"])];
    for (const o of again) c.compact(o);
    expect(fieldsOf(again[0]!)).toBe(fieldsOf(objs[0]!));
    expect(fieldsOf(again[1]!)).toBe(fieldsOf(objs[1]!));
  });

  it("shares only trees with the same keys in the same order, however deep the difference", () => {
    const c = new ObjectCompactor();
    const a = managed("a", ["x", "y"]);
    const reordered = managed("b", ["y", "x"]);
    const deeper = managed("d", ["x", "y"]);
    (fieldsOf(deeper)["f:metadata"] as Record<string, Record<string, unknown>>)["f:labels"]!["f:other"] = {};
    const fewer = managed("e", ["x", "y"]);
    delete (fieldsOf(fewer)["f:metadata"] as Record<string, Record<string, unknown>>)["f:labels"]!["f:app"];
    const same = managed("f", ["x", "y"]);
    for (const o of [a, reordered, deeper, fewer, same]) c.compact(o);
    expect(fieldsOf(same)).toBe(fieldsOf(a));
    // Another order is the same set, merely not shared: nothing is lost either way.
    expect(fieldsOf(reordered)).not.toBe(fieldsOf(a));
    expect(Object.keys(fieldsOf(reordered)["f:data"] as object)).toEqual([".", "f:y", "f:x"]);
    expect(fieldsOf(deeper)).not.toBe(fieldsOf(a));
    expect(fieldsOf(fewer)).not.toBe(fieldsOf(a));
    expect(fieldsOf(fewer)).toEqual(JSON.parse(JSON.stringify(fieldsOf(fewer))));
  });

  it("compares trees with arrays or values (not FieldsV1's shape) by deep equality", () => {
    const c = new ObjectCompactor();
    const odd = (name: string): Managed => {
      const o = managed(name, ["x"]);
      o.metadata.managedFields![0]!.fieldsV1 = { "f:list": [1, { a: "b" }], "f:n": 2 };
      return o;
    };
    const a = c.compact(odd("a"));
    const b = c.compact(odd("b"));
    expect(fieldsOf(b)).toBe(fieldsOf(a));
    const d = odd("d");
    (fieldsOf(d)["f:list"] as unknown[])[0] = 2;
    expect(fieldsOf(c.compact(d))).not.toBe(fieldsOf(a));
  });

  it("freezes shared trees, so a write into a cached object's tree throws instead of changing its peers", () => {
    const c = new ObjectCompactor();
    const a = c.compact(managed("a", ["x"]));
    const b = c.compact(managed("b", ["x"]));
    expect(() => {
      (fieldsOf(b)["f:data"] as Record<string, unknown>)["f:z"] = {};
    }).toThrow(TypeError);
    expect(Object.keys(fieldsOf(a)["f:data"] as object)).toEqual([".", "f:x"]);
  });

  it("remembers a bounded number of trees per writer", () => {
    const c = new ObjectCompactor();
    const first = c.compact(managed("k0", ["k0"]));
    for (let i = 1; i <= 20; i++) c.compact(managed(`k${i}`, [`k${i}`]));
    const again = c.compact(managed("k0b", ["k0"]));
    // Evicted long ago: an equal but separate tree.
    expect(fieldsOf(again)).not.toBe(fieldsOf(first));
    expect(fieldsOf(again)).toEqual(fieldsOf(first));
  });

  it("property: a run of objects from a few namespaces and writers keeps every object's content; equal trees of one writer are one frozen object", () => {
    const entry = fc.record({
      manager: fc.constantFrom("kubectl", "kube-controller-manager", "m"),
      operation: fc.constantFrom("Update", "Apply"),
      apiVersion: fc.constant("v1"),
      tree: fc.constantFrom(["x"], ["x", "y"], ["y"], ["a-rather-long-key-name"]),
    });
    const item = fc.record({
      namespace: fc.constantFrom("default", "a-namespace-longer-than-ten", "kube-system"),
      entries: fc.array(entry, { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const c = new ObjectCompactor();
        const texts = items.map((it, i) =>
          JSON.stringify({
            metadata: {
              name: `o-${i}`,
              namespace: it.namespace,
              managedFields: it.entries.map((e) => ({
                manager: e.manager,
                operation: e.operation,
                apiVersion: e.apiVersion,
                fieldsType: "FieldsV1",
                fieldsV1: Object.fromEntries(e.tree.map((k) => [`f:${k}`, {}])),
              })),
            },
          }),
        );
        const objs = texts.map((t) => c.compact(JSON.parse(t) as Managed));
        const seen = new Map<string, unknown>();
        objs.forEach((o, i) => {
          expect(o).toEqual(JSON.parse(texts[i]!));
          for (const e of o.metadata.managedFields!) {
            expect(Object.isFrozen(e.fieldsV1)).toBe(true);
            // Within the bound of remembered trees per writer (8, as many as the operations and trees here), equal trees are one object.
            const id = `${e.manager}|${e.operation}|${e.apiVersion}|${JSON.stringify(e.fieldsV1)}`;
            if (seen.has(id)) expect(e.fieldsV1).toBe(seen.get(id));
            else seen.set(id, e.fieldsV1);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  it("leaves objects without metadata or managedFields alone", () => {
    const c = new ObjectCompactor();
    expect(c.compact({})).toEqual({});
    expect(c.compact({ metadata: { name: "n" } })).toEqual({ metadata: { name: "n" } });
  });
});

describe("informer compaction and transforms", () => {
  const stops: AbortController[] = [];
  afterEach(() => {
    for (const c of stops.splice(0)) c.abort();
  });

  async function synced(options: SharedIndexInformerOptions<Obj>, objects: Managed[]): Promise<SharedIndexInformer<Obj>> {
    const fake = new FakeListWatch();
    for (const o of objects) fake.create(o);
    const inf = new SharedIndexInformer<Obj>(fake, { onError: () => {}, ...options });
    const ctl = new AbortController();
    stops.push(ctl);
    void inf.run(ctl.signal);
    await until(() => inf.hasSynced() && fake.openWatches === 1);
    // And one object through the watch.
    fake.create(managed("late", ["x", "y"]));
    await until(() => inf.getStore().size() === objects.length + 1);
    return inf;
  }

  const cached = (inf: SharedIndexInformer<Obj>, key: string): Managed => inf.getStore().getByKey(key) as unknown as Managed;
  const ns = `ns-${"x".repeat(20)}`;

  it("compacts by default, from the list and from the watch", async () => {
    const inf = await synced({}, [managed("a", ["x", "y"]), managed("b", ["x", "y"])]);
    const a = cached(inf, `${ns}/a`);
    expect(fieldsOf(cached(inf, `${ns}/b`))).toBe(fieldsOf(a));
    expect(fieldsOf(cached(inf, `${ns}/late`))).toBe(fieldsOf(a));
    expect(fieldsOf(a)).toEqual(fieldsOf(managed("a", ["x", "y"])));
  });

  it("compact: false caches the objects as they came", async () => {
    const inf = await synced({ compact: false }, [managed("a", ["x", "y"]), managed("b", ["x", "y"])]);
    const a = fieldsOf(cached(inf, `${ns}/a`));
    expect(fieldsOf(cached(inf, `${ns}/b`))).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(false);
  });

  it("stripManagedFields drops managedFields and nothing else", async () => {
    const inf = await synced({ transform: stripManagedFields }, [managed("a", ["x"])]);
    for (const key of [`${ns}/a`, `${ns}/late`]) {
      const o = cached(inf, key);
      expect(o.metadata.managedFields).toBeUndefined();
      expect(o.metadata.name).toBe(key.split("/")[1]);
      expect(JSON.parse(JSON.stringify(o)).metadata).not.toHaveProperty("managedFields");
    }
  });

  it("generated informers and the shared factory pass transform and compact through", async () => {
    // Two servers' worth of objects: a transform owns (and changes) what its list returned.
    const client = (): ListerWatcher<Obj, ObjectList<Obj>> => {
      const fake = new FakeListWatch();
      fake.create(managed("a", ["x"]));
      fake.create(managed("b", ["x"]));
      return fake;
    };
    const factory = new SharedInformerFactoryBase({ compact: false, reflector: { onError: () => {} } });
    const fromFactory = factory.informerFor<Obj>("v1/Thing", (o: InformerOptions<Obj>) => newInformer(client(), "things", o));
    const stripped = newInformer(client(), "things", { transform: stripManagedFields, reflector: { onError: () => {} } });
    const ctl = new AbortController();
    stops.push(ctl);
    factory.start(ctl.signal);
    void stripped.run(ctl.signal);
    await until(() => fromFactory.hasSynced() && stripped.hasSynced());
    const get = (inf: SharedIndexInformer<Obj>, name: string): Managed => inf.getStore().getByKey(`${ns}/${name}`) as unknown as Managed;
    expect(fieldsOf(get(fromFactory, "a"))).not.toBe(fieldsOf(get(fromFactory, "b")));
    expect(get(stripped, "a").metadata.managedFields).toBeUndefined();
    await factory.shutdown();
  });
});
