/**
 * Watches through the store: storage events as ADDED/MODIFIED/DELETED, selectors (an object
 * leaving the selection is DELETED), initial state for "" and "0", resuming from a
 * resourceVersion, bookmarks, timeouts, and the 410 ERROR event for a compacted revision.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { INITIAL_EVENTS_END_ANNOTATION } from "../../../apiserver/registry/watch.js";
import { cm, ctx, statusOf, storeFor, summary, take, utf8 } from "./helpers.js";

function setup(bookmarkIntervalMs?: number, watchCache = true) {
  const storage = new MemoryStorage();
  return { storage, configmaps: storeFor(storage, "", "configmaps", { bookmarkIntervalMs, watchCache }) };
}

describe("watch", () => {
  it('starts from the current state for resourceVersion "" and "0", then streams changes', async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    await configmaps.create(ctx("other"), cm("x"));
    for (const resourceVersion of [undefined, "0"]) {
      const events = take(configmaps.watch(ctx("default"), { resourceVersion }), 4);
      await new Promise((r) => setTimeout(r, 10));
      await configmaps.create(ctx("default"), cm(`b${resourceVersion ?? ""}`));
      await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: resourceVersion ?? "v" } }));
      await configmaps.delete(ctx("default"), `b${resourceVersion ?? ""}`);
      await configmaps.create(ctx("other"), cm(`y${resourceVersion ?? ""}`));
      expect(summary(await events)).toEqual([
        "ADDED a",
        `ADDED b${resourceVersion ?? ""}`,
        "MODIFIED a",
        `DELETED b${resourceVersion ?? ""}`,
      ]);
    }
  });

  it("ends at once when its consumer returns while a pull waits for an event, with or without the cache", async () => {
    for (const watchCache of [false, true]) {
      for (const resourceVersion of [undefined, "0"]) {
        const { configmaps } = setup(undefined, watchCache);
        await configmaps.create(ctx("default"), cm("a"));
        const it = configmaps.watch(ctx("default"), { resourceVersion })[Symbol.asyncIterator]();
        expect((await it.next()).value?.type).toBe("ADDED");
        const waiting = it.next();
        const closed = await Promise.race([it.return!().then(() => "returned"), new Promise((r) => setTimeout(() => r("hung"), 2000))]);
        expect(closed, `watchCache ${watchCache}, resourceVersion ${resourceVersion}`).toBe("returned");
        expect((await waiting).done).toBe(true);
      }
    }
  });

  it("carries each event's resourceVersion, the deletion's for DELETED", async () => {
    const { configmaps, storage } = setup();
    const start = String(await storage.currentRevision());
    const events = take(configmaps.watch(ctx("default"), { resourceVersion: start }), 2);
    const created = await configmaps.create(ctx("default"), cm("a"));
    await configmaps.delete(ctx("default"), "a");
    const got = await events;
    expect(got[0]!.object.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
    expect(got[1]!.object.metadata?.resourceVersion).toBe(String(await storage.currentRevision()));
    expect(got[1]!.object.metadata?.uid).toBe(created.metadata?.uid);
  });

  it("resumes after a resourceVersion without replaying older events", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    const b = await configmaps.create(ctx("default"), cm("b"));
    await configmaps.create(ctx("default"), cm("c"));
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "1" } }));
    expect(summary(await take(configmaps.watch(ctx("default"), { resourceVersion: b.metadata?.resourceVersion }), 2))).toEqual([
      "ADDED c",
      "MODIFIED a",
    ]);
  });

  it("filters by selectors, sending DELETED when an object leaves the selection and ADDED when it enters", async () => {
    const { configmaps, storage } = setup();
    await configmaps.create(ctx("default"), cm("a", {}, { app: "web" }));
    const start = String(await storage.currentRevision());
    const events = take(configmaps.watch(ctx("default"), { resourceVersion: start, labelSelector: "app=web" }), 3);
    await configmaps.create(ctx("default"), cm("other", {}, { app: "db" }));
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "1" } }));
    const left = await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { labels: { app: "db" } } }));
    await configmaps.patch(ctx("default"), "other", "merge", utf8({ metadata: { labels: { app: "web" } } }));
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "2" } }));
    const got = await events;
    expect(summary(got)).toEqual(["MODIFIED a", "DELETED a", "ADDED other"]);
    // The DELETED event shows the object as it was, at the resourceVersion of the change.
    expect(got[1]!.object.metadata?.labels).toEqual({ app: "web" });
    expect(got[1]!.object.metadata?.resourceVersion).toBe(left.object.metadata?.resourceVersion);
  });

  it("filters by fields", async () => {
    const { configmaps, storage } = setup();
    const start = String(await storage.currentRevision());
    const events = take(configmaps.watch(ctx(), { resourceVersion: start, fieldSelector: "metadata.name=b" }), 1);
    await configmaps.create(ctx("default"), cm("a"));
    await configmaps.create(ctx("default"), cm("b"));
    expect(summary(await events)).toEqual(["ADDED b"]);
  });

  it("rejects bad options before streaming", async () => {
    const { configmaps } = setup();
    expect((await statusOf(() => configmaps.watch(ctx("default"), { fieldSelector: "spec.x=1" }))).code).toBe(400);
    expect((await statusOf(() => configmaps.watch(ctx("default"), { resourceVersion: "x1" }))).code).toBe(422);
    expect((await statusOf(() => configmaps.watch(ctx("default"), { resourceVersionMatch: "NotOlderThan" }))).message).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
    );
  });

  it("sends an ERROR event with 410 Expired for a compacted resourceVersion (no watch cache)", async () => {
    // With a watch cache, a revision inside its window is served from memory whatever storage compacted (as upstream); test/apiserver/registry/cacher.test.ts covers its 410.
    const { configmaps, storage } = setup(undefined, false);
    const first = await configmaps.create(ctx("default"), cm("a"));
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "1" } }));
    const last = await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "2" } }));
    const rev = Number(last.object.metadata?.resourceVersion);
    await storage.compact(rev);
    const got = await take(configmaps.watch(ctx("default"), { resourceVersion: first.metadata?.resourceVersion }), 2, 500);
    expect(got).toEqual([
      {
        type: "ERROR",
        object: {
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Failure",
          message: `too old resource version: ${first.metadata?.resourceVersion} (${rev - 1})`,
          reason: "Expired",
          code: 410,
        },
      },
    ]);
  });

  it("sends bookmarks carrying only the resourceVersion when asked", async () => {
    const { configmaps, storage } = setup(30);
    const created = await configmaps.create(ctx("default"), cm("a"));
    const start = String(await storage.currentRevision());
    const quiet = await take(configmaps.watch(ctx("default"), { resourceVersion: start }), 1, 150);
    expect(quiet).toEqual([]);
    const events = await take(configmaps.watch(ctx("default"), { resourceVersion: start, allowWatchBookmarks: true }), 2, 1000);
    expect(events).toEqual([
      {
        type: "BOOKMARK",
        object: { kind: "ConfigMap", apiVersion: "v1", metadata: { resourceVersion: created.metadata?.resourceVersion } },
      },
      {
        type: "BOOKMARK",
        object: { kind: "ConfigMap", apiVersion: "v1", metadata: { resourceVersion: created.metadata?.resourceVersion } },
      },
    ]);
  });

  it("marks the end of initial events with sendInitialEvents", async () => {
    const { configmaps, storage } = setup(60_000);
    await configmaps.create(ctx("default"), cm("a"));
    const events = await take(
      configmaps.watch(ctx("default"), { sendInitialEvents: true, resourceVersionMatch: "NotOlderThan", allowWatchBookmarks: true }),
      2,
    );
    expect(summary(events)).toEqual(["ADDED a", `BOOKMARK ${await storage.currentRevision()}`]);
    expect(events[1]!.object.metadata?.annotations).toEqual({ [INITIAL_EVENTS_END_ANNOTATION]: "true" });
  });

  it("ends after timeoutSeconds and when the request is cancelled", async () => {
    const { configmaps } = setup();
    const t0 = Date.now();
    const it1 = configmaps.watch(ctx("default"), { timeoutSeconds: 0.1 })[Symbol.asyncIterator]();
    expect((await it1.next()).done).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    const ac = new AbortController();
    const it2 = configmaps.watch(ctx("default", ac.signal), { resourceVersion: "1" })[Symbol.asyncIterator]();
    setTimeout(() => ac.abort(), 20);
    expect((await it2.next()).done).toBe(true);
  });

  it("delivers one change to many watchers", async () => {
    const { configmaps, storage } = setup();
    const start = String(await storage.currentRevision());
    const watchers = Array.from({ length: 200 }, () => take(configmaps.watch(ctx("default"), { resourceVersion: start }), 1));
    await configmaps.create(ctx("default"), cm("a"));
    const all = await Promise.all(watchers);
    expect(all.every((e) => e.length === 1 && e[0]!.type === "ADDED")).toBe(true);
    // Every watcher gets the same decoded object.
    expect(new Set(all.map((e) => e[0]!.object)).size).toBe(1);
  });
});
