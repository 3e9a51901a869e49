/**
 * The pvc-protection and pv-protection controllers against a real apiserver started in this
 * process (SQLite in a temp dir, StorageObjectInUseProtection on by default): a deleted claim
 * stays Terminating while a scheduled Pod names it and goes once the Pod does; a Pod that is not
 * scheduled holds nothing; an ephemeral volume's claim is held only by the Pod owning it; a claim
 * missing the finalizer gets it back; a claim whose user the cache has not seen yet is kept by
 * the live list. A deleted PersistentVolume goes once it is no longer Bound.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAPIServer, type RunningAPIServer } from "../../apiserver/server/run.js";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import { PVCProtectionController, PVC_PROTECTION_FINALIZER } from "../../controllers/pvcprotection/pvc-protection-controller.js";
import { podIsTerminated, podUsesClaim } from "../../controllers/pvcprotection/pod-claims.js";
import type { PersistentVolumeClaim, Pod } from "../../generated/apis/core/v1/index.js";
import { Clientset } from "../../generated/clientset/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";
import type { RestConfig } from "../../runtime/rest/config.js";
import { eventually } from "../support/wait.js";

let dataDir: string;
let server: RunningAPIServer;
let restConfig: RestConfig;
let cs: Clientset;
let manager: ControllerManager;
const NS = "claims";

const claim = (name: string, extra: Partial<PersistentVolumeClaim["metadata"]> = {}): PersistentVolumeClaim => ({
  metadata: { name, ...extra },
  spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
});
const podUsing = (name: string, claimName: string, nodeName?: string): Pod => ({
  metadata: { name },
  spec: {
    ...(nodeName ? { nodeName } : {}),
    containers: [{ name: "c", image: "busybox" }],
    volumes: [{ name: "data", persistentVolumeClaim: { claimName } }],
  },
});

async function gone(get: () => Promise<unknown>): Promise<true | undefined> {
  try {
    await get();
    return undefined;
  } catch (err) {
    if (isNotFound(err)) return true;
    throw err;
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-pvcprot-"));
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", endpointReconcilerType: "none", log: () => {} });
  restConfig = loadKubeconfig({ path: server.kubeconfig });
  cs = new Clientset(restConfig);
  await cs
    .coreV1()
    .namespaces()
    .create({ metadata: { name: NS } });
  // ServiceAccount admission wants the namespace's default account; its controller is not running here.
  await cs
    .coreV1()
    .serviceAccounts(NS)
    .create({ metadata: { name: "default" } });
  manager = new ControllerManager({
    restConfig,
    identity: "protection",
    controllers: ["pvc-protection", "pv-protection"],
    leaderElection: { leaderElect: false },
    onError: () => {},
  });
  void manager.start();
  await manager.whenLeading();
}, 30_000);

afterAll(async () => {
  await manager?.stop();
  cs?.restClient.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("pvc-protection controller", () => {
  it("starts under upstream's name", () => {
    expect(manager.started).toEqual(["persistentvolumeclaim-protection-controller", "persistentvolume-protection-controller"]);
  });

  it("keeps a deleted claim Terminating while a scheduled Pod uses it, and lets it go with the Pod", async () => {
    const claims = cs.coreV1().persistentVolumeClaims(NS);
    const made = await claims.create(claim("held"));
    expect(made.metadata?.finalizers).toEqual([PVC_PROTECTION_FINALIZER]);
    await cs
      .coreV1()
      .pods(NS)
      .create(podUsing("user", "held", "node-1"));
    await claims.delete("held");
    // A moment later it is still there, deleted but held by the finalizer.
    await new Promise((r) => setTimeout(r, 500));
    const terminating = await claims.get("held");
    expect(terminating.metadata?.deletionTimestamp).toBeTruthy();
    expect(terminating.metadata?.finalizers).toEqual([PVC_PROTECTION_FINALIZER]);
    // No kubelet here: the Pod goes when deleted with grace 0, as the kubelet does once it stopped it.
    await cs.coreV1().pods(NS).delete("user", { gracePeriodSeconds: 0 });
    await eventually("the claim to be gone", () => gone(() => claims.get("held")), 10_000);
  });

  it("lets a claim go whose only Pod is not scheduled", async () => {
    const claims = cs.coreV1().persistentVolumeClaims(NS);
    await claims.create(claim("unscheduled"));
    await cs.coreV1().pods(NS).create(podUsing("pending", "unscheduled"));
    await claims.delete("unscheduled");
    await eventually("the claim to be gone", () => gone(() => claims.get("unscheduled")), 10_000);
    await cs.coreV1().pods(NS).delete("pending");
  });

  it("holds an ephemeral volume's claim only for the Pod that owns it", async () => {
    const pods = cs.coreV1().pods(NS);
    const claims = cs.coreV1().persistentVolumeClaims(NS);
    const pod = await pods.create({
      metadata: { name: "eph" },
      spec: {
        nodeName: "node-1",
        containers: [{ name: "c", image: "busybox" }],
        volumes: [
          {
            name: "scratch",
            ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } } },
          },
        ],
      },
    });
    const owner = { apiVersion: "v1", kind: "Pod", name: "eph", uid: pod.metadata!.uid!, controller: true };
    await claims.create(claim("eph-scratch", { ownerReferences: [owner] }));
    await claims.delete("eph-scratch");
    await new Promise((r) => setTimeout(r, 500));
    expect((await claims.get("eph-scratch")).metadata?.deletionTimestamp).toBeTruthy();
    // The same name not owned by the Pod is not its volume: it goes.
    await pods.create({ ...pod, metadata: { name: "eph2" }, spec: { ...pod.spec!, volumes: pod.spec!.volumes } });
    await claims.create(claim("eph2-scratch"));
    await claims.delete("eph2-scratch");
    await eventually("the unowned claim to be gone", () => gone(() => claims.get("eph2-scratch")), 10_000);
    await pods.delete("eph2", { gracePeriodSeconds: 0 });
    await pods.delete("eph", { gracePeriodSeconds: 0 });
    await eventually("the owned claim to be gone", () => gone(() => claims.get("eph-scratch")), 10_000);
  });

  it("puts the finalizer back on a live claim without it", async () => {
    const claims = cs.coreV1().persistentVolumeClaims(NS);
    const made = await claims.create(claim("bare"));
    await claims.update({ ...made, metadata: { ...made.metadata, finalizers: [] } });
    const back = await eventually("the finalizer to be back", async () => {
      const c = await claims.get("bare");
      return c.metadata?.finalizers?.includes(PVC_PROTECTION_FINALIZER) ? c : undefined;
    });
    expect(back.metadata?.finalizers).toEqual([PVC_PROTECTION_FINALIZER]);
    await claims.delete("bare");
    await eventually("the claim to be gone", () => gone(() => claims.get("bare")), 10_000);
  });

  it("asks the apiserver when the Pod cache shows no user (the cache may lag)", async () => {
    // An informer that never runs: its cache holds only what the test puts there.
    const client = new Clientset(restConfig);
    const factory = new SharedInformerFactory(client);
    const errors: unknown[] = [];
    const controller = new PVCProtectionController({
      claims: factory.coreV1().persistentVolumeClaims(),
      pods: factory.coreV1().pods(),
      client,
      onError: (e) => errors.push(e),
    });
    try {
      const claims = cs.coreV1().persistentVolumeClaims(NS);
      await claims.create(claim("lagging"));
      await cs
        .coreV1()
        .pods(NS)
        .create(podUsing("fresh", "lagging", "node-1"));
      await claims.delete("lagging");
      const deleted = await claims.get("lagging");
      factory.coreV1().persistentVolumeClaims().informer().getIndexer().add(deleted);
      // The cache has no Pod at all; the live list finds "fresh", so the finalizer stays.
      await controller.processClaim(NS, "lagging");
      expect((await claims.get("lagging")).metadata?.finalizers).toEqual([PVC_PROTECTION_FINALIZER]);
      await cs.coreV1().pods(NS).delete("fresh", { gracePeriodSeconds: 0 });
      await eventually("the claim to be gone", () => gone(() => claims.get("lagging")), 10_000);
      expect(errors).toEqual([]);
    } finally {
      controller.queue.shutDown();
      client.restClient.close();
    }
  });
});

describe("pv-protection controller", () => {
  it("keeps a deleted Bound volume, and lets it go once it is Released", async () => {
    const pvs = cs.coreV1().persistentVolumes();
    const pv = await pvs.create({
      metadata: { name: "pv-bound" },
      spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/tmp/pv-bound" } },
    });
    expect(pv.metadata?.finalizers).toEqual(["kubernetes.io/pv-protection"]);
    const bound = await pvs.updateStatus({ ...pv, status: { phase: "Bound" } });
    await pvs.delete("pv-bound");
    await new Promise((r) => setTimeout(r, 500));
    const held = await pvs.get("pv-bound");
    expect(held.metadata?.deletionTimestamp).toBeTruthy();
    expect(bound.status?.phase).toBe("Bound");
    await pvs.updateStatus({ ...held, status: { phase: "Released" } });
    await eventually("the volume to be gone", () => gone(() => pvs.get("pv-bound")), 10_000);
  });

  it("lets an unbound volume go at once", async () => {
    const pvs = cs.coreV1().persistentVolumes();
    await pvs.create({
      metadata: { name: "pv-free" },
      spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/tmp/pv-free" } },
    });
    await pvs.delete("pv-free");
    await eventually("the volume to be gone", () => gone(() => pvs.get("pv-free")), 10_000);
  });
});

describe("which Pods hold a claim (upstream's rules)", () => {
  const c = (name: string, extra: Partial<PersistentVolumeClaim["metadata"]> = {}): PersistentVolumeClaim => ({
    metadata: { name, namespace: "n", ...extra },
  });
  const p = (extra: Partial<Pod> = {}): Pod => ({
    metadata: { name: "p", namespace: "n", uid: "u1" },
    spec: {
      nodeName: "node",
      containers: [],
      volumes: [
        { name: "data", persistentVolumeClaim: { claimName: "named" } },
        { name: "scratch", ephemeral: {} },
      ],
    },
    ...extra,
  });

  it("a named claim is held by a scheduled Pod whatever its phase; an unscheduled Pod holds nothing", () => {
    expect(podUsesClaim(p(), c("named"))).toBe(true);
    expect(podUsesClaim(p({ status: { phase: "Succeeded" } }), c("named"))).toBe(true);
    expect(podUsesClaim(p({ spec: { ...p().spec!, nodeName: undefined } }), c("named"))).toBe(false);
    expect(podUsesClaim(p(), c("other"))).toBe(false);
  });

  it("an ephemeral claim is held while its owner is not shut down", () => {
    const owned = c("p-scratch", { ownerReferences: [{ apiVersion: "v1", kind: "Pod", name: "p", uid: "u1", controller: true }] });
    expect(podUsesClaim(p(), owned)).toBe(true);
    expect(podUsesClaim(p(), c("p-scratch"))).toBe(false);
    const forced = p({ metadata: { ...p().metadata, deletionTimestamp: "2026-01-01T00:00:00Z", deletionGracePeriodSeconds: 0 } });
    expect(podUsesClaim(forced, owned)).toBe(false);
  });

  it("a Pod is terminated when Succeeded or Failed, or deleted with no container running", () => {
    expect(podIsTerminated(p({ status: { phase: "Failed" } }))).toBe(true);
    expect(podIsTerminated(p({ status: { phase: "Running" } }))).toBe(false);
    const deleting = { ...p().metadata, deletionTimestamp: "2026-01-01T00:00:00Z" };
    expect(
      podIsTerminated(p({ metadata: deleting, status: { containerStatuses: [{ name: "c", state: { running: {} } }] as never } })),
    ).toBe(false);
    expect(
      podIsTerminated(
        p({ metadata: deleting, status: { containerStatuses: [{ name: "c", state: { terminated: { exitCode: 0 } } }] as never } }),
      ),
    ).toBe(true);
  });
});
