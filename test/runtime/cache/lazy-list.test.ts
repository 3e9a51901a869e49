/**
 * An informer's cache of a list whose items came undecoded (as the REST client hands a JSON
 * list's items over): nothing is decoded until read; a read decodes (transforms, compacts) an
 * object once and keeps it; handlers, indexes and custom keys decode what they need; with
 * handlers a list is asked for decoded; an item without a name fails the list as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { KeyError } from "../../../runtime/cache/keys.js";
import { SharedIndexInformer, type SharedIndexInformerOptions } from "../../../runtime/cache/shared-index-informer.js";
import { FakeListWatch, until, type Obj } from "./fake-list-watch.js";

const stops: AbortController[] = [];
afterEach(() => {
  for (const c of stops.splice(0)) c.abort();
});

/** An informer over raw lists whose transform counts the objects it decodes. */
function lazyInformer(fake: FakeListWatch, options: SharedIndexInformerOptions<Obj> = {}) {
  fake.rawLists = true;
  const decoded: string[] = [];
  const errors: unknown[] = [];
  const inf = new SharedIndexInformer<Obj>(fake, {
    onError: (err) => errors.push(err),
    backoff: { initialMs: 5, jitter: 0 },
    transform: (o) => {
      decoded.push(o.metadata.name);
      return o;
    },
    ...options,
  });
  const ctl = new AbortController();
  stops.push(ctl);
  void inf.run(ctl.signal);
  return { inf, decoded, errors };
}

const gone = {
  apiVersion: "v1",
  kind: "Status",
  status: "Failure" as const,
  code: 410,
  reason: "Expired",
  message: "too old resource version",
};

describe("an informer's undecoded list", () => {
  it("decodes nothing at sync, one object per first read, and keeps it", async () => {
    const fake = new FakeListWatch();
    fake.seed(3, "ns");
    const { inf, decoded } = lazyInformer(fake);
    await until(() => inf.hasSynced());
    const store = inf.getStore();
    expect([store.size(), store.listKeys(), decoded]).toEqual([3, ["ns/o00000", "ns/o00001", "ns/o00002"], []]);
    const one = store.getByKey("ns/o00001")!;
    expect(one.metadata).toMatchObject({ name: "o00001", namespace: "ns" });
    expect(store.getByKey("ns/o00001")).toBe(one);
    expect(decoded).toEqual(["o00001"]);
    const all = store.list();
    expect(all.map((o) => o.metadata.name)).toEqual(["o00000", "o00001", "o00002"]);
    expect(all[1]).toBe(one);
    expect(store.list()[0]).toBe(all[0]);
    expect(decoded.sort()).toEqual(["o00000", "o00001", "o00002"]);
  });

  it("an index decodes what it indexes; a watch event replaces an undecoded object without decoding it", async () => {
    const fake = new FakeListWatch();
    fake.seed(2, "a");
    fake.create({ metadata: { name: "x", namespace: "b" } });
    const { inf, decoded } = lazyInformer(fake);
    await until(() => inf.hasSynced() && fake.openWatches === 1);
    fake.update({ metadata: { name: "x", namespace: "b", labels: { v: "2" } } });
    await until(() => decoded.length === 1);
    expect(decoded).toEqual(["x"]);
    expect(inf.getIndexer().byIndex("namespace", "b")[0]!.metadata.labels).toEqual({ v: "2" });
    expect(
      inf
        .getIndexer()
        .byIndex("namespace", "a")
        .map((o) => o.metadata.name),
    ).toEqual(["o00000", "o00001"]);
    expect(decoded.sort()).toEqual(["o00000", "o00001", "x"]);
  });

  it("with a handler, what it is told of is decoded as listed, and is the cached object", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    const { inf, decoded } = lazyInformer(fake);
    const added: Obj[] = [];
    const reg = inf.addEventHandler({ onAdd: (o) => void added.push(o) });
    await until(() => reg.hasSynced());
    expect(decoded).toEqual(["o00000", "o00001"]);
    expect(added[0]).toBe(inf.getStore().getByKey("default/o00000"));
  });

  it("with handlers, a relist is decoded whole and diffed as before", async () => {
    const fake = new FakeListWatch();
    fake.seed(3);
    const { inf, decoded } = lazyInformer(fake);
    await until(() => inf.hasSynced() && fake.openWatches === 1);
    const seen: string[] = [];
    inf.addEventHandler({
      onUpdate: (old, o) => void seen.push(`update ${o.metadata.name} ${old.metadata.resourceVersion}->${o.metadata.resourceVersion}`),
      onDelete: (o) => void seen.push(`delete ${"key" in o ? o.key : o.metadata.name}`),
    });
    // The late handler's synthetic adds decode the cache.
    await until(() => decoded.length === 3);
    decoded.length = 0;
    // Changed while the watch is broken: the relist finds one update and one delete.
    fake.closeWatches();
    fake.compact();
    fake.update({ metadata: { name: "o00001", namespace: "default", labels: { x: "y" } } });
    fake.delete("default/o00002");
    fake.compact();
    fake.injectError(gone);
    await until(() => seen.length === 2, 2000, "relist");
    expect(seen[0]).toMatch(/^update o00001 \d+->\d+$/);
    expect(seen[1]).toBe("delete default/o00002");
    // Asked for decoded: every listed object went through the transform.
    expect(decoded.sort()).toEqual(["o00000", "o00001"]);
    expect(fake.lists.at(-1)!.opts.rawItems).toBeUndefined();
    expect(fake.lists[0]!.opts.rawItems).toBe(true);
  });

  it("a custom key function decodes the list at once", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    const { inf, decoded } = lazyInformer(fake, { keyFunc: (o) => ("key" in o ? o.key : `k:${o.metadata.name}`) });
    await until(() => inf.hasSynced());
    expect(decoded).toEqual(["o00000", "o00001"]);
    expect(inf.getStore().listKeys()).toEqual(["k:o00000", "k:o00001"]);
  });

  it("an item without a name fails the list with a KeyError, as a decoded one does", async () => {
    const fake = new FakeListWatch();
    fake.objects.set("bad", { metadata: { name: "" } });
    const { inf, errors } = lazyInformer(fake);
    await until(() => errors.length > 0);
    expect(errors[0]).toBeInstanceOf(KeyError);
    expect(inf.hasSynced()).toBe(false);
  });
});
