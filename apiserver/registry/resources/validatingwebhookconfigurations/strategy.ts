/** admissionregistration.k8s.io/v1 ValidatingWebhookConfigurations: v1 defaults, upstream's webhook validation, generation on change. */
import { defaultValidatingWebhookConfiguration } from "../../defaults/admissionregistration.js";
import {
  validateValidatingWebhookConfiguration,
  validateValidatingWebhookConfigurationUpdate,
} from "../../validation/admissionregistration.js";
import { kindStrategy } from "../kind-strategy.js";

export const validatingWebhookConfigurationStrategy = kindStrategy({
  kind: "ValidatingWebhookConfiguration",
  version: "v1",
  namespaced: false,
  hasStatus: false,
  defaults: defaultValidatingWebhookConfiguration,
  validate: validateValidatingWebhookConfiguration,
  validateUpdate: validateValidatingWebhookConfigurationUpdate,
});
