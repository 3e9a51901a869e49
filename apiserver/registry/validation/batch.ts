/**
 * batch/v1 validation as upstream's pkg/apis/batch/validation for what users set most: Job
 * counts and modes, the generated selector matching the template, restartPolicy OnFailure or
 * Never, the template's immutability; CronJob schedules (robfig syntax, TZ rules), time zones,
 * concurrency policy, history limits, and the job template.
 */
import { podFailurePolicyRestartErrors, validatePodFailurePolicy } from "./job-pod-failure-policy.js";
import type { KubeObject } from "../rest.js";
import { cronScheduleError } from "./cron.js";
import {
  validateIndexedLimits,
  validateJobIndexFields,
  successPolicyValue,
  validateNonIndexedFields,
  validateSuccessPolicy,
} from "./job-spec-rules.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { selectorIsEmpty, selectorMatches, validateLabelSelector } from "./label-selector.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { ratchetOptionsFrom, validatePodTemplateSpec, type PodSpecOptions } from "./pod.js";
import { isObj, record, sameJSON, str, type Obj } from "./shape.js";
import { deepCopyPodTemplateSpec } from "../../../generated/apis/core/v1/zz_generated.deepcopy.js";

const SPEC = FieldPath.of("spec");
const JOB_RESTART = ["OnFailure", "Never"];

function nonNegative(v: unknown, path: FieldPath): FieldError[] {
  return typeof v === "number" && v < 0 ? [fieldErrors.invalid(path, v, "must be greater than or equal to 0")] : [];
}

/** `ratchet`: what the stored template already had may stay (upstream's options from the old template), on updates. */
export function validateJobSpec(
  spec: Record<string, unknown>,
  path: FieldPath,
  generatedSelector: boolean,
  ratchet: PodSpecOptions = {},
): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ["parallelism", "completions", "backoffLimit", "activeDeadlineSeconds", "ttlSecondsAfterFinished"])
    errs.push(...nonNegative(spec[f], path.child(f)));
  errs.push(...validateJobIndexFields(spec, path));
  if (typeof spec.activeDeadlineSeconds === "number" && spec.activeDeadlineSeconds === 0) {
    errs.push(fieldErrors.invalid(path.child("activeDeadlineSeconds"), 0, "must be greater than or equal to 1"));
  }
  const mode = str(spec.completionMode);
  if (mode !== "" && mode !== "NonIndexed" && mode !== "Indexed")
    errs.push(fieldErrors.notSupported(path.child("completionMode"), mode, ["NonIndexed", "Indexed"]));
  if (mode === "Indexed") {
    if (spec.completions == null) errs.push(fieldErrors.required(path.child("completions"), "when completion mode is Indexed"));
    errs.push(...validateIndexedLimits(spec, path));
  }
  if (mode === "" || mode === "NonIndexed") errs.push(...validateNonIndexedFields(spec, path));
  const prp = str(spec.podReplacementPolicy);
  if (prp !== "" && prp !== "TerminatingOrFailed" && prp !== "Failed")
    errs.push(fieldErrors.notSupported(path.child("podReplacementPolicy"), prp, ["Failed", "TerminatingOrFailed"]));
  if (prp === "TerminatingOrFailed" && isObj(spec.podFailurePolicy)) {
    errs.push(fieldErrors.notSupported(path.child("podReplacementPolicy"), prp, ["Failed"]));
  }
  if (generatedSelector) {
    if (!isObj(spec.selector)) errs.push(fieldErrors.required(path.child("selector")));
    else {
      errs.push(...validateLabelSelector(spec.selector, path.child("selector")));
      const labels = record(record(record(spec.template).metadata).labels) as Record<string, string>;
      if (!selectorIsEmpty(spec.selector) && !selectorMatches(spec.selector, labels)) {
        errs.push(fieldErrors.invalid(path.child("template", "metadata", "labels"), labels, "`selector` does not match template `labels`"));
      }
    }
  }
  errs.push(...validatePodFailurePolicy(spec, path.child("podFailurePolicy")));
  errs.push(...validateSuccessPolicy(spec, path));
  errs.push(...validatePodTemplateSpec(spec.template, path.child("template"), { ...ratchet, restartPolicies: JOB_RESTART }));
  errs.push(...podFailurePolicyRestartErrors(spec, path));
  return errs;
}

/** The template's spec inside a Job spec. */
const templateSpecOf = (jobSpec: unknown) => record(record(record(jobSpec).template).spec);
/** The template's annotations inside a Job spec (the pod-deletion-cost ratchet reads them). */
const templateAnnotationsOf = (jobSpec: unknown) => record(record(record(jobSpec).template).metadata).annotations;

/** `old`: the stored Job on updates. */
export function validateJob(job: KubeObject, old?: KubeObject): FieldError[] {
  return validateJobSpec(
    record(job.spec),
    SPEC,
    true,
    old ? ratchetOptionsFrom(templateSpecOf(old.spec), templateAnnotationsOf(old.spec)) : {},
  );
}

/** Job updates: the selector, completionMode and (unless suspended) the template are immutable. */
export function validateJobUpdate(job: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateJob(job, old);
  const spec = record(job.spec);
  const oldSpec = record(old.spec);
  if (!sameJSON(spec.selector, oldSpec.selector))
    errs.push(fieldErrors.invalid(SPEC.child("selector"), spec.selector ?? null, FIELD_IMMUTABLE));
  if (!sameJSON(spec.completionMode, oldSpec.completionMode))
    errs.push(fieldErrors.invalid(SPEC.child("completionMode"), spec.completionMode ?? null, FIELD_IMMUTABLE));
  if (!sameJSON(spec.podFailurePolicy, oldSpec.podFailurePolicy))
    errs.push(fieldErrors.invalid(SPEC.child("podFailurePolicy"), spec.podFailurePolicy ?? null, FIELD_IMMUTABLE));
  // upstream's later immutable fields, in its order.
  for (const f of ["backoffLimitPerIndex", "managedBy", "successPolicy"])
    if (!sameJSON(spec[f] ?? null, oldSpec[f] ?? null))
      errs.push(fieldErrors.invalid(SPEC.child(f), f === "successPolicy" ? successPolicyValue(spec) : (spec[f] ?? null), FIELD_IMMUTABLE));
  // A suspended Job that never started may change its template's scheduling directives; we keep upstream's strict rule otherwise.
  if (!sameJSON(spec.template, oldSpec.template)) {
    // A suspended Job that never started may change its pods' scheduling directives, nothing else.
    const suspendedNeverStarted = oldSpec.suspend === true && record(old.status).startTime === undefined;
    const t = deepCopyPodTemplateSpec(record(spec.template)) as unknown as Obj;
    if (suspendedNeverStarted) {
      const oldT = record(oldSpec.template);
      t.metadata = oldT.metadata;
      const ts = record(t.spec);
      const os = record(oldT.spec);
      for (const f of ["nodeSelector", "tolerations", "affinity", "schedulingGates"]) ts[f] = os[f];
      t.spec = ts;
    }
    if (!sameJSON(t, oldSpec.template)) errs.push(fieldErrors.invalid(SPEC.child("template"), spec.template ?? null, FIELD_IMMUTABLE));
  }
  if (spec.completions !== oldSpec.completions && !(spec.completionMode === "Indexed" && spec.completions === spec.parallelism)) {
    errs.push(fieldErrors.invalid(SPEC.child("completions"), spec.completions ?? null, FIELD_IMMUTABLE));
  }
  return errs;
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** `old`: the stored CronJob on updates (the strategy passes it). */
export function validateCronJob(cj: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(cj.spec);
  const errs: FieldError[] = [];
  const name = cj.metadata?.name ?? "";
  // The Job names a CronJob makes get an 11-character suffix.
  if (name.length > 52) errs.push(fieldErrors.invalid(FieldPath.of("metadata", "name"), name, "must be no more than 52 characters"));
  const schedule = str(spec.schedule);
  if (schedule === "") errs.push(fieldErrors.required(SPEC.child("schedule")));
  else {
    const err = cronScheduleError(schedule);
    if (err) errs.push(fieldErrors.invalid(SPEC.child("schedule"), schedule, err));
    else if (/^(CRON_)?TZ=/.test(schedule)) {
      errs.push(fieldErrors.invalid(SPEC.child("schedule"), schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"));
    }
  }
  if (typeof spec.timeZone === "string") {
    const tz = spec.timeZone;
    if (tz === "" || tz === "Local" || !validTimeZone(tz) || /\s/.test(tz)) {
      errs.push(
        fieldErrors.invalid(
          SPEC.child("timeZone"),
          tz,
          tz === "Local"
            ? "timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones"
            : "unknown time zone " + tz,
        ),
      );
    }
  }
  const cp = str(spec.concurrencyPolicy);
  if (cp === "") errs.push(fieldErrors.required(SPEC.child("concurrencyPolicy")));
  else if (!["Allow", "Forbid", "Replace"].includes(cp))
    errs.push(fieldErrors.notSupported(SPEC.child("concurrencyPolicy"), cp, ["Allow", "Forbid", "Replace"]));
  for (const f of ["startingDeadlineSeconds", "successfulJobsHistoryLimit", "failedJobsHistoryLimit"])
    errs.push(...nonNegative(spec[f], SPEC.child(f)));
  const jt = record(spec.jobTemplate);
  if (!isObj(spec.jobTemplate)) errs.push(fieldErrors.required(SPEC.child("jobTemplate")));
  else {
    const oldJobSpec = record(record(old?.spec).jobTemplate).spec;
    const ratchet = old ? ratchetOptionsFrom(templateSpecOf(oldJobSpec), templateAnnotationsOf(oldJobSpec)) : {};
    errs.push(...validateJobSpec(record(jt.spec), SPEC.child("jobTemplate", "spec"), false, ratchet));
  }
  return errs;
}
