/**
 * The create-time merge upstream 1.34's Pod strategy does (PrepareForCreate): each
 * `matchLabelKeys` of a pod (anti-)affinity term or topology spread constraint becomes a
 * `key In (the Pod's value)` requirement of that term's labelSelector, and each
 * `mismatchLabelKeys` a `key NotIn (value)` one (MatchLabelKeysInPodAffinity is GA,
 * MatchLabelKeysInPodTopologySpread and its SelectorMerge are on by default). Keys the Pod has no
 * label for add nothing; a term without a labelSelector matches no Pod and is left alone. Updates
 * never merge: the stored selector already carries the requirements.
 */
import type { KubeObject } from "../../rest.js";
import { isObj, list, record, type Obj } from "../../validation/shape.js";

/** Appends one requirement per key the Pod has a label for. */
function mergeKeys(selector: Obj, keys: unknown, operator: "In" | "NotIn", labels: Obj): void {
  if (!Array.isArray(keys)) return;
  let added: Obj[] | undefined;
  for (const key of keys) {
    if (typeof key !== "string" || typeof labels[key] !== "string") continue;
    added ??= [];
    added.push({ key, operator, values: [labels[key]] });
  }
  // A new list: the request's own array stays as the client sent it.
  if (added) selector.matchExpressions = [...list(selector.matchExpressions), ...added];
}

function mergeTerm(term: unknown, labels: Obj): void {
  if (!isObj(term) || !isObj(term.labelSelector)) return;
  mergeKeys(term.labelSelector, term.matchLabelKeys, "In", labels);
  mergeKeys(term.labelSelector, term.mismatchLabelKeys, "NotIn", labels);
}

function mergeAffinity(affinity: unknown, labels: Obj): void {
  if (!isObj(affinity)) return;
  // Preferred terms first, as upstream visits them.
  for (const t of list(affinity.preferredDuringSchedulingIgnoredDuringExecution)) mergeTerm(record(t).podAffinityTerm, labels);
  for (const t of list(affinity.requiredDuringSchedulingIgnoredDuringExecution)) mergeTerm(t, labels);
}

/** Merges the label keys of a Pod being created into its selectors; cheap when it has none. */
export function mergeLabelKeys(pod: KubeObject): void {
  const spec = record(pod.spec);
  const labels = record(pod.metadata?.labels);
  if (isObj(spec.affinity)) {
    mergeAffinity(spec.affinity.podAffinity, labels);
    mergeAffinity(spec.affinity.podAntiAffinity, labels);
  }
  for (const c of list(spec.topologySpreadConstraints)) {
    if (isObj(c) && isObj(c.labelSelector)) mergeKeys(c.labelSelector, c.matchLabelKeys, "In", labels);
  }
}
