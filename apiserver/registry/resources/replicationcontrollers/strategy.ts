/** core/v1 ReplicationControllers: selector/labels/replicas defaults from the template, status reset, generation; selectable by status.replicas. */
import { defaultReplicationController } from "../../defaults/core.js";
import { validateReplicationController } from "../../validation/cluster.js";
import { record, text } from "../../validation/shape.js";
import { validateReplicaSetStatusUpdate } from "../../validation/workload-status.js";
import { workloadWarnings } from "../../validation/pod-warnings.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const replicationControllerStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "ReplicationController",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultReplicationController,
    validate: validateReplicationController,
    warnings: workloadWarnings,
    fields: { "status.replicas": (o) => text(record(o.status).replicas, "0") },
  }),
  { nameWarning: true },
);
export const replicationControllerStatusStrategy = kindStatusStrategy(validateReplicaSetStatusUpdate);
