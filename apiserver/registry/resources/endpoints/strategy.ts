/**
 * Endpoints: port protocol defaults to TCP; addresses and ports validated as upstream; stored
 * repacked (upstream's Canonicalize: one subset per set of ports, addresses and ports sorted).
 */
import type { EndpointSubset } from "../../../../api/core/v1/endpoints.js";
import { repackSubsets } from "../../../../runtime/endpoints/repack.js";
import type { Strategy } from "../../strategy.js";
import { validateEndpoints, validateEndpointsUpdate } from "../../validation/core.js";

type Subset = { ports?: { protocol?: string }[] };

export const endpointsStrategy: Strategy = {
  defaults(obj) {
    for (const ss of (obj.subsets ?? []) as Subset[]) for (const p of ss.ports ?? []) p.protocol ||= "TCP";
  },
  validate: validateEndpoints,
  validateUpdate: validateEndpointsUpdate,
  canonicalize(obj) {
    if (!Array.isArray(obj.subsets)) return;
    const repacked = repackSubsets(obj.subsets as EndpointSubset[]);
    if (repacked.length > 0) obj.subsets = repacked;
    else delete obj.subsets;
  },
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
