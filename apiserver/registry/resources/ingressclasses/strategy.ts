/** networking.k8s.io/v1 IngressClasses: controller a domain-prefixed path, immutable; parameters (scope defaulted to Cluster). */
import { fieldErrors, FieldPath } from "../../validation/field.js";
import { FIELD_IMMUTABLE } from "../../validation/object-meta.js";
import { defaultIngressClass, validateIngressClass } from "../../validation/networking.js";
import { record } from "../../validation/shape.js";
import { kindStrategy } from "../kind-strategy.js";

export const ingressClassStrategy = kindStrategy({
  kind: "IngressClass",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultIngressClass,
  validate: validateIngressClass,
  validateUpdate: (obj, old) => [
    ...validateIngressClass(obj),
    ...(record(obj.spec).controller === record(old.spec).controller
      ? []
      : [fieldErrors.invalid(FieldPath.of("spec", "controller"), record(obj.spec).controller, FIELD_IMMUTABLE)]),
  ],
});
