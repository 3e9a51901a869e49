/**
 * core/v1 ResourceQuota and ReplicationController validation, as upstream's for the fields users
 * set most (Node: node.ts; LimitRange: limit-range.ts; EndpointSlice: endpoint-slice.ts).
 */
import type { KubeObject } from "../rest.js";
import { templateRatchet, validateSelectorAndTemplate } from "./apps.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabels } from "./object-meta.js";
import { validateQuotaResources } from "./resource-quota.js";
import { isObj, list, record, str } from "./shape.js";

const SPEC = FieldPath.of("spec");

const QUOTA_SCOPES = [
  "BestEffort",
  "CrossNamespacePodAffinity",
  "NotBestEffort",
  "NotTerminating",
  "PriorityClass",
  "Terminating",
  "VolumeAttributesClass",
];

export function validateResourceQuota(q: KubeObject): FieldError[] {
  const spec = record(q.spec);
  const errs: FieldError[] = [];
  errs.push(...validateQuotaResources(spec.hard, SPEC.child("hard")));
  list(spec.scopes).forEach((s, i) => {
    if (!QUOTA_SCOPES.includes(str(s))) errs.push(fieldErrors.notSupported(SPEC.child("scopes").index(i), s, QUOTA_SCOPES));
  });
  return errs;
}

/** `old`: the stored ReplicationController on updates (the strategy passes it). */
export function validateReplicationController(rc: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(rc.spec);
  const errs: FieldError[] = [];
  if (typeof spec.replicas === "number" && spec.replicas < 0)
    errs.push(fieldErrors.invalid(SPEC.child("replicas"), spec.replicas, "must be greater than or equal to 0"));
  // An RC's selector is a plain map; as a LabelSelector it is matchLabels.
  const selector = record(spec.selector);
  if (Object.keys(selector).length === 0) errs.push(fieldErrors.required(SPEC.child("selector")));
  else errs.push(...validateLabels(selector as Record<string, string>, SPEC.child("selector")));
  if (isObj(spec.template)) {
    const asApps = { ...spec, selector: { matchLabels: selector } };
    errs.push(
      ...validateSelectorAndTemplate(asApps, SPEC, ["Always"], [], "ReplicationController", templateRatchet(old)).filter(
        (e) => !e.field.startsWith("spec.selector"),
      ),
    );
  } else errs.push(fieldErrors.required(SPEC.child("template")));
  return errs;
}
