/**
 * The garbage collector against a real apiserver started in this process: background,
 * foreground and orphan propagation of a DELETE, dependents of an owner that never existed or
 * has another uid, a cluster-scoped owner of namespaced dependents, and a custom resource owner.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnerReference } from "../../../api/meta/v1/types.js";
import { runAPIServer, type RunningAPIServer } from "../../../apiserver/server/run.js";
import { ControllerManager } from "../../../controllers/controller-manager/controller-manager.js";
import type { ConfigMap } from "../../../generated/apis/core/v1/index.js";
import { Clientset } from "../../../generated/clientset/index.js";
import { DiscoveryClient, DynamicClient, MetadataClient } from "../../../runtime/discovery/index.js";
import { allServerResources } from "../../../controllers/garbagecollector/discovery.js";
import { GarbageCollector, type MetadataResourceInterface } from "../../../controllers/garbagecollector/garbage-collector.js";
import { DeferredRESTMapper } from "../../../controllers/garbagecollector/rest-mapper.js";
import { RestClient } from "../../../runtime/rest/client.js";
import { isNotFound } from "../../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../../runtime/rest/kubeconfig.js";
import { MEDIA_TYPE_JSON, type RestConfig } from "../../../runtime/rest/config.js";
import { eventually as until } from "../../support/wait.js";

let dataDir: string;
let server: RunningAPIServer;
let restConfig: RestConfig;
let cs: Clientset;
let manager: ControllerManager;
const errors: unknown[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-gc-"));
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", endpointReconcilerType: "none", log: () => {} });
  restConfig = loadKubeconfig({ path: server.kubeconfig });
  cs = new Clientset(restConfig);
  manager = new ControllerManager({
    restConfig,
    identity: "gc-test",
    controllers: ["garbage-collector-controller"],
    leaderElection: { leaderElect: false },
    kubeAPIQPS: 1000,
    kubeAPIBurst: 1000,
    onError: (err) => errors.push(err),
  });
  void manager.start();
  await manager.whenLeading();
}, 30_000);

afterAll(async () => {
  if (process.env.GC_DEBUG) console.log(errors);
  await manager?.stop();
  cs?.restClient.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function getCM(ns: string, name: string): Promise<ConfigMap | undefined> {
  try {
    return await cs.coreV1().configMaps(ns).get(name);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

const goneCM = async (ns: string, name: string): Promise<true | undefined> => ((await getCM(ns, name)) === undefined ? true : undefined);

function ref(owner: { metadata?: { name?: string; uid?: string } }, kind = "ConfigMap", apiVersion = "v1", block = false): OwnerReference {
  return { apiVersion, kind, name: owner.metadata!.name!, uid: owner.metadata!.uid!, ...(block && { blockOwnerDeletion: true }) };
}

describe("garbage collector against a real apiserver", () => {
  it("background: deleting the owner deletes its dependents", async () => {
    const owner = await cs
      .coreV1()
      .configMaps("default")
      .create({ metadata: { name: "bg-owner" } });
    for (const n of ["bg-1", "bg-2"])
      await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: n, ownerReferences: [ref(owner)] } });
    await cs.coreV1().configMaps("default").delete("bg-owner", { propagationPolicy: "Background" });
    expect(await getCM("default", "bg-owner")).toBeUndefined();
    await until("bg-1 gone", () => goneCM("default", "bg-1"));
    await until("bg-2 gone", () => goneCM("default", "bg-2"));
  });

  it("foreground: the owner stays with foregroundDeletion until its blocking dependents are gone", async () => {
    const c = cs.coreV1().configMaps("default");
    const owner = await c.create({ metadata: { name: "fg-owner" } });
    // The held dependent carries a finalizer of its own, so the intermediate state lasts.
    await c.create({
      metadata: { name: "fg-held", finalizers: ["example.com/hold"], ownerReferences: [ref(owner, "ConfigMap", "v1", true)] },
    });
    await c.create({ metadata: { name: "fg-free", ownerReferences: [ref(owner)] } });
    await c.delete("fg-owner", { propagationPolicy: "Foreground" });
    expect((await getCM("default", "fg-owner"))?.metadata?.finalizers).toEqual(["foregroundDeletion"]);
    const held = await until("fg-held being deleted", async () =>
      (await getCM("default", "fg-held"))?.metadata?.deletionTimestamp ? true : undefined,
    );
    expect(held).toBe(true);
    await until("fg-free gone", () => goneCM("default", "fg-free"));
    const waiting = await getCM("default", "fg-owner");
    expect(waiting?.metadata?.deletionTimestamp).toBeDefined();
    expect(waiting?.metadata?.finalizers).toEqual(["foregroundDeletion"]);
    // Releasing the held dependent lets it go, and then the owner.
    await c.patch("fg-held", "application/merge-patch+json", { metadata: { finalizers: null } });
    await until("fg-held gone", () => goneCM("default", "fg-held"));
    await until("fg-owner gone", () => goneCM("default", "fg-owner"));
  });

  it("orphan: dependents lose the owner reference and stay; the owner goes", async () => {
    const c = cs.coreV1().configMaps("default");
    const owner = await c.create({ metadata: { name: "or-owner" } });
    const other = await c.create({ metadata: { name: "or-other" } });
    await c.create({ metadata: { name: "or-dep", ownerReferences: [ref(owner, "ConfigMap", "v1", true), ref(other)] } });
    await c.delete("or-owner", { propagationPolicy: "Orphan" });
    await until("or-owner gone", () => goneCM("default", "or-owner"));
    const dep = await getCM("default", "or-dep");
    expect(dep?.metadata?.ownerReferences?.map((r) => r.name)).toEqual(["or-other"]);
  });

  it("dependents of an owner that does not exist, or exists with another uid, are deleted", async () => {
    const c = cs.coreV1().configMaps("default");
    const real = await c.create({ metadata: { name: "uid-owner" } });
    await c.create({
      metadata: {
        name: "ghost-dep",
        ownerReferences: [{ apiVersion: "v1", kind: "ConfigMap", name: "never-was", uid: "00000000-0000-0000-0000-000000000001" }],
      },
    });
    await c.create({
      metadata: {
        name: "wrong-uid-dep",
        ownerReferences: [{ apiVersion: "v1", kind: "ConfigMap", name: "uid-owner", uid: "00000000-0000-0000-0000-000000000002" }],
      },
    });
    await c.create({ metadata: { name: "right-uid-dep", ownerReferences: [ref(real)] } });
    await until("ghost-dep gone", () => goneCM("default", "ghost-dep"));
    await until("wrong-uid-dep gone", () => goneCM("default", "wrong-uid-dep"));
    expect(await getCM("default", "right-uid-dep")).toBeDefined();
  });

  it("a cluster-scoped owner's namespaced dependents are collected", async () => {
    await cs
      .coreV1()
      .namespaces()
      .create({ metadata: { name: "gc-ns" } });
    const role = await cs
      .rbacV1()
      .clusterRoles()
      .create({ metadata: { name: "gc-owner-role" }, rules: [] });
    await cs
      .coreV1()
      .configMaps("gc-ns")
      .create({ metadata: { name: "cluster-owned", ownerReferences: [ref(role, "ClusterRole", "rbac.authorization.k8s.io/v1")] } });
    await cs.rbacV1().clusterRoles().delete("gc-owner-role");
    await until("cluster-owned gone", () => goneCM("gc-ns", "cluster-owned"));
  });

  it("a cluster-scoped object naming a namespaced owner is left alone", async () => {
    const owner = await cs
      .coreV1()
      .configMaps("default")
      .create({ metadata: { name: "ns-owner" } });
    await cs
      .rbacV1()
      .clusterRoles()
      .create({ metadata: { name: "gc-bad-dependent", ownerReferences: [ref(owner)] }, rules: [] });
    // Seen before any such owner: the owner is a virtual node without a namespace.
    const ghost = { apiVersion: "v1", kind: "ConfigMap", name: "ghost-owner", uid: "00000000-0000-0000-0000-000000000005" };
    await cs
      .rbacV1()
      .clusterRoles()
      .create({ metadata: { name: "gc-bad-dependent-2", ownerReferences: [ghost] }, rules: [] });
    // A dependent of an owner that never existed, created after it, shows the collector has been through.
    await cs
      .coreV1()
      .configMaps("default")
      .create({
        metadata: {
          name: "sentinel",
          ownerReferences: [{ apiVersion: "v1", kind: "ConfigMap", name: "none", uid: "00000000-0000-0000-0000-000000000003" }],
        },
      });
    await until("sentinel gone", () => goneCM("default", "sentinel"));
    await cs.coreV1().configMaps("default").delete("ns-owner");
    await until("a second sentinel gone", async () => {
      await cs
        .coreV1()
        .configMaps("default")
        .create({
          metadata: {
            name: "sentinel2",
            ownerReferences: [{ apiVersion: "v1", kind: "ConfigMap", name: "none2", uid: "00000000-0000-0000-0000-000000000004" }],
          },
        })
        .catch(() => undefined);
      return goneCM("default", "sentinel2");
    });
    expect((await cs.rbacV1().clusterRoles().get("gc-bad-dependent")).metadata?.ownerReferences?.[0]?.name).toBe("ns-owner");
    // Nor is the reference looked up over and over: it can never be valid.
    expect((await cs.rbacV1().clusterRoles().get("gc-bad-dependent-2")).metadata?.ownerReferences?.[0]?.name).toBe("ghost-owner");
    expect(errors.map(String).filter((e) => e.includes("ns-owner") || e.includes("ghost-owner"))).toEqual([]);
  });

  it("a dependent with another live owner stays and only loses the reference to the deleted one", async () => {
    const c = cs.coreV1().configMaps("default");
    const gone = await c.create({ metadata: { name: "two-a" } });
    const stays = await c.create({ metadata: { name: "two-b" } });
    await c.create({ metadata: { name: "two-dep", ownerReferences: [ref(gone), ref(stays)] } });
    await c.delete("two-a");
    await until("two-dep loses two-a", async () => {
      const refs = (await getCM("default", "two-dep"))?.metadata?.ownerReferences?.map((r) => r.name);
      return refs?.length === 1 ? refs : undefined;
    });
    expect((await getCM("default", "two-dep"))?.metadata?.ownerReferences?.map((r) => r.name)).toEqual(["two-b"]);
  });

  it("a custom resource owning ConfigMaps: deleting it deletes them", async () => {
    const crd = {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "widgets.example.com" },
      spec: {
        group: "example.com",
        scope: "Namespaced",
        names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
          },
        ],
      },
    };
    await cs.apiextensionsV1().customResourceDefinitions().create(crd);
    const rest = new RestClient({ ...restConfig, contentType: MEDIA_TYPE_JSON });
    try {
      const widgets = new DynamicClient(rest).resource({ group: "example.com", version: "v1", resource: "widgets" }).namespace("default");
      const w = await until("widgets served", async () => {
        try {
          return await widgets.create({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w1" } });
        } catch {
          return undefined;
        }
      });
      await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: "widget-cm", ownerReferences: [ref(w, "Widget", "example.com/v1", true)] } });
      await widgets.delete("w1");
      await until("widget-cm gone", () => goneCM("default", "widget-cm"));
      // Orphaning a custom resource: no strategic merge patch there (415), a JSON merge patch instead.
      const owner = await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: "widget-owner" } });
      await widgets.create({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w2", ownerReferences: [ref(owner)] } });
      await cs.coreV1().configMaps("default").delete("widget-owner", { propagationPolicy: "Orphan" });
      await until("widget-owner gone", () => goneCM("default", "widget-owner"));
      expect((await widgets.get("w2")).metadata?.ownerReferences).toBeUndefined();
    } finally {
      rest.close();
    }
  }, 300_000);
});

describe("the garbage collector's monitors follow discovery", () => {
  it("monitors every deletable resource but events, adds a CRD's resource once served and drops it once removed", async () => {
    const rest = new RestClient({ ...restConfig, contentType: MEDIA_TYPE_JSON });
    const discovery = new DiscoveryClient(rest);
    const stop = new AbortController();
    const gc = new GarbageCollector({
      metadataClient: new MetadataClient(rest),
      mapper: new DeferredRESTMapper({ allResources: () => allServerResources(discovery) }),
      discoverPreferredResources: () => discovery.serverPreferredResources(),
    });
    const running = gc.graphBuilder.run(stop.signal);
    try {
      expect(await gc.resyncMonitors()).toBe(true);
      const first = gc.monitoredResources();
      expect(first).toContain("/v1/configmaps");
      expect(first).toContain("rbac.authorization.k8s.io/v1/clusterroles");
      expect(first).toContain("/v1/namespaces");
      expect(first).not.toContain("/v1/events");
      expect(first.some((r) => r.includes("gadgets"))).toBe(false);
      // Nothing changed: nothing to do.
      expect(await gc.resyncMonitors()).toBe(false);
      await until("the monitors synced", async () => (gc.graphBuilder.isSynced() ? true : undefined), 180_000);

      const crd = {
        apiVersion: "apiextensions.k8s.io/v1",
        kind: "CustomResourceDefinition",
        metadata: { name: "gadgets.example.com" },
        spec: {
          group: "example.com",
          scope: "Cluster",
          names: { plural: "gadgets", singular: "gadget", kind: "Gadget", listKind: "GadgetList" },
          versions: [
            {
              name: "v1",
              served: true,
              storage: true,
              schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
            },
          ],
        },
      };
      await cs.apiextensionsV1().customResourceDefinitions().create(crd);
      await until(
        "gadgets monitored",
        async () => ((await gc.resyncMonitors()) && gc.monitoredResources().includes("example.com/v1/gadgets") ? true : undefined),
        180_000,
      );
      await cs.apiextensionsV1().customResourceDefinitions().delete("gadgets.example.com");
      await until(
        "gadgets no longer monitored",
        async () => {
          await gc.resyncMonitors();
          return gc.monitoredResources().includes("example.com/v1/gadgets") ? undefined : true;
        },
        180_000,
      );
    } finally {
      stop.abort();
      await running;
      rest.close();
    }
  }, 300_000);
  it("judges an item and an owner its monitors see from their copies, without a GET of either", async () => {
    const rest = new RestClient({ ...restConfig, contentType: MEDIA_TYPE_JSON });
    const discovery = new DiscoveryClient(rest);
    const metadata = new MetadataClient(rest);
    const gets: string[] = [];
    const counting = (r: MetadataResourceInterface): MetadataResourceInterface => ({
      namespace: (ns) => counting(r.namespace(ns)),
      get: (name, o) => {
        gets.push(name);
        return r.get(name, o);
      },
      list: (o) => r.list(o),
      watch: (o) => r.watch(o),
      delete: (name, o) => r.delete(name, o),
      patch: (name, type, patch, o) => r.patch(name, type, patch, o),
    });
    const stop = new AbortController();
    const gc = new GarbageCollector({
      metadataClient: { resource: (ref) => counting(metadata.resource(ref)) },
      mapper: new DeferredRESTMapper({ allResources: () => allServerResources(discovery) }),
      discoverPreferredResources: () => discovery.serverPreferredResources(),
    });
    const running = gc.graphBuilder.run(stop.signal);
    try {
      await gc.resyncMonitors();
      await until("the monitors synced", async () => (gc.graphBuilder.isSynced() ? true : undefined), 180_000);
      const owner = await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: "cached-owner" } });
      const dep = await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: "cached-dep", ownerReferences: [ref(owner)] } });
      await until("the dependent in the graph", async () => (gc.graphHasUID(dep.metadata!.uid!) ? true : undefined));
      const node = gc.graphBuilder.uidToNode.read(dep.metadata!.uid!)!;
      gets.length = 0;
      await gc.attemptToDeleteItem(node);
      expect(gets).toEqual([]);
      expect(await getCM("default", "cached-dep")).toBeDefined();
      // An owner the monitors have not seen (another uid) is looked up live.
      const stranger = { ...node, identity: { ...node.identity } };
      expect(await gc.isDangling({ ...ref(owner), uid: "not-the-owner" }, stranger as never)).toEqual({ dangling: true });
      expect(gets).toEqual(["cached-owner"]);
    } finally {
      stop.abort();
      await running;
      rest.close();
    }
  }, 300_000);
});
