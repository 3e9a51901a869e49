/**
 * The controller-manager against a real apiserver started in this process (SQLite in a temp
 * dir, a free port): the namespace controller empties a namespace of every built-in kind
 * (its Service's cluster IP is released), explains with its conditions why it waits for an object with a finalizer, and lets the
 * namespace go only once it is empty. Then leader election: of two managers one leads, the
 * other takes over when the leader stops, and a leader whose lease is taken stops and says so.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAPIServer, type RunningAPIServer } from "../../apiserver/server/run.js";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import type { Namespace, NamespaceCondition } from "../../generated/apis/core/v1/index.js";
import { Clientset } from "../../generated/clientset/index.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";
import type { RestConfig } from "../../runtime/rest/config.js";
import { eventually as until } from "../support/wait.js";

let dataDir: string;
let server: RunningAPIServer;
let restConfig: RestConfig;
let cs: Clientset;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-nsctl-"));
  // The kubernetes Service's endpoints are not this test's subject.
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", endpointReconcilerType: "none", log: () => {} });
  restConfig = loadKubeconfig({ path: server.kubeconfig });
  cs = new Clientset(restConfig);
}, 30_000);

afterAll(async () => {
  cs?.restClient.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const condition = (ns: Namespace, type: string): NamespaceCondition | undefined => ns.status?.conditions?.find((c) => c.type === type);

async function gone(name: string): Promise<true | undefined> {
  try {
    await cs.coreV1().namespaces().get(name);
    return undefined;
  } catch (err) {
    if (isNotFound(err)) return true;
    throw err;
  }
}

function manager(identity: string, extra: Partial<ConstructorParameters<typeof ControllerManager>[0]> = {}): ControllerManager {
  return new ControllerManager({
    restConfig,
    identity,
    settings: { namespaceDeletionGracePeriodMs: 0 },
    leaderElection: { leaderElect: false },
    onError: () => {},
    ...extra,
  });
}

describe("namespace controller against a real apiserver", () => {
  it("deletes every kind of content, waits for finalizers with conditions saying so, then the namespace", async () => {
    const m = manager("solo");
    void m.start();
    try {
      await m.whenLeading();
      const ns = "full";
      await cs
        .coreV1()
        .namespaces()
        .create({ metadata: { name: ns } });
      const core = cs.coreV1();
      const rbac = cs.rbacV1();
      for (let i = 0; i < 3; i++) await core.configMaps(ns).create({ metadata: { name: `cm-${i}` }, data: { i: String(i) } });
      await core.configMaps(ns).create({ metadata: { name: "held", finalizers: ["example.com/hold"] } });
      for (let i = 0; i < 2; i++) await core.secrets(ns).create({ metadata: { name: `secret-${i}` }, stringData: { k: "v" } });
      await core.serviceAccounts(ns).create({ metadata: { name: "robot" } });
      await rbac
        .roles(ns)
        .create({ metadata: { name: "reader" }, rules: [{ apiGroups: [""], resources: ["configmaps"], verbs: ["get"] }] });
      await rbac.roleBindings(ns).create({
        metadata: { name: "read" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "reader" },
        subjects: [{ kind: "ServiceAccount", name: "robot", namespace: ns }],
      });
      await core.services(ns).create({ metadata: { name: "web" }, spec: { clusterIP: "10.96.100.100", ports: [{ port: 80 }] } });
      // The IP is taken while the Service lives...
      await expect(
        core.services("default").create({ metadata: { name: "web-twin" }, spec: { clusterIP: "10.96.100.100", ports: [{ port: 80 }] } }),
      ).rejects.toThrow(/already allocated/);

      await core.namespaces().delete(ns);
      // The finalizer holds one ConfigMap; the conditions say what remains and why.
      const waiting = await until("conditions about the held ConfigMap", async () => {
        const cur = await core.namespaces().get(ns);
        return condition(cur, "NamespaceFinalizersRemaining")?.status === "True" ? cur : undefined;
      });
      expect(waiting.status?.phase).toBe("Terminating");
      expect(condition(waiting, "NamespaceFinalizersRemaining")).toMatchObject({
        reason: "SomeFinalizerRemain",
        message: "Some finalizers are remaining: example.com/hold in 1 resource instances",
      });
      expect(condition(waiting, "NamespaceContentRemaining")).toMatchObject({
        status: "True",
        reason: "SomeResourcesRemain",
        message: "Some resources are remaining: configmaps. has 1 resource instances",
      });
      expect(condition(waiting, "NamespaceDeletionDiscoveryFailure")).toMatchObject({ status: "False", reason: "ResourcesDiscovered" });
      expect(condition(waiting, "NamespaceDeletionContentFailure")).toMatchObject({ status: "False", reason: "ContentDeleted" });
      expect(waiting.spec?.finalizers).toEqual(["kubernetes"]);
      // Everything else is gone already.
      expect((await core.configMaps(ns).list()).items.map((c) => c.metadata?.name)).toEqual(["held"]);
      expect((await core.secrets(ns).list()).items).toEqual([]);
      expect((await core.serviceAccounts(ns).list()).items).toEqual([]);
      expect((await core.services(ns).list()).items).toEqual([]);
      expect((await rbac.roles(ns).list()).items).toEqual([]);
      expect((await rbac.roleBindings(ns).list()).items).toEqual([]);
      const held = await core.configMaps(ns).get("held");
      expect(held.metadata?.deletionTimestamp).toBeTruthy();

      // Still there a moment later: the namespace goes only when empty.
      await new Promise((r) => setTimeout(r, 300));
      expect(await gone(ns)).toBeUndefined();

      // Releasing the finalizer lets the object, then the namespace, go (the next pass is at most 8 s away).
      await core.configMaps(ns).update({ ...held, metadata: { ...held.metadata, finalizers: [] } });
      await until("the namespace to be gone", () => gone(ns), 20_000);
      await expect(core.configMaps(ns).get("held")).rejects.toThrow(/not found/);
      // ...and released with the namespace's Services.
      await core
        .services("default")
        .create({ metadata: { name: "web-twin" }, spec: { clusterIP: "10.96.100.100", ports: [{ port: 80 }] } });
      await core.services("default").delete("web-twin");
    } finally {
      await m.stop();
    }
  }, 40_000);
});

describe("controller-manager leader election", () => {
  const fast = { leaderElect: true, leaseDurationMs: 2_000, renewDeadlineMs: 1_500, retryPeriodMs: 200 };
  const holder = async (): Promise<string | undefined> =>
    (await cs.coordinationV1().leases("kube-system").get("kube-controller-manager")).spec?.holderIdentity;

  it("one manager leads; the other takes over when the leader stops, and its controllers work", async () => {
    const a = manager("manager-a", { leaderElection: fast });
    const b = manager("manager-b", { leaderElection: fast });
    void a.start();
    await a.whenLeading();
    void b.start();
    try {
      await new Promise((r) => setTimeout(r, 800));
      expect(a.isLeading()).toBe(true);
      expect(b.isLeading()).toBe(false);
      expect(await holder()).toBe("manager-a");

      await a.stop();
      // A stopped leader gives the lease up, so the successor need not wait the lease out.
      expect(await holder()).not.toBe("manager-a");
      await b.whenLeading();
      expect(await holder()).toBe("manager-b");
      expect(b.started).toEqual([
        "namespace-controller",
        "garbage-collector-controller",
        "serviceaccount-controller",
        "root-ca-cert-publisher",
        "resourcequota-controller",
        "clusterrole-aggregation-controller",
        "persistentvolumeclaim-protection-controller",
        "persistentvolume-protection-controller",
        "endpoints-controller",
        "endpointslice-controller",
        "endpointslice-mirroring-controller",
        "pod-garbage-collector-controller",
        "service-cidr-controller",
      ]);

      await cs
        .coreV1()
        .namespaces()
        .create({ metadata: { name: "after-failover" } });
      await cs
        .coreV1()
        .configMaps("after-failover")
        .create({ metadata: { name: "x" } });
      await cs.coreV1().namespaces().delete("after-failover");
      await until("after-failover to be gone", () => gone("after-failover"), 10_000);
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 30_000);

  it("a leader whose lease is taken stops its controllers and reports the loss", async () => {
    let lost = 0;
    const a = manager("manager-c", { leaderElection: fast, onLeadershipLost: () => lost++ });
    void a.start();
    try {
      await a.whenLeading();
      // Take the lease with a merge patch: no resourceVersion, so the leader's renewals cannot
      // make it conflict (the test clientset's rate limiter would widen a get/update window).
      const renewTime = new Date().toISOString().replace("Z", "000Z");
      await cs
        .coordinationV1()
        .leases("kube-system")
        .patch("kube-controller-manager", "application/merge-patch+json", {
          spec: { holderIdentity: "intruder", leaseDurationSeconds: 3600, renewTime },
        });
      await until("leadership to be lost", async () => (lost > 0 ? true : undefined), 5_000);
      expect(a.isLeading()).toBe(false);
    } finally {
      await a.stop();
    }
  }, 20_000);
});
