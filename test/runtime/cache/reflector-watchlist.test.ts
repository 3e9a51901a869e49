/**
 * The reflector's watch-list (useWatchList): the state streamed as ADDED events up to the
 * initial-events-end bookmark replaces the store with no list call, and the same stream goes on
 * as the watch; a server that refuses it (4xx), ignores it (changes before the bookmark) or goes
 * silent before the bookmark is listed and watched as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { newIndexer } from "../../../runtime/cache/indexer.js";
import { INITIAL_EVENTS_END_ANNOTATION, Reflector, type ReflectorOptions } from "../../../runtime/cache/reflector.js";
import type { ListWatchWatchOptions, WatchEvent } from "../../../runtime/cache/list-watch.js";
import { FakeListWatch, statusError, until, type Obj } from "./fake-list-watch.js";

/** A server that speaks watch-list: the current objects, the end bookmark, then the live stream. */
class WatchListFake extends FakeListWatch {
  override watch(opts: ListWatchWatchOptions): AsyncIterable<WatchEvent<Obj>> {
    if (!opts.sendInitialEvents) return super.watch(opts);
    const rv = this.rv;
    const initial = [...this.objects.values()];
    const live = super.watch({ ...opts, resourceVersion: String(rv), sendInitialEvents: undefined });
    // Record what the reflector asked for, not the inner call.
    this.watches[this.watches.length - 1]!.opts = opts;
    return (async function* () {
      for (const object of initial) yield { type: "ADDED", object };
      yield {
        type: "BOOKMARK",
        object: {
          metadata: { name: "", resourceVersion: String(rv), annotations: { [INITIAL_EVENTS_END_ANNOTATION]: "true" } } as Obj["metadata"],
        },
      };
      yield* live;
    })();
  }
}

const stops: AbortController[] = [];
afterEach(() => {
  for (const c of stops.splice(0)) c.abort();
});

function start(fake: FakeListWatch, options: ReflectorOptions = {}) {
  const store = newIndexer<Obj>();
  const errors: unknown[] = [];
  const reflector = new Reflector<Obj>(fake, store, {
    backoff: { initialMs: 10, maxMs: 80, jitter: 0 },
    onError: (e) => errors.push(e),
    useWatchList: true,
    ...options,
  });
  const ctl = new AbortController();
  stops.push(ctl);
  void reflector.run(ctl.signal);
  return { store, reflector, errors };
}

describe("Reflector with useWatchList", () => {
  it("syncs from the watch-list's initial events and keeps watching on the same stream, with no list", async () => {
    const fake = new WatchListFake();
    fake.seed(3);
    const { store, reflector } = start(fake);
    await until(() => store.size() === 3 && reflector.lastSyncResourceVersion() === String(fake.rv));
    expect(fake.watches[0]!.opts).toMatchObject({
      resourceVersion: "",
      sendInitialEvents: true,
      resourceVersionMatch: "NotOlderThan",
      allowWatchBookmarks: true,
    });
    fake.create({ metadata: { name: "late", namespace: "default" } });
    await until(() => store.size() === 4);
    expect(fake.lists).toEqual([]);
    expect(fake.watches).toHaveLength(1);
    // The stream ends (a server timeout): the reflector resumes with an ordinary watch.
    fake.closeWatches();
    await until(() => fake.watches.length === 2);
    expect(fake.watches[1]!.opts.sendInitialEvents).toBeUndefined();
    expect(fake.watches[1]!.opts.resourceVersion).toBe(String(fake.rv));
  });

  it("a 410 on the resumed watch syncs again with a watch-list", async () => {
    const fake = new WatchListFake();
    fake.seed(2);
    const { store } = start(fake);
    await until(() => fake.openWatches === 1 && store.size() === 2);
    fake.closeWatches();
    fake.create({ metadata: { name: "during", namespace: "default" } });
    fake.compact();
    fake.goneMode = "event";
    await until(() => store.size() === 3 && fake.openWatches === 1);
    expect(fake.watches.filter((w) => w.opts.sendInitialEvents).length).toBe(2);
    expect(fake.lists).toEqual([]);
  });

  it("falls back to list and watch, for good, when the server refuses the watch-list with a 4xx", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    fake.watchErrors.push(statusError(422, "Invalid", "sendInitialEvents is forbidden"));
    const { store, errors } = start(fake);
    await until(() => store.size() === 2 && fake.openWatches === 1);
    expect(fake.lists).toHaveLength(1);
    expect(errors).toHaveLength(1);
    fake.closeWatches();
    await until(() => fake.watches.length === 3);
    expect(fake.watches.map((w) => w.opts.sendInitialEvents)).toEqual([true, undefined, undefined]);
  });

  it("falls back when the server ignores sendInitialEvents (changes before the end bookmark)", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    fake.update({ metadata: { name: "o00000", namespace: "default" }, data: "changed" });
    const { store } = start(fake);
    await until(() => store.size() === 2 && fake.lists.length === 1 && fake.openWatches === 1);
    expect(store.getByKey("default/o00000")!.data).toBe("changed");
    expect(fake.watches[1]!.opts.sendInitialEvents).toBeUndefined();
  });

  it("falls back when the watch-list goes silent before its end bookmark", async () => {
    const fake = new FakeListWatch();
    fake.seed(2);
    const { store } = start(fake, { watchTimeoutMs: 100 });
    await until(() => store.size() === 2 && fake.lists.length === 1, 5000, "fallback list");
  });
});
