/**
 * Quota scopes for Pods (upstream's podMatchesScopeFunc): Terminating / NotTerminating (an
 * activeDeadlineSeconds), BestEffort / NotBestEffort (the QoS class), PriorityClass (a selector
 * over the Pod's priorityClassName), CrossNamespacePodAffinity (an affinity term naming other
 * namespaces).
 */
import { amountsOf } from "./amounts.js";
import type { PodLike } from "./pod-resources.js";

/** One scopeSelector expression (a plain `scopes` entry is one with operator Exists). */
export interface ScopeRequirement {
  scopeName: string;
  operator: string;
  values?: string[];
}

const isTerminating = (pod: PodLike): boolean => typeof pod.spec?.activeDeadlineSeconds === "number" && pod.spec.activeDeadlineSeconds >= 0;

/** BestEffort: the QoS class recorded, or else no cpu or memory asked for anywhere (containers, init containers, pod level). */
export function isBestEffort(pod: PodLike): boolean {
  const recorded = pod.status?.qosClass;
  if (recorded) return recorded === "BestEffort";
  const lists = [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].flatMap((c) => [
    c.resources?.requests,
    c.resources?.limits,
  ]);
  lists.push(pod.spec?.resources?.requests, pod.spec?.resources?.limits);
  return !lists.some((l) => {
    const a = amountsOf(l);
    return (a.cpu?.value ?? 0) > 0 || (a.memory?.value ?? 0) > 0;
  });
}

interface Term {
  namespaces?: string[];
  namespaceSelector?: unknown;
}
interface Affinity {
  podAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: Term[];
    preferredDuringSchedulingIgnoredDuringExecution?: { podAffinityTerm?: Term }[];
  };
  podAntiAffinity?: Affinity["podAffinity"];
}

const crossNamespace = (t: Term | undefined): boolean =>
  t !== undefined && ((t.namespaces?.length ?? 0) > 0 || (t.namespaceSelector !== undefined && t.namespaceSelector !== null));

function usesCrossNamespaceAffinity(pod: PodLike): boolean {
  const a = pod.spec?.affinity as Affinity | undefined;
  return [a?.podAffinity, a?.podAntiAffinity].some(
    (x) =>
      (x?.requiredDuringSchedulingIgnoredDuringExecution ?? []).some(crossNamespace) ||
      (x?.preferredDuringSchedulingIgnoredDuringExecution ?? []).some((w) => crossNamespace(w.podAffinityTerm)),
  );
}

/** The PriorityClass requirement as a label selector over `{PriorityClass: <name>}` (no key when the Pod names none). */
function priorityMatches(req: ScopeRequirement, name: string | undefined): boolean {
  const v = name ? name : undefined;
  switch (req.operator) {
    case "In":
      return v !== undefined && (req.values ?? []).includes(v);
    case "NotIn":
      return v === undefined || !(req.values ?? []).includes(v);
    case "Exists":
      return v !== undefined;
    case "DoesNotExist":
      return v === undefined;
    default:
      return false;
  }
}

export function podMatchesScope(req: ScopeRequirement, pod: PodLike): boolean {
  switch (req.scopeName) {
    case "Terminating":
      return isTerminating(pod);
    case "NotTerminating":
      return !isTerminating(pod);
    case "BestEffort":
      return isBestEffort(pod);
    case "NotBestEffort":
      return !isBestEffort(pod);
    case "PriorityClass":
      return priorityMatches(req, pod.spec?.priorityClassName);
    case "CrossNamespacePodAffinity":
      return usesCrossNamespaceAffinity(pod);
    default:
      return false;
  }
}

/** A requirement as a label selector on one key's value (In, NotIn, Exists, DoesNotExist). */
export const selectorMatches = priorityMatches;
