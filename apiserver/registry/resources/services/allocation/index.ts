/** The Service allocators over a storage: a ClusterIP CIDR per family and the NodePort range, at upstream's keys. */
import type { Scheme } from "../../../../../runtime/scheme.js";
import type { Storage } from "../../../../storage/interface.js";
import { PortRange, serviceIPRange } from "./ranges.js";
import { ServiceAllocators } from "./service-allocator.js";
import { IP_MESSAGES, PORT_MESSAGES, StoredAllocator } from "./stored-allocator.js";

export const SERVICE_IPS_KEY = "/registry/ranges/serviceips";
/** The second family's range on a dual-stack cluster. */
export const SECONDARY_SERVICE_IPS_KEY = "/registry/ranges/secondaryserviceips";
export const SERVICE_NODE_PORTS_KEY = "/registry/ranges/servicenodeports";

export interface ServiceRanges {
  /** `--service-cluster-ip-range`: one CIDR, or two of different families separated by a comma (primary first). */
  serviceClusterIPRange: string;
  /** `--service-node-port-range`, `30000-32767`. */
  serviceNodePortRange: string;
}

export const DEFAULT_SERVICE_RANGES: ServiceRanges = { serviceClusterIPRange: "10.96.0.0/12", serviceNodePortRange: "30000-32767" };

/** The CIDRs of `--service-cluster-ip-range`, primary first. */
export function serviceCIDRs(ranges: ServiceRanges): string[] {
  return ranges.serviceClusterIPRange.split(",").map((c) => c.trim());
}

export function newServiceAllocators(storage: Storage, scheme: Scheme, ranges: ServiceRanges, random?: () => number): ServiceAllocators {
  const [primary, secondary] = serviceCIDRs(ranges);
  const ips = (cidr: string, key: string) =>
    new StoredAllocator({ storage, scheme, key, range: serviceIPRange(cidr), messages: IP_MESSAGES, random });
  return new ServiceAllocators(
    ips(primary!, SERVICE_IPS_KEY),
    new StoredAllocator({
      storage,
      scheme,
      key: SERVICE_NODE_PORTS_KEY,
      range: PortRange.parse(ranges.serviceNodePortRange),
      messages: PORT_MESSAGES,
      random,
    }),
    secondary ? ips(secondary, SECONDARY_SERVICE_IPS_KEY) : undefined,
  );
}

export { AllocationBitmap } from "./bitmap.js";
export { IPv4Range, IPv6Range, PortRange, serviceIPRange, type AllocationRange, type IPRange } from "./ranges.js";
export { ServiceAllocators, collectServiceNodePorts } from "./service-allocator.js";
export { AllocationError, StoredAllocator, decodeRangeAllocation, encodeRangeAllocation } from "./stored-allocator.js";
