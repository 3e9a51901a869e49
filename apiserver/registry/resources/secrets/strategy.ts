/**
 * Secrets: type defaults to Opaque, stringData is written into data (and never stored), data
 * keys and type-specific keys are validated, type is immutable; selectable by type.
 */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { validateSecret, validateSecretUpdate } from "../../validation/core.js";
import { secretWarnings } from "../../validation/secret-warnings.js";

/** What conversion does on the way in: stringData entries overwrite data entries, base64-encoded. */
function mergeStringData(obj: KubeObject): void {
  const stringData = obj.stringData as Record<string, string> | undefined;
  delete obj.stringData;
  if (!stringData || Object.keys(stringData).length === 0) return;
  const data = { ...((obj.data ?? {}) as Record<string, string>) };
  for (const [k, v] of Object.entries(stringData)) data[k] = Buffer.from(String(v), "utf8").toString("base64");
  obj.data = data;
}

export const secretStrategy: Strategy = {
  defaults(obj) {
    mergeStringData(obj);
    if (!obj.type) obj.type = "Opaque";
  },
  validate: validateSecret,
  validateUpdate: validateSecretUpdate,
  warningsOnCreate: secretWarnings,
  warningsOnUpdate: (obj) => secretWarnings(obj),
  allowCreateOnUpdate: false,
  allowUnconditionalUpdate: true,
  fieldLabels: ["type", "metadata.namespace", "metadata.name"],
  selectableFields: (obj) => ({ type: typeof obj.type === "string" ? obj.type : "" }),
};
