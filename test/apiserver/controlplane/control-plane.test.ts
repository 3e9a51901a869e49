/**
 * The apiserver's own loops in-process, over the real registry on in-memory storage and the
 * generated clientset: system namespaces (created at start, back within 1 s of their final
 * removal, the periodic safety net), the `kubernetes` Service (created, put back after edits,
 * NodePort) and its Endpoints from the leases of two apiservers sharing one storage.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventuallyWhere } from "../../support/wait.js";
import type { Namespace } from "../../../api/core/v1/namespace.js";
import { installBootstrapController } from "../../../apiserver/controlplane/bootstrap-controller.js";
import { SystemNamespacesController } from "../../../apiserver/controlplane/system-namespaces.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates, type ClusterCertificates } from "../../../apiserver/server/certs.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";
import { Clientset } from "../../../generated/clientset/clientset.js";
import { FakeClientset } from "../../../generated/clientset/fake/clientset.js";
import { SharedInformerFactory } from "../../../generated/informers/factory.js";

let certs: ClusterCertificates;
let certDir: string;

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-controlplane-"));
  // 127.0.0.2: the second apiserver of the shared-storage test listens there.
  certs = await ensureCertificates({ dataDir: certDir, ips: ["127.0.0.2"] });
});

afterAll(() => rmSync(certDir, { recursive: true, force: true }));

interface ControlPlane {
  server: APIServer;
  client: Clientset;
  stop(): Promise<void>;
}

interface StartOptions {
  bindAddress?: string;
  port?: number;
  advertiseAddress?: string;
  intervalMs?: number;
  leaseTtlMs?: number;
  nodePort?: number;
  systemNamespacesIntervalMs?: number;
  endpointReconcilerType?: string;
  log?: (line: string) => void;
}

async function startControlPlane(storage: Storage, o: StartOptions = {}): Promise<ControlPlane> {
  const storages = buildBuiltinStorages(storage, scheme);
  const bindAddress = o.bindAddress ?? "127.0.0.1";
  const server = new APIServer({
    storages,
    scheme,
    bindAddress,
    securePort: o.port ?? 0,
    advertiseAddress: o.advertiseAddress ?? "192.0.2.10",
    tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
    ...(o.systemNamespacesIntervalMs !== undefined && { systemNamespacesIntervalMs: o.systemNamespacesIntervalMs }),
    log: () => {},
  });
  installBootstrapController(server.hooks, {
    serviceIP: "10.96.0.1",
    publicServicePort: () => server.port,
    publicIP: o.advertiseAddress ?? "192.0.2.10",
    endpointReconcilerType: o.endpointReconcilerType ?? "lease",
    storage,
    endpointsStorage: storages.find((s) => s.group === "" && s.info.plural === "endpoints")!,
    endpointSlicesStorage: storages.find((s) => s.group === "discovery.k8s.io" && s.info.plural === "endpointslices")!,
    ...(o.log && { log: o.log }),
    intervalMs: o.intervalMs ?? 100,
    leaseTtlMs: o.leaseTtlMs ?? 15_000,
    ...(o.nodePort !== undefined && { kubernetesServiceNodePort: o.nodePort }),
  });
  await server.start();
  const client = new Clientset({
    server: `https://${bindAddress}:${server.port}`,
    caData: certs.ca.cert,
    certData: certs.admin.cert,
    keyData: certs.admin.key,
    qps: -1,
  });
  return {
    server,
    client,
    async stop() {
      client.restClient.close();
      await server.shutdown();
    },
  };
}

/** Polls until `ok`, 5 s by default (test/support/wait.ts). */
const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> => eventuallyWhere(fn, ok, ms);

describe("start-system-namespaces-controller", () => {
  it("has created the four namespaces when the hook reports done", async () => {
    const cp = await startControlPlane(new MemoryStorage());
    try {
      expect(cp.server.hooks.postStartHookProblem("start-system-namespaces-controller")).toBeUndefined();
      const names = (await cp.client.coreV1().namespaces().list()).items.map((n) => n.metadata?.name);
      expect(names).toEqual(expect.arrayContaining(["default", "kube-system", "kube-public", "kube-node-lease"]));
      // Upstream writes them through its loopback client, whose User-Agent names the manager.
      const ns = await cp.client.coreV1().namespaces().get("kube-system");
      expect(ns.metadata?.managedFields?.map((e) => [e.manager, e.operation])).toEqual([["kube-apiserver", "Update"]]);
    } finally {
      await cp.stop();
    }
  });

  it("re-creates kube-node-lease within 1 s of its final removal (measured from the DELETED watch event)", async () => {
    const cp = await startControlPlane(new MemoryStorage());
    const stop = new AbortController();
    try {
      const namespaces = cp.client.coreV1().namespaces();
      const rv = (await namespaces.list()).metadata?.resourceVersion;
      const events: { type: string; name: string | undefined; phase: string | undefined; at: number }[] = [];
      const watching = (async () => {
        for await (const ev of namespaces.watch({ resourceVersion: rv, signal: stop.signal })) {
          const ns = ev.object as Namespace;
          events.push({ type: ev.type, name: ns.metadata?.name, phase: ns.status?.phase, at: performance.now() });
        }
      })().catch(() => undefined);

      // Two-phase deletion: Terminating first, gone once the `kubernetes` finalizer is removed.
      await namespaces.delete("kube-node-lease");
      const terminating = await namespaces.get("kube-node-lease");
      expect(terminating.status?.phase).toBe("Terminating");
      await new Promise((r) => setTimeout(r, 200));
      expect((await namespaces.get("kube-node-lease")).metadata?.uid).toBe(terminating.metadata?.uid);

      await namespaces.finalize({ ...terminating, spec: { finalizers: [] } });
      await eventually(
        async () => events.filter((e) => e.name === "kube-node-lease").map((e) => e.type),
        (types) => types.includes("DELETED") && types.lastIndexOf("ADDED") > types.indexOf("DELETED"),
        3000,
      );
      const deleted = events.find((e) => e.name === "kube-node-lease" && e.type === "DELETED")!;
      const added = events.find((e) => e.name === "kube-node-lease" && e.type === "ADDED" && e.at >= deleted.at)!;
      expect(added.at).toBeGreaterThanOrEqual(deleted.at);
      const again = await namespaces.get("kube-node-lease");
      expect(again.metadata?.uid).not.toBe(terminating.metadata?.uid);
      expect(again.status?.phase).toBe("Active");
      stop.abort();
      await watching;
    } finally {
      stop.abort();
      await cp.stop();
    }
  });

  it("the periodic pass creates a namespace no event told it about; a deleted one comes back through the informer", async () => {
    const client = new FakeClientset();
    const factory = new SharedInformerFactory(client);
    const controller = new SystemNamespacesController(client, factory.coreV1().namespaces(), { names: ["a", "b"], intervalMs: 50 });
    const stop = new AbortController();
    factory.start(stop.signal);
    await factory.waitForCacheSync(stop.signal);
    const running = controller.run(stop.signal);
    try {
      const names = async () => (await client.coreV1().namespaces().list()).items.map((n) => n.metadata?.name).sort();
      // No event ever mentions them: only the periodic pass can create them.
      expect(await eventually(names, (n) => n.length === 2, 2000)).toEqual(["a", "b"]);
      await eventually(
        async () => factory.coreV1().namespaces().lister().list().length,
        (n) => n === 2,
        2000,
      );
      await client.coreV1().namespaces().delete("b");
      await eventually(names, (n) => n.includes("b"), 2000);
    } finally {
      stop.abort();
      await running;
      await factory.shutdown();
    }
  });
});

describe("bootstrap-controller", () => {
  it("creates the kubernetes Service as upstream specifies it, and puts back edited ports", async () => {
    const cp = await startControlPlane(new MemoryStorage(), { intervalMs: 100 });
    try {
      expect(cp.server.hooks.postStartHookProblem("bootstrap-controller")).toBeUndefined();
      const services = cp.client.coreV1().services("default");
      const svc = await services.get("kubernetes");
      expect(svc.metadata?.labels).toEqual({ provider: "kubernetes", component: "apiserver" });
      expect(svc.spec).toMatchObject({
        type: "ClusterIP",
        clusterIP: "10.96.0.1",
        sessionAffinity: "None",
        ipFamilyPolicy: "SingleStack",
        ports: [{ name: "https", port: 443, protocol: "TCP", targetPort: cp.server.port }],
      });
      expect(svc.spec?.selector).toBeUndefined();

      await services.update({ ...svc, spec: { ...svc.spec, ports: [{ name: "https", port: 8443, protocol: "TCP", targetPort: 1234 }] } });
      const back = await eventually(
        () => services.get("kubernetes"),
        (s) => s.spec?.ports?.[0]?.port === 443,
        3000,
      );
      expect(back.spec?.ports).toEqual([{ name: "https", port: 443, protocol: "TCP", targetPort: cp.server.port }]);

      await services.delete("kubernetes");
      const recreated = await eventually(
        () => services.get("kubernetes").catch(() => undefined),
        (s) => s !== undefined,
        3000,
      );
      expect(recreated?.spec?.clusterIP).toBe("10.96.0.1");
    } finally {
      await cp.stop();
    }
  });

  it("is a NodePort Service with --kubernetes-service-node-port", async () => {
    const cp = await startControlPlane(new MemoryStorage(), { nodePort: 30443 });
    try {
      const svc = await cp.client.coreV1().services("default").get("kubernetes");
      expect(svc.spec?.type).toBe("NodePort");
      expect(svc.spec?.ports).toEqual([{ name: "https", port: 443, protocol: "TCP", targetPort: cp.server.port, nodePort: 30443 }]);
    } finally {
      await cp.stop();
    }
  });

  it("writes no endpoints with --endpoint-reconciler-type=none", async () => {
    const cp = await startControlPlane(new MemoryStorage(), { endpointReconcilerType: "none" });
    try {
      await cp.client.coreV1().services("default").get("kubernetes");
      await expect(cp.client.coreV1().endpoints("default").get("kubernetes")).rejects.toMatchObject({ status: { code: 404 } });
    } finally {
      await cp.stop();
    }
  });

  it("keeps the kubernetes EndpointSlice beside the Endpoints, following its addresses", async () => {
    const storage = new MemoryStorage();
    const a = await startControlPlane(storage, { advertiseAddress: "192.0.2.10", intervalMs: 100, leaseTtlMs: 600 });
    let b: ControlPlane | undefined = await startControlPlane(storage, {
      bindAddress: "127.0.0.2",
      port: a.server.port,
      advertiseAddress: "192.0.2.11",
      intervalMs: 100,
      leaseTtlMs: 600,
    });
    try {
      const slice = () => a.client.discoveryV1().endpointSlices("default").get("kubernetes");
      const both = await eventually(slice, (s) => (s.endpoints ?? []).length === 2, 3000);
      expect(both.metadata?.labels).toEqual({ "kubernetes.io/service-name": "kubernetes" });
      expect(both.addressType).toBe("IPv4");
      expect(both.endpoints).toEqual([
        { addresses: ["192.0.2.10"], conditions: { ready: true } },
        { addresses: ["192.0.2.11"], conditions: { ready: true } },
      ]);
      expect(both.ports).toEqual([{ name: "https", port: a.server.port, protocol: "TCP" }]);
      // b leaves at shutdown: the slice follows the Endpoints.
      await b.stop();
      b = undefined;
      expect((await slice()).endpoints).toEqual([{ addresses: ["192.0.2.10"], conditions: { ready: true } }]);
    } finally {
      await b?.stop();
      await a.stop();
    }
  });

  it("a loopback advertise address: one warning, the Service but no Endpoints", async () => {
    const lines: string[] = [];
    const cp = await startControlPlane(new MemoryStorage(), { advertiseAddress: "127.0.0.1", intervalMs: 50, log: (l) => lines.push(l) });
    try {
      await cp.client.coreV1().services("default").get("kubernetes");
      // Several passes later, still one line and nothing written.
      await new Promise((r) => setTimeout(r, 300));
      await expect(cp.client.coreV1().endpoints("default").get("kubernetes")).rejects.toMatchObject({ status: { code: 404 } });
      await expect(cp.client.discoveryV1().endpointSlices("default").get("kubernetes")).rejects.toMatchObject({ status: { code: 404 } });
      expect(lines).toEqual([
        "bootstrap-controller: the advertise address 127.0.0.1 is a loopback address; the kubernetes Endpoints are not written (set --advertise-address to a routable address)",
      ]);
    } finally {
      await cp.stop();
    }
  });

  it("two apiservers on one storage: the endpoints list both; a stopped one leaves at shutdown, a vanished one when its lease expires", async () => {
    const storage = new MemoryStorage();
    const a = await startControlPlane(storage, { advertiseAddress: "192.0.2.10", intervalMs: 100, leaseTtlMs: 600 });
    // Same port on another loopback address: apiservers behind one Service share their port.
    const b = await startControlPlane(storage, {
      bindAddress: "127.0.0.2",
      port: a.server.port,
      advertiseAddress: "192.0.2.11",
      intervalMs: 100,
      leaseTtlMs: 600,
    });
    let c: ControlPlane | undefined;
    try {
      const endpoints = () => a.client.coreV1().endpoints("default").get("kubernetes");
      const ips = (e: Awaited<ReturnType<typeof endpoints>>) => (e.subsets ?? []).flatMap((s) => (s.addresses ?? []).map((x) => x.ip));
      const both = await eventually(endpoints, (e) => ips(e).length === 2, 3000);
      expect(both.subsets).toEqual([
        { addresses: [{ ip: "192.0.2.10" }, { ip: "192.0.2.11" }], ports: [{ name: "https", port: a.server.port, protocol: "TCP" }] },
      ]);

      // Graceful stop: b removes itself in its pre-shutdown hook, before the server is gone.
      await b.stop();
      expect(ips(await endpoints())).toEqual(["192.0.2.10"]);

      // An apiserver that stops refreshing without its shutdown hook (as after SIGKILL): its
      // lease expires and a live apiserver's next pass drops it.
      c = await startControlPlane(storage, {
        bindAddress: "127.0.0.2",
        port: a.server.port,
        advertiseAddress: "192.0.2.12",
        intervalMs: 100,
        leaseTtlMs: 600,
      });
      await eventually(endpoints, (e) => ips(e).includes("192.0.2.12"), 3000);
      // Shut down without the pre-shutdown hooks, as a killed process would.
      Object.assign(c.server.hooks, { runPreShutdownHooks: async () => {} });
      await c.stop();
      c = undefined;
      expect(ips(await endpoints())).toContain("192.0.2.12");
      const gone = performance.now();
      await eventually(endpoints, (e) => !ips(e).includes("192.0.2.12"), 3000);
      console.log(
        `a vanished apiserver left the endpoints ${(performance.now() - gone).toFixed(0)} ms after it stopped (lease TTL 600 ms)`,
      );
      expect(ips(await endpoints())).toEqual(["192.0.2.10"]);
    } finally {
      await c?.stop();
      await b.stop();
      await a.stop();
    }
  });
});
