/** Endpoints: port protocol defaults to TCP; addresses and ports validated as upstream. */
import type { Strategy } from "../../strategy.js";
import { validateEndpoints, validateEndpointsUpdate } from "../../validation/core.js";

type Subset = { ports?: { protocol?: string }[] };

export const endpointsStrategy: Strategy = {
  defaults(obj) {
    for (const ss of (obj.subsets ?? []) as Subset[]) for (const p of ss.ports ?? []) p.protocol ||= "TCP";
  },
  validate: validateEndpoints,
  validateUpdate: validateEndpointsUpdate,
  allowCreateOnUpdate: true,
  allowUnconditionalUpdate: true,
};
