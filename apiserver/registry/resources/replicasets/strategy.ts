/** apps/v1 ReplicaSets: replicas default, status reset, generation, immutable selector; selectable by status.replicas. */
import { defaultReplicaSet } from "../../defaults/apps.js";
import { validateReplicaSet, validateSelectorUnchanged } from "../../validation/apps.js";
import { record, text } from "../../validation/shape.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { validateReplicaSetStatusUpdate } from "../../validation/workload-status.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const replicaSetStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "ReplicaSet",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultReplicaSet,
    validate: validateReplicaSet,
    warnings: workloadWarnings,
    validateUpdate: (obj, old) => [...validateReplicaSet(obj, old), ...validateSelectorUnchanged(obj, old)],
    fields: { "status.replicas": (o) => text(record(o.status).replicas, "0") },
  }),
  { nameWarning: true },
);

export const replicaSetStatusStrategy = kindStatusStrategy(validateReplicaSetStatusUpdate);
