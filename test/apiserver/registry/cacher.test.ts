/**
 * The watch cache: its event window (growth while events are fresh, eviction, 410 beyond it),
 * one storage watch per resource whatever the number of watchers, lists and gets at "any"
 * revision from memory, consistent lists, selectors per watcher, bookmarks from the cache's
 * progress, slow watchers closed, and encodings shared between watchers.
 */
import { describe, expect, it, vi } from "vitest";
import { EventBuffer, type BufferedEvent } from "../../../apiserver/registry/cacher/event-buffer.js";
import { isShared, markShared, sharedEncoding } from "../../../apiserver/registry/cacher/shared-encoding.js";
import { Cacher, RETIRED_ENCODINGS_MS } from "../../../apiserver/registry/cacher/cacher.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { until } from "../../support/wait.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { type KeyValue, StorageError, type StorageEvent, type WatchOptions } from "../../../apiserver/storage/interface.js";
import type { BuiltinStoreOptions } from "../../../apiserver/registry/builtin.js";
import { INITIAL_EVENTS_END_ANNOTATION } from "../../../apiserver/registry/watch.js";
import { cm, ctx, ns, statusOf, storeFor, summary, take, utf8 } from "./helpers.js";
import { encodeBody } from "../../../apiserver/endpoints/serializers.js";
import { encodeObject } from "../../../runtime/protobuf/envelope.js";
import { scheme } from "../../../generated/apis/register.js";

/** A memory storage counting the watches opened on it. */
class CountingStorage extends MemoryStorage {
  watches = 0;
  override watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    this.watches++;
    return super.watch(options);
  }
}

function setup(watchCache: BuiltinStoreOptions["watchCache"] = true, bookmarkIntervalMs?: number) {
  const storage = new CountingStorage();
  const configmaps = storeFor(storage, "", "configmaps", { watchCache, bookmarkIntervalMs });
  const namespaces = storeFor(storage, "", "namespaces", { watchCache: false });
  return { storage, configmaps, namespaces };
}

const ev = (revision: number, receivedAt: number): BufferedEvent & { key: string } => ({ key: `/k${revision}`, revision, receivedAt });
const tick = () => new Promise((r) => setTimeout(r, 5));

describe("event buffer", () => {
  it("grows while the oldest event is fresh, up to its bound, then evicts and moves its window", () => {
    const now = 0;
    const b = new EventBuffer(10, { minCapacity: 2, maxCapacity: 4, freshMs: 1000, now: () => now });
    for (let r = 11; r <= 14; r++) b.push(ev(r, now));
    expect(b.capacity).toBe(4);
    expect(b.windowStart).toBe(10);
    b.push(ev(15, now)); // at the bound: the oldest goes
    expect(b.windowStart).toBe(11);
    expect(b.since(11)!.map((e) => e.revision)).toEqual([12, 13, 14, 15]);
    expect(b.since(13)!.map((e) => e.revision)).toEqual([14, 15]);
    expect(b.since(15)).toEqual([]);
    expect(b.since(10)).toBeUndefined();
  });

  it("evicts instead of growing when the oldest event is stale", () => {
    let now = 0;
    const b = new EventBuffer(0, { minCapacity: 2, maxCapacity: 64, freshMs: 100, now: () => now });
    b.push(ev(1, now));
    b.push(ev(2, now));
    now = 500;
    b.push(ev(3, now));
    expect(b.capacity).toBe(2);
    expect(b.windowStart).toBe(1);
    b.reset(7);
    expect(b.size).toBe(0);
    expect(b.since(6)).toBeUndefined();
    expect(b.since(7)).toEqual([]);
  });

  it("gives a burst's capacity (and the events it held) back once its newest quarter is stale", () => {
    let now = 0;
    const b = new EventBuffer(0, { minCapacity: 2, maxCapacity: 64, freshMs: 100, now: () => now });
    let rev = 0;
    for (; rev < 64; rev++) b.push(ev(rev + 1, now));
    expect(b.capacity).toBe(64);
    // The rate falls: one event per 200 ms. Each push while the newest quarter is stale halves it.
    for (let i = 0; i < 10; i++) {
      now += 200;
      b.push(ev(++rev, now));
      expect(b.size).toBeLessThanOrEqual(b.capacity);
    }
    expect(b.capacity).toBe(2);
    expect(b.size).toBe(2);
    expect(b.windowStart).toBe(rev - 2);
    expect(b.since(b.windowStart)!.map((e) => e.revision)).toEqual([rev - 1, rev]);
    expect(b.since(b.windowStart - 1)).toBeUndefined();
  });

  it("keeps its capacity while the newest quarter is still fresh", () => {
    let now = 0;
    const b = new EventBuffer(0, { minCapacity: 2, maxCapacity: 8, freshMs: 100, now: () => now });
    for (let r = 1; r <= 8; r++) b.push(ev(r, now));
    now = 150; // the burst is stale, but the last two events are fresh
    b.push(ev(9, 150));
    b.push(ev(10, 150));
    now = 160;
    b.push(ev(11, now));
    expect(b.capacity).toBe(4);
    b.push(ev(12, now));
    expect(b.capacity).toBe(4);
    expect(b.since(b.windowStart)!.map((e) => e.revision)).toEqual([9, 10, 11, 12]);
  });
});

describe("watch cache", () => {
  it("serves every watcher from one storage watch, each through its own selectors and namespace", async () => {
    const { storage, configmaps } = setup();
    await configmaps.create(ctx("default"), cm("seed"));
    await tick();
    const opened = storage.watches;
    const start = String(await storage.currentRevision());
    const all = Array.from({ length: 50 }, () => take(configmaps.watch(ctx("default"), { resourceVersion: start }), 2, 1000));
    const web = take(configmaps.watch(ctx(), { resourceVersion: start, labelSelector: "app=web" }), 2, 1000);
    const other = take(configmaps.watch(ctx("other"), { resourceVersion: start }), 1, 1000);
    await tick();
    await configmaps.create(ctx("default"), cm("a", {}, { app: "web" }));
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { labels: { app: "db" } } }));
    await configmaps.create(ctx("other"), cm("x"));
    const got = await Promise.all(all);
    expect(got.every((e) => summary(e).join() === "ADDED a,MODIFIED a")).toBe(true);
    // Every watcher receives the very same event objects (decoded once, encodable once).
    expect(new Set(got.map((e) => e[0])).size).toBe(1);
    expect(isShared(got[0]![0]!.object)).toBe(true);
    // The label watcher sees "a" leave its selection: DELETED, in its previous state.
    const w = await web;
    expect(summary(w)).toEqual(["ADDED a", "DELETED a"]);
    expect(w[1]!.object.metadata?.labels).toEqual({ app: "web" });
    expect(summary(await other)).toEqual(["ADDED x"]);
    expect(storage.watches).toBe(opened);
  });

  it("replays events from a resourceVersion inside its window", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    const b = await configmaps.create(ctx("default"), cm("b"));
    await configmaps.create(ctx("default"), cm("c"));
    await configmaps.delete(ctx("default"), "a");
    expect(summary(await take(configmaps.watch(ctx("default"), { resourceVersion: b.metadata?.resourceVersion }), 2))).toEqual([
      "ADDED c",
      "DELETED a",
    ]);
  });

  it("answers 410 for a revision older than its window that storage compacted, and serves one storage still has", async () => {
    const { storage, configmaps } = setup({ buffer: { minCapacity: 2, maxCapacity: 2 } });
    const first = await configmaps.create(ctx("default"), cm("a"));
    for (let i = 0; i < 5; i++) await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: String(i) } }));
    await tick();
    // Outside the cache's window, still in storage's history: served from storage, nothing missed.
    expect(summary(await take(configmaps.watch(ctx("default"), { resourceVersion: first.metadata?.resourceVersion }), 5))).toEqual(
      Array(5).fill("MODIFIED a"),
    );
    const rev = await storage.currentRevision();
    await storage.compact(rev);
    const got = await take(configmaps.watch(ctx("default"), { resourceVersion: first.metadata?.resourceVersion }), 2, 500);
    expect(got).toHaveLength(1);
    expect(got[0]!.type).toBe("ERROR");
    expect(got[0]!.object).toMatchObject({
      code: 410,
      reason: "Expired",
      message: `too old resource version: ${first.metadata?.resourceVersion} (${rev - 1})`,
    });
    // Inside the window the cache serves it, whatever storage compacted (as upstream's cacher does).
    expect(summary(await take(configmaps.watch(ctx("default"), { resourceVersion: String(rev - 1) }), 1))).toEqual(["MODIFIED a"]);
  });

  it("lists and gets at resourceVersion 0 from memory, ignoring the limit", async () => {
    const { storage, configmaps } = setup();
    for (const n of ["c", "a", "b"]) await configmaps.create(ctx("default"), cm(n));
    await configmaps.create(ctx("other"), cm("z"));
    await tick();
    const reads: string[] = [];
    const origList = storage.list.bind(storage);
    storage.list = (o) => (reads.push(o.prefix), origList(o));
    const list = await configmaps.list(ctx("default"), { resourceVersion: "0", limit: 1 });
    expect(list.items.map((i) => i.metadata?.name)).toEqual(["a", "b", "c"]);
    expect(list.metadata.continue).toBeUndefined();
    expect(list.metadata.resourceVersion).toBe(String(await storage.currentRevision()));
    expect((await configmaps.list(ctx(), { resourceVersion: "0", labelSelector: "x!=y" })).items).toHaveLength(4);
    expect((await configmaps.get(ctx("default"), "b", { resourceVersion: "0" })).metadata?.name).toBe("b");
    expect((await statusOf(configmaps.get(ctx("default"), "nope", { resourceVersion: "0" }))).code).toBe(404);
    // An update is seen by the next list, in the same place; a delete takes the object out.
    const b = await configmaps.get(ctx("default"), "b");
    await configmaps.update(ctx("default"), "b", { ...b, data: { v: "2" } });
    await configmaps.delete(ctx("default"), "c");
    await tick();
    const after = await configmaps.list(ctx("default"), { resourceVersion: "0" });
    expect(after.items.map((i) => [i.metadata?.name, (i as { data?: object }).data])).toEqual([
      ["a", undefined],
      ["b", { v: "2" }],
    ]);
    expect(reads).toEqual([]);
    // Pages come from the cache too (a snapshot for the rest), as upstream's cacher serves them.
    const page = await configmaps.list(ctx("default"), { limit: 1 });
    expect(page.items.map((i) => i.metadata?.name)).toEqual(["a"]);
    expect(page.metadata.continue).toBeDefined();
    expect(page.metadata.remainingItemCount).toBe(1);
    const rest = await configmaps.list(ctx("default"), { limit: 1, continue: page.metadata.continue });
    expect(rest.items.map((i) => i.metadata?.name)).toEqual(["b"]);
    expect(rest.metadata.continue).toBeUndefined();
    expect(reads).toEqual([]);
  });

  it("keeps consistent lists consistent while the cache is behind other writes", async () => {
    const { storage, configmaps, namespaces } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    await tick();
    // Served from memory when the cache is at storage's revision...
    const l1 = await configmaps.list(ctx("default"));
    expect(l1.items.map((i) => i.metadata?.name)).toEqual(["a"]);
    // ...and from storage (reusing the cache's decoded objects) once another resource was written.
    await namespaces.create(ctx(), ns("n1"));
    const l2 = await configmaps.list(ctx("default"));
    expect(l2.metadata.resourceVersion).toBe(String(await storage.currentRevision()));
    expect(l2.items[0]).toBe(l1.items[0]);
    // A create is seen by the next consistent list, whatever the cache has applied yet.
    await configmaps.create(ctx("default"), cm("b"));
    expect((await configmaps.list(ctx("default"))).items.map((i) => i.metadata?.name)).toEqual(["a", "b"]);
  });

  it("sends the initial state, then the end-of-initial-events bookmark, then changes", async () => {
    const { storage, configmaps, namespaces } = setup(true, 60_000);
    await configmaps.create(ctx("default"), cm("a"));
    await namespaces.create(ctx(), ns("n1")); // the cache is behind storage's revision: the initial list comes from storage
    const events = take(
      configmaps.watch(ctx("default"), { sendInitialEvents: true, resourceVersionMatch: "NotOlderThan", allowWatchBookmarks: true }),
      3,
    );
    await tick();
    await configmaps.create(ctx("default"), cm("b"));
    const got = await events;
    expect(summary(got)).toEqual(["ADDED a", `BOOKMARK ${(await storage.currentRevision()) - 1}`, "ADDED b"]);
    expect(got[1]!.object.metadata?.annotations).toEqual({ [INITIAL_EVENTS_END_ANNOTATION]: "true" });
    const fromZero = await take(configmaps.watch(ctx("default"), { resourceVersion: "0" }), 3, 200);
    expect(summary(fromZero)).toEqual(["ADDED a", "ADDED b"]);
  });

  it("sends bookmarks at the cache's progress, even when no event passed the watcher's selectors", async () => {
    const { storage, configmaps } = setup(true, 30);
    const start = String(await storage.currentRevision());
    const events = take(
      configmaps.watch(ctx("default"), { resourceVersion: start, labelSelector: "app=none", allowWatchBookmarks: true }),
      1,
      1000,
    );
    await tick();
    const created = await configmaps.create(ctx("default"), cm("a"));
    expect(summary(await events)).toEqual([`BOOKMARK ${created.metadata?.resourceVersion}`]);
  });

  it("closes a watcher that falls too far behind instead of buffering for it", async () => {
    const { storage, configmaps } = setup({ watcherCapacity: 3 });
    await tick();
    const start = String(await storage.currentRevision());
    const slow = configmaps.watch(ctx("default"), { resourceVersion: start })[Symbol.asyncIterator]();
    const first = slow.next(); // registers the watcher
    await tick();
    for (let i = 0; i < 10; i++) await configmaps.create(ctx("default"), cm(`c${i}`));
    await tick();
    const seen = [(await first).value];
    for (;;) {
      const r = await slow.next();
      if (r.done) break;
      seen.push(r.value);
    }
    expect(seen.length).toBeLessThan(10);
    expect(configmaps.cacher!.watcherCount).toBe(0);
    // The client resumes from the last resourceVersion it saw and misses nothing.
    const resumed = await take(
      configmaps.watch(ctx("default"), { resourceVersion: seen.at(-1)!.object.metadata!.resourceVersion }),
      10,
      300,
    );
    expect(seen.length + resumed.length).toBe(10);
  });

  it("ends watchers when they stop or are cancelled, and when storage closes", async () => {
    const { storage, configmaps } = setup();
    const ac = new AbortController();
    const it1 = configmaps.watch(ctx("default", ac.signal), { resourceVersion: "0" })[Symbol.asyncIterator]();
    const p = it1.next();
    await tick();
    expect(configmaps.cacher!.watcherCount).toBe(1);
    ac.abort();
    expect((await p).done).toBe(true);
    expect(configmaps.cacher!.watcherCount).toBe(0);
    const it2 = configmaps.watch(ctx("default"), { resourceVersion: "0" })[Symbol.asyncIterator]();
    const p2 = it2.next();
    await tick();
    await storage.close();
    expect((await p2).done).toBe(true);
  });

  it("relists when its storage watch fails, ending its watchers so they resume", async () => {
    /** Fails the first watch of the cache with "Compacted" once asked to. */
    class FailingStorage extends MemoryStorage {
      fail: (() => void) | undefined;
      failed = false;
      override watch(options: WatchOptions): AsyncIterable<StorageEvent> {
        if (this.failed) return super.watch(options);
        const failing = new Promise<void>((r) => (this.fail = r));
        return {
          [Symbol.asyncIterator]: () => ({
            next: async (): Promise<IteratorResult<StorageEvent>> => {
              await failing;
              this.failed = true;
              throw new StorageError("Compacted", options.prefix, "compacted");
            },
          }),
        };
      }
    }
    const storage = new FailingStorage();
    const configmaps = storeFor(storage, "", "configmaps");
    await tick();
    const it1 = configmaps.watch(ctx("default"), { resourceVersion: "0" })[Symbol.asyncIterator]();
    const p1 = it1.next();
    await tick();
    await configmaps.create(ctx("default"), cm("a")); // missed by the failing watch
    storage.fail!();
    expect((await p1).done).toBe(true);
    await new Promise((r) => setTimeout(r, 150)); // the relist backoff
    expect(configmaps.cacher!.ready).toBe(true);
    expect((await configmaps.list(ctx("default"), { resourceVersion: "0" })).items.map((i) => i.metadata?.name)).toEqual(["a"]);
    const after = take(configmaps.watch(ctx("default"), { resourceVersion: String(await storage.currentRevision()) }), 1);
    await tick();
    await configmaps.create(ctx("default"), cm("b"));
    expect(summary(await after)).toEqual(["ADDED b"]);
  });

  it("encodes a shared object once per format and a private one every time", () => {
    const obj = { a: 1 };
    let calls = 0;
    const enc = () => (calls++, JSON.stringify(obj));
    sharedEncoding(obj, "json", enc);
    sharedEncoding(obj, "json", enc);
    expect(calls).toBe(2);
    const cached = markShared({ b: 2 });
    let cachedCalls = 0;
    const a = sharedEncoding(cached, "json", () => (cachedCalls++, JSON.stringify(cached)));
    expect(sharedEncoding(cached, "json", () => (cachedCalls++, "other"))).toBe(a);
    sharedEncoding(cached, "protobuf", () => (cachedCalls++, "pb"));
    expect(cachedCalls).toBe(2);
  });

  it("releases the encodings of objects no longer current once retired long enough, keeping the current ones", async () => {
    let now = 0;
    const storage = new MemoryStorage();
    const cacher = new Cacher({
      storage,
      prefix: "/cm/",
      decode: (kv, rv) => {
        const o = JSON.parse(Buffer.from(kv.value).toString()) as KubeObject;
        return { ...o, metadata: { ...o.metadata, resourceVersion: String(rv) } };
      },
      buffer: { now: () => now },
    });
    cacher.start();
    await until(() => cacher.ready);
    const write = (name: string, v: number) =>
      storage.guaranteedUpdate(`/cm/${name}`, async () => utf8({ metadata: { name }, data: { v: String(v) } }), { ignoreNotFound: true });
    let calls = 0;
    const encode = (o: object) => (calls++, JSON.stringify(o));
    const encodeTwice = (o: object) => {
      const before = calls;
      sharedEncoding(o, "json", encode);
      sharedEncoding(o, "json", encode);
      return calls - before;
    };
    await write("a", 1);
    await until(() => cacher.get("/cm/a") !== undefined);
    const first = cacher.get("/cm/a")!;
    expect(encodeTwice(first)).toBe(1);
    await write("a", 2);
    await until(() => cacher.get("/cm/a") !== first);
    const second = cacher.get("/cm/a")!;
    // Just retired: the watchers told of it still share its encoding.
    expect(encodeTwice(first)).toBe(0);
    expect(cacher.retiredCount).toBe(1);
    // Many writes later, all within the delay, nothing is released yet; then time passes.
    for (let v = 3; v < 40; v++) await write(`n${v}`, v);
    await storage.delete("/cm/n3");
    await until(() => cacher.get("/cm/n3") === undefined);
    expect(cacher.retiredCount).toBe(3); // a's first state; n3's last state and its DELETED object
    now = RETIRED_ENCODINGS_MS;
    await write("b", 1);
    await until(() => cacher.get("/cm/b") !== undefined);
    // Retired ones are encoded on each use (the event window holds them); the current one keeps its bytes.
    expect(encodeTwice(first)).toBe(2);
    expect(isShared(first)).toBe(true);
    expect(encodeTwice(second)).toBe(1);
    expect(encodeTwice(second)).toBe(0);
    expect(cacher.retiredCount).toBe(0);
    cacher.close();
  });

  it("encodes lists of cached objects from each item's kept bytes, the same bytes as a fresh encoding", () => {
    const item = (i: number) => ({
      kind: "ConfigMap",
      apiVersion: "v1",
      metadata: {
        name: `cm-${i}`,
        namespace: "default",
        resourceVersion: String(i),
        labels: { i: String(i) },
        managedFields: [{ manager: "m", operation: "Update", fieldsType: "FieldsV1", fieldsV1: { "f:data": { "f:k": {} } } }],
      },
      // Long enough that some item messages need a two-byte length.
      data: { k: "ü".repeat(i * 10) },
    });
    const list = (items: object[]) => ({
      kind: "ConfigMapList",
      apiVersion: "v1",
      metadata: { resourceVersion: "7", continue: "" },
      items,
    });
    const plain = list([1, 2, 20].map(item));
    const cached = list([1, 2, 20].map((i) => markShared(item(i))));
    for (let round = 0; round < 2; round++) {
      expect(Buffer.from(encodeBody(scheme, cached, "json")).toString()).toBe(`${JSON.stringify(plain)}\n`);
      expect([...encodeBody(scheme, cached, "protobuf")]).toEqual([...encodeObject(scheme, plain)]);
    }
    // The second round reused the first's bytes.
    expect(sharedEncoding(cached.items[0]!, "protobuf-message", () => new Uint8Array())).not.toHaveLength(0);
    expect(Buffer.from(encodeBody(scheme, list([]), "json")).toString()).toBe(`${JSON.stringify(list([]))}\n`);
    expect([...encodeBody(scheme, list([]), "protobuf")]).toEqual([...encodeObject(scheme, list([]))]);
  });
});

describe("writes and the watch cache", () => {
  it("decode the stored value once when watched: the object a create or update returns is the one the cache holds", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: true });
    const list = await configmaps.list(ctx("default"));
    // A watcher of the namespace: the cache wants every new object at once.
    const events = take(configmaps.watch(ctx("default"), { resourceVersion: list.metadata.resourceVersion }), 2, 2000);
    await until(() => configmaps.cacher!.watcherCount === 1);
    const decode = vi.spyOn(configmaps.codec, "decode");
    const created = await configmaps.create(ctx("default"), cm("a", { k: "1" }));
    // resourceVersion "0": served by the watch cache.
    const read = await configmaps.get(ctx("default"), "a", { resourceVersion: "0" });
    expect(read).toBe(created);
    expect(read.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
    expect(decode).toHaveBeenCalledTimes(1);
    const { object: updated } = await configmaps.update(ctx("default"), "a", { ...cm("a", { k: "2" }), metadata: { ...created.metadata } });
    expect(await configmaps.get(ctx("default"), "a", { resourceVersion: "0" })).toBe(updated);
    expect(updated.data).toEqual({ k: "2" });
    // The update decodes the current value to change it, then shares the written one.
    expect(decode).toHaveBeenCalledTimes(3);
    // The watcher was sent the very objects the writes returned.
    expect((await events).map((e) => e.object)).toEqual([created, updated]);
    expect((await events)[0]!.object).toBe(created);
    configmaps.stopWatchCache();
  });

  it("keep the bytes of what nobody watches: the write's answer is its own, a later read decodes once into an equal object", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: true });
    await configmaps.list(ctx("default"));
    const decode = vi.spyOn(configmaps.codec, "decode");
    const created = await configmaps.create(ctx("default"), cm("a", { k: "1" }));
    await until(() => configmaps.cacher!.revision >= Number(created.metadata?.resourceVersion));
    // The answer is made from the object written: nothing decoded.
    expect(decode).toHaveBeenCalledTimes(0);
    const read = await configmaps.get(ctx("default"), "a", { resourceVersion: "0" });
    expect(read).not.toBe(created);
    expect(JSON.stringify(read)).toBe(JSON.stringify(created));
    expect(decode).toHaveBeenCalledTimes(1);
    // Decoded once by the cache, then kept; and a write's answer is the cache's object once it has one.
    expect(await configmaps.get(ctx("default"), "a", { resourceVersion: "0" })).toBe(read);
    const { object: updated } = await configmaps.update(ctx("default"), "a", { ...cm("a", { k: "2" }), metadata: { ...created.metadata } });
    expect(updated.data).toEqual({ k: "2" });
    // The update decodes the current value to change it; its answer is made from what it wrote.
    expect(decode).toHaveBeenCalledTimes(2);
    configmaps.stopWatchCache();
  });

  it("take a write's decoded object only for a watcher; nobody watching, keep the bytes and decode on first use", async () => {
    const storage = new MemoryStorage();
    const decodeValue = (kv: KeyValue, rv: number): KubeObject => {
      const o = JSON.parse(Buffer.from(kv.value).toString()) as KubeObject;
      return { ...o, metadata: { ...o.metadata, resourceVersion: String(rv) } };
    };
    const decode = vi.fn(decodeValue);
    // The objects a writer decoded for its answers, handed over when the cache asks (once per event).
    const answers = new Map<string, KubeObject>();
    const cacher = new Cacher({
      storage,
      prefix: "/cm/",
      decode,
      decoded: (kv, rv) => {
        const obj = decodeValue(kv, rv);
        answers.set(kv.key, obj);
        return obj;
      },
    });
    cacher.start();
    await until(() => cacher.ready);
    const write = async (key: string, v: string): Promise<KubeObject> => {
      const kv = await storage.guaranteedUpdate(key, async () => utf8({ metadata: { name: key }, data: { v } }), { ignoreNotFound: true });
      await until(() => cacher.revision >= kv.modRevision);
      return answers.get(key)!;
    };
    // Nobody watches: the cache kept the bytes, and decodes them on first use into an equal object, once.
    const a = await write("/cm/a", "1");
    expect(decode).not.toHaveBeenCalled();
    const first = cacher.get("/cm/a")!;
    expect(first).not.toBe(a);
    expect(JSON.stringify(first)).toBe(JSON.stringify(a));
    expect(cacher.get("/cm/a")).toBe(first);
    expect(decode).toHaveBeenCalledTimes(1);
    // A watcher of other keys changes nothing for these.
    const stop = new AbortController();
    const watcher = (prefix: string) =>
      cacher.watch({
        prefix,
        matches: undefined,
        after: cacher.revision,
        bookmarkObject: (rv) => ({ metadata: { resourceVersion: String(rv) } }),
        signal: stop.signal,
      })!;
    const other = watcher("/cm/other/");
    await write("/cm/b", "1");
    expect(cacher.get("/cm/b")).not.toBe(answers.get("/cm/b"));
    expect(decode).toHaveBeenCalledTimes(2);
    // Watched: the cache takes the writer's object, and the watcher is sent that very object.
    const all = watcher("/cm/");
    const c = await write("/cm/c", "1");
    expect(cacher.get("/cm/c")).toBe(c);
    expect(decode).toHaveBeenCalledTimes(2);
    const sent = await all.next();
    expect(sent.value).toEqual({ type: "ADDED", object: c });
    expect((sent.value as { object: KubeObject }).object).toBe(c);
    stop.abort();
    await other.return?.();
    await all.return?.();
    cacher.close();
  });
});
