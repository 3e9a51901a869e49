/** autoscaling/v1 and v2 HorizontalPodAutoscalers: minReplicas (and v2 metrics/behavior) defaults, status reset, replica and metric validation. */
import { defaultHPAv1, defaultHPAv2 } from "../../defaults/misc.js";
import { validateHPAv1, validateHPAv2 } from "../../validation/policy.js";
import { validateHPAStatusUpdate } from "../../validation/workload-status.js";
import { validateHPABehavior } from "../../validation/hpa-behavior.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { keepStatusAnnotations } from "./conversion.js";

export const hpaV2Strategy = kindStrategy({
  kind: "HorizontalPodAutoscaler",
  version: "v2",
  namespaced: true,
  hasStatus: true,
  defaults: defaultHPAv2,
  validate: (hpa) => [...validateHPAv2(hpa), ...validateHPABehavior(hpa)],
});
export const hpaV1Strategy = kindStrategy({
  kind: "HorizontalPodAutoscaler",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  defaults: defaultHPAv1,
  // v2's status travels in annotations through v1: a main update keeps it as it keeps status.
  prepareForUpdate: keepStatusAnnotations,
  validate: validateHPAv1,
});
export const hpaStatusStrategy = kindStatusStrategy(validateHPAStatusUpdate);
