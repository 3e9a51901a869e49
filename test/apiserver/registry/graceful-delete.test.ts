/**
 * Graceful deletion of Pods in the generic store, as upstream 1.34's BeforeDelete and the Pod
 * strategy's CheckGracefulDelete: a scheduled Pod is marked (deletionTimestamp now + grace) and
 * kept; later deletes may only shorten the period; grace 0 (or an unscheduled or terminal Pod)
 * marks and removes it at once; other kinds are deleted at once as before.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { beforeDelete } from "../../../apiserver/registry/graceful-delete.js";
import { podGracePeriod, podStatusStrategy, podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { cm, ctx, statusOf, storeFor, summary, take, utf8 } from "./helpers.js";

const T0 = new Date("2026-01-02T03:04:05Z");

function pod(name: string, spec: Record<string, unknown> = {}, extra: Partial<KubeObject> = {}): KubeObject {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name },
    spec: { containers: [{ name: "c", image: "x" }], nodeName: "n1", ...spec },
    ...extra,
  };
}

function setup(now = () => T0) {
  const storage = new MemoryStorage();
  const pods = storeFor(storage, "", "pods", { watchCache: false, now });
  return { storage, pods };
}

describe("the Pod strategy's grace period (CheckGracefulDelete)", () => {
  it("takes the option, else terminationGracePeriodSeconds, else 0", () => {
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }), 5)).toBe(5);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }), undefined)).toBe(30);
    expect(podGracePeriod(pod("a"), undefined)).toBe(0);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }), 0)).toBe(0);
  });

  it("is 0 for a Pod with no node or in a terminal phase, 1 for a negative period", () => {
    expect(podGracePeriod(pod("a", { nodeName: undefined, terminationGracePeriodSeconds: 30 }), undefined)).toBe(0);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }, { status: { phase: "Failed" } }), 10)).toBe(0);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }, { status: { phase: "Succeeded" } }), 10)).toBe(0);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: 30 }, { status: { phase: "Running" } }), 10)).toBe(10);
    expect(podGracePeriod(pod("a", { terminationGracePeriodSeconds: -5 }), undefined)).toBe(1);
  });
});

describe("beforeDelete", () => {
  it("marks a first graceful delete: deadline, period, next generation", () => {
    const p = pod("a", { terminationGracePeriodSeconds: 30 });
    p.metadata!.generation = 1;
    const grace: { seconds?: number } = {};
    expect(beforeDelete(podStrategy, p, grace, T0)).toEqual({ graceful: true, pending: false });
    expect(grace.seconds).toBe(30);
    expect(p.metadata).toMatchObject({ deletionTimestamp: "2026-01-02T03:04:35Z", deletionGracePeriodSeconds: 30, generation: 2 });
  });

  it("on a marked object: only a shorter period changes it, from the original start", () => {
    const marked = () =>
      pod("a", {}, { metadata: { name: "a", deletionTimestamp: "2026-01-02T03:04:35Z", deletionGracePeriodSeconds: 30 } });
    const longer = marked();
    const g1: { seconds?: number } = { seconds: 60 };
    expect(beforeDelete(podStrategy, longer, g1, T0)).toEqual({ graceful: false, pending: true });
    expect(longer.metadata?.deletionTimestamp).toBe("2026-01-02T03:04:35Z");
    const unset: { seconds?: number } = {};
    expect(beforeDelete(podStrategy, marked(), unset, T0)).toEqual({ graceful: false, pending: true });
    expect(unset.seconds).toBe(30);
    const shorter = marked();
    expect(beforeDelete(podStrategy, shorter, { seconds: 10 }, T0)).toEqual({ graceful: true, pending: false });
    expect(shorter.metadata).toMatchObject({ deletionTimestamp: "2026-01-02T03:04:15Z", deletionGracePeriodSeconds: 10 });
  });

  it("a mark with grace 0 (or none) means delete now; kinds without the hook are never graceful", () => {
    const zero = pod("a", {}, { metadata: { name: "a", deletionTimestamp: "2026-01-02T03:04:05Z", deletionGracePeriodSeconds: 0 } });
    expect(beforeDelete(podStrategy, zero, { seconds: 30 }, T0)).toEqual({ graceful: false, pending: false });
    expect(beforeDelete({}, cm("x"), { seconds: 30 }, T0)).toEqual({ graceful: false, pending: false });
  });
});

describe("graceful deletion of Pods in the store", () => {
  it("a scheduled Pod is marked and returned; the watch sees MODIFIED; a longer period changes nothing", async () => {
    const { pods } = setup();
    const created = await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }));
    const events = pods.watch(ctx("default"), { resourceVersion: created.metadata?.resourceVersion });
    const res = await pods.delete(ctx("default"), "a", {});
    expect(res.deleted).toBe(false);
    expect(res.object.kind).toBe("Pod");
    expect(res.object.metadata).toMatchObject({ deletionTimestamp: "2026-01-02T03:04:35Z", deletionGracePeriodSeconds: 30, generation: 2 });
    const rv = res.object.metadata?.resourceVersion;
    const again = await pods.delete(ctx("default"), "a", { gracePeriodSeconds: 60 });
    expect(again.deleted).toBe(false);
    expect(again.object.metadata).toMatchObject({ resourceVersion: rv, deletionGracePeriodSeconds: 30 });
    const seen = await take(events, 1);
    expect(summary(seen)).toEqual(["MODIFIED a"]);
    expect(seen[0]!.object.metadata?.resourceVersion).toBe(rv);
    expect((await pods.get(ctx("default"), "a")).metadata?.resourceVersion).toBe(rv);
  });

  it("a shorter period moves the deadline; grace 0 marks and deletes (MODIFIED then DELETED)", async () => {
    const { pods } = setup();
    await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }));
    await pods.delete(ctx("default"), "a", {});
    const shorter = await pods.delete(ctx("default"), "a", { gracePeriodSeconds: 5 });
    expect(shorter.object.metadata).toMatchObject({ deletionTimestamp: "2026-01-02T03:04:10Z", deletionGracePeriodSeconds: 5 });
    const events = pods.watch(ctx("default"), { resourceVersion: shorter.object.metadata?.resourceVersion });
    const forced = await pods.delete(ctx("default"), "a", { gracePeriodSeconds: 0 });
    expect(forced.deleted).toBe(true);
    expect(forced.object.metadata).toMatchObject({ deletionGracePeriodSeconds: 0, deletionTimestamp: "2026-01-02T03:04:05Z" });
    const seen = await take(events, 2);
    expect(summary(seen)).toEqual(["MODIFIED a", "DELETED a"]);
    expect(seen[0]!.object.metadata?.deletionGracePeriodSeconds).toBe(0);
    expect((await statusOf(pods.get(ctx("default"), "a"))).code).toBe(404);
  });

  it("an unscheduled Pod goes at once, after its mark", async () => {
    const { pods } = setup();
    const created = await pods.create(ctx("default"), pod("a", { nodeName: undefined, terminationGracePeriodSeconds: 30 }));
    const events = pods.watch(ctx("default"), { resourceVersion: created.metadata?.resourceVersion });
    const res = await pods.delete(ctx("default"), "a", {});
    expect(res.deleted).toBe(true);
    expect(res.object.metadata).toMatchObject({ deletionGracePeriodSeconds: 0 });
    expect(summary(await take(events, 2))).toEqual(["MODIFIED a", "DELETED a"]);
  });

  it("a terminal Pod goes at once", async () => {
    const { pods } = setup();
    await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }));
    await pods.patchWith(ctx("default"), "a", "merge", utf8({ status: { phase: "Succeeded" } }), {}, podStatusStrategy, "status");
    expect((await pods.delete(ctx("default"), "a", {})).deleted).toBe(true);
  });

  it("finalizers hold a Pod whatever the grace; the grace-0 mark stays", async () => {
    const { pods } = setup();
    await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }, { metadata: { name: "a", finalizers: ["x/y"] } }));
    const first = await pods.delete(ctx("default"), "a", {});
    expect(first).toMatchObject({ deleted: false, object: { metadata: { deletionGracePeriodSeconds: 30 } } });
    const forced = await pods.delete(ctx("default"), "a", { gracePeriodSeconds: 0 });
    expect(forced).toMatchObject({ deleted: false, object: { metadata: { deletionGracePeriodSeconds: 0, finalizers: ["x/y"] } } });
    await pods.patch(ctx("default"), "a", "merge", utf8({ metadata: { finalizers: null } }));
    expect((await statusOf(pods.get(ctx("default"), "a"))).code).toBe(404);
  });

  it("preconditions hold on the first look and the forced delete follows its own mark", async () => {
    const { pods } = setup();
    const created = await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }));
    const bad = await statusOf(pods.delete(ctx("default"), "a", { preconditions: { uid: "nope" } }));
    expect(bad.code).toBe(409);
    const rv = created.metadata?.resourceVersion;
    const res = await pods.delete(ctx("default"), "a", { gracePeriodSeconds: 0, preconditions: { resourceVersion: rv } });
    expect(res.deleted).toBe(true);
  });

  it("a dry run writes nothing", async () => {
    const { pods } = setup();
    const created = await pods.create(ctx("default"), pod("a", { terminationGracePeriodSeconds: 30 }));
    const res = await pods.delete(ctx("default"), "a", { dryRun: true });
    expect(res).toMatchObject({ deleted: false, object: { metadata: { deletionGracePeriodSeconds: 30 } } });
    const forced = await pods.delete(ctx("default"), "a", { dryRun: true, gracePeriodSeconds: 0 });
    expect(forced.deleted).toBe(true);
    const stored = await pods.get(ctx("default"), "a");
    expect(stored.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
    expect(stored.metadata?.deletionTimestamp).toBeUndefined();
  });

  it("deletecollection marks scheduled Pods and removes unscheduled ones", async () => {
    const { pods } = setup();
    await pods.create(ctx("default"), pod("on-node", { terminationGracePeriodSeconds: 30 }));
    await pods.create(ctx("default"), pod("pending", { nodeName: undefined }));
    await pods.deleteCollection(ctx("default"), {}, {});
    const left = await pods.list(ctx("default"), {});
    expect(left.items.map((p) => p.metadata?.name)).toEqual(["on-node"]);
    expect(left.items[0]!.metadata?.deletionGracePeriodSeconds).toBe(30);
  });

  it("other kinds are deleted at once and answer a Success Status", async () => {
    const storage = new MemoryStorage();
    const configmaps = storeFor(storage, "", "configmaps", { watchCache: false });
    await configmaps.create(ctx("default"), cm("a"));
    const res = await configmaps.delete(ctx("default"), "a", { gracePeriodSeconds: 30 });
    expect(res.deleted).toBe(true);
    expect(res.object).toMatchObject({ kind: "Status", status: "Success" });
  });
});
