/** storage.k8s.io/v1 StorageClasses: reclaimPolicy and volumeBindingMode defaults; parameters, provisioner, reclaimPolicy immutable. */
import { defaultStorageClass } from "../../defaults/misc.js";
import { validateStorageClass, validateStorageClassUpdate } from "../../validation/storage.js";
import { storageClassWarnings } from "../../validation/node-label-warnings.js";
import { kindStrategy } from "../kind-strategy.js";

export const storageClassStrategy = kindStrategy({
  kind: "StorageClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  defaults: defaultStorageClass,
  validate: validateStorageClass,
  validateUpdate: validateStorageClassUpdate,
  // upstream warns of the new object on create and on every update, not only of a new use.
  warnings: storageClassWarnings,
});
