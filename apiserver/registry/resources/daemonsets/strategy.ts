/** apps/v1 DaemonSets: SetDefaults_DaemonSet, status reset, generation, immutable selector. */
import { defaultDaemonSet } from "../../defaults/apps.js";
import { validateDaemonSet, validateSelectorUnchanged } from "../../validation/apps.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const daemonSetStrategy = kindStrategy({
  kind: "DaemonSet",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  defaults: defaultDaemonSet,
  validate: validateDaemonSet,
  warnings: workloadWarnings,
  validateUpdate: (obj, old) => [...validateDaemonSet(obj, old), ...validateSelectorUnchanged(obj, old)],
});

export const daemonSetStatusStrategy = kindStatusStrategy();
