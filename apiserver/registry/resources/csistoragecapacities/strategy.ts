/** storage.k8s.io/v1 CSIStorageCapacities: class name, topology selector and capacity checked; the two GetCapacity inputs immutable; no generation, as upstream's. */
import { validateCSIStorageCapacity, validateCSIStorageCapacityUpdate } from "../../validation/storage-csi.js";
import { csiStorageCapacityWarnings } from "../../validation/node-label-warnings.js";
import { kindStrategy } from "../kind-strategy.js";

export const csiStorageCapacityStrategy = kindStrategy({
  kind: "CSIStorageCapacity",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  validate: validateCSIStorageCapacity,
  validateUpdate: validateCSIStorageCapacityUpdate,
  trackGeneration: false,
  // upstream warns of the new object on create and on every update, not only of a new use.
  warnings: csiStorageCapacityWarnings,
});
