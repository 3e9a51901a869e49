/**
 * metav1.Condition helpers (apimachinery's meta.SetStatusCondition and friends). They work on
 * any status that has a `conditions` list and modify it in place.
 */
import type { Condition, ConditionStatus } from "../api/meta/v1/types.js";

/** A status with conditions. */
export interface HasConditions {
  conditions?: Condition[];
}

/** What {@link setStatusCondition} takes: lastTransitionTime defaults to now when the status changes. */
export type ConditionInput = Omit<Condition, "lastTransitionTime"> & { lastTransitionTime?: string };

/** Now, as metav1.Time writes it (seconds precision, UTC). */
function nowTime(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

/**
 * Sets `condition` in `status.conditions`: added when missing; when present, its status,
 * reason, message and observedGeneration are updated, and lastTransitionTime moves only when
 * the status changed. Returns whether anything changed, so that a reconciler writes status
 * only then.
 */
export function setStatusCondition(status: HasConditions, condition: ConditionInput): boolean {
  const list = (status.conditions ??= []);
  const existing = list.find((c) => c.type === condition.type);
  if (!existing) {
    list.push({ ...condition, lastTransitionTime: condition.lastTransitionTime ?? nowTime() });
    return true;
  }
  let changed = false;
  if (existing.status !== condition.status) {
    existing.status = condition.status;
    existing.lastTransitionTime = condition.lastTransitionTime ?? nowTime();
    changed = true;
  }
  if (existing.reason !== condition.reason) {
    existing.reason = condition.reason;
    changed = true;
  }
  if (existing.message !== condition.message) {
    existing.message = condition.message;
    changed = true;
  }
  if (existing.observedGeneration !== condition.observedGeneration) {
    if (condition.observedGeneration === undefined) delete existing.observedGeneration;
    else existing.observedGeneration = condition.observedGeneration;
    changed = true;
  }
  return changed;
}

/** The condition of `type`, if any. */
export function findStatusCondition(conditions: readonly Condition[] | undefined, type: string): Condition | undefined {
  return conditions?.find((c) => c.type === type);
}

/** Removes the condition of `type`; returns whether there was one. */
export function removeStatusCondition(status: HasConditions, type: string): boolean {
  const list = status.conditions ?? [];
  const i = list.findIndex((c) => c.type === type);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

/** Whether the condition of `type` is present with `status`. */
export function isStatusConditionPresentAndEqual(
  conditions: readonly Condition[] | undefined,
  type: string,
  status: ConditionStatus,
): boolean {
  return findStatusCondition(conditions, type)?.status === status;
}

export function isStatusConditionTrue(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, "True");
}

export function isStatusConditionFalse(conditions: readonly Condition[] | undefined, type: string): boolean {
  return isStatusConditionPresentAndEqual(conditions, type, "False");
}
