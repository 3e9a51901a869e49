/**
 * apps/v1 validation as upstream's pkg/apis/apps/validation for what users set most: replicas,
 * a non-empty selector that matches the template's labels, the template (restartPolicy Always),
 * update strategies, and the selector's immutability.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, GoSyntax, type FieldError } from "./field.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { selectorIsEmpty, selectorMatches, validateLabelSelector } from "./label-selector.js";
import { ratchetOptionsFrom, validatePodTemplateSpec, type PodSpecOptions } from "./pod.js";
import { isObj, list, record, sameJSON, str } from "./shape.js";
import { validatePVCSpec } from "./storage.js";
import { intOrPercentValue, intOrStringValue, isNotMoreThan100Percent, validatePositiveIntOrPercent } from "./int-or-percent.js";

const SPEC = FieldPath.of("spec");

function nonNegative(v: unknown, path: FieldPath): FieldError[] {
  return typeof v === "number" && v < 0 ? [fieldErrors.invalid(path, v, "must be greater than or equal to 0")] : [];
}

/** The workload kinds whose templates this checks, for upstream's kind-specific words. */
export type TemplateOwner = "Deployment" | "ReplicaSet" | "DaemonSet" | "StatefulSet" | "ReplicationController";

/** upstream's empty-selector words: ReplicaSets share the Deployment's. */
const EMPTY_SELECTOR: Readonly<Record<TemplateOwner, string>> = {
  Deployment: "deployment",
  ReplicaSet: "deployment",
  DaemonSet: "daemonset",
  StatefulSet: "statefulset",
  ReplicationController: "deployment",
};

/** upstream's activeDeadlineSeconds words: Deployments validate their template as a ReplicaSet's. */
const DEADLINE_OWNER: Readonly<Record<TemplateOwner, string>> = {
  Deployment: "ReplicaSet",
  ReplicaSet: "ReplicaSet",
  DaemonSet: "DaemonSet",
  StatefulSet: "StatefulSet",
  ReplicationController: "ReplicationController",
};

/** The update ratchet for a workload stored as `old` (none on create): what its template already had may stay. */
export function templateRatchet(old: KubeObject | undefined): PodSpecOptions {
  const template = record(record(old?.spec).template);
  return old ? ratchetOptionsFrom(record(template.spec), record(template.metadata).annotations) : {};
}

/** Selector present, non-empty, valid, and matching the template's labels; `ratchet` from templateRatchet on updates. */
export function validateSelectorAndTemplate(
  spec: Record<string, unknown>,
  path: FieldPath,
  restartPolicies: readonly string[],
  extraVolumes: readonly string[] = [],
  owner: TemplateOwner = "Deployment",
  ratchet: PodSpecOptions = {},
): FieldError[] {
  const errs: FieldError[] = [];
  if (!isObj(spec.selector)) errs.push(fieldErrors.required(path.child("selector")));
  else if (selectorIsEmpty(spec.selector))
    errs.push(fieldErrors.invalid(path.child("selector"), spec.selector, `empty selector is invalid for ${EMPTY_SELECTOR[owner]}`));
  else errs.push(...validateLabelSelector(spec.selector, path.child("selector")));
  if (!isObj(spec.template)) {
    errs.push(fieldErrors.required(path.child("template")));
    return errs;
  }
  const labels = record(record(spec.template.metadata).labels) as Record<string, string>;
  if (isObj(spec.selector) && !selectorIsEmpty(spec.selector) && !selectorMatches(spec.selector, labels)) {
    errs.push(fieldErrors.invalid(path.child("template", "metadata", "labels"), labels, "`selector` does not match template `labels`"));
  }
  errs.push(...validatePodTemplateSpec(spec.template, path.child("template"), { ...ratchet, restartPolicies, extraVolumes }));
  if (record(spec.template.spec).activeDeadlineSeconds !== undefined) {
    errs.push(
      fieldErrors.forbidden(
        path.child("template", "spec", "activeDeadlineSeconds"),
        `activeDeadlineSeconds in ${DEADLINE_OWNER[owner]} is not Supported`,
      ),
    );
  }
  return errs;
}

/**
 * The strategy as upstream's unsupported-type error prints it: the internal struct in Go's %#v.
 * A set rollingUpdate prints as a heap address there; a fixed one stands for it here.
 */
function strategyText(struct: string, strategy: Record<string, unknown>, rollingUpdate: string): GoSyntax {
  return new GoSyntax(
    `apps.${struct}{Type:${goQuote(str(strategy.type))}, RollingUpdate:${goPointer(rollingUpdate, strategy.rollingUpdate)}}`,
  );
}

/** A pointer field in Go's %#v: typed nil, or an address (a fixed one here: upstream's is wherever the heap put it). */
function goPointer(type: string, value: unknown): string {
  return `(*${type})(${value === undefined || value === null ? "nil" : "0xc000000000"})`;
}

/** `old`: the stored Deployment on updates. */
export function validateDeployment(d: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(d.spec);
  const errs = [
    ...nonNegative(spec.replicas, SPEC.child("replicas")),
    ...validateSelectorAndTemplate(spec, SPEC, ["Always"], [], "Deployment", templateRatchet(old)),
  ];
  const strategy = record(spec.strategy);
  const type = str(strategy.type);
  if (type !== "Recreate" && type !== "RollingUpdate")
    errs.push(
      fieldErrors.notSupported(SPEC.child("strategy"), strategyText("DeploymentStrategy", strategy, "apps.RollingUpdateDeployment"), [
        "Recreate",
        "RollingUpdate",
      ]),
    );
  if (type === "Recreate" && strategy.rollingUpdate !== undefined)
    errs.push(fieldErrors.forbidden(SPEC.child("strategy", "rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'"));
  if (type === "RollingUpdate" && !isObj(strategy.rollingUpdate))
    errs.push(fieldErrors.required(SPEC.child("strategy", "rollingUpdate"), "this should be defaulted and never be nil"));
  else if (type === "RollingUpdate") {
    const ru = record(strategy.rollingUpdate);
    const p = SPEC.child("strategy", "rollingUpdate");
    errs.push(
      ...validatePositiveIntOrPercent(ru.maxUnavailable, p.child("maxUnavailable")),
      ...validatePositiveIntOrPercent(ru.maxSurge, p.child("maxSurge")),
    );
    if (intOrPercentValue(ru.maxUnavailable) === 0 && intOrPercentValue(ru.maxSurge) === 0)
      errs.push(fieldErrors.invalid(p.child("maxUnavailable"), intOrStringValue(ru.maxUnavailable), "may not be 0 when `maxSurge` is 0"));
    // Only unavailability is bounded: a surge of 200% is a valid (fast) rollout.
    errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, p.child("maxUnavailable")));
  }
  errs.push(
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
    ...nonNegative(spec.revisionHistoryLimit, SPEC.child("revisionHistoryLimit")),
  );
  if (typeof spec.progressDeadlineSeconds === "number") {
    errs.push(...nonNegative(spec.progressDeadlineSeconds, SPEC.child("progressDeadlineSeconds")));
    const minReady = typeof spec.minReadySeconds === "number" ? spec.minReadySeconds : 0;
    if (spec.progressDeadlineSeconds <= minReady)
      errs.push(
        fieldErrors.invalid(SPEC.child("progressDeadlineSeconds"), spec.progressDeadlineSeconds, "must be greater than minReadySeconds"),
      );
  }
  return errs;
}

/** The selector of apps/v1 workloads never changes. */
export function validateSelectorUnchanged(obj: KubeObject, old: KubeObject): FieldError[] {
  const sel = record(obj.spec).selector;
  const oldSel = record(old.spec).selector;
  return sameJSON(sel, oldSel) ? [] : [fieldErrors.invalid(SPEC.child("selector"), sel ?? null, FIELD_IMMUTABLE)];
}

export function validateReplicaSet(rs: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(rs.spec);
  return [
    ...nonNegative(spec.replicas, SPEC.child("replicas")),
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
    ...validateSelectorAndTemplate(spec, SPEC, ["Always"], [], "ReplicaSet", templateRatchet(old)),
  ];
}

export function validateDaemonSet(ds: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(ds.spec);
  const errs = validateSelectorAndTemplate(spec, SPEC, ["Always"], [], "DaemonSet", templateRatchet(old));
  errs.push(
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
    ...nonNegative(spec.templateGeneration, SPEC.child("templateGeneration")),
  );
  const strategy = record(spec.updateStrategy);
  const type = str(strategy.type);
  // As upstream: the whole strategy printed as its internal struct, RollingUpdate first among the values.
  if (type !== "OnDelete" && type !== "RollingUpdate")
    errs.push(
      fieldErrors.notSupported(
        SPEC.child("updateStrategy"),
        strategyText("DaemonSetUpdateStrategy", strategy, "apps.RollingUpdateDaemonSet"),
        ["RollingUpdate", "OnDelete"],
      ),
    );
  if (type === "RollingUpdate") {
    const p = SPEC.child("updateStrategy", "rollingUpdate");
    if (!isObj(record(spec.updateStrategy).rollingUpdate)) errs.push(fieldErrors.required(p));
    else {
      // upstream's ValidateRollingUpdateDaemonSet: both bounded, exactly one of them non-zero.
      const ru = record(record(spec.updateStrategy).rollingUpdate);
      errs.push(
        ...validatePositiveIntOrPercent(ru.maxUnavailable, p.child("maxUnavailable")),
        ...validatePositiveIntOrPercent(ru.maxSurge, p.child("maxSurge")),
        ...isNotMoreThan100Percent(ru.maxUnavailable, p.child("maxUnavailable")),
        ...isNotMoreThan100Percent(ru.maxSurge, p.child("maxSurge")),
      );
      const unavailable = intOrPercentValue(ru.maxUnavailable) !== 0;
      const surge = intOrPercentValue(ru.maxSurge) !== 0;
      if (unavailable && surge)
        errs.push(
          fieldErrors.invalid(p.child("maxSurge"), intOrStringValue(ru.maxSurge), "may not be set when maxUnavailable is non-zero"),
        );
      else if (!unavailable && !surge) errs.push(fieldErrors.required(p.child("maxUnavailable"), "cannot be 0 when maxSurge is 0"));
    }
  }
  errs.push(...nonNegative(spec.revisionHistoryLimit, SPEC.child("revisionHistoryLimit")));
  return errs;
}

export function validateStatefulSet(sts: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(sts.spec);
  // Mounts may name the claim templates: the controller adds them to each pod as volumes.
  const claims = list(spec.volumeClaimTemplates).map((t) => str(record(record(t).metadata).name));
  const errs = [
    ...nonNegative(spec.replicas, SPEC.child("replicas")),
    ...validateSelectorAndTemplate(spec, SPEC, ["Always"], claims, "StatefulSet", templateRatchet(old)),
  ];
  const pmp = str(spec.podManagementPolicy);
  if (pmp === "") errs.push(fieldErrors.required(SPEC.child("podManagementPolicy")));
  else if (pmp !== "OrderedReady" && pmp !== "Parallel")
    errs.push(fieldErrors.invalid(SPEC.child("podManagementPolicy"), pmp, "must be 'OrderedReady' or 'Parallel'"));
  const strategy = record(spec.updateStrategy);
  const type = str(strategy.type);
  const ruPath = SPEC.child("updateStrategy", "rollingUpdate");
  if (type === "") errs.push(fieldErrors.required(SPEC.child("updateStrategy")));
  else if (type === "OnDelete" && isObj(strategy.rollingUpdate)) {
    const given = strategy.rollingUpdate;
    const partition = typeof given.partition === "number" ? given.partition : 0;
    const text = `apps.RollingUpdateStatefulSetStrategy{Partition:${partition}, MaxUnavailable:${goPointer("intstr.IntOrString", given.maxUnavailable)}}`;
    errs.push(fieldErrors.invalid(ruPath, new GoSyntax(text), "only allowed for updateStrategy 'RollingUpdate'"));
  } else if (type !== "OnDelete" && type !== "RollingUpdate")
    errs.push(
      fieldErrors.invalid(
        SPEC.child("updateStrategy"),
        strategyText("StatefulSetUpdateStrategy", strategy, "apps.RollingUpdateStatefulSetStrategy"),
        "must be 'RollingUpdate' or 'OnDelete'",
      ),
    );
  const ru = record(strategy.rollingUpdate);
  errs.push(...nonNegative(ru.partition, ruPath.child("partition")));
  if (ru.maxUnavailable !== undefined && ru.maxUnavailable !== null) {
    errs.push(...validatePositiveIntOrPercent(ru.maxUnavailable, ruPath.child("maxUnavailable")));
    if (intOrPercentValue(ru.maxUnavailable) === 0)
      errs.push(fieldErrors.invalid(ruPath.child("maxUnavailable"), intOrStringValue(ru.maxUnavailable), "cannot be 0"));
    errs.push(...isNotMoreThan100Percent(ru.maxUnavailable, ruPath.child("maxUnavailable")));
  }
  errs.push(
    ...nonNegative(spec.minReadySeconds, SPEC.child("minReadySeconds")),
    ...nonNegative(record(spec.ordinals).start, SPEC.child("ordinals.start")),
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
    // Each template is a claim's spec, checked as a PersistentVolumeClaim's.
    errs.push(...validatePVCSpec(record(record(t).spec), p.child("spec")));
  });
  return errs;
}

/** StatefulSets allow updates to replicas, ordinals, template, updateStrategy, retention policy and minReadySeconds only. */
export function validateStatefulSetUpdate(sts: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateStatefulSet(sts, old);
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
