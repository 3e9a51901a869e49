/**
 * upstream's GetWarningsForPersistentVolume: the beta storage-class annotation, the Recycle
 * policy, deprecated node labels in the node affinity, and deprecated volume plugins. They reach
 * the client in `Warning` headers on create and update.
 */
import type { KubeObject } from "../rest.js";
import { FieldPath } from "./field.js";
import { nodeSelectorTermWarnings } from "./node-label-warnings.js";
import { isObj, list, record } from "./shape.js";

const BETA_CLASS_ANNOTATION = "volume.beta.kubernetes.io/storage-class";
const TERMS = FieldPath.of("spec", "nodeAffinity", "required", "nodeSelectorTerms");

/** Deprecated plugins: the source key, the path upstream's warning names, its words. */
const DEPRECATED_PLUGINS: readonly (readonly [string, string, string])[] = [
  ["cephfs", "spec.cephfs", "deprecated in v1.28, non-functional in v1.31+"],
  ["photonPersistentDisk", "spec.photonPersistentDisk", "deprecated in v1.11, non-functional in v1.16+"],
  ["scaleIO", "spec.scaleIO", "deprecated in v1.16, non-functional in v1.22+"],
  ["storageos", "spec.storageOS", "deprecated in v1.22, non-functional in v1.25+"],
  ["glusterfs", "spec.glusterfs", "deprecated in v1.25, non-functional in v1.26+"],
  ["rbd", "spec.rbd", "deprecated in v1.28, non-functional in v1.31+"],
];

export function pvWarnings(pv: KubeObject): string[] {
  const out: string[] = [];
  const spec = record(pv.spec);
  const annotations = pv.metadata?.annotations;
  if (isObj(annotations) && BETA_CLASS_ANNOTATION in annotations)
    out.push(`metadata.annotations[${BETA_CLASS_ANNOTATION}]: deprecated since v1.8; use "storageClassName" attribute instead`);
  if (spec.persistentVolumeReclaimPolicy === "Recycle")
    out.push(
      "spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning.",
    );
  const required = record(spec.nodeAffinity).required;
  if (isObj(required)) list(required.nodeSelectorTerms).forEach((t, i) => nodeSelectorTermWarnings(t, TERMS.index(i), out));
  for (const [key, path, words] of DEPRECATED_PLUGINS) if (isObj(spec[key])) out.push(`${path}: ${words}`);
  return out;
}
