/** Authorization: the contract, and AlwaysAllow (the only mode until RBAC lands). */
import type { UserInfo } from "./user.js";

/** What is being asked: upstream's authorizer.Attributes, flattened. */
export interface AuthorizationAttributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  path: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
}

export type Decision = { allowed: true } | { allowed: false; reason: string };

export interface Authorizer {
  authorize(attributes: AuthorizationAttributes): Decision | Promise<Decision>;
}

export const alwaysAllow: Authorizer = { authorize: () => ({ allowed: true }) };

/** The authorizer for `--authorization-mode`; only AlwaysAllow exists for now. */
export function authorizerForMode(mode: string): Authorizer {
  const modes = mode.split(",").map((m) => m.trim()).filter((m) => m !== "");
  for (const m of modes) {
    if (m !== "AlwaysAllow") throw new Error(`authorization mode ${JSON.stringify(m)} is not supported (supported: AlwaysAllow)`);
  }
  return alwaysAllow;
}
