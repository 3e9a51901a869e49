/** ClusterRoleBindings: as role bindings, bound to ClusterRoles only; service account subjects need a namespace. */
import type { Strategy } from "../../strategy.js";
import { validateClusterRoleBinding, validateClusterRoleBindingUpdate } from "../../validation/rbac.js";
import { defaultSubjects } from "../rolebindings/strategy.js";

export const clusterRoleBindingStrategy: Strategy = {
  defaults: defaultSubjects,
  validate: validateClusterRoleBinding,
  validateUpdate: validateClusterRoleBindingUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
