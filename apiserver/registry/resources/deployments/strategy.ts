/** apps/v1 Deployments: SetDefaults_Deployment, status reset on create, generation, upstream's validation, immutable selector. */
import { defaultDeployment } from "../../defaults/apps.js";
import { validateDeployment, validateSelectorUnchanged } from "../../validation/apps.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { validateDeploymentStatusUpdate } from "../../validation/workload-status.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const deploymentStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "Deployment",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultDeployment,
    validate: validateDeployment,
    warnings: workloadWarnings,
    validateUpdate: (obj, old) => [...validateDeployment(obj, old), ...validateSelectorUnchanged(obj, old)],
  }),
  { nameWarning: true },
);

export const deploymentStatusStrategy = kindStatusStrategy(validateDeploymentStatusUpdate);
