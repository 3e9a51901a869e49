/** core/v1 PersistentVolumes: reclaim policy and volumeMode defaults, status Pending on create, one source, immutable source. */
import { defaultPV } from "../../defaults/core.js";
import { validatePV, validatePVUpdate } from "../../validation/storage.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const pvStrategy = kindStrategy({
  kind: "PersistentVolume",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  trackGeneration: false,
  defaults: defaultPV,
  prepareForCreate(obj) {
    obj.status = { phase: "Pending", lastPhaseTransitionTime: new Date().toISOString().replace(/\.\d{3}Z$/, "Z") };
  },
  validate: validatePV,
  validateUpdate: validatePVUpdate,
});
export const pvStatusStrategy = kindStatusStrategy();
