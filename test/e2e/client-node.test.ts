/**
 * The e2e scenario through @kubernetes/client-node 1.x: CoreV1Api create/read/list/patch/delete on
 * namespaces and configmaps, and Watch on namespaces seeing ADDED, against `kubegen apiserver` on
 * SQLite. The client loads DIR/kubeconfig as written by the server (CA and admin client cert).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ApiException, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, Watch, type V1Namespace } from "@kubernetes/client-node";
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
    const merged = await core.patchNamespace({ name: NS, body: { metadata: { labels: { merged: "yes" } } } }, setHeaderOptions("Content-Type", PatchStrategy.MergePatch));
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
    const smp = await core.patchNamespacedConfigMap({ name: "cm1", namespace: NS, body: { data: { extra: "x" } } }, setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch));
    expect(smp.data).toEqual({ k: "v", extra: "x" });
    const jp = await core.patchNamespacedConfigMap({ name: "cm1", namespace: NS, body: [{ op: "replace", path: "/data/k", value: "w" }] });
    expect(jp.data).toEqual({ k: "w", extra: "x" });
    await core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "cm2" } } });
    expect((await core.listNamespacedConfigMap({ namespace: NS })).items.map((c) => c.metadata?.name)).toEqual(["cm1", "cm2"]);
    const all = await core.listConfigMapForAllNamespaces({ fieldSelector: `metadata.namespace=${NS}` });
    expect(all.items).toHaveLength(2);

    await expect(core.createNamespacedConfigMap({ namespace: NS, body: { metadata: { name: "cm1" } } })).rejects.toMatchObject({ code: 409 });
    await core.deleteNamespacedConfigMap({ name: "cm1", namespace: NS });
    const missing = await core.readNamespacedConfigMap({ name: "cm1", namespace: NS }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiException);
    expect((missing as ApiException<unknown>).code).toBe(404);
    await core.deleteCollectionNamespacedConfigMap({ namespace: NS });
    expect((await core.listNamespacedConfigMap({ namespace: NS })).items).toEqual([]);
  });

  it("deletes the namespace, which stays Terminating without a namespace controller", async () => {
    await core.deleteNamespace({ name: NS });
    const ns = await core.readNamespace({ name: NS });
    expect(ns.status?.phase).toBe("Terminating");
    expect(ns.metadata?.deletionTimestamp).toBeInstanceOf(Date);
  });
});
