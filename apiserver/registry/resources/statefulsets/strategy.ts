/** apps/v1 StatefulSets: SetDefaults_StatefulSet, status reset, generation, upstream's update restrictions. */
import { defaultStatefulSet } from "../../defaults/apps.js";
import { validateSelectorUnchanged, validateStatefulSet, validateStatefulSetUpdate } from "../../validation/apps.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { validateStatefulSetStatusUpdate } from "../../validation/workload-status.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const statefulSetStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "StatefulSet",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultStatefulSet,
    validate: validateStatefulSet,
    warnings: workloadWarnings,
    validateUpdate: (obj, old) => [...validateStatefulSetUpdate(obj, old), ...validateSelectorUnchanged(obj, old)],
  }),
  { nameWarning: true },
);

export const statefulSetStatusStrategy = kindStatusStrategy(validateStatefulSetStatusUpdate);
