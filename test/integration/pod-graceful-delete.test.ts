/**
 * Graceful Pod deletion through a real apiserver, and the controllers that finish it: DELETE of
 * a scheduled Pod answers 200 with the Pod, marked; a watch sees MODIFIED, and DELETED only once
 * someone deletes it with grace 0; a later delete may shorten the period, not lengthen it. With
 * the controller-manager running, the pod garbage collector removes (after its status patch)
 * Pods on Nodes that do not exist, and `delete namespace` of a namespace holding such Pods
 * completes once the namespace controller has waited out their grace period.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import type { Pod } from "../../generated/apis/core/v1/index.js";
import { Clientset } from "../../generated/clientset/index.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";
import type { WatchEvent } from "../../runtime/rest/index.js";
import { startRunningServer, type TestAPIServer } from "../support/running-server.js";
import { eventually } from "../support/wait.js";

let server: TestAPIServer;
let cs: Clientset;

const scheduled = (name: string, nodeName: string, grace = 30): Pod => ({
  metadata: { name },
  spec: { nodeName, terminationGracePeriodSeconds: grace, containers: [{ name: "c", image: "busybox" }] },
});

async function serviceAccount(ns: string): Promise<void> {
  // ServiceAccount admission wants the namespace's default account; its controller is not running here.
  await cs
    .coreV1()
    .serviceAccounts(ns)
    .create({ metadata: { name: "default" } });
}

async function gone(get: () => Promise<unknown>): Promise<true | undefined> {
  try {
    await get();
    return undefined;
  } catch (err) {
    if (isNotFound(err)) return true;
    throw err;
  }
}

/** Collects a watch's events (type, deletionGracePeriodSeconds, phase) until `n` arrived. */
async function events(stream: AsyncIterable<WatchEvent<Pod>>, n: number): Promise<string[]> {
  const out: string[] = [];
  for await (const ev of stream) {
    const pod = ev.object as Pod;
    out.push(`${ev.type} ${pod.metadata?.deletionGracePeriodSeconds ?? "-"} ${pod.status?.phase ?? "-"}`);
    if (out.length >= n) break;
  }
  return out;
}

beforeAll(async () => {
  server = await startRunningServer({ endpointReconcilerType: "none" });
  cs = new Clientset(loadKubeconfig({ path: server.running.kubeconfig }));
  await serviceAccount("default");
  await cs
    .coreV1()
    .nodes()
    .create({ metadata: { name: "node-1" } });
}, 60_000);

afterAll(async () => {
  cs?.restClient.close();
  await server?.stop();
});

describe("graceful Pod deletion over REST", () => {
  it("marks a scheduled Pod (200 with the Pod), only shortens, and deletes with grace 0", async () => {
    const created = await cs.coreV1().pods("default").create(scheduled("web", "node-1"));
    const ctl = new AbortController();
    const watched = events(
      cs
        .coreV1()
        .pods("default")
        .watch({ resourceVersion: created.metadata?.resourceVersion, fieldSelector: "metadata.name=web", signal: ctl.signal }),
      4,
    );

    const first = await server.call("DELETE", "/api/v1/namespaces/default/pods/web");
    expect(first.status).toBe(200);
    expect(first.body.kind).toBe("Pod");
    expect(first.body.metadata.deletionGracePeriodSeconds).toBe(30);
    const deadline = Date.parse(first.body.metadata.deletionTimestamp);
    expect(deadline - Date.now()).toBeGreaterThan(25_000);

    // Longer: nothing changes, the Pod as it is comes back.
    const longer = await server.call("DELETE", "/api/v1/namespaces/default/pods/web", { gracePeriodSeconds: 60 });
    expect(longer.status).toBe(200);
    expect(longer.body.metadata).toMatchObject({
      resourceVersion: first.body.metadata.resourceVersion,
      deletionGracePeriodSeconds: 30,
    });

    const shorter = await server.call("DELETE", "/api/v1/namespaces/default/pods/web?gracePeriodSeconds=10");
    expect(shorter.body.metadata.deletionGracePeriodSeconds).toBe(10);
    expect(Date.parse(shorter.body.metadata.deletionTimestamp)).toBe(deadline - 20_000);
    expect((await cs.coreV1().pods("default").get("web")).metadata?.deletionGracePeriodSeconds).toBe(10);

    const forced = await server.call("DELETE", "/api/v1/namespaces/default/pods/web", { gracePeriodSeconds: 0 });
    expect(forced.status).toBe(200);
    expect(forced.body.metadata.deletionGracePeriodSeconds).toBe(0);
    expect(await gone(() => cs.coreV1().pods("default").get("web"))).toBe(true);
    expect(await watched).toEqual(["MODIFIED 30 Pending", "MODIFIED 10 Pending", "MODIFIED 0 Pending", "DELETED 0 Pending"]);
    ctl.abort();
  });

  it("an unscheduled Pod is deleted at once (200 with the Pod)", async () => {
    await cs
      .coreV1()
      .pods("default")
      .create({ metadata: { name: "pending" }, spec: { containers: [{ name: "c", image: "busybox" }] } });
    const res = await server.call("DELETE", "/api/v1/namespaces/default/pods/pending");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "Pod", metadata: { name: "pending", deletionGracePeriodSeconds: 0 } });
    expect(await gone(() => cs.coreV1().pods("default").get("pending"))).toBe(true);
  });
});

describe("with the controller-manager", () => {
  let manager: ControllerManager;

  beforeAll(async () => {
    manager = new ControllerManager({
      restConfig: loadKubeconfig({ path: server.running.kubeconfig }),
      identity: "podgrace",
      controllers: ["podgc", "namespace"],
      settings: { podGCCheckPeriodMs: 200, podGCQuarantineMs: 200, namespaceDeletionGracePeriodMs: 0 },
      leaderElection: { leaderElect: false },
      onError: () => {},
    });
    void manager.start();
    await manager.whenLeading();
  }, 30_000);
  afterAll(async () => {
    await manager?.stop();
  });

  it("starts the pod garbage collector under upstream's name", () => {
    expect(manager.started).toContain("pod-garbage-collector-controller");
  });

  it("collects an orphaned Pod: Failed with DisruptionTarget, then deleted", async () => {
    const created = await cs.coreV1().pods("default").create(scheduled("orphan", "no-such-node"));
    const ctl = new AbortController();
    const watched = cs
      .coreV1()
      .pods("default")
      .watch({ resourceVersion: created.metadata?.resourceVersion, fieldSelector: "metadata.name=orphan", signal: ctl.signal });
    const seen: Pod[] = [];
    for await (const ev of watched) {
      seen.push(ev.object as Pod);
      if (ev.type === "DELETED") break;
    }
    ctl.abort();
    const failed = seen.find((p) => p.status?.phase === "Failed");
    expect(failed?.status?.conditions).toContainEqual(
      expect.objectContaining({
        type: "DisruptionTarget",
        status: "True",
        reason: "DeletionByPodGC",
        message: "PodGC: node no longer exists",
      }),
    );
    expect(seen.at(-1)?.metadata?.deletionGracePeriodSeconds).toBe(0);
  });

  it("a Pod on an existing Node without kubelet stays Terminating", async () => {
    await cs.coreV1().pods("default").create(scheduled("stuck", "node-1"));
    await cs.coreV1().pods("default").delete("stuck");
    await new Promise((r) => setTimeout(r, 800));
    const pod = await cs.coreV1().pods("default").get("stuck");
    expect(pod.metadata?.deletionTimestamp).toBeDefined();
    await cs.coreV1().pods("default").delete("stuck", { gracePeriodSeconds: 0 });
  });

  it("delete namespace with a Pod on a missing Node completes", async () => {
    await cs
      .coreV1()
      .namespaces()
      .create({ metadata: { name: "graceful" } });
    await serviceAccount("graceful");
    await cs
      .coreV1()
      .pods("graceful")
      .create(scheduled("p", "missing-node", 2));
    await cs.coreV1().namespaces().delete("graceful");
    await eventually("namespace graceful to go", () => gone(() => cs.coreV1().namespaces().get("graceful")), 30_000);
  }, 40_000);
});
