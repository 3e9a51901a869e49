/**
 * apps/v1 validation as upstream's pkg/apis/apps/validation for what users set most: replicas,
 * a non-empty selector that matches the template's labels, the template (restartPolicy Always),
 * update strategies, and the selector's immutability.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { selectorIsEmpty, selectorMatches, validateLabelSelector } from "./label-selector.js";
import { validatePodTemplateSpec } from "./pod.js";
import { isObj, list, record, sameJSON, str } from "./shape.js";

const SPEC = FieldPath.of("spec");

function nonNegative(v: unknown, path: FieldPath): FieldError[] {
  return typeof v === "number" && v < 0 ? [fieldErrors.invalid(path, v, "must be greater than or equal to 0")] : [];
}

/** Selector present, non-empty, valid, and matching the template's labels. */
export function validateSelectorAndTemplate(
  spec: Record<string, unknown>,
  path: FieldPath,
  restartPolicies: readonly string[],
  extraVolumes: readonly string[] = [],
): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObj(spec.selector)) errs.push(fieldErrors.required(path.child("selector")));
  else if (selectorIsEmpty(spec.selector))
    errs.push(fieldErrors.invalid(path.child("selector"), spec.selector, "empty selector is invalid for deployment"));
  else errs.push(...validateLabelSelector(spec.selector, path.child("selector")));
  if (!isObj(spec.template)) {
    errs.push(fieldErrors.required(path.child("template")));
    return errs;
  }
  const labels = record(record(spec.template.metadata).labels) as Record<string, string>;
  if (isObj(spec.selector) && !selectorIsEmpty(spec.selector) && !selectorMatches(spec.selector, labels)) {
    errs.push(fieldErrors.invalid(path.child("template", "metadata", "labels"), labels, "`selector` does not match template `labels`"));
  }
  errs.push(...validatePodTemplateSpec(spec.template, path.child("template"), { restartPolicies, extraVolumes }));
  if (record(spec.template.spec).activeDeadlineSeconds !== undefined) {
    errs.push(
      fieldErrors.forbidden(
        path.child("template", "spec", "activeDeadlineSeconds"),
        "activeDeadlineSeconds in ReplicaSet is not Supported",
      ),
    );
  }
  return errs;
}

/** `25%` or an integer; percentages at most 100% where the field is a fraction of replicas. */
function validateIntOrPercent(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined) return [];
  if (typeof v === "number") return nonNegative(v, path);
  const s = str(v);
  const m = /^(\d+)%$/.exec(s);
  if (!m)
    return [
      fieldErrors.invalid(
        path,
        v,
        "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      ),
    ];
  if (Number(m[1]) > 100) return [fieldErrors.invalid(path, v, "must not be greater than 100%")];
  return [];
}

function isZero(v: unknown): boolean {
  return v === 0 || v === "0%" || v === undefined;
}

export function validateDeployment(d: KubeObject): FieldError[] {
  const spec = record(d.spec);
  const errs = [...nonNegative(spec.replicas, SPEC.child("replicas")), ...validateSelectorAndTemplate(spec, SPEC, ["Always"])];
  const strategy = record(spec.strategy);
  const type = str(strategy.type);
  if (type !== "Recreate" && type !== "RollingUpdate")
    errs.push(fieldErrors.notSupported(SPEC.child("strategy", "type"), type, ["Recreate", "RollingUpdate"]));
  if (type === "Recreate" && strategy.rollingUpdate !== undefined)
    errs.push(fieldErrors.forbidden(SPEC.child("strategy", "rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"));
  if (type === "RollingUpdate") {
    const ru = record(strategy.rollingUpdate);
    const p = SPEC.child("strategy", "rollingUpdate");
    errs.push(
      ...validateIntOrPercent(ru.maxUnavailable, p.child("maxUnavailable")),
      ...validateIntOrPercent(ru.maxSurge, p.child("maxSurge")),
    );
    if (isZero(ru.maxUnavailable) && isZero(ru.maxSurge))
      errs.push(fieldErrors.invalid(p.child("maxUnavailable"), ru.maxUnavailable ?? 0, "may not be 0 when `maxSurge` is 0"));
  }
  errs.push(
    ...nonNegative(spec.revisionHistoryLimit, SPEC.child("revisionHistoryLimit")),
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
  );
  if (typeof spec.progressDeadlineSeconds === "number") {
    if (spec.progressDeadlineSeconds <= 0)
      errs.push(fieldErrors.invalid(SPEC.child("progressDeadlineSeconds"), spec.progressDeadlineSeconds, "must be greater than 0"));
    else if (typeof spec.minReadySeconds === "number" && spec.progressDeadlineSeconds <= spec.minReadySeconds) {
      errs.push(
        fieldErrors.invalid(SPEC.child("progressDeadlineSeconds"), spec.progressDeadlineSeconds, "must be greater than minReadySeconds"),
      );
    }
  }
  return errs;
}

/** The selector of apps/v1 workloads never changes. */
export function validateSelectorUnchanged(obj: KubeObject, old: KubeObject): FieldError[] {
  const sel = record(obj.spec).selector;
  const oldSel = record(old.spec).selector;
  return sameJSON(sel, oldSel) ? [] : [fieldErrors.invalid(SPEC.child("selector"), sel ?? null, FIELD_IMMUTABLE)];
}

export function validateReplicaSet(rs: KubeObject): FieldError[] {
  const spec = record(rs.spec);
  return [
    ...nonNegative(spec.replicas, SPEC.child("replicas")),
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
    ...validateSelectorAndTemplate(spec, SPEC, ["Always"]),
  ];
}

export function validateDaemonSet(ds: KubeObject): FieldError[] {
  const spec = record(ds.spec);
  const errs = validateSelectorAndTemplate(spec, SPEC, ["Always"]);
  const type = str(record(spec.updateStrategy).type);
  if (type !== "OnDelete" && type !== "RollingUpdate")
    errs.push(fieldErrors.notSupported(SPEC.child("updateStrategy", "type"), type, ["OnDelete", "RollingUpdate"]));
  if (type === "RollingUpdate") {
    const ru = record(record(spec.updateStrategy).rollingUpdate);
    const p = SPEC.child("updateStrategy", "rollingUpdate");
    errs.push(
      ...validateIntOrPercent(ru.maxUnavailable, p.child("maxUnavailable")),
      ...validateIntOrPercent(ru.maxSurge, p.child("maxSurge")),
    );
    if (isZero(ru.maxUnavailable) && isZero(ru.maxSurge))
      errs.push(fieldErrors.invalid(p.child("maxUnavailable"), ru.maxUnavailable ?? 0, "cannot be 0 when maxSurge is 0"));
  }
  errs.push(
    ...nonNegative(spec.revisionHistoryLimit, SPEC.child("revisionHistoryLimit")),
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
  );
  return errs;
}

export function validateStatefulSet(sts: KubeObject): FieldError[] {
  const spec = record(sts.spec);
  // Mounts may name the claim templates: the controller adds them to each pod as volumes.
  const claims = list(spec.volumeClaimTemplates).map((t) => str(record(record(t).metadata).name));
  const errs = [...nonNegative(spec.replicas, SPEC.child("replicas")), ...validateSelectorAndTemplate(spec, SPEC, ["Always"], claims)];
  const pmp = str(spec.podManagementPolicy);
  if (pmp !== "OrderedReady" && pmp !== "Parallel")
    errs.push(fieldErrors.notSupported(SPEC.child("podManagementPolicy"), pmp, ["OrderedReady", "Parallel"]));
  const type = str(record(spec.updateStrategy).type);
  if (type !== "OnDelete" && type !== "RollingUpdate")
    errs.push(fieldErrors.notSupported(SPEC.child("updateStrategy", "type"), type, ["OnDelete", "RollingUpdate"]));
  errs.push(
    ...nonNegative(record(record(spec.updateStrategy).rollingUpdate).partition, SPEC.child("updateStrategy", "rollingUpdate", "partition")),
  );
  const policy = record(spec.persistentVolumeClaimRetentionPolicy);
  for (const f of ["whenDeleted", "whenScaled"]) {
    const v = str(policy[f]);
    if (v !== "Retain" && v !== "Delete")
      errs.push(fieldErrors.notSupported(SPEC.child("persistentVolumeClaimRetentionPolicy", f), v, ["Retain", "Delete"]));
  }
  const claimNames = new Set<string>();
  list(spec.volumeClaimTemplates).forEach((t, i) => {
    const name = str(record(record(t).metadata).name);
    const p = SPEC.child("volumeClaimTemplates").index(i);
    if (name === "") errs.push(fieldErrors.required(p.child("metadata", "name")));
    else if (claimNames.has(name)) errs.push(fieldErrors.duplicate(p.child("metadata", "name"), name));
    claimNames.add(name);
  });
  return errs;
}

/** StatefulSets allow updates to replicas, ordinals, template, updateStrategy, retention policy and minReadySeconds only. */
export function validateStatefulSetUpdate(sts: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateStatefulSet(sts);
  const spec = { ...record(sts.spec) };
  const oldSpec = record(old.spec);
  for (const f of [
    "replicas",
    "ordinals",
    "template",
    "updateStrategy",
    "persistentVolumeClaimRetentionPolicy",
    "minReadySeconds",
    "revisionHistoryLimit",
  ])
    spec[f] = oldSpec[f];
  if (!sameJSON(spec, oldSpec)) {
    errs.push(
      fieldErrors.forbidden(
        SPEC,
        "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden",
      ),
    );
  }
  return errs;
}
