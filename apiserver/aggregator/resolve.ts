/**
 * Where an APIService's Service is reached: through its EndpointSlices' ready addresses (the
 * aggregator's endpoint routing: this control plane has no kube-proxy behind a ClusterIP), or
 * the external name of an ExternalName Service. A failure carries the Available condition's
 * reason and message as upstream's availability controller words them.
 */
import type { Service } from "../../api/core/v1/service.js";
import type { EndpointSlice } from "../../api/discovery/v1/types.js";
import type { APIService } from "./apiservices.js";

export interface ServiceLookup {
  /** undefined when the Service does not exist; throws when it cannot be read. */
  getService(namespace: string, name: string): Promise<Service | undefined>;
  /** The EndpointSlices labelled `kubernetes.io/service-name=<name>`. */
  endpointSlices(namespace: string, service: string): Promise<EndpointSlice[]>;
}

export interface Endpoint {
  host: string;
  port: number;
}

export type Resolution = { endpoint: Endpoint } | { status: "False" | "Unknown"; reason: string; message: string };

export async function resolveAPIService(apiService: APIService, lookup: ServiceLookup): Promise<Resolution> {
  const ref = apiService.spec!.service;
  const name = ref.name ?? "";
  const namespace = ref.namespace ?? "";
  const wanted = ref.port ?? 443;
  const svcName = `service/${name} in ${JSON.stringify(namespace)}`;
  let service: Service | undefined;
  try {
    service = await lookup.getService(namespace, name);
  } catch (err) {
    return { status: "Unknown", reason: "ServiceAccessError", message: `${svcName} cannot be checked due to: ${(err as Error).message}` };
  }
  if (!service) return { status: "False", reason: "ServiceNotFound", message: `${svcName} is not present` };
  const type = service.spec?.type ?? "ClusterIP";
  if (type === "ExternalName") return { endpoint: { host: service.spec?.externalName ?? "", port: wanted } };
  const port = service.spec?.ports?.find((p) => p.port === wanted);
  if (!port) return { status: "False", reason: "ServicePortError", message: `${svcName} is not listening on port ${wanted}` };
  const portName = port.name ?? "";
  let slices: EndpointSlice[];
  try {
    slices = await lookup.endpointSlices(namespace, name);
  } catch (err) {
    return { status: "Unknown", reason: "EndpointsAccessError", message: `${svcName} cannot be checked due to: ${(err as Error).message}` };
  }
  if (slices.length === 0) return { status: "False", reason: "EndpointsNotFound", message: `cannot find endpointslices for ${svcName}` };
  const candidates: Endpoint[] = [];
  for (const slice of slices) {
    const p = slice.ports?.find((sp) => (sp.name ?? "") === portName && sp.port !== undefined);
    if (!p) continue;
    for (const ep of slice.endpoints ?? []) {
      if (ep.conditions?.ready === false) continue;
      for (const address of ep.addresses ?? []) candidates.push({ host: address, port: p.port! });
    }
  }
  if (candidates.length === 0) {
    return {
      status: "False",
      reason: "MissingEndpoints",
      message: `endpointslices for ${svcName} have no addresses with port name ${JSON.stringify(portName)}`,
    };
  }
  return { endpoint: candidates[Math.floor(Math.random() * candidates.length)]! };
}

/** host:port as a URL authority (IPv6 in brackets). */
export function authority(e: Endpoint): string {
  return e.host.includes(":") ? `[${e.host}]:${e.port}` : `${e.host}:${e.port}`;
}
