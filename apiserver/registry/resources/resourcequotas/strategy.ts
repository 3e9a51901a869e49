/** core/v1 ResourceQuotas: status reset on create, hard quantities non-negative, scopes. */
import { validateResourceQuota } from "../../validation/cluster.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const resourceQuotaStrategy = kindStrategy({
  kind: "ResourceQuota",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  trackGeneration: false,
  validate: validateResourceQuota,
});
export const resourceQuotaStatusStrategy = kindStatusStrategy();
