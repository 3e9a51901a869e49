/** storage.k8s.io/v1 CSIDrivers: upstream's SetDefaults_CSIDriver on every write, its spec checks, attachRequired and volumeLifecycleModes immutable; no generation, as upstream's strategy keeps none. */
import { defaultCSIDriver } from "../../defaults/misc.js";
import { validateCSIDriver, validateCSIDriverUpdate } from "../../validation/storage-csi.js";
import { kindStrategy } from "../kind-strategy.js";

export const csiDriverStrategy = kindStrategy({
  kind: "CSIDriver",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultCSIDriver,
  validate: validateCSIDriver,
  validateUpdate: validateCSIDriverUpdate,
  trackGeneration: false,
});
