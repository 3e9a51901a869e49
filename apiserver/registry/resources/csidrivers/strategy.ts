/** storage.k8s.io/v1 CSIDrivers: upstream's SetDefaults_CSIDriver on every write; no generation, as upstream's strategy keeps none. */
import { defaultCSIDriver } from "../../defaults/misc.js";
import { kindStrategy } from "../kind-strategy.js";

export const csiDriverStrategy = kindStrategy({
  kind: "CSIDriver",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultCSIDriver,
  trackGeneration: false,
});
