/**
 * The pod garbage collector against the generated fake clientset, one pass at a time: orphaned
 * Pods go only after their Node's quarantine and a live lookup, patched Failed with upstream's
 * DisruptionTarget condition first; terminating Pods go on a not-ready out-of-service Node and
 * when never scheduled; terminated Pods beyond the threshold go, evicted and oldest first.
 */
import { afterEach, describe, expect, it } from "vitest";
import { byEvictionAndCreation, failedStatusPatch, PodGCController } from "../../controllers/podgc/pod-gc-controller.js";
import type { Node, Pod, PodPhase, Taint } from "../../generated/apis/core/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { until } from "../support/wait.js";

const NOW = new Date("2026-03-04T05:06:07Z");

function pod(
  name: string,
  extra: { nodeName?: string; phase?: PodPhase; deleting?: boolean; created?: string; reason?: string } = {},
): Pod {
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      namespace: "ns",
      uid: `uid-${name}`,
      creationTimestamp: extra.created ?? "2026-01-01T00:00:00Z",
      ...(extra.deleting && { deletionTimestamp: "2026-03-04T05:00:00Z", deletionGracePeriodSeconds: 30 }),
    },
    spec: { containers: [{ name: "c", image: "x" }], ...(extra.nodeName && { nodeName: extra.nodeName }) },
    status: { phase: extra.phase ?? "Running", ...(extra.reason && { reason: extra.reason }) },
  };
}

function node(name: string, ready: boolean, taints: Taint[] = []): Node {
  return {
    apiVersion: "v1",
    kind: "Node",
    metadata: { name },
    spec: { taints },
    status: { conditions: [{ type: "Ready", status: ready ? "True" : "False" }] },
  };
}

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function setup(objects: (Pod | Node)[], threshold = 12_500, quarantineMs = 0) {
  const cs = new FakeClientset(...objects);
  const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
  const errors: unknown[] = [];
  const gc = new PodGCController({
    pods: factory.coreV1().pods(),
    nodes: factory.coreV1().nodes(),
    client: cs,
    terminatedPodThreshold: threshold,
    quarantineMs,
    onError: (e) => errors.push(e),
    now: () => NOW,
  });
  const ctl = new AbortController();
  factory.start(ctl.signal);
  stops.push(async () => {
    ctl.abort();
    gc.nodeQueue.shutDown();
    await factory.shutdown();
  });
  await until(() => factory.coreV1().pods().informer().hasSynced() && factory.coreV1().nodes().informer().hasSynced());
  const deleted = () =>
    cs
      .actions()
      .filter((a) => a.verb === "delete" && a.resource.resource === "pods")
      .map((a) => a.name);
  const patches = () => cs.actions().filter((a) => a.verb === "patch" && a.resource.resource === "pods");
  return { cs, gc, errors, deleted, patches };
}

describe("pod garbage collector", () => {
  it("orphaned Pods: quarantined, then looked up, patched Failed with DisruptionTarget and deleted with grace 0", async () => {
    const { cs, gc, errors, deleted, patches } = await setup(
      [pod("lost", { nodeName: "gone" }), pod("kept", { nodeName: "here" }), node("here", true)],
      12_500,
      300,
    );
    await gc.gc();
    // Still in quarantine: nothing looked up, nothing deleted.
    expect(deleted()).toEqual([]);
    expect(cs.actions().filter((a) => a.verb === "get" && a.resource.resource === "nodes")).toEqual([]);
    await new Promise((r) => setTimeout(r, 350));
    await gc.gc();
    expect(
      cs
        .actions()
        .filter((a) => a.verb === "get" && a.resource.resource === "nodes")
        .map((a) => a.name),
    ).toEqual(["gone"]);
    expect(deleted()).toEqual(["lost"]);
    const del = cs.actions().find((a) => a.verb === "delete")!;
    expect(del.deleteOptions).toMatchObject({ gracePeriodSeconds: 0 });
    const [patch] = patches();
    expect(patch).toMatchObject({ name: "lost", subresource: "status", patchType: "application/strategic-merge-patch+json" });
    const body = patch!.patch;
    expect(
      typeof body === "string" ? JSON.parse(body) : body instanceof Uint8Array ? JSON.parse(new TextDecoder().decode(body)) : body,
    ).toEqual({
      metadata: { uid: "uid-lost" },
      status: {
        "$setElementOrder/conditions": [{ type: "DisruptionTarget" }],
        conditions: [
          {
            type: "DisruptionTarget",
            status: "True",
            reason: "DeletionByPodGC",
            message: "PodGC: node no longer exists",
            lastProbeTime: null,
            lastTransitionTime: "2026-03-04T05:06:07Z",
          },
        ],
        phase: "Failed",
      },
    });
    expect(errors).toEqual([]);
  });

  it("a Node that the cache misses but the apiserver has keeps its Pods", async () => {
    const { cs, gc, deleted } = await setup([pod("p", { nodeName: "late" })]);
    // Created behind the informer's back (the watch would see it; the lookup must find it first).
    cs.tracker().add(node("late", true));
    await gc.gc();
    expect(deleted()).toEqual([]);
  });

  it("terminating Pods go on a not-ready Node tainted out-of-service; not on a ready one or an untainted one", async () => {
    const oos: Taint[] = [{ key: "node.kubernetes.io/out-of-service", effect: "NoExecute" }];
    const { gc, deleted, patches } = await setup([
      node("down", false, oos),
      node("up", true, oos),
      node("plain", false),
      pod("a", { nodeName: "down", deleting: true }),
      pod("b", { nodeName: "up", deleting: true }),
      pod("c", { nodeName: "plain", deleting: true }),
      pod("d", { nodeName: "down" }),
    ]);
    await gc.gc();
    expect(deleted()).toEqual(["a"]);
    expect(patches().map((p) => p.name)).toEqual(["a"]);
  });

  it("unscheduled terminating Pods go; terminal ones are not patched", async () => {
    const { gc, deleted, patches } = await setup([
      pod("u", { deleting: true }),
      pod("v", { deleting: true, phase: "Succeeded" }),
      pod("w"),
    ]);
    await gc.gc();
    expect(deleted().sort()).toEqual(["u", "v"]);
    expect(patches().map((p) => p.name)).toEqual(["u"]);
  });

  it("terminated Pods beyond the threshold go, evicted first, then the oldest; 0 keeps them all", async () => {
    const objects = [
      pod("old", { nodeName: "n", phase: "Succeeded", created: "2026-01-01T00:00:00Z" }),
      pod("new", { nodeName: "n", phase: "Failed", created: "2026-02-01T00:00:00Z" }),
      pod("evicted", { nodeName: "n", phase: "Failed", reason: "Evicted", created: "2026-03-01T00:00:00Z" }),
      pod("running", { nodeName: "n", created: "2025-01-01T00:00:00Z" }),
      node("n", true),
    ];
    const { gc, deleted, patches } = await setup(objects, 1);
    await gc.gc();
    expect(deleted().sort()).toEqual(["evicted", "old"]);
    expect(patches()).toEqual([]);
    const off = await setup(objects, 0);
    await off.gc.gc();
    expect(off.deleted()).toEqual([]);
  });

  it("orders by eviction, creation, name; the status patch keeps an unchanged condition out", () => {
    const ordered = [
      pod("b", { created: "2026-01-01T00:00:00Z" }),
      pod("a", { created: "2026-01-01T00:00:00Z" }),
      pod("z", { phase: "Failed", reason: "Evicted", created: "2026-05-01T00:00:00Z" }),
    ].sort(byEvictionAndCreation);
    expect(ordered.map((p) => p.metadata?.name)).toEqual(["z", "a", "b"]);
    const cond = { type: "DisruptionTarget", status: "True", reason: "R", message: "M", lastTransitionTime: "2026-01-01T00:00:00Z" };
    const p = pod("x");
    p.status!.conditions = [{ ...cond }];
    expect(failedStatusPatch(p, { ...cond, lastTransitionTime: "2026-09-09T00:00:00Z" })).toEqual({
      metadata: { uid: "uid-x" },
      status: { phase: "Failed" },
    });
  });
});
