/**
 * batch/v1 Jobs: SetDefaults_Job, status reset, generation, the generated selector and pod
 * labels (unless manualSelector), upstream's validation and update rules; selectable by
 * status.successful.
 */
import type { KubeObject } from "../../rest.js";
import { defaultJob } from "../../defaults/batch.js";
import { validateJob, validateJobUpdate } from "../../validation/batch.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { child, record, sameJSON, text } from "../../validation/shape.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { validateJobStatusUpdate } from "../../validation/job-status.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

const UID_LABEL = "batch.kubernetes.io/controller-uid";
const NAME_LABEL = "batch.kubernetes.io/job-name";

function generatedSelector(job: KubeObject): Record<string, unknown> {
  return { matchLabels: { [UID_LABEL]: job.metadata?.uid ?? "" } };
}

/** upstream's generateSelector: the pods get the Job's uid and name (with the legacy labels too). */
function generateSelector(job: KubeObject): void {
  const spec = child(job, "spec");
  if (spec.manualSelector === true) return;
  const template = child(spec, "template");
  const meta = child(template, "metadata");
  const labels = child(meta, "labels");
  const uid = job.metadata?.uid ?? "";
  const name = job.metadata?.name ?? "";
  labels[UID_LABEL] ??= uid;
  labels[NAME_LABEL] ??= name;
  labels["controller-uid"] ??= uid;
  labels["job-name"] ??= name;
  spec.selector ??= generatedSelector(job);
}

function validateGenerated(job: KubeObject): FieldError[] {
  const spec = record(job.spec);
  if (spec.manualSelector === true) return [];
  return sameJSON(spec.selector, generatedSelector(job))
    ? []
    : [fieldErrors.invalid(FieldPath.of("spec", "selector"), spec.selector ?? null, "`selector` not auto-generated")];
}

export const jobStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "Job",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultJob,
    prepareForCreate: generateSelector,
    validate: (obj) => [...validateJob(obj), ...validateGenerated(obj)],
    warnings: workloadWarnings,
    validateUpdate: validateJobUpdate,
    fields: { "status.successful": (o) => text(record(o.status).succeeded, "0") },
  }),
  { nameWarning: true },
);

export const jobStatusStrategy = kindStatusStrategy(validateJobStatusUpdate);
