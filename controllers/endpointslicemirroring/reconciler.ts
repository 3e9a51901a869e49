/**
 * The EndpointSlice mirroring reconciler (upstream's endpointslicemirroring reconciler): the
 * Endpoints of a selector-less Service, written by a user, as EndpointSlices, one per subset's
 * port set and address type, at most `maxEndpointsPerSubset` addresses each (the rest skipped).
 * Invalid IPs are skipped. A slice that already shows what is wanted is left alone; otherwise the
 * first slice of a port set is rewritten and the others deleted.
 */
import { isIP } from "node:net";
import type { EndpointAddress, EndpointPort as CoreEndpointPort, Endpoints } from "../../generated/apis/core/v1/index.js";
import type { AddressType, Endpoint, EndpointPort, EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import {
  endpointKey,
  endpointSlicePrefix,
  endpointsEqualBeyondKey,
  LABEL_MANAGED_BY,
  LABEL_SERVICE_NAME,
  portMapKey,
} from "../endpointslice/endpoints.js";

export const MIRRORING_CONTROLLER_MANAGER = "endpointslicemirroring-controller.k8s.io";
export const LABEL_SKIP_MIRROR = "endpointslice.kubernetes.io/skip-mirror";
const LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
const TRIGGER_TIME = "endpoints.kubernetes.io/last-change-trigger-time";

export interface MirrorPlan {
  create: EndpointSlice[];
  update: EndpointSlice[];
  delete: EndpointSlice[];
  /** Addresses not mirrored: invalid IPs, and those past the per-subset limit. */
  invalid: number;
  skipped: number;
}

const key = (ports: readonly EndpointPort[], type: AddressType): string => `${type}/${portMapKey(ports)}`;

/** The address as an endpoint of its IP's family, or undefined for an address that is not an IP. */
function addressToEndpoint(addr: EndpointAddress, ready: boolean): [Endpoint, AddressType] | undefined {
  const family = isIP(addr.ip);
  if (family === 0) return undefined;
  const ep: Endpoint = { addresses: [addr.ip], conditions: { ready } };
  if (addr.targetRef) ep.targetRef = addr.targetRef;
  if (addr.nodeName !== undefined) ep.nodeName = addr.nodeName;
  if (addr.hostname) ep.hostname = addr.hostname;
  return [ep, family === 6 ? "IPv6" : "IPv4"];
}

const slicePorts = (ports: readonly CoreEndpointPort[] | undefined): EndpointPort[] =>
  (ports ?? []).map((p) => {
    const port: EndpointPort = { name: p.name ?? "", port: p.port, protocol: p.protocol ?? "TCP" };
    if (p.appProtocol !== undefined) port.appProtocol = p.appProtocol;
    return port;
  });

/** A slice mirroring `endpoints`: its labels and annotations (but trigger time and last-applied), owned by it. */
export function newMirroredSlice(endpoints: Endpoints, ports: EndpointPort[], addressType: AddressType, name?: string): EndpointSlice {
  const labels: Record<string, string> = { ...endpoints.metadata?.labels };
  labels[LABEL_SERVICE_NAME] = endpoints.metadata?.name ?? "";
  labels[LABEL_MANAGED_BY] = MIRRORING_CONTROLLER_MANAGER;
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(endpoints.metadata?.annotations ?? {}))
    if (k !== TRIGGER_TIME && k !== LAST_APPLIED) annotations[k] = v;
  return {
    apiVersion: "discovery.k8s.io/v1",
    kind: "EndpointSlice",
    metadata: {
      ...(name ? { name } : { generateName: endpointSlicePrefix(endpoints.metadata?.name ?? "") }),
      namespace: endpoints.metadata?.namespace ?? "",
      labels,
      annotations,
      ownerReferences: [
        {
          apiVersion: "v1",
          kind: "Endpoints",
          name: endpoints.metadata?.name ?? "",
          uid: endpoints.metadata?.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    addressType,
    endpoints: [],
    ports,
  };
}

export function planMirroredSlices(endpoints: Endpoints, existing: readonly EndpointSlice[], maxEndpointsPerSubset: number): MirrorPlan {
  const plan: MirrorPlan = { create: [], update: [], delete: [], invalid: 0, skipped: 0 };
  const desired = new Map<string, { ports: EndpointPort[]; type: AddressType; endpoints: Map<string, Endpoint> }>();
  for (const ss of endpoints.subsets ?? []) {
    const ports = slicePorts(ss.ports);
    for (const type of ["IPv4", "IPv6"] as const) {
      const k = key(ports, type);
      if (!desired.has(k)) desired.set(k, { ports, type, endpoints: new Map() });
    }
    const all: [EndpointAddress, boolean][] = [
      ...(ss.addresses ?? []).map((a): [EndpointAddress, boolean] => [a, true]),
      ...(ss.notReadyAddresses ?? []).map((a): [EndpointAddress, boolean] => [a, false]),
    ];
    let added = 0;
    for (const [addr, ready] of all) {
      if (added >= maxEndpointsPerSubset) break;
      const converted = addressToEndpoint(addr, ready);
      if (!converted) {
        plan.invalid++;
        continue;
      }
      const [ep, type] = converted;
      desired.get(key(ports, type))!.endpoints.set(endpointKey(ep), ep);
      added++;
    }
    plan.skipped += all.length - added;
  }

  const existingByKey = new Map<string, EndpointSlice[]>();
  for (const s of existing) {
    const k = key(s.ports ?? [], s.addressType);
    existingByKey.set(k, [...(existingByKey.get(k) ?? []), s]);
  }
  for (const [k, want] of desired) {
    const have = existingByKey.get(k) ?? [];
    if (want.endpoints.size === 0) {
      plan.delete.push(...have);
      continue;
    }
    if (have.length > 0) {
      plan.delete.push(...have.slice(1));
      if (matches(have[0]!, want.endpoints)) continue;
    }
    const slice = newMirroredSlice(endpoints, want.ports, want.type, have[0]?.metadata?.name);
    for (const ep of want.endpoints.values()) {
      if (slice.endpoints.length >= maxEndpointsPerSubset) break;
      slice.endpoints.push(ep);
    }
    if (have[0]) {
      // Rewritten in place: keep what the server needs to accept the update.
      slice.metadata = { ...slice.metadata, resourceVersion: have[0].metadata?.resourceVersion };
      plan.update.push(slice);
    } else plan.create.push(slice);
  }
  for (const [k, have] of existingByKey) if (!desired.has(k)) plan.delete.push(...have);
  recycle(plan);
  return plan;
}

/** Whether the slice holds exactly the wanted endpoints, none changed. */
function matches(slice: EndpointSlice, want: Map<string, Endpoint>): boolean {
  let found = 0;
  for (const ep of slice.endpoints ?? []) {
    const w = want.get(endpointKey(ep));
    if (!w || !endpointsEqualBeyondKey(w, ep)) return false;
    found++;
  }
  return found === want.size;
}

/** Creates become updates of slices of the same address type that would be deleted. */
function recycle(plan: MirrorPlan): void {
  for (const type of ["IPv4", "IPv6"] as const) {
    const creates = plan.create.filter((s) => s.addressType === type);
    const deletes = plan.delete.filter((s) => s.addressType === type);
    for (let i = 0; i < creates.length && i < deletes.length; i++) {
      const slice = creates[i]!;
      const old = deletes[i]!;
      plan.create.splice(plan.create.indexOf(slice), 1);
      plan.delete.splice(plan.delete.indexOf(old), 1);
      const { generateName: _unused, ...meta } = slice.metadata ?? {};
      slice.metadata = { ...meta, name: old.metadata?.name, resourceVersion: old.metadata?.resourceVersion };
      plan.update.push(slice);
    }
  }
}
