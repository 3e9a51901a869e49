/** ClusterRoles: rules as for roles, non-resource URLs allowed. */
import type { Strategy } from "../../strategy.js";
import { validateClusterRole, validateClusterRoleUpdate } from "../../validation/rbac.js";

export const clusterRoleStrategy: Strategy = {
  validate: validateClusterRole,
  validateUpdate: validateClusterRoleUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
