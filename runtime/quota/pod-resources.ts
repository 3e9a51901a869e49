/**
 * A Pod's requests and limits as upstream computes them (component-helpers' PodRequests and
 * PodLimits): the regular containers' sum, or any init container's need if greater, where a
 * restartable (sidecar) init container keeps running and so adds to the regular containers and
 * to every init container started after it; pod-level resources (cpu, memory, hugepages) replace
 * the containers' total when set; the overhead comes on top. One implementation for the
 * ResourceQuota admission plugin, the resourcequota controller and LimitRanger's Pod items.
 */
import { addInto, amountsOf, maxInto, maxOf, type Amounts } from "./amounts.js";

type List = Record<string, unknown> | undefined;
interface ContainerLike {
  name?: string;
  restartPolicy?: string;
  resources?: { requests?: List; limits?: List };
}
interface ContainerStatusLike {
  name?: string;
  allocatedResources?: List;
  resources?: { requests?: List; limits?: List };
}
/** The parts of a Pod these sums read. */
export interface PodLike {
  metadata?: { deletionTimestamp?: string; deletionGracePeriodSeconds?: number };
  spec?: {
    containers?: ContainerLike[];
    initContainers?: ContainerLike[];
    overhead?: List;
    resources?: { requests?: List; limits?: List };
    activeDeadlineSeconds?: number;
    priorityClassName?: string;
    affinity?: unknown;
  };
  status?: {
    phase?: string;
    qosClass?: string;
    conditions?: { type?: string; reason?: string }[];
    containerStatuses?: ContainerStatusLike[];
    initContainerStatuses?: ContainerStatusLike[];
  };
}

export interface PodResourcesOptions {
  /** Leave out `spec.overhead` (LimitRanger does). */
  excludeOverhead?: boolean;
  /** Count what the containers were given or run with (status) when more than the spec: an in-place resize. */
  useStatusResources?: boolean;
}

/** Resources pod-level `spec.resources` may set (upstream's IsSupportedPodLevelResource). */
export const isPodLevelResource = (name: string): boolean => name === "cpu" || name === "memory" || name.startsWith("hugepages-");

const hasPodLevel = (list: List): boolean => Object.keys(list ?? {}).some(isPodLevelResource);

/** What one container contributes, given its status (if any) and whether a resize was found infeasible. */
type Pick = (c: ContainerLike, s: ContainerStatusLike | undefined, infeasible: boolean) => List;

function statusOf(pod: PodLike, name: string | undefined): ContainerStatusLike | undefined {
  return pod.status?.containerStatuses?.find((s) => s.name === name) ?? pod.status?.initContainerStatuses?.find((s) => s.name === name);
}

/** The sidecar formula over one per-container resource list. */
function aggregate(pod: PodLike, pick: Pick, withStatus: boolean): Amounts {
  const infeasible = withStatus && resizeInfeasible(pod);
  const status = (c: ContainerLike) => (withStatus ? statusOf(pod, c.name) : undefined);
  const result: Amounts = {};
  for (const c of pod.spec?.containers ?? []) addInto(result, amountsOf(pick(c, status(c), infeasible)));
  const sidecars: Amounts = {};
  const initPeak: Amounts = {};
  for (const c of pod.spec?.initContainers ?? []) {
    const own = amountsOf(pick(c, status(c), infeasible));
    if (c.restartPolicy === "Always") {
      addInto(result, own);
      addInto(sidecars, own);
      maxInto(initPeak, sidecars);
    } else {
      maxInto(initPeak, addInto(addInto({}, own), sidecars));
    }
  }
  return maxInto(result, initPeak);
}

/** A resize the kubelet found infeasible: the spec's new amounts are not what runs. */
export function resizeInfeasible(pod: PodLike): boolean {
  const c = pod.status?.conditions?.find((x) => x.type === "PodResizePending");
  return c?.reason === "Infeasible";
}

const specRequests: Pick = (c) => c.resources?.requests;
const allocatedRequests: Pick = (c, s, infeasible) => s?.allocatedResources ?? (infeasible ? undefined : c.resources?.requests);
const actuatedRequests: Pick = (c, s, infeasible) =>
  s?.resources?.requests ?? s?.allocatedResources ?? (infeasible ? undefined : c.resources?.requests);
const specLimits: Pick = (c) => c.resources?.limits;
const actuatedLimits: Pick = (c, s, infeasible) => s?.resources?.limits ?? (infeasible ? undefined : c.resources?.limits);

/**
 * Whether the status can change the sums: some container reports resources, or a resize is
 * infeasible. When not, the status-aware sums equal the spec's (a Pod not yet running, the usual
 * case at admission), and one pass over the spec does.
 */
function statusMatters(pod: PodLike): boolean {
  const reports = (l: ContainerStatusLike[] | undefined) => (l ?? []).some((s) => s.allocatedResources || s.resources);
  return reports(pod.status?.containerStatuses) || reports(pod.status?.initContainerStatuses) || resizeInfeasible(pod);
}

/** The Pod's requests (upstream's PodRequests). */
export function podRequests(pod: PodLike, opts: PodResourcesOptions = {}): Amounts {
  let reqs: Amounts;
  if (!opts.useStatusResources || !statusMatters(pod)) reqs = aggregate(pod, specRequests, false);
  else {
    const allocated = aggregate(pod, allocatedRequests, true);
    const actuated = aggregate(pod, actuatedRequests, true);
    reqs = resizeInfeasible(pod) ? maxOf(actuated, allocated) : maxOf(aggregate(pod, specRequests, false), actuated, allocated);
  }
  const podLevel = pod.spec?.resources?.requests;
  if (hasPodLevel(podLevel)) for (const [k, v] of Object.entries(amountsOf(podLevel))) if (isPodLevelResource(k)) reqs[k] = v;
  if (!opts.excludeOverhead && pod.spec?.overhead) addInto(reqs, amountsOf(pod.spec.overhead));
  return reqs;
}

/** The Pod's limits (upstream's PodLimits): the overhead is added only to limits that are set and not zero. */
export function podLimits(pod: PodLike, opts: PodResourcesOptions = {}): Amounts {
  let limits: Amounts;
  if (!opts.useStatusResources || !statusMatters(pod)) limits = aggregate(pod, specLimits, false);
  else {
    const actuated = aggregate(pod, actuatedLimits, true);
    limits = resizeInfeasible(pod) ? actuated : maxOf(aggregate(pod, specLimits, false), actuated);
  }
  const r = pod.spec?.resources;
  if (hasPodLevel(r?.requests) || hasPodLevel(r?.limits))
    for (const [k, v] of Object.entries(amountsOf(r?.limits))) if (isPodLevelResource(k)) limits[k] = v;
  if (!opts.excludeOverhead && pod.spec?.overhead)
    for (const [k, v] of Object.entries(amountsOf(pod.spec.overhead))) {
      const have = limits[k];
      if (have !== undefined && have.value !== 0) limits[k] = { value: have.value + v.value, binary: have.binary };
    }
  return limits;
}
