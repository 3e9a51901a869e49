/** networking.k8s.io/v1 Ingresses: status reset, generation, rules/paths/backends validation, load-balancer status. */
import type { KubeObject } from "../../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { validateIngressLoadBalancerStatus } from "../../validation/load-balancer-status.js";
import { validateIngress } from "../../validation/networking.js";
import { record } from "../../validation/shape.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

const INGRESS_CLASS_ANNOTATION = "kubernetes.io/ingress.class";

/** upstream's ValidateIngressCreate: the legacy class annotation may not name another class than `ingressClassName`. */
function validateIngressCreate(ing: KubeObject): FieldError[] {
  const errs = validateIngress(ing);
  const annotations = ing.metadata?.annotations ?? {};
  const className = record(ing.spec).ingressClassName;
  if (INGRESS_CLASS_ANNOTATION in annotations && typeof className === "string" && annotations[INGRESS_CLASS_ANNOTATION] !== className) {
    // upstream's path has no "metadata." before it.
    errs.push(
      fieldErrors.invalid(
        FieldPath.of("annotations", INGRESS_CLASS_ANNOTATION),
        annotations[INGRESS_CLASS_ANNOTATION],
        "must match `ingressClassName` when both are specified",
      ),
    );
  }
  return errs;
}

export const ingressStrategy = kindStrategy({
  kind: "Ingress",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  validate: validateIngressCreate,
  validateUpdate: (obj) => validateIngress(obj),
});
export const ingressStatusStrategy = kindStatusStrategy((obj) => validateIngressLoadBalancerStatus(obj));
