/**
 * Bootstrap hooks that write through the registry in-process when given its storage (the
 * kubernetes ServiceCIDR, the system PriorityClasses, the system namespaces) leave, once the server is ready, the same
 * objects and managedFields as over the loopback client.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoints } from "../../../api/core/v1/endpoints.js";
import type { EndpointSlice } from "../../../api/discovery/v1/types.js";
import type { ServiceCIDR } from "../../../api/networking/v1/types.js";
import { installBootstrapController } from "../../../apiserver/controlplane/bootstrap-controller.js";
import { defaultServiceCIDRHook } from "../../../apiserver/controlplane/default-service-cidr.js";
import { systemNamespacesHook } from "../../../apiserver/controlplane/system-namespaces.js";
import { systemPriorityClassesHook } from "../../../apiserver/controlplane/system-priority-classes.js";
import type { PostStartHook } from "../../../apiserver/lifecycle/hooks.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { RESTStorage } from "../../../apiserver/registry/rest.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates, type ClusterCertificates } from "../../../apiserver/server/certs.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";
import { Clientset } from "../../../generated/clientset/clientset.js";

const NOW = new Date("2026-01-01T00:00:00Z");
let certs: ClusterCertificates;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-in-process-hooks-"));
  certs = await ensureCertificates({ dataDir: dir });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server running one hook (made from the resource's storage); what `read` gets once it is ready. */
function afterHook<T>(plural: string, hook: (storage: RESTStorage) => PostStartHook, read: (client: Clientset) => Promise<T>): Promise<T> {
  return afterInstall(
    (server, storages) => server.hooks.addPostStartHook("under-test", hook(storages.find((s) => s.info.plural === plural)!)),
    read,
  );
}

/** A server with what `install` adds; what `read` gets once it is ready. */
async function afterInstall<T>(
  install: (server: APIServer, storages: RESTStorage[], backend: MemoryStorage) => void,
  read: (client: Clientset) => Promise<T>,
  systemNamespaces = false,
): Promise<T> {
  const backend = new MemoryStorage();
  const storages = buildBuiltinStorages(backend, scheme);
  const server = new APIServer({
    storages,
    scheme,
    bindAddress: "127.0.0.1",
    securePort: 0,
    advertiseAddress: "192.0.2.10",
    tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
    log: () => {},
    // Only the hook under test writes (unless it needs the namespaces).
    systemNamespaces,
  });
  install(server, storages, backend);
  await server.start();
  const client = new Clientset({
    server: `https://127.0.0.1:${server.port}`,
    caData: certs.ca.cert,
    certData: certs.admin.cert,
    keyData: certs.admin.key,
    qps: -1,
  });
  try {
    return await read(client);
  } finally {
    client.restClient.close();
    await server.shutdown();
  }
}

/** What differs between any two servers' objects: identity, versions and the write times. */
function comparable<T extends { metadata?: { managedFields?: object[] } }>(o: T): T {
  const metadata = {
    ...o.metadata,
    uid: undefined,
    resourceVersion: undefined,
    creationTimestamp: undefined,
    managedFields: o.metadata?.managedFields?.map((f) => ({ ...f, time: undefined })),
  };
  return { ...o, metadata };
}

describe("bootstrap hooks in-process", () => {
  it("the kubernetes ServiceCIDR: created by kube-apiserver, status applied by its controller", async () => {
    const [loopback, inProcess] = await Promise.all(
      [false, true].map((direct) =>
        afterHook(
          "servicecidrs",
          (storage) => defaultServiceCIDRHook({ cidrs: ["10.96.0.0/12", "fd00::/108"], now: () => NOW, ...(direct && { storage }) }),
          (client) => client.networkingV1().serviceCIDRs().get("kubernetes"),
        ),
      ),
    );
    expect(comparable(inProcess!)).toEqual(comparable(loopback!));
    const cidr: ServiceCIDR = inProcess!;
    expect(cidr.metadata?.managedFields?.map((f) => [f.manager, f.operation, f.subresource])).toEqual([
      ["kubernetes-service-cidr-controller", "Apply", "status"],
      ["kube-apiserver", "Update", undefined],
    ]);
    expect(cidr.spec?.cidrs).toEqual(["10.96.0.0/12", "fd00::/108"]);
    expect(cidr.status?.conditions).toEqual([
      {
        type: "Ready",
        status: "True",
        reason: "",
        message: "Kubernetes default Service CIDR is ready",
        lastTransitionTime: "2026-01-01T00:00:00Z",
      },
    ]);
  });

  it("the system PriorityClasses: created by kube-apiserver, defaulted as over HTTP", async () => {
    const [loopback, inProcess] = await Promise.all(
      [false, true].map((direct) =>
        afterHook(
          "priorityclasses",
          (storage) => systemPriorityClassesHook(direct ? { storage } : {}),
          async (client) => (await client.schedulingV1().priorityClasses().list()).items.map(comparable),
        ),
      ),
    );
    expect(inProcess).toEqual(loopback);
    expect(inProcess!.map((pc) => [pc.metadata?.name, pc.value, pc.preemptionPolicy, pc.metadata?.managedFields?.[0]?.manager])).toEqual([
      ["system-cluster-critical", 2000000000, "PreemptLowerPriority", "kube-apiserver"],
      ["system-node-critical", 2000001000, "PreemptLowerPriority", "kube-apiserver"],
    ]);
  });

  it("the system namespaces: created by kube-apiserver, defaulted as over HTTP", async () => {
    const [loopback, inProcess] = await Promise.all(
      [false, true].map((direct) =>
        afterHook(
          "namespaces",
          (storage) => systemNamespacesHook(direct ? { storage } : {}),
          async (client) => (await client.coreV1().namespaces().list()).items.map(comparable),
        ),
      ),
    );
    expect(inProcess).toEqual(loopback);
    expect(
      inProcess!.map((ns) => [ns.metadata?.name, ns.spec?.finalizers, ns.metadata?.labels, ns.metadata?.managedFields?.[0]?.manager]),
    ).toEqual(
      ["default", "kube-node-lease", "kube-public", "kube-system"].map((n) => [
        n,
        ["kubernetes"],
        { "kubernetes.io/metadata.name": n },
        "kube-apiserver",
      ]),
    );
  });

  it("the kubernetes Endpoints and EndpointSlice of the bootstrap controller: written by kube-apiserver as over HTTP", async () => {
    const [loopback, inProcess] = await Promise.all(
      [false, true].map((direct) =>
        afterInstall(
          (server, storages, backend) => {
            const endpointsStorage = storages.find((s) => s.group === "" && s.info.plural === "endpoints")!;
            const endpointSlicesStorage = storages.find((s) => s.group === "discovery.k8s.io" && s.info.plural === "endpointslices")!;
            installBootstrapController(server.hooks, {
              serviceIP: "10.96.0.1",
              publicServicePort: () => 6443,
              publicIP: "192.0.2.10",
              endpointReconcilerType: "lease",
              storage: backend,
              ...(direct && { endpointsStorage, endpointSlicesStorage }),
            });
          },
          async (client) => [
            comparable(await client.coreV1().endpoints("default").get("kubernetes")),
            comparable(await client.discoveryV1().endpointSlices("default").get("kubernetes")),
          ],
          true,
        ),
      ),
    );
    expect(inProcess).toEqual(loopback);
    const [endpoints, slice] = inProcess! as [Endpoints, EndpointSlice];
    expect(endpoints.subsets).toEqual([{ addresses: [{ ip: "192.0.2.10" }], ports: [{ name: "https", port: 6443, protocol: "TCP" }] }]);
    expect(endpoints.metadata?.managedFields?.map((f) => f.manager)).toEqual(["kube-apiserver"]);
    expect(slice.endpoints?.map((e) => e.addresses)).toEqual([["192.0.2.10"]]);
  });
});
