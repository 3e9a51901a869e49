/** batch/v1 defaulting as upstream's SetDefaults_Job and SetDefaults_CronJob. */
import { child, isObj, record, type Obj } from "../validation/shape.js";
import { defaultPodTemplate } from "./core.js";

function setIfAbsent(obj: Obj, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

export function defaultJobSpec(spec: Obj): void {
  if (spec.completions == null && spec.parallelism == null) {
    spec.completions = 1;
    spec.parallelism = 1;
  }
  setIfAbsent(spec, "parallelism", 1);
  // A per-index backoff limit makes the global one unlimited.
  setIfAbsent(spec, "backoffLimit", spec.backoffLimitPerIndex != null ? 2147483647 : 6);
  setIfAbsent(spec, "completionMode", "NonIndexed");
  setIfAbsent(spec, "suspend", false);
  setIfAbsent(spec, "podReplacementPolicy", isObj(spec.podFailurePolicy) ? "Failed" : "TerminatingOrFailed");
  setIfAbsent(spec, "manualSelector", undefined);
  if (spec.manualSelector === undefined) delete spec.manualSelector;
  for (const rule of Array.isArray(record(spec.podFailurePolicy).rules) ? (record(spec.podFailurePolicy).rules as unknown[]) : []) {
    for (const pattern of Array.isArray(record(rule).onPodConditions) ? (record(rule).onPodConditions as unknown[]) : []) {
      if (isObj(pattern)) setIfAbsent(pattern, "status", "True");
    }
  }
  defaultPodTemplate(spec.template);
}

export function defaultJob(job: Obj): void {
  defaultJobSpec(child(job, "spec"));
}

export function defaultCronJob(cj: Obj): void {
  const spec = child(cj, "spec");
  setIfAbsent(spec, "concurrencyPolicy", "Allow");
  setIfAbsent(spec, "suspend", false);
  setIfAbsent(spec, "successfulJobsHistoryLimit", 3);
  setIfAbsent(spec, "failedJobsHistoryLimit", 1);
  const jobTemplate = record(spec.jobTemplate);
  if (isObj(spec.jobTemplate)) defaultJobTemplateSpec(child(jobTemplate, "spec"));
}

/** A CronJob's job template gets the pod defaults but not the Job's own (as upstream: those come when the Job is created). */
function defaultJobTemplateSpec(spec: Obj): void {
  defaultPodTemplate(spec.template);
}
