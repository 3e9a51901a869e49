/** node.k8s.io/v1 RuntimeClasses: handler a DNS label and immutable; overhead and scheduling checked. */
import { validateRuntimeClass, validateRuntimeClassUpdate } from "../../validation/runtime-class.js";
import { runtimeClassWarnings } from "../../validation/node-label-warnings.js";
import { kindStrategy } from "../kind-strategy.js";

export const runtimeClassStrategy = kindStrategy({
  kind: "RuntimeClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  validate: validateRuntimeClass,
  validateUpdate: validateRuntimeClassUpdate,
  // upstream warns of the new object on create and on every update, not only of a new use.
  warnings: runtimeClassWarnings,
});
