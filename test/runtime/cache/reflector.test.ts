/**
 * The reflector against an in-memory ListWatch: paging, events, bookmarks, re-watch, relist on
 * 410 (thrown and as an ERROR event), backoff, the watchdog on a silent watch, and pipelined pages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Backoff } from "../../../runtime/cache/backoff.js";
import { newIndexer } from "../../../runtime/cache/indexer.js";
import { Reflector, WatchStalledError, type ReflectorOptions } from "../../../runtime/cache/reflector.js";
import { FakeListWatch, gone, statusError, until, type Obj } from "./fake-list-watch.js";

const stops: AbortController[] = [];
const PIPELINED: ReflectorOptions = { pipelinedPageSize: 2000 };
afterEach(() => {
  for (const c of stops.splice(0)) c.abort();
});

function start(fake: FakeListWatch, options: ReflectorOptions = {}) {
  const store = newIndexer<Obj>();
  const errors: unknown[] = [];
  const reflector = new Reflector<Obj>(fake, store, {
    backoff: { initialMs: 10, maxMs: 80, jitter: 0 },
    onError: (e) => errors.push(e),
    ...options,
  });
  const ctl = new AbortController();
  stops.push(ctl);
  const done = reflector.run(ctl.signal);
  return { store, reflector, errors, ctl, done };
}

describe("Reflector", () => {
  it("lists in pages of 500, following continue tokens, then watches from the list's version", async () => {
    const fake = new FakeListWatch();
    fake.seed(1200);
    const listRV = String(fake.rv);
    const { store, reflector } = start(fake);
    await until(() => fake.watches.length === 1, 2000, "watch");
    expect(store.size()).toBe(1200);
    expect(fake.lists.map((l) => l.opts.limit)).toEqual([500, 500, 500]);
    expect(fake.lists[0]!.opts.resourceVersion).toBe("0");
    expect(fake.lists[1]!.opts.continue).toBe(`${listRV}:500`);
    expect(fake.lists[1]!.opts.resourceVersion).toBeUndefined();
    expect(fake.maxListsInFlight).toBe(1);
    expect(reflector.lastSyncResourceVersion()).toBe(listRV);
    expect(fake.watches[0]!.opts).toMatchObject({ resourceVersion: listRV, allowWatchBookmarks: true });
  });

  it('relists at a known version unpaged when the first list at "0" came in one response (a watch cache)', async () => {
    const fake = new FakeListWatch();
    fake.watchCacheAtRV0 = true;
    fake.seed(1200);
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    expect(fake.lists.map((l) => [l.opts.resourceVersion, l.opts.limit])).toEqual([["0", 500]]);
    // A 410 on the watch makes the reflector relist at its last version: client-go then lists
    // without a limit, which a watch cache can serve.
    const lastRV = String(fake.rv);
    fake.closeWatches();
    fake.create({ metadata: { name: "late", namespace: "default" } });
    fake.compact();
    await until(() => fake.lists.length === 2 && store.size() === 1201);
    expect(fake.lists[1]!.opts).toMatchObject({ resourceVersion: lastRV, limit: undefined });
  });

  it('keeps paging relists once the first list at "0" came back paged (no watch cache)', async () => {
    const fake = new FakeListWatch();
    fake.seed(1200);
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.closeWatches();
    fake.create({ metadata: { name: "late", namespace: "default" } });
    fake.compact();
    await until(() => store.size() === 1201 && fake.openWatches === 1);
    expect(fake.lists.slice(3).map((l) => l.opts.limit)).toEqual([500, 500, 500]);
    expect(fake.lists[3]!.opts.resourceVersion).not.toBe("0");
  });

  it("with pipelinedPageSize, lists first in pipelined pages at the latest version, each asked for before the previous one is read", async () => {
    const fake = new FakeListWatch();
    fake.seed(4500);
    const listRV = String(fake.rv);
    const { store, reflector } = start(fake, PIPELINED);
    await until(() => fake.watches.length === 1, 2000, "watch");
    expect(store.size()).toBe(4500);
    expect(fake.lists.map((l) => [l.opts.resourceVersion, l.opts.limit, l.opts.continue])).toEqual([
      ["", 2000, undefined],
      [undefined, 2000, `${listRV}:2000`],
      [undefined, 2000, `${listRV}:4000`],
    ]);
    expect(fake.maxListsInFlight).toBeGreaterThan(1);
    // The first page warms a second connection for the pages asked for while it is read.
    expect(fake.lists.map((l) => l.opts.warmConnection)).toEqual([true, undefined, undefined]);
    expect(reflector.lastSyncResourceVersion()).toBe(listRV);
    expect(fake.watches[0]!.opts).toMatchObject({ resourceVersion: listRV, allowWatchBookmarks: true });
  });

  it("a pipelined list fills the store exactly as one unpaged list does", async () => {
    const paged = new FakeListWatch();
    const whole = new FakeListWatch();
    for (const fake of [paged, whole]) {
      fake.seed(3000, "a");
      fake.seed(2100, "b");
    }
    const p = start(paged, PIPELINED);
    const w = start(whole, { pageSize: 0 });
    await until(() => paged.watches.length === 1 && whole.watches.length === 1);
    expect(paged.lists.length).toBe(3);
    expect(whole.lists.length).toBe(1);
    expect(p.store.list()).toEqual(w.store.list());
    expect(p.reflector.lastSyncResourceVersion()).toBe(w.reflector.lastSyncResourceVersion());
  });

  it("a pipelined list whose continue token expires mid-way falls back to one full list", async () => {
    const fake = new FakeListWatch();
    fake.seed(4500);
    fake.expireContinue = true;
    const { store, errors } = start(fake, PIPELINED);
    await until(() => fake.watches.length === 1);
    expect(store.size()).toBe(4500);
    expect(fake.lists.map((l) => [l.opts.resourceVersion, l.opts.limit])).toEqual([
      ["", 2000],
      [undefined, 2000],
      ["", undefined],
    ]);
    expect(errors).toEqual([]);
  });

  it("an error on a pipelined page is reported, and the list retried after a backoff", async () => {
    const fake = new FakeListWatch();
    fake.seed(4500);
    const boom = statusError(500, "InternalError", "boom");
    fake.listErrors.push(undefined, boom);
    const { store, errors } = start(fake, PIPELINED);
    await until(() => fake.watches.length === 1);
    expect(errors[0]).toBe(boom);
    expect(store.size()).toBe(4500);
    // The failed attempt's pages, then a whole pipelined list again.
    expect(fake.lists.filter((l) => l.opts.resourceVersion === "").length).toBe(2);
  });

  it("an explicit pageSize applies to every list; 0 lists in one request", async () => {
    const fake = new FakeListWatch();
    fake.seed(30);
    start(fake, { pageSize: 0 });
    await until(() => fake.openWatches === 1);
    expect(fake.lists.map((l) => l.opts.limit)).toEqual([undefined]);
  });

  it("a relist refused with ResourceVersionTooLarge retries at once from the latest", async () => {
    const fake = new FakeListWatch();
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    const tooLarge = statusError(504, "Timeout", "Too large resource version");
    tooLarge.status.details = { causes: [{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }] };
    fake.listErrors.push(tooLarge);
    fake.closeWatches();
    fake.create({ metadata: { name: "x" } });
    fake.compact();
    await until(() => fake.lists.length === 3 && store.size() === 1);
    expect(fake.lists[2]!.opts.resourceVersion).toBe("");
  });

  it("falls back to one full list when a continue token expires", async () => {
    const fake = new FakeListWatch();
    fake.seed(30);
    fake.expireContinue = true;
    const { store } = start(fake, { pageSize: 10 });
    await until(() => fake.watches.length === 1);
    expect(store.size()).toBe(30);
    expect(fake.lists.map((l) => l.opts.limit)).toEqual([10, 10, undefined]);
  });

  it("applies watch events and tracks their resourceVersion", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    const { store, reflector } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.create({ metadata: { name: "new", namespace: "default" } });
    fake.update({ metadata: { name: "o00000", namespace: "default" }, data: "changed" });
    fake.delete("default/o00001");
    await until(() => reflector.lastSyncResourceVersion() === String(fake.rv));
    expect(store.listKeys().sort()).toEqual(["default/new", "default/o00000"]);
    expect(store.getByKey("default/o00000")!.data).toBe("changed");
  });

  it("bookmarks advance the resourceVersion that the next watch starts from", async () => {
    const fake = new FakeListWatch();
    const { reflector } = start(fake);
    await until(() => fake.openWatches === 1);
    const rv = fake.bookmark();
    await until(() => reflector.lastSyncResourceVersion() === rv);
    fake.closeWatches();
    await until(() => fake.watches.length === 2);
    expect(fake.watches[1]!.opts.resourceVersion).toBe(rv);
    expect(fake.lists.length).toBe(1); // resumed, not relisted
  });

  it("a watch that ends is resumed from the last resourceVersion without losing events", async () => {
    const fake = new FakeListWatch();
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.create({ metadata: { name: "a" } });
    await until(() => store.size() === 1);
    fake.closeWatches();
    fake.create({ metadata: { name: "b" } }); // while no watch is open
    await until(() => store.size() === 2);
    expect(fake.lists.length).toBe(1);
    expect(fake.watches[1]!.opts.resourceVersion).toBe(fake.objects.get("a")!.metadata.resourceVersion);
  });

  for (const mode of ["throw", "event"] as const) {
    it(`relists on 410 Gone (${mode === "throw" ? "thrown by watch" : "as an ERROR event"})`, async () => {
      const fake = new FakeListWatch();
      fake.goneMode = mode;
      fake.seed(3);
      const { store, reflector } = start(fake);
      await until(() => fake.openWatches === 1);
      fake.closeWatches();
      fake.delete("default/o00000");
      fake.create({ metadata: { name: "late", namespace: "default" } });
      fake.compact();
      await until(() => fake.lists.length === 2 && fake.openWatches === 1, 2000, "relist");
      expect(store.listKeys().sort()).toEqual(["default/late", "default/o00001", "default/o00002"]);
      expect(reflector.lastSyncResourceVersion()).toBe(String(fake.rv));
      // The relist asks for at least the version it had, not "any".
      expect(fake.lists[1]!.opts.resourceVersion).not.toBe("0");
    });
  }

  it("relists on a 410 from a client other than ours (any error with code 410)", async () => {
    const fake = new FakeListWatch();
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.watchErrors.push(Object.assign(new Error("HTTP-Code: 410"), { statusCode: 410 }));
    fake.closeWatches();
    fake.create({ metadata: { name: "x" } });
    await until(() => fake.lists.length === 2 && store.size() === 1);
  });

  it("a watch ERROR event other than 410 is reported and the watch resumed after a backoff", async () => {
    const fake = new FakeListWatch();
    const { errors } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.injectError(statusError(500, "InternalError", "etcd is sad").status);
    await until(() => fake.watches.length === 2);
    expect(String(errors[0])).toMatch(/etcd is sad/);
    expect(fake.lists.length).toBe(1);
  });

  it("a relist whose resourceVersion is gone retries at once from the latest", async () => {
    const fake = new FakeListWatch();
    const { store } = start(fake);
    await until(() => fake.openWatches === 1);
    fake.listErrors.push(gone());
    fake.closeWatches();
    fake.create({ metadata: { name: "x" } });
    fake.compact();
    await until(() => fake.lists.length === 3 && store.size() === 1);
    expect(fake.lists[2]!.opts.resourceVersion).toBe("");
  });

  it("backs off exponentially between failed lists, then recovers", async () => {
    const fake = new FakeListWatch();
    fake.seed(1);
    fake.listErrors.push(statusError(500, "InternalError"), statusError(500, "InternalError"), statusError(503, "ServiceUnavailable"));
    const { store, errors } = start(fake, { backoff: { initialMs: 20, maxMs: 60, factor: 2, jitter: 0 } });
    await until(() => store.size() === 1);
    const at = fake.lists.map((l) => l.at);
    const gaps = at.slice(1).map((t, i) => t - at[i]!);
    expect(errors).toHaveLength(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[2]).toBeGreaterThanOrEqual(58); // capped at 60 (the cap itself: see Backoff below)
  });

  it("backs off when watches fail to start, and reports the errors", async () => {
    const fake = new FakeListWatch();
    fake.watchErrors.push(statusError(500, "x"), statusError(500, "x"));
    const { errors } = start(fake, { backoff: { initialMs: 15, maxMs: 100, jitter: 0 } });
    await until(() => fake.openWatches === 1);
    expect(errors).toHaveLength(2);
    const at = fake.watches.map((w) => w.at);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(13);
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(28);
    expect(fake.lists.length).toBe(1);
  });

  it("the watchdog restarts a watch that stays open but silent, and nothing is lost", async () => {
    const fake = new FakeListWatch();
    fake.stallNext = 1;
    const { store, errors } = start(fake, { watchTimeoutMs: 120 });
    await until(() => fake.watches.length === 1);
    fake.create({ metadata: { name: "during-stall" } }); // the stalled stream never delivers it
    await until(() => store.size() === 1, 2000, "restarted watch");
    const at = fake.watches.map((w) => w.at);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(110);
    expect(errors.some((e) => e instanceof WatchStalledError)).toBe(true);
    expect(fake.lists.length).toBe(1);
  });

  it("bookmarks keep the watchdog quiet", async () => {
    const fake = new FakeListWatch();
    start(fake, { watchTimeoutMs: 100 });
    await until(() => fake.openWatches === 1);
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 40));
      fake.bookmark();
    }
    expect(fake.watches.length).toBe(1);
  });

  it("stops when the signal aborts, even during a stalled watch", async () => {
    const fake = new FakeListWatch();
    fake.stallNext = 1;
    const { ctl, done } = start(fake);
    await until(() => fake.watches.length === 1);
    ctl.abort();
    await expect(done).resolves.toBeUndefined();
  });
});

describe("Backoff", () => {
  it("doubles from the initial delay up to the cap, and starts over after reset", () => {
    const b = new Backoff({ initialMs: 800, maxMs: 30_000, jitter: 0 });
    expect(Array.from({ length: 8 }, () => b.next())).toEqual([800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000]);
    b.reset();
    expect(b.next()).toBe(800);
  });

  it("adds up to `jitter` x the delay at random, never beyond the cap", () => {
    const b = new Backoff({ initialMs: 100, maxMs: 1000, jitter: 1 });
    for (let i = 0; i < 50; i++) {
      const base = Math.min(1000, 100 * 2 ** i);
      const d = b.next();
      expect(d).toBeGreaterThanOrEqual(base);
      expect(d).toBeLessThanOrEqual(Math.min(1000, 2 * base));
    }
  });
});
