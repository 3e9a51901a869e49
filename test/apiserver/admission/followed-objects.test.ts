/**
 * The admission plugins' in-memory classes: filled by following a storage (list, then watch),
 * read without a storage call once synced, falling back to storage for a name not seen yet, and
 * ended with the server's stop signal.
 */
import { describe, expect, it, vi } from "vitest";
import { followSource, type ListWatchSource } from "../../../runtime/cache/follow.js";
import { FollowedObjects } from "../../../apiserver/admission/followed-objects.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

type Event = { type: string; object: KubeObject };

/** A storage with one watch channel: `emit` sends an event to the open watch. */
function fakeStorage(initial: KubeObject[]) {
  const state = { lists: 0, gets: 0, openWatches: 0 };
  let push: ((e: Event) => void) | undefined;
  const source: ListWatchSource<AbortSignal, KubeObject> = {
    list: () => {
      state.lists++;
      return Promise.resolve({ items: initial, metadata: { resourceVersion: "1" } });
    },
    async *watch(signal) {
      state.openWatches++;
      const queue: Event[] = [];
      let wake: (() => void) | undefined;
      push = (e) => {
        queue.push(e);
        wake?.();
      };
      const aborted = new Promise<void>((r) => signal.addEventListener("abort", () => r(), { once: true }));
      try {
        while (!signal.aborted) {
          if (queue.length === 0) await Promise.race([new Promise<void>((r) => (wake = r)), aborted]);
          while (queue.length > 0) yield queue.shift()!;
        }
      } finally {
        state.openWatches--;
      }
    },
  };
  return { source, state, emit: (e: Event) => push?.(e) };
}

function objectsOver(storage: ReturnType<typeof fakeStorage>, stop: AbortController, items: () => KubeObject[]): AdmissionObjects {
  return {
    get: (_g, _r, _ns, name) => {
      storage.state.gets++;
      return Promise.resolve(items().find((o) => o.metadata?.name === name));
    },
    list: () => Promise.resolve(items()),
    updateStatus: () => Promise.resolve(),
    follow: (_g, _r, handlers) => ({ synced: followSource(storage.source, (s) => s, stop.signal, handlers), signal: stop.signal }),
  };
}

const pc = (name: string, value: number, globalDefault = false): KubeObject => ({
  metadata: { name, resourceVersion: String(value) },
  value,
  globalDefault,
});

describe("FollowedObjects", () => {
  it("lists once, then follows the watch: a new default is seen once the cache has it; stops with the server", async () => {
    const stored = [pc("low", 1)];
    const storage = fakeStorage(stored);
    const stop = new AbortController();
    const cache = new FollowedObjects(
      objectsOver(storage, stop, () => stored),
      "scheduling.k8s.io",
      "priorityclasses",
    );
    const signal = new AbortController().signal;
    const defaultOf = (all: readonly KubeObject[]) => all.find((o) => o.globalDefault === true)?.metadata?.name;

    expect(cache.following).toBe(false);
    expect(await cache.derive("default", defaultOf, signal)).toBeUndefined();
    expect(cache.following).toBe(true);
    expect(await cache.get("low", signal)).toMatchObject({ value: 1 });
    expect(storage.state).toMatchObject({ lists: 1, gets: 0 });
    await vi.waitFor(() => expect(storage.state.openWatches).toBe(1));

    storage.emit({ type: "ADDED", object: pc("fallback", 5, true) });
    await vi.waitFor(async () => expect(await cache.derive("default", defaultOf, signal)).toBe("fallback"));
    storage.emit({ type: "DELETED", object: pc("fallback", 6, true) });
    await vi.waitFor(async () => expect(await cache.derive("default", defaultOf, signal)).toBeUndefined());
    expect(storage.state.lists).toBe(1);

    // A name the cache has not seen yet is read from storage.
    stored.push(pc("just-made", 9));
    expect(await cache.get("just-made", signal)).toMatchObject({ value: 9 });
    expect(storage.state.gets).toBe(1);

    stop.abort();
    expect(cache.following).toBe(false);
    await vi.waitFor(() => expect(storage.state.openWatches).toBe(0));
    // After the stop, reads go to storage again.
    expect((await cache.list(signal)).map((o) => o.metadata?.name)).toEqual(["low", "just-made"]);
  });

  it("without a follow (fakes, resources that cannot be watched) every read goes to storage", async () => {
    const stored = [pc("a", 1, true)];
    let lists = 0;
    const objects: AdmissionObjects = {
      get: () => Promise.resolve(undefined),
      list: () => {
        lists++;
        return Promise.resolve(stored);
      },
      updateStatus: () => Promise.resolve(),
    };
    const cache = new FollowedObjects(objects, "storage.k8s.io", "storageclasses");
    const signal = new AbortController().signal;
    expect(await cache.derive("n", (all) => all.length, signal)).toBe(1);
    expect(await cache.derive("n", (all) => all.length, signal)).toBe(1);
    expect(lists).toBe(2);
    expect(cache.following).toBe(false);
  });
});
