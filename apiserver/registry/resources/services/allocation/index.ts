/** The Service allocators over a storage: the ClusterIP CIDR and the NodePort range, at upstream's keys. */
import type { Scheme } from "../../../../../runtime/scheme.js";
import type { Storage } from "../../../../storage/interface.js";
import { IPv4Range, PortRange } from "./ranges.js";
import { ServiceAllocators } from "./service-allocator.js";
import { IP_MESSAGES, PORT_MESSAGES, StoredAllocator } from "./stored-allocator.js";

export const SERVICE_IPS_KEY = "/registry/ranges/serviceips";
export const SERVICE_NODE_PORTS_KEY = "/registry/ranges/servicenodeports";

export interface ServiceRanges {
  /** `--service-cluster-ip-range`, an IPv4 CIDR. */
  serviceClusterIPRange: string;
  /** `--service-node-port-range`, `30000-32767`. */
  serviceNodePortRange: string;
}

export const DEFAULT_SERVICE_RANGES: ServiceRanges = { serviceClusterIPRange: "10.96.0.0/12", serviceNodePortRange: "30000-32767" };

export function newServiceAllocators(storage: Storage, scheme: Scheme, ranges: ServiceRanges, random?: () => number): ServiceAllocators {
  return new ServiceAllocators(
    new StoredAllocator({
      storage,
      scheme,
      key: SERVICE_IPS_KEY,
      range: new IPv4Range(ranges.serviceClusterIPRange),
      messages: IP_MESSAGES,
      random,
    }),
    new StoredAllocator({
      storage,
      scheme,
      key: SERVICE_NODE_PORTS_KEY,
      range: PortRange.parse(ranges.serviceNodePortRange),
      messages: PORT_MESSAGES,
      random,
    }),
  );
}

export { AllocationBitmap } from "./bitmap.js";
export { IPv4Range, PortRange, type AllocationRange } from "./ranges.js";
export { ServiceAllocators, collectServiceNodePorts } from "./service-allocator.js";
export { AllocationError, StoredAllocator, decodeRangeAllocation, encodeRangeAllocation } from "./stored-allocator.js";
