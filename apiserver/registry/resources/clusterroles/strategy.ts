/** ClusterRoles: rules as for roles, non-resource URLs allowed; the aggregation rule's selectors. */
import type { Strategy } from "../../strategy.js";
import { validateAggregationRule, validateAggregationRuleUpdate } from "../../validation/cluster-role-aggregation.js";
import { validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { validateClusterRole } from "../../validation/rbac.js";

export const clusterRoleStrategy: Strategy = {
  validate: (role) => [...validateClusterRole(role), ...validateAggregationRule(role)],
  // upstream's order: the role's own rules, then the ObjectMeta update rules.
  validateUpdate: (role, old) => [
    ...validateClusterRole(role),
    ...validateAggregationRuleUpdate(role, old),
    ...validateObjectMetaUpdate(role.metadata, old.metadata),
  ],
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
