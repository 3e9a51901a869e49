/** admissionregistration.k8s.io/v1 ValidatingAdmissionPolicyBindings: match defaults, upstream's binding validation, generation on spec change. */
import { defaultValidatingAdmissionPolicyBinding } from "../../defaults/admissionregistration.js";
import { validateValidatingAdmissionPolicyBinding } from "../../validation/admissionregistration-policy.js";
import { kindStrategy } from "../kind-strategy.js";

export const validatingAdmissionPolicyBindingStrategy = kindStrategy({
  kind: "ValidatingAdmissionPolicyBinding",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultValidatingAdmissionPolicyBinding,
  validate: validateValidatingAdmissionPolicyBinding,
});
