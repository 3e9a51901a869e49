/** networking.k8s.io/v1 NetworkPolicies: policyTypes and port protocol defaults, generation, peers/ports validation. */
import { defaultNetworkPolicy } from "../../defaults/misc.js";
import { validateNetworkPolicy } from "../../validation/networking.js";
import { kindStrategy } from "../kind-strategy.js";

export const networkPolicyStrategy = kindStrategy({
  kind: "NetworkPolicy",
  version: "v1",
  namespaced: true,
  hasStatus: false,
  defaults: defaultNetworkPolicy,
  validate: validateNetworkPolicy,
});
