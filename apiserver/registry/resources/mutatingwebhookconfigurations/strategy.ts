/** admissionregistration.k8s.io/v1 MutatingWebhookConfigurations: v1 defaults, upstream's webhook validation, generation on change. */
import { defaultMutatingWebhookConfiguration } from "../../defaults/admissionregistration.js";
import {
  validateMutatingWebhookConfiguration,
  validateMutatingWebhookConfigurationUpdate,
} from "../../validation/admissionregistration.js";
import { kindStrategy } from "../kind-strategy.js";

export const mutatingWebhookConfigurationStrategy = kindStrategy({
  kind: "MutatingWebhookConfiguration",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultMutatingWebhookConfiguration,
  validate: validateMutatingWebhookConfiguration,
  validateUpdate: validateMutatingWebhookConfigurationUpdate,
});
