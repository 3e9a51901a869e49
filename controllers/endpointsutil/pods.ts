/**
 * What the endpoints and EndpointSlice controllers both decide about a Pod (upstream's
 * k8s.io/endpointslice/util): whether it is an endpoint at all, its port for a Service port,
 * whether its hostname is published, and which Services a Pod change touches.
 */
import type { Pod, Service, ServicePort } from "../../generated/apis/core/v1/index.js";
import type { ServiceLister } from "../../generated/listers/core/v1/service.js";
import { DeletedFinalStateUnknown, metaNamespaceKeyFunc } from "../../runtime/cache/keys.js";
import { LabelsSelector } from "../../runtime/selectors/index.js";

export function isPodReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");
}

/** The Ready condition's last transition: when the Pod last changed as an endpoint (zero when unknown). */
export function podTriggerTime(pod: Pod): string | undefined {
  return (pod.status?.conditions ?? []).find((c) => c.type === "Ready")?.lastTransitionTime;
}

/** Terminal Pods (Succeeded, Failed) and Pods without an IP are never endpoints; terminating ones only when asked. */
export function shouldPodBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === "Succeeded" || phase === "Failed") return false;
  if (!pod.status?.podIP && !(pod.status?.podIPs ?? []).length) return false;
  if (!includeTerminating && pod.metadata?.deletionTimestamp) return false;
  return true;
}

/** A Pod's hostname is published when it names the Service as its subdomain (DNS for StatefulSets). */
export function shouldSetHostname(pod: Pod, svc: Service): boolean {
  return !!pod.spec?.hostname && pod.spec.subdomain === svc.metadata?.name && svc.metadata?.namespace === pod.metadata?.namespace;
}

/** A Service with a cluster IP (neither headless nor unallocated). */
export function isServiceIPSet(svc: Service): boolean {
  const ip = svc.spec?.clusterIP ?? "";
  return ip !== "None" && ip !== "";
}

/**
 * The Pod's port for a Service port: a number targetPort as is; a name looked up among the
 * containers' ports (then sidecars', init containers that always restart) with the same protocol.
 */
export function findPort(pod: Pod, svcPort: ServicePort): number | undefined {
  const target = svcPort.targetPort;
  if (typeof target === "number") return target;
  if (typeof target !== "string") return undefined;
  const protocol = svcPort.protocol ?? "TCP";
  const match = (ports: { name?: string; containerPort: number; protocol?: string }[] | undefined): number | undefined =>
    (ports ?? []).find((p) => p.name === target && (p.protocol ?? "TCP") === protocol)?.containerPort;
  for (const c of pod.spec?.containers ?? []) {
    const port = match(c.ports);
    if (port !== undefined) return port;
  }
  for (const c of pod.spec?.initContainers ?? []) {
    if (c.restartPolicy !== "Always") continue;
    const port = match(c.ports);
    if (port !== undefined) return port;
  }
  return undefined;
}

function sameLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  const ak = Object.keys(a ?? {});
  if (ak.length !== Object.keys(b ?? {}).length) return false;
  return ak.every((k) => b?.[k] === a?.[k]);
}

/**
 * [podChanged, labelsChanged]: whether the Pod's endpoint may differ (deletion, readiness, IPs)
 * and whether the Services it matches may differ (labels, hostname or subdomain).
 */
export function podEndpointsChanged(oldPod: Pod, newPod: Pod): [boolean, boolean] {
  const labelsChanged =
    !sameLabels(oldPod.metadata?.labels, newPod.metadata?.labels) ||
    oldPod.spec?.hostname !== newPod.spec?.hostname ||
    oldPod.spec?.subdomain !== newPod.spec?.subdomain;
  if (oldPod.metadata?.deletionTimestamp !== newPod.metadata?.deletionTimestamp) return [true, labelsChanged];
  if (isPodReady(oldPod) !== isPodReady(newPod)) return [true, labelsChanged];
  const oldIPs = (oldPod.status?.podIPs ?? []).map((p) => p.ip);
  const newIPs = (newPod.status?.podIPs ?? []).map((p) => p.ip);
  if (oldIPs.length !== newIPs.length || oldIPs.some((ip, i) => ip !== newIPs[i])) return [true, labelsChanged];
  return [false, labelsChanged];
}

/** Keys of the namespace's Services whose selector matches `labels` (a Service without a selector matches nothing). */
export function servicesForLabels(services: ServiceLister, namespace: string, labels: Record<string, string> | undefined): Set<string> {
  const keys = new Set<string>();
  for (const svc of services.services(namespace).list()) {
    const selector = svc.spec?.selector;
    if (!selector) continue;
    if (LabelsSelector.fromSet(selector).matches(labels ?? {})) keys.add(metaNamespaceKeyFunc(svc));
  }
  return keys;
}

/** The Pod of a delete notification, tombstone or not. */
export function podFromDeleteAction(obj: Pod | DeletedFinalStateUnknown<Pod>): Pod {
  return obj instanceof DeletedFinalStateUnknown ? obj.obj : obj;
}

/**
 * The Services to sync for a Pod update: none for a resync or an irrelevant change; for a label
 * change, every Service of either set when the endpoint changed too, else those gained or lost.
 */
export function servicesToUpdateOnPodChange(services: ServiceLister, oldPod: Pod, newPod: Pod): Set<string> {
  if (oldPod.metadata?.resourceVersion === newPod.metadata?.resourceVersion) return new Set();
  const [podChanged, labelsChanged] = podEndpointsChanged(oldPod, newPod);
  if (!podChanged && !labelsChanged) return new Set();
  const ns = newPod.metadata?.namespace ?? "";
  const current = servicesForLabels(services, ns, newPod.metadata?.labels);
  if (!labelsChanged) return current;
  const old = servicesForLabels(services, ns, oldPod.metadata?.labels);
  if (podChanged) return new Set([...current, ...old]);
  const result = new Set<string>();
  for (const k of current) if (!old.has(k)) result.add(k);
  for (const k of old) if (!current.has(k)) result.add(k);
  return result;
}

/**
 * The Pod event handlers both endpoints controllers register: each Service whose selector the
 * Pod matches (before or after the change) is queued, after `batchMs`.
 */
export function podServiceHandlers(
  services: ServiceLister,
  queueAfter: (key: string, ms: number) => void,
  batchMs: number,
): {
  onAdd(pod: Pod): void;
  onUpdate(old: Pod, cur: Pod): void;
  onDelete(obj: Pod | DeletedFinalStateUnknown<Pod>): void;
} {
  const added = (pod: Pod): void => {
    for (const key of servicesForLabels(services, pod.metadata?.namespace ?? "", pod.metadata?.labels)) queueAfter(key, batchMs);
  };
  return {
    onAdd: added,
    onUpdate: (old, cur) => {
      for (const key of servicesToUpdateOnPodChange(services, old, cur)) queueAfter(key, batchMs);
    },
    onDelete: (obj) => added(podFromDeleteAction(obj)),
  };
}
