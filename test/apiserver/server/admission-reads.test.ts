/**
 * Admission reads other objects from the watch caches, as upstream's plugins read informers: a
 * warm server admits a Pod or a ConfigMap with no read reaching storage and no current-revision
 * request, and the live lookups upstream keeps (a missing object, an empty LimitRange or quota
 * list, a namespace just deleted) still see writes the cache may not have yet.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachedGet, LiveLookups } from "../../../apiserver/server/admission-reads.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

describe("live lookups of empty lists", () => {
  it("share one lookup per key while it runs, keep its answer for the TTL, and forget a failure", async () => {
    let now = 0;
    const live = new LiveLookups(30_000, 2, () => now);
    let calls = 0;
    const answer = (items: KubeObject[]) => () => {
      calls++;
      return Promise.resolve(items);
    };
    const [a, b] = await Promise.all([live.lookup("ns1", answer([])), live.lookup("ns1", answer([{ metadata: { name: "x" } }]))]);
    expect(calls).toBe(1);
    expect(a).toEqual([]);
    expect(b).toBe(a);
    now = 29_999;
    await live.lookup("ns1", answer([]));
    expect(calls).toBe(1);
    now = 30_000;
    expect(await live.lookup("ns1", answer([{ metadata: { name: "y" } }]))).toEqual([{ metadata: { name: "y" } }]);
    expect(calls).toBe(2);

    await expect(live.lookup("bad", () => Promise.reject(new Error("storage down")))).rejects.toThrow("storage down");
    // Let the failure's handler run: the next caller asks again.
    await Promise.resolve();
    expect(await live.lookup("bad", answer([]))).toEqual([]);
    expect(calls).toBe(3);

    // Bounded: past two keys the oldest goes.
    await live.lookup("ns3", answer([]));
    expect(calls).toBe(4);
    await live.lookup("ns1", answer([]));
    expect(calls).toBe(5);
  });
});

describe("cachedGet", () => {
  it("answers from the cache (resourceVersion 0) and reads live only on a miss", async () => {
    const asked: (string | undefined)[] = [];
    const cached = new Set(["in-cache"]);
    const storage = {
      get: (_ctx: unknown, name: string, opts: { resourceVersion?: string }) => {
        asked.push(opts.resourceVersion);
        if (opts.resourceVersion === "0" && !cached.has(name)) return Promise.reject({ status: { code: 404 } });
        if (name === "nowhere") return Promise.reject({ status: { code: 404 } });
        return Promise.resolve({ metadata: { name } });
      },
    } as unknown as RESTStorage;
    const ctx = { user: { name: "system:apiserver", groups: [] }, signal: new AbortController().signal, warnings: [] };
    let liveAsked = 0;
    const live = () => {
      liveAsked++;
      return ctx;
    };
    expect(await cachedGet(storage, ctx, "in-cache", live)).toEqual({ metadata: { name: "in-cache" } });
    expect(asked).toEqual(["0"]);
    expect(liveAsked).toBe(0);
    expect(await cachedGet(storage, ctx, "just-made", live)).toEqual({ metadata: { name: "just-made" } });
    expect(asked).toEqual(["0", "0", undefined]);
    expect(liveAsked).toBe(1);
    expect(await cachedGet(storage, ctx, "nowhere", live)).toBeUndefined();
    expect(await cachedGet(undefined, ctx, "x", live)).toBeUndefined();
  });
});

describe("admission reads on a running server", () => {
  let server: TestAPIServer;
  const call = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);
  const pod = (name: string) => ({
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name },
    spec: { containers: [{ name: "c", image: "busybox" }] },
  });
  const namespace = async (name: string) => {
    expect((await call("POST", "/api/v1/namespaces", { metadata: { name } })).status).toBe(201);
    expect((await call("POST", `/api/v1/namespaces/${name}/serviceaccounts`, { metadata: { name: "default" } })).status).toBe(201);
  };

  beforeAll(async () => {
    server = await startRunningServer();
    await namespace("warm");
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  let seq = 0;
  /** A Pod and a ConfigMap created in the warm namespace. */
  const createPair = async (prefix: string): Promise<void> => {
    const n = seq++;
    expect((await call("POST", "/api/v1/namespaces/warm/pods", pod(`${prefix}${n}`))).status).toBe(201);
    expect((await call("POST", "/api/v1/namespaces/warm/configmaps", { metadata: { name: `${prefix}${n}` } })).status).toBe(201);
  };
  /**
   * How many of `what` the creates of a warm server make: `count` is read around pairs created
   * just after a warming pair. Admission keeps its answers for 1 s (FollowedLists' MAX_AGE_MS),
   * so on a busy machine a pair can legitimately read again; the fewest of a few attempts counts.
   */
  const fewestOnWarm = async (prefix: string, count: () => number): Promise<number> => {
    let fewest = Infinity;
    for (let attempt = 0; attempt < 5 && fewest > 0; attempt++) {
      await createPair(`${prefix}w`);
      const before = count();
      for (let i = 0; i < 3; i++) await createPair(prefix);
      fewest = Math.min(fewest, count() - before);
    }
    return fewest;
  };

  it("admits Pods and ConfigMaps on a warm server with no read reaching storage and no revision request", async () => {
    const storage = server.running.storage;
    let reads = 0;
    const currentRevision = storage.currentRevision.bind(storage);
    const get = storage.get.bind(storage);
    const list = storage.list.bind(storage);
    storage.currentRevision = () => (reads++, currentRevision());
    storage.get = (key) => (reads++, get(key));
    storage.list = (opts) => (reads++, list(opts));
    try {
      expect(await fewestOnWarm("r", () => reads)).toBe(0);
    } finally {
      // The storage's own methods again (the wrappers were own properties over its prototype's).
      delete (storage as Partial<typeof storage>).currentRevision;
      delete (storage as Partial<typeof storage>).get;
      delete (storage as Partial<typeof storage>).list;
    }
  });

  it("admits Pods and ConfigMaps on a warm server without making the request's AbortSignal", async () => {
    // Node makes a controller's signal on first access: count the controllers whose signal is made.
    const desc = Object.getOwnPropertyDescriptor(AbortController.prototype, "signal")!;
    const made = new WeakSet<AbortController>();
    let count = 0;
    Object.defineProperty(AbortController.prototype, "signal", {
      ...desc,
      get(this: AbortController) {
        if (!made.has(this)) {
          made.add(this);
          count++;
        }
        return desc.get!.call(this) as AbortSignal;
      },
    });
    try {
      expect(await fewestOnWarm("s", () => count)).toBe(0);
    } finally {
      Object.defineProperty(AbortController.prototype, "signal", desc);
    }
  });

  it("a LimitRange or a quota made just before the first Pod of a namespace applies to it", async () => {
    await namespace("fresh");
    const limits = { limits: [{ type: "Container", default: { memory: "64Mi" }, defaultRequest: { memory: "32Mi" } }] };
    expect((await call("POST", "/api/v1/namespaces/fresh/limitranges", { metadata: { name: "l" }, spec: limits })).status).toBe(201);
    expect(
      (await call("POST", "/api/v1/namespaces/fresh/resourcequotas", { metadata: { name: "q" }, spec: { hard: { pods: "1" } } })).status,
    ).toBe(201);
    const first = await call("POST", "/api/v1/namespaces/fresh/pods", pod("one"));
    expect(first.status).toBe(201);
    expect(first.body.spec.containers[0].resources).toEqual({ limits: { memory: "64Mi" }, requests: { memory: "32Mi" } });
    const second = await call("POST", "/api/v1/namespaces/fresh/pods", pod("two"));
    expect(second.status).toBe(403);
    expect(second.body.message).toContain("exceeded quota: q");
  });

  it("a namespace deleted through this server is read live: no new content, even before the cache has the delete", async () => {
    await namespace("leaving");
    // Cache and plugin both know it active.
    expect((await call("POST", "/api/v1/namespaces/leaving/configmaps", { metadata: { name: "before" } })).status).toBe(201);
    expect((await call("DELETE", "/api/v1/namespaces/leaving")).status).toBe(200);
    const after = await call("POST", "/api/v1/namespaces/leaving/configmaps", { metadata: { name: "after" } });
    expect(after.status).toBe(403);
    expect(after.body.message).toBe(
      'configmaps "after" is forbidden: unable to create new content in namespace leaving because it is being terminated',
    );
  });
});
