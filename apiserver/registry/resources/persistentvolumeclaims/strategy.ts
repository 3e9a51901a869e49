/** core/v1 PersistentVolumeClaims: volumeMode default, status Pending and data sources normalised on create, spec immutable after creation but storage growth. */
import { defaultPVC } from "../../defaults/core.js";
import { validatePVC, validatePVCUpdate } from "../../validation/storage.js";
import { normalizeDataSources } from "../../validation/pvc-data-source.js";
import { isObj } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const pvcStrategy = kindStrategy({
  kind: "PersistentVolumeClaim",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  trackGeneration: false,
  defaults: defaultPVC,
  prepareForCreate(obj) {
    obj.status = { phase: "Pending" };
    if (isObj(obj.spec)) normalizeDataSources(obj.spec);
  },
  validate: validatePVC,
  validateUpdate: validatePVCUpdate,
});
export const pvcStatusStrategy = kindStatusStrategy();
