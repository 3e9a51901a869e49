/**
 * node.k8s.io/v1 RuntimeClass validation as upstream's: the handler a DNS label (so required),
 * the overhead checked as a container's limits, the scheduling nodeSelector as labels and its
 * tolerations as a Pod's; on update the handler is immutable.
 */
import { nameIsDNSLabel } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { FIELD_IMMUTABLE, validateLabels } from "./object-meta.js";
import { validateResources, validateToleration } from "./pod.js";
import { isObj, list, record, str } from "./shape.js";

export function validateRuntimeClass(rc: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const handler = str(rc.handler);
  for (const msg of nameIsDNSLabel(handler, false)) errs.push(fieldErrors.invalid(FieldPath.of("handler"), handler, msg));
  const overhead = record(rc.overhead);
  if (isObj(rc.overhead) && isObj(overhead.podFixed))
    errs.push(...validateResources({ limits: overhead.podFixed }, FieldPath.of("overhead")));
  if (isObj(rc.scheduling)) {
    const path = FieldPath.of("scheduling");
    const s = rc.scheduling;
    if (isObj(s.nodeSelector)) errs.push(...validateLabels(s.nodeSelector as Record<string, string>, path.child("nodeSelector")));
    list(s.tolerations).forEach((t, i) => errs.push(...validateToleration(record(t), path.child("tolerations").index(i))));
  }
  return errs;
}

export function validateRuntimeClassUpdate(rc: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateRuntimeClass(rc);
  if (str(rc.handler) !== str(old.handler)) errs.push(fieldErrors.invalid(FieldPath.of("handler"), str(rc.handler), FIELD_IMMUTABLE));
  return errs;
}
