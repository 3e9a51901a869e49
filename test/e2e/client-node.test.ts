/**
 * The e2e scenario through @kubernetes/client-node 1.x: CoreV1Api create/read/list/patch/delete on
 * namespaces and configmaps, AppsV1Api and BatchV1Api on Deployments (scale included) and Jobs,
 * and Watch on namespaces and jobs seeing ADDED, against `kubegen apiserver` on
 * SQLite. The client loads DIR/kubeconfig as written by the server (CA and admin client cert).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ApiException,
  AppsV1Api,
  BatchV1Api,
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  Watch,
  type V1Job,
  type V1Namespace,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";

const NS = "node-e2e";

describe("@kubernetes/client-node against kubegen apiserver", () => {
  let dir: string;
  let server: APIServerProcess;
  let kc: KubeConfig;
  let core: CoreV1Api;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-node-"));
    server = await spawnAPIServer(dir);
    kc = new KubeConfig();
    kc.loadFromFile(server.kubeconfig);
    core = kc.makeApiClient(CoreV1Api);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lists the system namespaces", async () => {
    const list = await core.listNamespace();
    expect(list.items.map((n) => n.metadata?.name)).toEqual(expect.arrayContaining(["default", "kube-system", "kube-public"]));
    expect(list.metadata?.resourceVersion).toMatch(/^\d+$/);
  });

  it("Watch on namespaces sees ADDED for a namespace created after it starts", async () => {
    const rv = (await core.listNamespace()).metadata!.resourceVersion!;
    let resolveAdded!: (ns: V1Namespace) => void;
    let rejectAdded!: (err: unknown) => void;
    const added = new Promise<V1Namespace>((resolve, reject) => ((resolveAdded = resolve), (rejectAdded = reject)));
    const timer = setTimeout(() => rejectAdded(new Error("no ADDED event within 10 s")), 10_000);
    const ctl = await new Watch(kc).watch(
      "/api/v1/namespaces",
      { resourceVersion: rv },
      (phase, obj: V1Namespace) => {
        if (phase === "ADDED" && obj.metadata?.name === NS) resolveAdded(obj);
      },
      (err) => err && rejectAdded(err),
    );
    const created = await core.createNamespace({ body: { metadata: { name: NS, labels: { from: "node" } } } });
    expect(created.metadata?.uid).toBeTruthy();
    expect(created.status?.phase).toBe("Active");
    const seen = await added.finally(() => (clearTimeout(timer), ctl.abort()));
    expect(seen.metadata?.uid).toBe(created.metadata?.uid);
  });

  it("reads and patches the namespace (merge patch, JSON patch)", async () => {
    expect((await core.readNamespace({ name: NS })).metadata?.labels?.from).toBe("node");
    const merged = await core.patchNamespace(
      { name: NS, body: { metadata: { labels: { merged: "yes" } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    expect(merged.metadata?.labels).toMatchObject({ from: "node", merged: "yes" });
    const patched = await core.patchNamespace({ name: NS, body: [{ op: "add", path: "/metadata/annotations", value: { note: "hi" } }] });
    expect(patched.metadata?.annotations).toEqual({ note: "hi" });
    const listed = await core.listNamespace({ labelSelector: "merged=yes" });
    expect(listed.items.map((n) => n.metadata?.name)).toEqual([NS]);
  });

  it("creates, reads, lists, patches and deletes configmaps", async () => {
    const cm = await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "cm1" }, data: { k: "v" } } });
    expect(cm.metadata?.namespace).toBe(NS);
    expect((await core.readNamespacedConfigMap({ name: "cm1", namespace: NS })).data).toEqual({ k: "v" });
    const smp = await core.patchNamespacedConfigMap(
      { name: "cm1", namespace: NS, body: { data: { extra: "x" } } },
      setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
    );
    expect(smp.data).toEqual({ k: "v", extra: "x" });
    const jp = await core.patchNamespacedConfigMap({ name: "cm1", namespace: NS, body: [{ op: "replace", path: "/data/k", value: "w" }] });
    expect(jp.data).toEqual({ k: "w", extra: "x" });
    await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "cm2" } } });
    expect((await core.listNamespacedConfigMap({ namespace: NS })).items.map((c) => c.metadata?.name)).toEqual(["cm1", "cm2"]);
    const all = await core.listConfigMapForAllNamespaces({ fieldSelector: `metadata.namespace=${NS}` });
    expect(all.items).toHaveLength(2);

    await expect(core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "cm1" } } })).rejects.toMatchObject({
      code: 409,
    });
    await core.deleteNamespacedConfigMap({ name: "cm1", namespace: NS });
    const missing = await core.readNamespacedConfigMap({ name: "cm1", namespace: NS }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiException);
    expect((missing as ApiException<unknown>).code).toBe(404);
    await core.deleteCollectionNamespacedConfigMap({ namespace: NS });
    expect((await core.listNamespacedConfigMap({ namespace: NS })).items).toEqual([]);
  });

  it("pages a list with limit and _continue: the pages, at one resourceVersion, hold what one list holds", async () => {
    for (const n of ["p3", "p1", "p5", "p2", "p4"])
      await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: n } } });
    const first = await core.listNamespacedConfigMap({ namespace: NS, limit: 2 });
    expect(first.metadata?.remainingItemCount).toBe(3);
    const names = first.items.map((c) => c.metadata?.name);
    let token = first.metadata?._continue;
    // A write between pages is not seen: the pages read the first page's snapshot.
    await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "p0" } } });
    while (token) {
      const page = await core.listNamespacedConfigMap({ namespace: NS, limit: 2, _continue: token });
      expect(page.metadata?.resourceVersion).toBe(first.metadata?.resourceVersion);
      names.push(...page.items.map((c) => c.metadata?.name));
      token = page.metadata?._continue;
    }
    expect(names).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    const invalid = await core.listNamespacedConfigMap({ namespace: NS, limit: 1, _continue: "not a token" }).catch((e: unknown) => e);
    expect((invalid as ApiException<unknown>).code).toBe(400);
    await core.deleteCollectionNamespacedConfigMap({ namespace: NS });
  });

  it("creates, lists, patches and watches Deployments and Jobs, with the server's defaults", async () => {
    const apps = kc.makeApiClient(AppsV1Api);
    const batch = kc.makeApiClient(BatchV1Api);
    const template = { metadata: { labels: { app: "node" } }, spec: { containers: [{ name: "web", image: "nginx:1.25" }] } };
    const dep = await apps.createNamespacedDeployment({
      namespace: NS,
      body: { metadata: { name: "node-deploy" }, spec: { selector: { matchLabels: { app: "node" } }, template } },
    });
    expect(dep.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: { type: "RollingUpdate" },
    });
    expect(dep.spec?.template.spec?.containers[0]?.imagePullPolicy).toBe("IfNotPresent");
    expect((await apps.listNamespacedDeployment({ namespace: NS })).items.map((d) => d.metadata?.name)).toEqual(["node-deploy"]);
    const patched = await apps.patchNamespacedDeployment(
      { name: "node-deploy", namespace: NS, body: { spec: { replicas: 3 } } },
      setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
    );
    expect(patched.spec?.replicas).toBe(3);
    expect(patched.metadata?.generation).toBe(2);
    const scale = await apps.readNamespacedDeploymentScale({ name: "node-deploy", namespace: NS });
    expect(scale.spec?.replicas).toBe(3);
    expect(scale.status?.selector).toBe("app=node");

    const rv = (await batch.listNamespacedJob({ namespace: NS })).metadata!.resourceVersion!;
    let resolveAdded!: (job: V1Job) => void;
    let rejectAdded!: (err: unknown) => void;
    const added = new Promise<V1Job>((resolve, reject) => ((resolveAdded = resolve), (rejectAdded = reject)));
    const timer = setTimeout(() => rejectAdded(new Error("no ADDED event within 10 s")), 10_000);
    const ctl = await new Watch(kc).watch(
      `/apis/batch/v1/namespaces/${NS}/jobs`,
      { resourceVersion: rv },
      (phase, obj: V1Job) => {
        if (phase === "ADDED" && obj.metadata?.name === "node-job") resolveAdded(obj);
      },
      (err) => err && rejectAdded(err),
    );
    const jobSpec = { template: { spec: { restartPolicy: "Never", containers: [{ name: "job", image: "busybox" }] } } };
    const job = await batch.createNamespacedJob({ namespace: NS, body: { metadata: { name: "node-job" }, spec: jobSpec } });
    expect(job.spec).toMatchObject({ backoffLimit: 6, completions: 1, parallelism: 1, completionMode: "NonIndexed", suspend: false });
    const seen = await added.finally(() => (clearTimeout(timer), ctl.abort()));
    expect(seen.spec?.selector?.matchLabels?.["batch.kubernetes.io/controller-uid"]).toBe(job.metadata?.uid);
    const suspended = await batch.patchNamespacedJob(
      { name: "node-job", namespace: NS, body: { spec: { suspend: true } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    expect(suspended.spec?.suspend).toBe(true);
    const bad = await batch
      .createNamespacedJob({
        namespace: NS,
        body: {
          metadata: { name: "bad-job" },
          spec: { template: { spec: { restartPolicy: "Always", containers: [{ name: "c", image: "busybox" }] } } },
        },
      })
      .catch((e: unknown) => e);
    expect((bad as ApiException<string>).code).toBe(422);
    expect(JSON.parse(String((bad as ApiException<string>).body)).message).toContain(
      'Unsupported value: "Always": supported values: "OnFailure", "Never"',
    );
  });

  it("deletes the namespace, which stays Terminating without a namespace controller", async () => {
    await core.deleteNamespace({ name: NS });
    const ns = await core.readNamespace({ name: NS });
    expect(ns.status?.phase).toBe("Terminating");
    expect(ns.metadata?.deletionTimestamp).toBeInstanceOf(Date);
  });
});
