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

/** upstream's cleanSecretReferences: a `secrets` entry keeps only its name, whatever else the request put there. */
function trimSecretReferences(obj: KubeObject): void {
  if (!Array.isArray(obj.secrets)) return;
  obj.secrets = obj.secrets.map((ref: unknown) => {
    const name = typeof ref === "object" && ref !== null ? (ref as { name?: unknown }).name : undefined;
    return typeof name === "string" && name !== "" ? { name } : {};
  });
}

export const serviceAccountStrategy: Strategy = {
  prepareForCreate: trimSecretReferences,
  prepareForUpdate: (obj) => trimSecretReferences(obj),
  validate: validateServiceAccount,
  validateUpdate: validateServiceAccountUpdate,
  warningsOnCreate: serviceAccountWarnings,
  warningsOnUpdate: (obj) => serviceAccountWarnings(obj),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
};
