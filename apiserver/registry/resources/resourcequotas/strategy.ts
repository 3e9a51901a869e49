/** core/v1 ResourceQuotas: status reset on create, hard quantities non-negative, scopes and scope selectors, scopes immutable. */
import { validateResourceQuota } from "../../validation/cluster.js";
import { validateQuotaScopes, validateQuotaScopesUnchanged, validateQuotaStatusUpdate } from "../../validation/resource-quota.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const resourceQuotaStrategy = kindStrategy({
  kind: "ResourceQuota",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  trackGeneration: false,
  validate: (q) => [...validateResourceQuota(q), ...validateQuotaScopes(q)],
  validateUpdate: (q, old) => [...validateResourceQuota(q), ...validateQuotaScopes(q), ...validateQuotaScopesUnchanged(q, old)],
});
export const resourceQuotaStatusStrategy = kindStatusStrategy(validateQuotaStatusUpdate);
