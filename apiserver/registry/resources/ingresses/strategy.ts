/** networking.k8s.io/v1 Ingresses: status reset, generation, rules/paths/backends validation. */
import { validateIngress } from "../../validation/networking.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const ingressStrategy = kindStrategy({
  kind: "Ingress",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  validate: validateIngress,
});
export const ingressStatusStrategy = kindStatusStrategy();
