/**
 * autoscaling/v1 and v2 HorizontalPodAutoscalers: minReplicas (and v2 metrics/behavior) defaults,
 * status reset, upstream's spec validation (a v1 object validated as converted to v2's shape).
 */
import { defaultHPAv1, defaultHPAv2 } from "../../defaults/misc.js";
import { minReplicasBoundOnUpdate, validateHPASpec } from "../../validation/hpa.js";
import { validateHPAStatusUpdate } from "../../validation/workload-status.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { convertHPAToV2, keepStatusAnnotations } from "./conversion.js";

export const hpaV2Strategy = kindStrategy({
  kind: "HorizontalPodAutoscaler",
  version: "v2",
  namespaced: true,
  hasStatus: true,
  defaults: defaultHPAv2,
  validate: (hpa) => validateHPASpec(hpa),
  validateUpdate: (hpa, old) => validateHPASpec(hpa, minReplicasBoundOnUpdate(old)),
});
export const hpaV1Strategy = kindStrategy({
  kind: "HorizontalPodAutoscaler",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  defaults: defaultHPAv1,
  // v2's status travels in annotations through v1: a main update keeps it as it keeps status.
  prepareForUpdate: keepStatusAnnotations,
  validate: (hpa) => validateHPASpec(convertHPAToV2(hpa)),
  validateUpdate: (hpa, old) => validateHPASpec(convertHPAToV2(hpa), minReplicasBoundOnUpdate(old)),
});
export const hpaStatusStrategy = kindStatusStrategy(validateHPAStatusUpdate);
