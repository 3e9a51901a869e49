/** ServiceAccounts: DNS-subdomain names and ObjectMeta rules. */
import type { Strategy } from "../../strategy.js";
import { validateServiceAccount, validateServiceAccountUpdate } from "../../validation/core.js";

export const serviceAccountStrategy: Strategy = {
  validate: validateServiceAccount,
  validateUpdate: validateServiceAccountUpdate,
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
