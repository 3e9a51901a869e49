/**
 * What upstream checks on the `/status` subresource of the workload kinds, the
 * PodDisruptionBudget and the HorizontalPodAutoscaler (ValidateDeploymentStatusUpdate,
 * ValidateReplicaSetStatusUpdate, ValidateStatefulSetStatusUpdate, ValidateDaemonSetStatusUpdate,
 * ValidateReplicationControllerStatusUpdate, ValidatePodDisruptionBudgetStatusUpdate,
 * ValidateHorizontalPodAutoscalerStatusUpdate): counts not negative, ready and available counts
 * within the replicas, `collisionCount` never going down, metav1 conditions well formed.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isQualifiedName, regexError } from "../../../runtime/validation/strings.js";
import { utf8Length } from "../../../runtime/go-strings.js";
import { list, record, str, type Obj } from "./shape.js";

const STATUS = FieldPath.of("status");
const NOT_ABOVE_REPLICAS = "cannot be greater than status.replicas";

/** A Go integer field: absent reads as zero. */
function count(status: Obj, name: string): number {
  const v = status[name];
  return typeof v === "number" ? v : 0;
}

function nonNegative(status: Obj, names: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  for (const n of names) {
    const v = status[n];
    if (typeof v === "number" && v < 0) errs.push(fieldErrors.invalid(STATUS.child(n), v, "must be greater than or equal to 0"));
  }
  return errs;
}

/** Each of `names` at most `status.replicas`, in order. */
function notAboveReplicas(status: Obj, names: readonly string[]): FieldError[] {
  const replicas = count(status, "replicas");
  return names
    .filter((n) => count(status, n) > replicas)
    .map((n) => fieldErrors.invalid(STATUS.child(n), count(status, n), NOT_ABOVE_REPLICAS));
}

function availableNotAboveReady(status: Obj, detail: string): FieldError[] {
  const available = count(status, "availableReplicas");
  return available > count(status, "readyReplicas") ? [fieldErrors.invalid(STATUS.child("availableReplicas"), available, detail)] : [];
}

/** upstream's IsDecremented on `collisionCount`: unset after set, or lower. */
function collisionCountDecremented(status: Obj, oldStatus: Obj): FieldError[] {
  const now = status.collisionCount;
  const before = oldStatus.collisionCount;
  if (typeof before !== "number") return [];
  if (typeof now === "number" && now >= before) return [];
  return [fieldErrors.invalid(STATUS.child("collisionCount"), typeof now === "number" ? now : 0, "cannot be decremented")];
}

export function validateDeploymentStatusUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const s = record(obj.status);
  return [
    ...nonNegative(s, ["observedGeneration", "replicas", "updatedReplicas", "readyReplicas", "availableReplicas", "unavailableReplicas"]),
    ...nonNegative(s, ["collisionCount"]),
    ...notAboveReplicas(s, ["updatedReplicas", "readyReplicas", "availableReplicas"]),
    ...availableNotAboveReady(s, "cannot be greater than readyReplicas"),
    ...collisionCountDecremented(s, record(old.status)),
  ];
}

/** ReplicaSets and ReplicationControllers: the same counts and words. */
export function validateReplicaSetStatusUpdate(obj: KubeObject): FieldError[] {
  const s = record(obj.status);
  return [
    ...nonNegative(s, ["replicas", "fullyLabeledReplicas", "readyReplicas", "availableReplicas", "observedGeneration"]),
    ...notAboveReplicas(s, ["fullyLabeledReplicas", "readyReplicas", "availableReplicas"]),
    ...availableNotAboveReady(s, "cannot be greater than readyReplicas"),
  ];
}

export function validateStatefulSetStatusUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const s = record(obj.status);
  return [
    ...nonNegative(s, ["replicas", "readyReplicas", "currentReplicas", "updatedReplicas", "availableReplicas", "observedGeneration"]),
    ...nonNegative(s, ["collisionCount"]),
    ...notAboveReplicas(s, ["readyReplicas", "currentReplicas", "updatedReplicas", "availableReplicas"]),
    ...availableNotAboveReady(s, "cannot be greater than status.readyReplicas"),
    ...collisionCountDecremented(s, record(old.status)),
  ];
}

export function validateDaemonSetStatusUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const s = record(obj.status);
  return [
    ...nonNegative(s, [
      "currentNumberScheduled",
      "numberMisscheduled",
      "desiredNumberScheduled",
      "numberReady",
      "observedGeneration",
      "updatedNumberScheduled",
      "numberAvailable",
      "numberUnavailable",
      "collisionCount",
    ]),
    ...collisionCountDecremented(s, record(old.status)),
  ];
}

export function validateHPAStatusUpdate(obj: KubeObject): FieldError[] {
  return nonNegative(record(obj.status), ["currentReplicas", "desiredReplicas"]);
}

export function validatePDBStatusUpdate(obj: KubeObject): FieldError[] {
  const s = record(obj.status);
  return [
    ...validateConditions(s.conditions, STATUS.child("conditions")),
    ...nonNegative(s, ["disruptionsAllowed", "currentHealthy", "desiredHealthy", "expectedPods"]),
  ];
}

const CONDITION_STATUSES = ["False", "True", "Unknown"];
const REASON_FMT = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";
const REASON_RE = new RegExp(`^${REASON_FMT}$`);
const REASON_ERR =
  "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";
const MAX_REASON = 1024;
const MAX_MESSAGE = 32 * 1024;

/** metav1.Condition lists (upstream's metav1 ValidateConditions): types unique qualified names, statuses, times, reasons. */
export function validateConditions(conditions: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(conditions).forEach((c, i) => {
    const cond = record(c);
    const p = path.index(i);
    const type = str(cond.type);
    if (seen.has(type)) errs.push(fieldErrors.duplicate(p.child("type"), type));
    seen.add(type);
    for (const msg of isQualifiedName(type)) errs.push(fieldErrors.invalid(p.child("type"), type, msg));
    const status = str(cond.status);
    if (!CONDITION_STATUSES.includes(status)) errs.push(fieldErrors.notSupported(p.child("status"), status, CONDITION_STATUSES));
    if (typeof cond.observedGeneration === "number" && cond.observedGeneration < 0)
      errs.push(fieldErrors.invalid(p.child("observedGeneration"), cond.observedGeneration, "must be greater than or equal to zero"));
    if (str(cond.lastTransitionTime) === "") errs.push(fieldErrors.required(p.child("lastTransitionTime"), "must be set"));
    const reason = str(cond.reason);
    if (reason === "") errs.push(fieldErrors.required(p.child("reason"), "must be set"));
    else {
      if (!REASON_RE.test(reason))
        errs.push(
          fieldErrors.invalid(
            p.child("reason"),
            reason,
            regexError(REASON_ERR, REASON_FMT, "my_name", "MY_NAME", "MyName", "ReasonA,ReasonB", "ReasonA:ReasonB"),
          ),
        );
      if (utf8Length(reason) > MAX_REASON) errs.push(fieldErrors.tooLong(p.child("reason"), MAX_REASON));
    }
    if (utf8Length(str(cond.message)) > MAX_MESSAGE) errs.push(fieldErrors.tooLong(p.child("message"), MAX_MESSAGE));
  });
  return errs;
}
