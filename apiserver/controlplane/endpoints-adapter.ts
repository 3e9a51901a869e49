/**
 * How the endpoint reconciler reads and writes the `kubernetes` Endpoints: through the generated
 * clientset over the loopback client while the server serves, or through the registry in-process
 * during shutdown, when the listener no longer takes connections (the same strategy, validation
 * and watch events either way).
 */
import type { Endpoints } from "../../api/core/v1/endpoints.js";
import type { EndpointSlice } from "../../api/discovery/v1/types.js";
import type { ControlPlaneClient } from "./loopback-clients.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import type { KubeObject, RESTStorage, RequestContext } from "../registry/rest.js";
import { LOOPBACK_USER } from "./loopback.js";

export interface EndpointsAdapter {
  /** The Endpoints, or undefined when there are none. */
  get(namespace: string, name: string): Promise<Endpoints | undefined>;
  create(namespace: string, endpoints: Endpoints): Promise<Endpoints>;
  /** A stale resourceVersion fails with Conflict. */
  update(namespace: string, endpoints: Endpoints): Promise<Endpoints>;
}

/**
 * The EndpointSlice upstream's adapter keeps beside the `kubernetes` Endpoints: same name, the
 * service-name label, one ready endpoint per address, the same ports.
 */
export function sliceFor(endpoints: Endpoints): EndpointSlice {
  const name = endpoints.metadata?.name ?? "";
  const subset = endpoints.subsets?.[0];
  const addresses = subset?.addresses ?? [];
  const ipv6 = addresses[0]?.ip?.includes(":") ?? false;
  return {
    apiVersion: "discovery.k8s.io/v1",
    kind: "EndpointSlice",
    metadata: { name, namespace: endpoints.metadata?.namespace ?? "", labels: { "kubernetes.io/service-name": name } },
    addressType: ipv6 ? "IPv6" : "IPv4",
    endpoints: addresses.map((a) => ({ addresses: [a.ip], conditions: { ready: true } })),
    ports: (subset?.ports ?? []).map((p) => ({ name: p.name ?? "", port: p.port, protocol: p.protocol ?? "TCP" })),
  };
}

/** Writes the slice of `endpoints`: created when missing, updated when it differs. */
async function syncSlice(
  endpoints: Endpoints,
  ops: {
    get(name: string): Promise<EndpointSlice | undefined>;
    create(s: EndpointSlice): Promise<unknown>;
    update(s: EndpointSlice): Promise<unknown>;
  },
): Promise<void> {
  const want = sliceFor(endpoints);
  const name = want.metadata?.name ?? "";
  const have = await ops.get(name);
  if (!have) {
    await ops.create(want).catch((err: unknown) => {
      if (!isAlreadyExists(err)) throw err;
    });
    return;
  }
  if (
    JSON.stringify([have.addressType, have.endpoints, have.ports, have.metadata?.labels]) ===
    JSON.stringify([want.addressType, want.endpoints, want.ports, want.metadata?.labels])
  )
    return;
  await ops.update({
    ...have,
    addressType: want.addressType,
    endpoints: want.endpoints,
    ports: want.ports,
    metadata: { ...have.metadata, labels: { ...have.metadata?.labels, ...want.metadata?.labels } },
  });
}

export function clientsetEndpointsAdapter(
  client: Pick<ControlPlaneClient, "coreV1" | "discoveryV1">,
  signal?: AbortSignal,
): EndpointsAdapter {
  const opts = signal ? { signal } : {};
  const slices = (namespace: string) => ({
    get: async (name: string) => {
      try {
        return await client.discoveryV1().endpointSlices(namespace).get(name, opts);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: (s: EndpointSlice) => client.discoveryV1().endpointSlices(namespace).create(s, opts),
    update: (s: EndpointSlice) => client.discoveryV1().endpointSlices(namespace).update(s, opts),
  });
  return {
    async get(namespace, name) {
      try {
        return await client.coreV1().endpoints(namespace).get(name, opts);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: async (namespace, endpoints) => {
      const out = await client.coreV1().endpoints(namespace).create(endpoints, opts);
      await syncSlice(out, slices(namespace));
      return out;
    },
    update: async (namespace, endpoints) => {
      const out = await client.coreV1().endpoints(namespace).update(endpoints, opts);
      await syncSlice(out, slices(namespace));
      return out;
    },
  };
}

export function registryEndpointsAdapter(
  storage: RESTStorage,
  signal: AbortSignal = new AbortController().signal,
  sliceStorage?: RESTStorage,
): EndpointsAdapter {
  const ctx = (namespace: string): RequestContext => ({
    namespace,
    user: { name: LOOPBACK_USER, groups: ["system:masters"] },
    signal,
    warnings: [],
    userAgent: "kube-apiserver",
  });
  const asObject = (ep: Endpoints): KubeObject => ({ ...ep, apiVersion: "v1", kind: "Endpoints" });
  return {
    async get(namespace, name) {
      try {
        return (await storage.get!(ctx(namespace), name, {})) as Endpoints;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: async (namespace, endpoints) => {
      const out = (await storage.create!(ctx(namespace), asObject(endpoints), {})) as Endpoints;
      if (sliceStorage) await syncSlice(out, registrySlices(sliceStorage, ctx(namespace)));
      return out;
    },
    update: async (namespace, endpoints) => {
      const out = (await storage.update!(ctx(namespace), endpoints.metadata?.name ?? "", asObject(endpoints), {})).object as Endpoints;
      if (sliceStorage) await syncSlice(out, registrySlices(sliceStorage, ctx(namespace)));
      return out;
    },
  };
}

function registrySlices(storage: RESTStorage, ctx: RequestContext) {
  return {
    get: async (name: string) => {
      try {
        return (await storage.get!(ctx, name, {})) as unknown as EndpointSlice;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: (s: EndpointSlice) => storage.create!(ctx, s as unknown as KubeObject, {}),
    update: (s: EndpointSlice) => storage.update!(ctx, s.metadata?.name ?? "", s as unknown as KubeObject, {}),
  };
}
