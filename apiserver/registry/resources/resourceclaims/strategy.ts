/**
 * resource.k8s.io/v1 ResourceClaims as upstream's strategy: defaults, gated fields dropped,
 * status cleared on create and kept on spec writes, the spec immutable once created (updates
 * run the create checks, then the update ones), status only through /status (which cannot touch
 * the spec), no generation.
 */
import { defaultResourceClaim } from "../../defaults/resource.js";
import { statusUpdateStrategy, type UpdateStrategy } from "../../strategy.js";
import { validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { validateResourceClaim, validateResourceClaimStatusUpdate, validateResourceClaimUpdate } from "../../validation/resource.js";
import { isObj } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";
import { checkClaimStatusQuantities } from "./quantities.js";
import { dropDeallocatedStatusDevices, dropDisabledClaimSpecFields, dropDisabledClaimStatusFields } from "./disabled-fields.js";

export const resourceClaimStrategy = kindStrategy({
  kind: "ResourceClaim",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  defaults: (obj) => {
    checkClaimStatusQuantities(obj);
    defaultResourceClaim(obj);
  },
  prepareForCreate: (obj) => dropDisabledClaimSpecFields(obj.spec, undefined),
  prepareForUpdate: (obj, old) => dropDisabledClaimSpecFields(obj.spec, old.spec),
  validate: validateResourceClaim,
  // upstream runs the create checks again, then the update ones (immutability, the spec as stored).
  validateUpdate: (obj, old) => [...validateResourceClaim(obj), ...validateResourceClaimUpdate(obj, old)],
  trackGeneration: false,
});

const statusBase = statusUpdateStrategy();

export const resourceClaimStatusStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    statusBase.prepareForUpdate!(obj, old);
    const status = isObj(obj.status) ? obj.status : undefined;
    dropDeallocatedStatusDevices(status, old.status);
    dropDisabledClaimStatusFields(status, old.status);
  },
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateResourceClaimStatusUpdate(obj, old)],
};
