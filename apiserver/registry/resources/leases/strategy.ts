/** Leases: durations and transitions must not be negative (upstream's lease validation). */
import type { Strategy } from "../../strategy.js";
import { validateLease, validateLeaseUpdate } from "../../validation/coordination.js";

export const leaseStrategy: Strategy = {
  validate: validateLease,
  validateUpdate: validateLeaseUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: false,
};
