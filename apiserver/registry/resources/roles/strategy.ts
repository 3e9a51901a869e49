/** Roles: every rule needs verbs, and resource rules need api groups and resources. */
import type { Strategy } from "../../strategy.js";
import { validateRole, validateRoleUpdate } from "../../validation/rbac.js";

export const roleStrategy: Strategy = {
  validate: validateRole,
  validateUpdate: validateRoleUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
