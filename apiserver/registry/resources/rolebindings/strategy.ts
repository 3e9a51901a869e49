/** RoleBindings: subjects' apiGroup defaulted as upstream; roleRef validated and immutable. */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { validateRoleBinding, validateRoleBindingUpdate } from "../../validation/rbac.js";

/** upstream's SetDefaults_Subject: users and groups are in the RBAC group, service accounts in the core one. */
export function defaultSubjects(obj: KubeObject): void {
  for (const s of (obj.subjects ?? []) as { kind?: string; apiGroup?: string }[]) {
    if (s.apiGroup === undefined || s.apiGroup === "") {
      if (s.kind === "User" || s.kind === "Group") s.apiGroup = "rbac.authorization.k8s.io";
      else if (s.kind === "ServiceAccount") s.apiGroup = "";
    }
  }
}

export const roleBindingStrategy: Strategy = {
  defaults: defaultSubjects,
  validate: validateRoleBinding,
  validateUpdate: validateRoleBindingUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
