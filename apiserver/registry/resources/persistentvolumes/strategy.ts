/** core/v1 PersistentVolumes: reclaim policy and volumeMode defaults, status Pending on create, phase changes stamped, upstream's spec rules and warnings. */
import { defaultPV } from "../../defaults/core.js";
import { validatePV, validatePVUpdate } from "../../validation/storage.js";
import { pvWarnings } from "../../validation/pv-warnings.js";
import type { UpdateStrategy } from "../../strategy.js";
import { record } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const pvStrategy = kindStrategy({
  kind: "PersistentVolume",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  trackGeneration: false,
  defaults: defaultPV,
  prepareForCreate(obj) {
    obj.status = { phase: "Pending", lastPhaseTransitionTime: nowSeconds() };
  },
  validate: validatePV,
  validateUpdate: validatePVUpdate,
  warnings: pvWarnings,
});
const pvStatusBase = kindStatusStrategy();

/** The time as metav1.Time serializes it: RFC 3339, whole seconds. */
function nowSeconds(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * upstream's status strategy: a phase change stamps `lastPhaseTransitionTime` with now, unless
 * the request set a new time of its own; the same phase keeps the stored time.
 */
export const pvStatusStrategy: UpdateStrategy = {
  ...pvStatusBase,
  // upstream's status strategy inherits the main one's update warnings.
  warningsOnUpdate: (obj) => pvWarnings(obj),
  prepareForUpdate(obj, old) {
    pvStatusBase.prepareForUpdate?.(obj, old);
    const status = record(obj.status);
    const oldStatus = record(old.status);
    const time = status.lastPhaseTransitionTime;
    const unset = time === undefined || time === null;
    if (status.phase === oldStatus.phase) {
      // The same phase keeps the stored time when the request left it out.
      if (unset && oldStatus.lastPhaseTransitionTime !== undefined)
        obj.status = { ...status, lastPhaseTransitionTime: oldStatus.lastPhaseTransitionTime };
      return;
    }
    if (unset || time === oldStatus.lastPhaseTransitionTime) {
      obj.status = { ...status, lastPhaseTransitionTime: nowSeconds() };
    }
  },
};
