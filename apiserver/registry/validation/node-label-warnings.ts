/**
 * Warnings for deprecated node labels (upstream's pkg/api/node/util.go and pkg/api/storage/util.go):
 * the one table and message shapes every kind that names node labels shares (Pods and templates,
 * PersistentVolumes, StorageClasses, CSIStorageCapacities, RuntimeClasses). Where upstream ranges
 * over a Go map (matchLabels, nodeSelector) the order is Go's random one; ours is the object's.
 */
import type { KubeObject } from "../rest.js";
import { FieldPath } from "./field.js";
import { isObj, list, record, str } from "./shape.js";

/** upstream's deprecatedNodeLabels and what each message says. */
const DEPRECATED_NODE_LABELS: Readonly<Record<string, string>> = {
  "beta.kubernetes.io/arch": 'deprecated since v1.14; use "kubernetes.io/arch" instead',
  "beta.kubernetes.io/os": 'deprecated since v1.14; use "kubernetes.io/os" instead',
  "failure-domain.beta.kubernetes.io/region": 'deprecated since v1.17; use "topology.kubernetes.io/region" instead',
  "failure-domain.beta.kubernetes.io/zone": 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
  "beta.kubernetes.io/instance-type": 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
  "app.kubernetes.io/created-by": "deprecated since v1.9",
  "scheduler.alpha.kubernetes.io/preferAvoidPods": "deprecated since v1.22; use Taints and Tolerations instead",
  "node-role.kubernetes.io/master": 'use "node-role.kubernetes.io/control-plane" instead',
};

/** upstream's GetNodeLabelDeprecatedMessage: the message for a deprecated key, else undefined. */
export const deprecatedNodeLabel = (key: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(DEPRECATED_NODE_LABELS, key) ? DEPRECATED_NODE_LABELS[key] : undefined;

/** upstream's GetWarningsForNodeSelectorTerm: deprecated keys in matchExpressions. */
export function nodeSelectorTermWarnings(term: unknown, at: FieldPath, out: string[]): void {
  list(record(term).matchExpressions).forEach((e, i) => {
    const key = str(record(e).key);
    const msg = deprecatedNodeLabel(key);
    if (msg) out.push(`${at.child("matchExpressions").index(i).child("key").toString()}: ${key} is ${msg}`);
  });
}

/** upstream's GetWarningsForNodeSelector: a metav1.LabelSelector's expressions, then its matchLabels. */
export function nodeLabelSelectorWarnings(selector: unknown, at: FieldPath, out: string[]): void {
  if (!isObj(selector)) return;
  nodeSelectorTermWarnings(selector, at, out);
  if (!isObj(selector.matchLabels)) return;
  for (const label in selector.matchLabels) {
    const msg = deprecatedNodeLabel(label);
    // A label is a child, not a key: upstream prints `matchLabels.beta.kubernetes.io/os`.
    if (msg) out.push(`${at.child("matchLabels", label).toString()}: ${msg}`);
  }
}

const ALLOWED_TOPOLOGIES = FieldPath.of("allowedTopologies");

/** upstream's GetWarningsForStorageClass: the path names the key, the text only the message. */
export function storageClassWarnings(sc: KubeObject): string[] {
  const out: string[] = [];
  list(sc.allowedTopologies).forEach((term, i) =>
    list(record(term).matchLabelExpressions).forEach((e, j) => {
      const msg = deprecatedNodeLabel(str(record(e).key));
      if (msg) out.push(`${ALLOWED_TOPOLOGIES.index(i).child("matchLabelExpressions").index(j).child("key").toString()}: ${msg}`);
    }),
  );
  return out;
}

const NODE_TOPOLOGY = FieldPath.of("nodeTopology");

/** upstream's GetWarningsForCSIStorageCapacity: nodeTopology as a node selector. */
export function csiStorageCapacityWarnings(csc: KubeObject): string[] {
  const out: string[] = [];
  nodeLabelSelectorWarnings(csc.nodeTopology, NODE_TOPOLOGY, out);
  return out;
}

/** upstream's GetWarningsForRuntimeClass: one line per deprecated key, all at `scheduling.nodeSelector`. */
export function runtimeClassWarnings(rc: KubeObject): string[] {
  const out: string[] = [];
  const selector = record(rc.scheduling).nodeSelector;
  if (isObj(selector))
    for (const key in selector) {
      const msg = deprecatedNodeLabel(key);
      if (msg) out.push(`scheduling.nodeSelector: ${msg}`);
    }
  return out;
}
