/**
 * One Pod as an EndpointSlice endpoint, and the ports, labels and shape of the slices the
 * EndpointSlice controller writes (upstream's k8s.io/endpointslice utils.go).
 */
import type { Node, Pod, Service } from "../../generated/apis/core/v1/index.js";
import type { AddressType, Endpoint, EndpointPort, EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import { isDNS1123Subdomain } from "../../runtime/validation/strings.js";
import { findPort, isPodReady, isServiceIPSet, shouldSetHostname } from "../endpointsutil/pods.js";

export const LABEL_SERVICE_NAME = "kubernetes.io/service-name";
export const LABEL_MANAGED_BY = "endpointslice.kubernetes.io/managed-by";
export const HEADLESS_SERVICE_LABEL = "service.kubernetes.io/headless";
export const LABEL_TOPOLOGY_ZONE = "topology.kubernetes.io/zone";
export const ENDPOINTSLICE_CONTROLLER_MANAGER = "endpointslice-controller.k8s.io";

const isIPv6 = (ip: string): boolean => ip.includes(":");

/** Address types the Service's families call for; without families, the cluster IP's, or both for a headless Service. */
export function addressTypesForService(svc: Service): Set<AddressType> {
  const types = new Set<AddressType>();
  for (const f of svc.spec?.ipFamilies ?? []) if (f === "IPv4" || f === "IPv6") types.add(f);
  if (types.size > 0) return types;
  if (isServiceIPSet(svc)) return new Set([isIPv6(svc.spec!.clusterIP!) ? "IPv6" : "IPv4"]);
  return new Set(["IPv4", "IPv6"]);
}

/** The Pod's IPs of one address type. */
function endpointAddresses(pod: Pod, addressType: AddressType): string[] {
  return (pod.status?.podIPs ?? []).map((p) => p.ip).filter((ip) => (addressType === "IPv6") === isIPv6(ip));
}

/**
 * The Pod as an endpoint: serving when Ready, terminating when deleted, ready when serving and
 * not terminating (always, when the Service publishes not-ready addresses).
 */
export function podToEndpoint(pod: Pod, node: Node | undefined, svc: Service, addressType: AddressType): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata?.deletionTimestamp;
  const ready = svc.spec?.publishNotReadyAddresses === true || (serving && !terminating);
  const ep: Endpoint = {
    addresses: endpointAddresses(pod, addressType),
    conditions: { ready, serving, terminating },
    targetRef: { kind: "Pod", namespace: pod.metadata?.namespace ?? "", name: pod.metadata?.name ?? "", uid: pod.metadata?.uid ?? "" },
  };
  if (pod.spec?.nodeName) ep.nodeName = pod.spec.nodeName;
  const zone = node?.metadata?.labels?.[LABEL_TOPOLOGY_ZONE];
  if (zone) ep.zone = zone;
  if (shouldSetHostname(pod, svc)) ep.hostname = pod.spec!.hostname!;
  return ep;
}

/** One port per Service port the Pod has; none for a headless Service without ports. */
export function endpointPorts(svc: Service, pod: Pod): EndpointPort[] {
  const ports: EndpointPort[] = [];
  for (const sp of svc.spec?.ports ?? []) {
    const num = findPort(pod, sp);
    if (num === undefined) continue;
    const port: EndpointPort = { name: sp.name ?? "", port: num, protocol: sp.protocol ?? "TCP" };
    if (sp.appProtocol !== undefined) port.appProtocol = sp.appProtocol;
    ports.push(port);
  }
  return ports;
}

const portRendering = (p: EndpointPort): string => JSON.stringify([p.name ?? "", p.port ?? null, p.protocol ?? "", p.appProtocol ?? null]);

/** Identifies a set of ports whatever their order (upstream's PortMapKey). */
export function portMapKey(ports: readonly EndpointPort[] | undefined): string {
  return JSON.stringify((ports ?? []).map(portRendering).sort());
}

/** Identifies an endpoint across syncs: its addresses, hostname and Pod (upstream's endpoint hash). */
export function endpointKey(ep: Endpoint): string {
  return JSON.stringify([[...ep.addresses].sort(), ep.hostname ?? "", ep.targetRef?.namespace ?? "", ep.targetRef?.name ?? ""]);
}

/** Equal in what {@link endpointKey} leaves out: node, zone, conditions, and the Pod reference but its resourceVersion. */
export function endpointsEqualBeyondKey(a: Endpoint, b: Endpoint): boolean {
  if (a.nodeName !== b.nodeName || a.zone !== b.zone) return false;
  const ca = a.conditions ?? {};
  const cb = b.conditions ?? {};
  if (ca.ready !== cb.ready || ca.serving !== cb.serving || ca.terminating !== cb.terminating) return false;
  const ref = (e: Endpoint): string => JSON.stringify({ ...e.targetRef, resourceVersion: undefined });
  return ref(a) === ref(b);
}

/** `<service>-`, or the bare name when the dash would make an invalid name prefix. */
export function endpointSlicePrefix(serviceName: string): string {
  const prefix = `${serviceName}-`;
  // Checked as upstream checks a generateName prefix: its trailing dash masked.
  return isDNS1123Subdomain(`${serviceName}a`).length === 0 ? prefix : serviceName;
}

const RESERVED_LABELS = new Set([LABEL_SERVICE_NAME, LABEL_MANAGED_BY, HEADLESS_SERVICE_LABEL]);

/**
 * The slice's labels: the Service's (but the reserved ones), the headless label for a Service
 * without a cluster IP, the service name and manager; and whether the Service's labels changed.
 */
export function endpointSliceLabels(slice: EndpointSlice, svc: Service, controllerName: string): [Record<string, string>, boolean] {
  const sliceLabels: Record<string, string> = {};
  for (const [k, v] of Object.entries(slice.metadata?.labels ?? {})) if (!RESERVED_LABELS.has(k)) sliceLabels[k] = v;
  const labels: Record<string, string> = {};
  for (const [k, v] of Object.entries(svc.metadata?.labels ?? {})) if (!RESERVED_LABELS.has(k)) labels[k] = v;
  const keys = Object.keys(labels);
  const changed = keys.length !== Object.keys(sliceLabels).length || keys.some((k) => sliceLabels[k] !== labels[k]);
  if (!isServiceIPSet(svc)) labels[HEADLESS_SERVICE_LABEL] = "";
  labels[LABEL_SERVICE_NAME] = svc.metadata?.name ?? "";
  labels[LABEL_MANAGED_BY] = controllerName;
  return [labels, changed];
}

/** A new, unnamed slice for the Service, owned by it (controller reference). */
export function newEndpointSlice(svc: Service, ports: EndpointPort[], addressType: AddressType, controllerName: string): EndpointSlice {
  const slice: EndpointSlice = {
    apiVersion: "discovery.k8s.io/v1",
    kind: "EndpointSlice",
    metadata: {
      generateName: endpointSlicePrefix(svc.metadata?.name ?? ""),
      namespace: svc.metadata?.namespace ?? "",
      ownerReferences: [
        {
          apiVersion: "v1",
          kind: "Service",
          name: svc.metadata?.name ?? "",
          uid: svc.metadata?.uid ?? "",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    addressType,
    endpoints: [],
    ports,
  };
  slice.metadata!.labels = endpointSliceLabels(slice, svc, controllerName)[0];
  return slice;
}

/** Whether the slice's owner references name this Service (by uid). */
export function ownedBy(slice: EndpointSlice, svc: Service): boolean {
  return (slice.metadata?.ownerReferences ?? []).some((o) => o.uid === svc.metadata?.uid && o.kind === "Service" && o.apiVersion === "v1");
}
