/** scheduling.k8s.io/v1 PriorityClasses: preemptionPolicy default, the value range and reserved system names, immutable value. */
import { defaultPriorityClass } from "../../defaults/misc.js";
import { validatePriorityClass, validatePriorityClassUpdate } from "../../validation/policy.js";
import { kindStrategy } from "../kind-strategy.js";

export const priorityClassStrategy = kindStrategy({
  kind: "PriorityClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  defaults: defaultPriorityClass,
  validate: validatePriorityClass,
  validateUpdate: validatePriorityClassUpdate,
});
