/** policy/v1 PodDisruptionBudgets: status reset, generation, minAvailable/maxUnavailable/selector validation. */
import { validatePDB } from "../../validation/policy.js";
import { validatePDBStatusUpdate } from "../../validation/workload-status.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const pdbStrategy = kindStrategy({
  kind: "PodDisruptionBudget",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  validate: validatePDB,
});
export const pdbStatusStrategy = kindStatusStrategy(validatePDBStatusUpdate);
