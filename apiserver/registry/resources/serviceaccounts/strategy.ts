/** ServiceAccounts: DNS-subdomain names and ObjectMeta rules; the deprecated mountable-secrets annotation warned about. */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { validateServiceAccount, validateServiceAccountUpdate } from "../../validation/core.js";

const ENFORCE_MOUNTABLE_SECRETS = "kubernetes.io/enforce-mountable-secrets";

/** upstream's warningsForServiceAccount, on create and update: the annotation is there, whatever its value. */
function serviceAccountWarnings(obj: KubeObject): string[] {
  const annotations = obj.metadata?.annotations;
  return annotations && ENFORCE_MOUNTABLE_SECRETS in annotations
    ? [
        `metadata.annotations[${ENFORCE_MOUNTABLE_SECRETS}]: deprecated in v1.32+; prefer separate namespaces to isolate access to mounted secrets`,
      ]
    : [];
}

export const serviceAccountStrategy: Strategy = {
  validate: validateServiceAccount,
  validateUpdate: validateServiceAccountUpdate,
  warningsOnCreate: serviceAccountWarnings,
  warningsOnUpdate: (obj) => serviceAccountWarnings(obj),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
