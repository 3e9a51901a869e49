/**
 * admissionregistration.k8s.io/v1 ValidatingAdmissionPolicies: failurePolicy and match defaults,
 * upstream's policy validation (expressions must compile), status (typeChecking) only through
 * the status subresource, generation on spec change.
 */
import { defaultValidatingAdmissionPolicy } from "../../defaults/admissionregistration.js";
import {
  validateValidatingAdmissionPolicy,
  validateValidatingAdmissionPolicyStatus,
  validateValidatingAdmissionPolicyUpdate,
} from "../../validation/admissionregistration-policy.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const validatingAdmissionPolicyStrategy = kindStrategy({
  kind: "ValidatingAdmissionPolicy",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  defaults: defaultValidatingAdmissionPolicy,
  validate: validateValidatingAdmissionPolicy,
  validateUpdate: validateValidatingAdmissionPolicyUpdate,
});

export const validatingAdmissionPolicyStatusStrategy = kindStatusStrategy((obj) => validateValidatingAdmissionPolicyStatus(obj));
