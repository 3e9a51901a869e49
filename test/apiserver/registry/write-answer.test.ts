/**
 * A write's answer is made from the object written (the codec's canonical form), not by decoding
 * the bytes just stored, and is what decoding them gives: the same JSON as a read of the stored
 * value, for creates, updates, dry runs and deletion marks, through a converting store too, and
 * the watch cache hands watchers that same object.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { buildStore } from "../../../apiserver/registry/builtin.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { KeyValue } from "../../../apiserver/storage/interface.js";
import type { GenericStore } from "../../../apiserver/registry/store.js";
import { ctx, scheme, storeFor, take } from "./helpers.js";

/** A Pod with what the wire changes: lone surrogates, keys out of order, integer-like keys. */
function oddPod(name: string): KubeObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      finalizers: ["example.com/hold"],
      labels: { zone: "b", app: "web", "10": "x", "2": "y" },
      annotations: { note: "lone \ud800 surrogate", "z.example.com/emoji": "\u{1f600}" },
    },
    spec: {
      containers: [
        {
          name: "web",
          image: "registry.example.com/web:1",
          args: ["--a", ""],
          ports: [{ containerPort: 8080 }],
          env: [{ name: "E", value: "" }],
          resources: { requests: { memory: "64Mi", cpu: "100m" } },
          readinessProbe: { httpGet: { path: "/", port: "http" }, periodSeconds: 10 },
        },
      ],
      nodeSelector: {},
      tolerations: [],
    },
  };
}

/** The stored value of `name` as a read decodes it. */
async function readBack(storage: MemoryStorage, store: GenericStore, name: string, namespace?: string): Promise<KubeObject> {
  const kv = await storage.get(store.keyFor(ctx(namespace), name));
  return store.decode(kv!);
}

/** Counts the codec's decodes while `fn` runs. */
async function decodesDuring<T>(store: GenericStore, fn: () => Promise<T>): Promise<{ result: T; decodes: number }> {
  const spy = vi.spyOn(store.codec, "decode");
  try {
    const result = await fn();
    return { result, decodes: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe("a write's answer", () => {
  for (const watchCache of [false, true]) {
    it(`is the stored value as read, without decoding it (watch cache ${watchCache ? "on" : "off"})`, async () => {
      const storage = new MemoryStorage();
      const store = storeFor(storage, "", "pods", { watchCache });
      const created = await decodesDuring(store, () => store.create(ctx("d"), oddPod("p")));
      expect(created.decodes).toBe(0);
      expect(JSON.stringify(created.result)).toBe(JSON.stringify(await readBack(storage, store, "p", "d")));
      expect(created.result.metadata!.annotations!.note).toBe("lone \ufffd surrogate");
      expect(Object.keys(created.result.metadata!.labels!)).toEqual(["2", "10", "app", "zone"]);
      expect(created.result.spec).not.toHaveProperty("nodeSelector");

      const changed = { ...created.result, metadata: { ...created.result.metadata, annotations: { b: "\udc00", a: "" } } };
      const updated = await decodesDuring(store, () => store.update(ctx("d"), "p", changed));
      // One decode: the stored value the update starts from.
      expect(updated.decodes).toBe(1);
      expect(JSON.stringify(updated.result.object)).toBe(JSON.stringify(await readBack(storage, store, "p", "d")));
      expect(JSON.stringify(updated.result.object.metadata!.annotations)).toBe('{"a":"","b":"\ufffd"}');

      // A deletion mark (held by a finalizer) answers the written object too.
      const deleted = await store.delete(ctx("d"), "p");
      expect(deleted.deleted).toBe(false);
      expect(deleted.object.metadata!.deletionTimestamp).toBeDefined();
      expect(JSON.stringify(deleted.object)).toBe(JSON.stringify(await readBack(storage, store, "p", "d")));
      store.stopWatchCache();
    });
  }

  it("of a dry run is what the stored bytes would read as", async () => {
    const storage = new MemoryStorage();
    const store = storeFor(storage, "", "configmaps", { watchCache: false });
    const input: KubeObject = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "c", labels: { b: "1", a: "2" } },
      data: { y: "\ud800", x: "1" },
      binaryData: { blob: "QR==" },
    };
    const dry = await store.create(ctx("d"), structuredClone(input), { dryRun: true });
    const real = await store.create(ctx("d"), structuredClone(input));
    const { resourceVersion: _, ...realMeta } = real.metadata!;
    // Generated fields (uid, creationTimestamp) differ; the rest is as read.
    expect(Object.keys(dry)).toEqual(Object.keys(real));
    expect(dry.binaryData).toEqual({ blob: "QQ==" });
    expect(Object.keys(dry.metadata!)).toEqual(Object.keys(realMeta));
    expect(JSON.stringify(dry.data)).toBe(JSON.stringify(real.data));
    expect(JSON.stringify(dry.metadata!.labels)).toBe('{"a":"2","b":"1"}');
    expect(JSON.stringify(dry.data)).toBe('{"x":"1","y":"\ufffd"}');

    const dryUpdate = await store.update(ctx("d"), "c", { ...real, data: { z: "2" } }, { dryRun: true });
    const codec = store.codec;
    const rv = dryUpdate.object.metadata!.resourceVersion;
    expect(rv).toBe(real.metadata!.resourceVersion);
    // As the bytes of the object would decode at the stored revision.
    const { resourceVersion: _rv, ...stored } = dryUpdate.object.metadata!;
    const kv: KeyValue = {
      key: "",
      value: codec.encode({ ...dryUpdate.object, metadata: stored }),
      createRevision: 1,
      modRevision: Number(rv),
    };
    expect(JSON.stringify(dryUpdate.object)).toBe(JSON.stringify(store.decode(kv)));
  });

  it("through a converting store is the served version of the stored value", async () => {
    const storage = new MemoryStorage();
    const gv = { group: "autoscaling", version: "v1" };
    const info = scheme.resourcesFor(gv).find((r) => r.plural === "horizontalpodautoscalers")!;
    const store = buildStore(storage, scheme, gv, info, { watchCache: false });
    const hpa: KubeObject = {
      apiVersion: "autoscaling/v1",
      kind: "HorizontalPodAutoscaler",
      metadata: { name: "h" },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
        maxReplicas: 5,
        targetCPUUtilizationPercentage: 70,
      },
    };
    const { result, decodes } = await decodesDuring(store, () => store.create(ctx("d"), hpa));
    expect(decodes).toBe(0);
    expect(result.apiVersion).toBe("autoscaling/v1");
    expect(JSON.stringify(result)).toBe(JSON.stringify(await readBack(storage, store, "h", "d")));
  });

  it("is the object the watch cache hands a watcher", async () => {
    const storage = new MemoryStorage();
    const store = storeFor(storage, "", "pods");
    const events = store.watch(ctx("d"), { resourceVersion: "0" });
    const seen = take(events, 1);
    // The cache starts with the first watch, asynchronously: the write is made once it follows
    // storage (a create reaches storage in the same tick now, before a lazy start's list).
    await store.list(ctx("d"), { resourceVersion: "0" });
    const created = await store.create(ctx("d"), oddPod("w"));
    const [event] = await seen;
    expect(event!.object).toBe(created);
    store.stopWatchCache();
  });
});
