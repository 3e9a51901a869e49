/**
 * The watch cache's lazy decoding: values written by someone else (another apiserver worker,
 * here the storage directly) are kept as bytes and decoded on first use, once; what a get, a
 * list, a selector or a watch replaying old events then sees equals the eager decode.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import type { KeyValue } from "../../../apiserver/storage/interface.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { LazyObject } from "../../../apiserver/registry/cacher/lazy-object.js";
import { isShared, sharedEncoding } from "../../../apiserver/registry/cacher/shared-encoding.js";
import { until } from "../../support/wait.js";
import { ctx, storeFor, summary, take } from "./helpers.js";

const ROOT = "/registry/core/configmaps/default/";

function setup() {
  const storage = new MemoryStorage();
  const configmaps = storeFor(storage, "", "configmaps", { watchCache: true });
  const cacher = configmaps.cacher!;
  const object = (name: string, labels: Record<string, string>, v: string): KubeObject => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace: "default", uid: `uid-${name}`, creationTimestamp: "2026-01-01T00:00:00Z", labels },
    data: { v },
  });
  /** Writes as another worker would: the bytes only, nothing decoded in this process. */
  const put = async (name: string, labels: Record<string, string>, v: string): Promise<KeyValue> => {
    const kv = await storage.guaranteedUpdate(ROOT + name, () => Promise.resolve(configmaps.encode(object(name, labels, v))), {
      ignoreNotFound: true,
    });
    await until(() => cacher.revision >= kv.modRevision);
    return kv;
  };
  const remove = async (name: string): Promise<KeyValue> => {
    const kv = await storage.delete(ROOT + name);
    const rev = await storage.currentRevision();
    await until(() => cacher.revision >= rev);
    return kv;
  };
  return { storage, configmaps, cacher, put, remove };
}

describe("lazy decoding in the watch cache", () => {
  it("decodes an object on first use only, once, into what the eager decode gives", async () => {
    const { storage, configmaps, cacher, put } = setup();
    await until(() => cacher.ready);
    const decode = vi.spyOn(configmaps.codec, "decode");
    const kvs = [await put("a", { app: "web" }, "1"), await put("b", { app: "db" }, "1"), await put("a", { app: "web" }, "2")];
    // Nobody read or watched: nothing was decoded.
    expect(decode).not.toHaveBeenCalled();
    const a = cacher.get(ROOT + "a")!;
    expect(decode).toHaveBeenCalledTimes(1);
    expect(a).toEqual(configmaps.decode(kvs[2]!));
    expect(a.metadata?.resourceVersion).toBe(String(kvs[2]!.modRevision));
    expect(isShared(a)).toBe(true);
    decode.mockClear();
    // Decoded once and kept: the same object, for the store's reads too.
    expect(cacher.get(ROOT + "a")).toBe(a);
    expect(await configmaps.get(ctx("default"), "a", { resourceVersion: "0" })).toBe(a);
    const list = await configmaps.list(ctx("default"), { resourceVersion: "0" });
    expect(list.items[0]).toBe(a);
    expect(list.items[1]).toEqual(configmaps.decode(kvs[1]!));
    // Only b was decoded by the list (and once more by the expectation above).
    expect(decode).toHaveBeenCalledTimes(2);
    // A list from storage takes the cache's objects at the same revision.
    decode.mockClear();
    const fromStorage = await configmaps.list(ctx("default"), {
      resourceVersion: String(kvs[2]!.modRevision),
      resourceVersionMatch: "Exact",
    });
    expect(fromStorage.items[0]).toBe(a);
    expect(decode).not.toHaveBeenCalled();
    // The state the cache started from (its first list) is lazy as well.
    const second = storeFor(storage, "", "configmaps", { watchCache: true });
    await until(() => second.cacher!.ready);
    const decode2 = vi.spyOn(second.codec, "decode");
    expect(second.cacher!.get(ROOT + "b")).toEqual(configmaps.decode(kvs[1]!));
    expect(decode2).toHaveBeenCalledTimes(1);
    configmaps.stopWatchCache();
    second.stopWatchCache();
  });

  it("answers label and field selectors over lazily held objects", async () => {
    const { configmaps, cacher, put } = setup();
    await until(() => cacher.ready);
    await put("a", { app: "web" }, "1");
    await put("b", { app: "db" }, "1");
    await put("c", { app: "web" }, "1");
    const web = await configmaps.list(ctx("default"), { resourceVersion: "0", labelSelector: "app=web" });
    expect(web.items.map((o) => o.metadata?.name)).toEqual(["a", "c"]);
    const named = await configmaps.list(ctx("default"), { resourceVersion: "0", fieldSelector: "metadata.name=b" });
    expect(named.items.map((o) => o.metadata?.labels)).toEqual([{ app: "db" }]);
    // A watcher's selector sees objects that arrive as bytes, and one leaving it as DELETED in its previous state.
    const watch = take(configmaps.watch(ctx("default"), { resourceVersion: String(cacher.revision), labelSelector: "app=web" }), 3, 2000);
    await new Promise((r) => setTimeout(r, 5));
    const d = await put("d", { app: "web" }, "1");
    await put("e", { app: "db" }, "1");
    await put("a", { app: "db" }, "2");
    const c2 = await put("c", { app: "web" }, "2");
    const events = await watch;
    expect(summary(events)).toEqual(["ADDED d", "DELETED a", "MODIFIED c"]);
    expect(events[0]!.object).toEqual(configmaps.decode(d));
    expect(events[1]!.object.metadata?.labels).toEqual({ app: "web" });
    expect(events[1]!.object.data).toEqual({ v: "1" });
    expect(events[2]!.object).toEqual(configmaps.decode(c2));
    configmaps.stopWatchCache();
  });

  it("replays a watch from an old revision with the objects of each event, decoded then", async () => {
    const { configmaps, cacher, put, remove } = setup();
    await until(() => cacher.ready);
    const start = cacher.revision;
    const a1 = await put("a", { app: "web" }, "1");
    const a2 = await put("a", { app: "web" }, "2");
    const b1 = await put("b", { app: "db" }, "1");
    await remove("a");
    const deletedAt = cacher.revision;
    const decode = vi.spyOn(configmaps.codec, "decode");
    expect(cacher.get(ROOT + "a")).toBeUndefined();
    expect(decode).not.toHaveBeenCalled();
    const all = await take(configmaps.watch(ctx("default"), { resourceVersion: String(start) }), 4, 2000);
    expect(summary(all)).toEqual(["ADDED a", "MODIFIED a", "ADDED b", "DELETED a"]);
    expect(all.map((e) => e.object.metadata?.resourceVersion)).toEqual(
      [a1, a2, b1].map((kv) => String(kv.modRevision)).concat(String(deletedAt)),
    );
    expect(all[0]!.object).toEqual(configmaps.decode(a1));
    expect(all[1]!.object).toEqual(configmaps.decode(a2));
    expect(all[2]!.object).toEqual(configmaps.decode(b1));
    // The DELETED object is the last state, at the delete's revision.
    expect(all[3]!.object).toEqual({
      ...configmaps.decode(a2),
      metadata: { ...configmaps.decode(a2).metadata, resourceVersion: String(deletedAt) },
    });
    // A second replay, with a selector, reuses what the first decoded.
    decode.mockClear();
    const web = await take(configmaps.watch(ctx("default"), { resourceVersion: String(start), labelSelector: "app=web" }), 3, 2000);
    expect(summary(web)).toEqual(["ADDED a", "MODIFIED a", "DELETED a"]);
    expect(web[1]!.object).toBe(all[1]!.object);
    expect(decode).not.toHaveBeenCalled();
    configmaps.stopWatchCache();
  });
});

describe("lazy decoding, property", () => {
  const name = fc.constantFrom("a", "b", "c", "d");
  const text = fc.string({ maxLength: 12 });
  const labels = fc.dictionary(fc.constantFrom("app", "tier", "x.io/k"), fc.stringMatching(/^[a-z0-9]{0,8}$/), { maxKeys: 3 });
  const op = fc.oneof(
    fc.record({
      kind: fc.constant("put" as const),
      name,
      labels,
      data: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), text, { maxKeys: 4 }),
    }),
    fc.record({ kind: fc.constant("delete" as const), name }),
  );

  it("gives, for any sequence of writes by another process, the objects the eager decode gives", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const storage = new MemoryStorage();
        const configmaps = storeFor(storage, "", "configmaps", { watchCache: true });
        const cacher = configmaps.cacher!;
        await until(() => cacher.ready);
        const start = cacher.revision;
        try {
          for (const o of ops) {
            if (o.kind === "put") {
              const obj: KubeObject = {
                apiVersion: "v1",
                kind: "ConfigMap",
                metadata: { name: o.name, namespace: "default", uid: `uid-${o.name}`, labels: o.labels },
                data: o.data,
              };
              await storage.guaranteedUpdate(ROOT + o.name, () => Promise.resolve(configmaps.encode(obj)), { ignoreNotFound: true });
            } else if (await storage.get(ROOT + o.name)) {
              await storage.delete(ROOT + o.name);
            }
          }
          const rev = await storage.currentRevision();
          await until(() => cacher.revision >= rev);
          // What storage holds now, decoded eagerly, against the cache's lazily decoded objects.
          const stored = (await storage.list({ prefix: ROOT })).items;
          const eager = stored.map((kv) => configmaps.decode(kv));
          for (const kv of stored) expect(cacher.get(kv.key)).toEqual(configmaps.decode(kv));
          expect(cacher.list(ROOT, undefined).items).toEqual(eager);
          // A watch replaying the window sees each event's object as the eager decode of its value.
          const history: KubeObject[] = [];
          let events = 0;
          if (rev > start) {
            for await (const ev of storage.watch({ prefix: ROOT, afterRevision: start, signal: AbortSignal.timeout(2000) })) {
              events++;
              if (ev.type === "PUT") history.push(configmaps.decode(ev.kv));
              if (ev.revision >= rev) break;
            }
          }
          const replay = await take(configmaps.watch(ctx("default"), { resourceVersion: String(start) }), events, 2000);
          expect(replay).toHaveLength(events);
          expect(replay.filter((e) => e.type !== "DELETED").map((e) => e.object)).toEqual(history);
        } finally {
          configmaps.stopWatchCache();
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("LazyObject", () => {
  const kv = (v: string, rev: number): KeyValue => ({
    key: "/k",
    value: new TextEncoder().encode(JSON.stringify({ metadata: { name: "k" }, data: { v } })),
    createRevision: rev,
    modRevision: rev,
  });
  const decode = (value: KeyValue, rv: number): KubeObject => {
    const o = JSON.parse(Buffer.from(value.value).toString()) as KubeObject;
    return { ...o, metadata: { ...o.metadata, resourceVersion: String(rv) } };
  };

  it("restates another object at a revision, decoding it through that object, once", () => {
    let calls = 0;
    const counting = (value: KeyValue, rv: number) => (calls++, decode(value, rv));
    const base = LazyObject.fromValue(kv("1", 3), 3, counting);
    const deleted = LazyObject.atRevision(base, 5);
    expect(base.decoded).toBe(false);
    expect(deleted.get()).toEqual({ metadata: { name: "k", resourceVersion: "5" }, data: { v: "1" } });
    expect(base.get().metadata?.resourceVersion).toBe("3");
    expect(deleted.get().data).toBe(base.get().data);
    expect(calls).toBe(1);
  });

  it("keeps no encodings once released, whether it was decoded before or after", () => {
    let calls = 0;
    const encode = (o: object) => (calls++, JSON.stringify(o));
    const early = LazyObject.fromValue(kv("1", 1), 1, decode);
    const before = early.get();
    sharedEncoding(before, "json", encode);
    sharedEncoding(before, "json", encode);
    expect(calls).toBe(1);
    early.release();
    sharedEncoding(before, "json", encode);
    expect(calls).toBe(2);
    const late = LazyObject.fromValue(kv("2", 2), 2, decode);
    late.release();
    const after = late.get();
    expect(isShared(after)).toBe(true);
    sharedEncoding(after, "json", encode);
    sharedEncoding(after, "json", encode);
    expect(calls).toBe(4);
  });
});
