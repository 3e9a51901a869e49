/** The QoS class upstream records in a Pod's status on create (qos.GetPodQOS, for cpu and memory). */
import { parseQuantity } from "../../../../runtime/quantity.js";
import { list, record } from "../../validation/shape.js";

const COMPUTE = ["cpu", "memory"];

const KINDS = ["containers", "initContainers"];

export function podQOSClass(spec: unknown): "BestEffort" | "Burstable" | "Guaranteed" {
  const s = record(spec);
  let any = false;
  let guaranteed = true;
  // Each list in place (no merged copy): the answer does not depend on the order.
  for (const kind of KINDS) {
    const containers = list(s[kind]);
    for (let i = 0; i < containers.length; i++) {
      const resources = record(record(containers[i]).resources);
      const requests = record(resources.requests);
      const limits = record(resources.limits);
      for (const r of COMPUTE) {
        const req = parseQuantity(requests[r]);
        const lim = parseQuantity(limits[r]);
        if ((req ?? 0) > 0 || (lim ?? 0) > 0) any = true;
        if (lim === undefined || lim === 0 || (req !== undefined && req !== lim)) guaranteed = false;
      }
    }
  }
  if (!any) return "BestEffort";
  return guaranteed ? "Guaranteed" : "Burstable";
}
