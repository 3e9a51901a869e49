/** The QoS class upstream records in a Pod's status on create (qos.GetPodQOS, for cpu and memory). */
import { parseQuantity } from "../../../../runtime/quantity.js";
import { list, record } from "../../validation/shape.js";

const COMPUTE = ["cpu", "memory"];

export function podQOSClass(spec: unknown): "BestEffort" | "Burstable" | "Guaranteed" {
  const s = record(spec);
  const containers = [...list(s.containers), ...list(s.initContainers)];
  let any = false;
  let guaranteed = true;
  for (const c of containers) {
    const resources = record(record(c).resources);
    const requests = record(resources.requests);
    const limits = record(resources.limits);
    for (const r of COMPUTE) {
      const req = parseQuantity(requests[r]);
      const lim = parseQuantity(limits[r]);
      if ((req ?? 0) > 0 || (lim ?? 0) > 0) any = true;
      if (lim === undefined || lim === 0 || (req !== undefined && req !== lim)) guaranteed = false;
    }
  }
  if (!any) return "BestEffort";
  return guaranteed ? "Guaranteed" : "Burstable";
}
