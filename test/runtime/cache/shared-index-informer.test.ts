/**
 * The shared informer: handler ordering, independent handlers, synthetic adds for late handlers,
 * DeletedFinalStateUnknown after a relist, resync, hasSynced and waitForCacheSync.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DeletedFinalStateUnknown } from "../../../runtime/cache/keys.js";
import type { ResourceEventHandler } from "../../../runtime/cache/listener.js";
import { SharedIndexInformer, waitForCacheSync, type SharedIndexInformerOptions } from "../../../runtime/cache/shared-index-informer.js";
import { FakeListWatch, until, type Obj } from "./fake-list-watch.js";

const stops: AbortController[] = [];
afterEach(() => {
  for (const c of stops.splice(0)) c.abort();
});

/** Every test runs twice: lists decoded by the list call, and lists cached undecoded (as over REST in JSON). */
let rawLists = false;

function informer(fake: FakeListWatch, options: SharedIndexInformerOptions<Obj> = {}) {
  fake.rawLists = rawLists;
  const inf = new SharedIndexInformer<Obj>(fake, { onError: () => {}, backoff: { initialMs: 5, jitter: 0 }, ...options });
  const ctl = new AbortController();
  stops.push(ctl);
  return { inf, ctl, run: () => inf.run(ctl.signal) };
}

/** A handler that records what it is told as strings. */
function recorder(delayMs = 0) {
  const seen: string[] = [];
  const wait = (): Promise<void> | undefined => (delayMs > 0 ? new Promise((r) => setTimeout(r, delayMs)) : undefined);
  const handler: ResourceEventHandler<Obj> = {
    onAdd: (o, initial) => {
      seen.push(`add ${o.metadata.name}${initial ? " (initial)" : ""}`);
      return wait();
    },
    onUpdate: (old, o) => {
      seen.push(
        old === o
          ? `resync ${o.metadata.name}`
          : `update ${o.metadata.name} ${old.metadata.resourceVersion}->${o.metadata.resourceVersion}`,
      );
      return wait();
    },
    onDelete: (o) => {
      seen.push(
        o instanceof DeletedFinalStateUnknown ? `tombstone ${o.key} rv=${o.obj.metadata.resourceVersion}` : `delete ${o.metadata.name}`,
      );
      return wait();
    },
  };
  return { seen, handler };
}

describe.each([false, true])("SharedIndexInformer (lists cached undecoded: %s)", (raw) => {
  beforeEach(() => {
    rawLists = raw;
  });

  it("syncs, then tells every handler about each change in order", async () => {
    const fake = new FakeListWatch();
    fake.create({ metadata: { name: "a" } });
    const { inf, run } = informer(fake);
    const h1 = recorder();
    const h2 = recorder();
    const r1 = inf.addEventHandler(h1.handler);
    inf.addEventHandler(h2.handler);
    expect(inf.hasSynced()).toBe(false);
    void run();
    await until(() => r1.hasSynced() && fake.openWatches === 1);
    expect(inf.hasSynced()).toBe(true);
    const a = fake.update({ metadata: { name: "a" }, data: "1" });
    fake.create({ metadata: { name: "b" } });
    fake.update({ metadata: { name: "a" }, data: "2" });
    fake.delete("a");
    await until(() => h1.seen.length === 5 && h2.seen.length === 5);
    const want = [
      "add a (initial)",
      `update a 101->${a.metadata.resourceVersion}`,
      "add b",
      `update a ${a.metadata.resourceVersion}->104`,
      "delete a",
    ];
    expect(h1.seen).toEqual(want);
    expect(h2.seen).toEqual(want);
    expect(inf.getStore().listKeys()).toEqual(["b"]);
    expect(inf.lastSyncResourceVersion()).toBe(String(fake.rv));
  });

  it("a slow handler does not hold up the others, and still sees everything in order", async () => {
    const fake = new FakeListWatch();
    const { inf, run } = informer(fake);
    const slow = recorder(40);
    const fast = recorder();
    inf.addEventHandler(slow.handler);
    inf.addEventHandler(fast.handler);
    void run();
    await until(() => fake.openWatches === 1);
    for (let i = 0; i < 5; i++) fake.create({ metadata: { name: `o${i}` } });
    await until(() => fast.seen.length === 5);
    expect(slow.seen.length).toBeLessThanOrEqual(1);
    await until(() => slow.seen.length === 5);
    expect(slow.seen).toEqual(fast.seen);
  });

  it("a handler added after sync gets synthetic adds for the cache, then live events", async () => {
    const fake = new FakeListWatch();
    fake.seed(3);
    const { inf, run } = informer(fake);
    void run();
    await until(() => inf.hasSynced() && fake.openWatches === 1);
    const late = recorder();
    const reg = inf.addEventHandler(late.handler);
    expect(reg.hasSynced()).toBe(false); // not delivered yet
    await until(() => reg.hasSynced());
    fake.create({ metadata: { name: "live", namespace: "default" } });
    await until(() => late.seen.length === 4);
    expect(late.seen).toEqual(["add o00000 (initial)", "add o00001 (initial)", "add o00002 (initial)", "add live"]);
  });

  it("after a relist, updates are reported, unchanged objects are not, and deletes come as tombstones", async () => {
    const fake = new FakeListWatch();
    fake.seed(3);
    const { inf, run } = informer(fake);
    const h = recorder();
    inf.addEventHandler(h.handler);
    void run();
    await until(() => fake.openWatches === 1 && h.seen.length === 3);
    const lastKnown = fake.objects.get("default/o00000")!.metadata.resourceVersion;
    // While the watch is down: one delete, one update, one create; then history is compacted.
    fake.closeWatches();
    fake.delete("default/o00000");
    fake.update({ metadata: { name: "o00001", namespace: "default" }, data: "x" });
    fake.create({ metadata: { name: "new", namespace: "default" } });
    fake.compact();
    await until(() => fake.lists.length === 2 && h.seen.length === 6, 2000, "relist");
    // In list order, then the deletes.
    expect(h.seen.slice(3)).toEqual(["add new", "update o00001 102->105", `tombstone default/o00000 rv=${lastKnown}`]);
    expect(inf.getIndexer().listKeys().sort()).toEqual(["default/new", "default/o00001", "default/o00002"]);
  });

  it("resync replays every cached object as an update with the same object", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    const { inf, run } = informer(fake, { resyncPeriodMs: 60 });
    const h = recorder();
    const never = recorder();
    inf.addEventHandler(h.handler);
    inf.addEventHandler(never.handler, { resyncPeriodMs: 0 });
    void run();
    await until(() => h.seen.filter((s) => s.startsWith("resync")).length >= 4, 2000, "two resyncs");
    expect(h.seen.slice(2, 4)).toEqual(["resync o00000", "resync o00001"]);
    expect(never.seen).toEqual(["add o00000 (initial)", "add o00001 (initial)"]);
  });

  it("uses the namespace index, custom indexes and a transform", async () => {
    const fake = new FakeListWatch();
    fake.create({ metadata: { name: "a", namespace: "x", labels: { app: "web" } }, data: "big" });
    fake.create({ metadata: { name: "b", namespace: "y" } });
    const { inf, run } = informer(fake, {
      transform: (o) => ({ ...o, data: undefined }),
    });
    inf.addIndexers({ app: (o) => (o.metadata.labels?.app ? [o.metadata.labels.app] : []) });
    void run();
    await until(() => inf.hasSynced());
    expect(
      inf
        .getIndexer()
        .byIndex("namespace", "x")
        .map((o) => o.metadata.name),
    ).toEqual(["a"]);
    expect(inf.getIndexer().byIndex("app", "web")[0]!.data).toBeUndefined();
  });

  it("waitForCacheSync resolves true once synced, false when aborted first", async () => {
    const fake = new FakeListWatch();
    fake.seed(1);
    const { inf, run } = informer(fake);
    const reg = inf.addEventHandler(recorder().handler);
    const waiting = waitForCacheSync(new AbortController().signal, inf.hasSynced.bind(inf), () => reg.hasSynced());
    void run();
    expect(await waiting).toBe(true);
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 20);
    expect(await waitForCacheSync(ctl.signal, () => false)).toBe(false);
  });

  it("stops delivering when run's signal aborts; run resolves", async () => {
    const fake = new FakeListWatch();
    const { inf, ctl, run } = informer(fake);
    const h = recorder();
    inf.addEventHandler(h.handler);
    const done = run();
    await until(() => fake.openWatches === 1);
    ctl.abort();
    await done;
    expect(inf.isStopped()).toBe(true);
    fake.create({ metadata: { name: "after" } });
    await new Promise((r) => setTimeout(r, 10));
    expect(h.seen).toEqual([]);
  });
});
