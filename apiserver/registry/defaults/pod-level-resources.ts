/**
 * Pod-level resource defaults of upstream's SetDefaults_Pod (PodLevelResources, beta and on in
 * 1.34), run after the containers' own defaults and only on Pods that set some pod-level
 * resources: hugepages limits from the containers' aggregate limits, then missing requests from
 * the containers' aggregate requests (overcommittable resources) or else from the pod's limits.
 */
import { aggregateContainerResources, isPodLevelResource } from "../validation/pod-resources.js";
import { isObj, type Obj } from "../validation/shape.js";

const overcommittable = (name: string) => (!name.includes("/") || name.includes("kubernetes.io/")) && !name.startsWith("hugepages-");
const nonEmpty = (v: unknown): v is Obj => isObj(v) && Object.keys(v).length > 0;

export function defaultPodLevelResources(spec: Obj): void {
  const resources = spec.resources;
  if (!isObj(resources)) return;
  if (nonEmpty(resources.limits) || nonEmpty(resources.requests)) {
    const limits: Obj = { ...(isObj(resources.limits) ? resources.limits : {}) };
    for (const [name, total] of aggregateContainerResources(spec, "limits"))
      if (limits[name] === undefined && name.startsWith("hugepages-")) limits[name] = total;
    if (Object.keys(limits).length > 0) resources.limits = limits;
  }
  if (!nonEmpty(resources.limits)) return;
  const requests: Obj = { ...(isObj(resources.requests) ? resources.requests : {}) };
  for (const [name, total] of aggregateContainerResources(spec, "requests"))
    if (requests[name] === undefined && isPodLevelResource(name) && overcommittable(name)) requests[name] = total;
  for (const [name, limit] of Object.entries(resources.limits))
    if (requests[name] === undefined && isPodLevelResource(name)) requests[name] = limit;
  if (Object.keys(requests).length > 0) resources.requests = requests;
}
