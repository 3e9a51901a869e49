/**
 * The Endpoints a Service's Pods make (upstream's endpoints controller, syncService's body):
 * one address per Pod (the IP of the Service's first family), ready or not ready per the Pod's
 * Ready condition unless the Service publishes not-ready addresses, one port per Service port
 * the Pod has; then repacked, and truncated to 1000 addresses.
 */
import type { EndpointAddress, EndpointPort, EndpointSubset, Endpoints, Pod, Service } from "../../generated/apis/core/v1/index.js";
import { findPort, isPodReady, shouldPodBeInEndpoints, shouldSetHostname } from "../endpointsutil/pods.js";
import { repackSubsets } from "../../runtime/endpoints/repack.js";

/** At most this many addresses (ready and not) in one Endpoints object. */
export const MAX_ENDPOINTS_CAPACITY = 1000;
export const OVER_CAPACITY_ANNOTATION = "endpoints.kubernetes.io/over-capacity";
export const HEADLESS_SERVICE_LABEL = "service.kubernetes.io/headless";

const isIPv6 = (ip: string): boolean => ip.includes(":");

/** The Service's family: its first ipFamilies entry, else its cluster IP's, else (headless) the Pod's IP's. */
function serviceFamily(svc: Service, pod: Pod): "IPv4" | "IPv6" {
  const first = svc.spec?.ipFamilies?.[0];
  if (first === "IPv4" || first === "IPv6") return first;
  const clusterIP = svc.spec?.clusterIP ?? "";
  const probe = clusterIP !== "" && clusterIP !== "None" ? clusterIP : (pod.status?.podIP ?? "");
  return isIPv6(probe) ? "IPv6" : "IPv4";
}

/** The Pod's address for the Service, or undefined when it has no IP of the Service's family. */
export function podToEndpointAddress(svc: Service, pod: Pod): EndpointAddress | undefined {
  const family = serviceFamily(svc, pod);
  const ip = (pod.status?.podIPs ?? []).map((p) => p.ip).find((ip) => isIPv6(ip) === (family === "IPv6"));
  if (!ip) return undefined;
  const addr: EndpointAddress = {
    ip,
    targetRef: { kind: "Pod", namespace: pod.metadata?.namespace ?? "", name: pod.metadata?.name ?? "", uid: pod.metadata?.uid ?? "" },
  };
  // Upstream writes the node name even when empty (a kubelet's Pods are always bound); an empty
  // one fails validation, and here an unbound Pod may well have an IP written by a client.
  if (pod.spec?.nodeName) addr.nodeName = pod.spec.nodeName;
  if (shouldSetHostname(pod, svc)) addr.hostname = pod.spec!.hostname!;
  return addr;
}

/** The Service's repacked subsets. */
export function computeSubsets(svc: Service, pods: readonly Pod[]): EndpointSubset[] {
  const publishNotReady = svc.spec?.publishNotReadyAddresses === true;
  const subsets: EndpointSubset[] = [];
  const add = (pod: Pod, addr: EndpointAddress, port: EndpointPort | undefined): void => {
    const ports = port ? [port] : [];
    if (publishNotReady || isPodReady(pod)) subsets.push({ addresses: [addr], ports });
    else subsets.push({ notReadyAddresses: [addr], ports });
  };
  for (const pod of pods) {
    if (!shouldPodBeInEndpoints(pod, publishNotReady)) continue;
    const addr = podToEndpointAddress(svc, pod);
    if (!addr) continue;
    const svcPorts = svc.spec?.ports ?? [];
    // A headless Service may have no ports; its Pods are still listed.
    if (svcPorts.length === 0) {
      if (svc.spec?.clusterIP === "None") add(pod, addr, undefined);
      continue;
    }
    for (const sp of svcPorts) {
      const num = findPort(pod, sp);
      if (num === undefined) continue;
      const port: EndpointPort = { name: sp.name ?? "", port: num, protocol: sp.protocol ?? "TCP" };
      if (sp.appProtocol !== undefined) port.appProtocol = sp.appProtocol;
      add(pod, addr, port);
    }
  }
  return repackSubsets(subsets);
}

/**
 * Cuts `subsets` (in place) to {@link MAX_ENDPOINTS_CAPACITY} addresses, ready ones first, each
 * subset keeping its share (rounded up) of what is kept; true when something was cut.
 */
export function truncateSubsets(subsets: EndpointSubset[]): boolean {
  let totalReady = 0;
  let totalNotReady = 0;
  for (const ss of subsets) {
    totalReady += ss.addresses?.length ?? 0;
    totalNotReady += ss.notReadyAddresses?.length ?? 0;
  }
  if (totalReady + totalNotReady <= MAX_ENDPOINTS_CAPACITY) return false;
  const truncateReady = totalReady > MAX_ENDPOINTS_CAPACITY;
  const max = truncateReady ? MAX_ENDPOINTS_CAPACITY : MAX_ENDPOINTS_CAPACITY - totalReady;
  const numTotal = truncateReady ? totalReady : totalNotReady;
  let canBeAdded = max;
  for (const ss of subsets) {
    const inSubset = (truncateReady ? ss.addresses?.length : ss.notReadyAddresses?.length) ?? 0;
    const toBeAdded = Math.min(Math.ceil((inSubset / numTotal) * max), canBeAdded);
    if (truncateReady) {
      ss.addresses = (ss.addresses ?? []).slice(0, toBeAdded);
      delete ss.notReadyAddresses;
      canBeAdded -= ss.addresses.length;
    } else {
      ss.notReadyAddresses = (ss.notReadyAddresses ?? []).slice(0, toBeAdded);
      canBeAdded -= ss.notReadyAddresses.length;
    }
  }
  return true;
}

/** Whether the over-capacity annotation matches the subsets (absent, and not over capacity). */
export function capacityAnnotationSetCorrectly(ep: Endpoints): boolean {
  let n = 0;
  for (const ss of ep.subsets ?? []) n += (ss.addresses?.length ?? 0) + (ss.notReadyAddresses?.length ?? 0);
  if (n > MAX_ENDPOINTS_CAPACITY) return false;
  return !(OVER_CAPACITY_ANNOTATION in (ep.metadata?.annotations ?? {}));
}
