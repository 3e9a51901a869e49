/**
 * networking.k8s.io/v1 ServiceCIDRs: one or two CIDRs, one per family; an update may only add the
 * second family. As upstream's strategy, the main resource neither clears nor keeps status (only
 * the status subresource's reset fields guard it); the status subresource keeps spec. No generation.
 */
import { validateServiceCIDR, validateServiceCIDRUpdate } from "../../validation/service-cidr.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const serviceCIDRStrategy = kindStrategy({
  kind: "ServiceCIDR",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  trackGeneration: false,
  validate: validateServiceCIDR,
  validateUpdate: validateServiceCIDRUpdate,
});

export const serviceCIDRStatusStrategy = kindStatusStrategy();
