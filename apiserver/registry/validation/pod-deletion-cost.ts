/**
 * The `controller.kubernetes.io/pod-deletion-cost` annotation of Pods and pod templates: a 32-bit
 * integer in its plain decimal form (no `+`, no leading zeros), as upstream's
 * GetDeletionCostFromPodAnnotations reads it. An update of an object whose stored value was
 * already bad is not checked (upstream's AllowInvalidPodDeletionCost ratchet).
 */
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { isObj } from "./shape.js";

export const DELETION_COST_KEY = "controller.kubernetes.io/pod-deletion-cost";

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;

/** Whether the value parses as upstream parses it: a sign only as `-`, no leading zero but "0" itself, within int32. */
export function deletionCostParses(value: string): boolean {
  const first = value[0];
  if (first === undefined || !(first === "-" || (first >= "1" && first <= "9") || value === "0")) return false;
  if (!/^-?[0-9]+$/.test(value)) return false;
  const n = BigInt(value);
  return n >= INT32_MIN && n <= INT32_MAX;
}

/** The annotation's error, if any; `path` is the annotations' own. */
export function validateDeletionCost(annotations: unknown, path: FieldPath): FieldError[] {
  if (!isObj(annotations) || !(DELETION_COST_KEY in annotations)) return [];
  const value = annotations[DELETION_COST_KEY];
  const text = typeof value === "string" ? value : "";
  return deletionCostParses(text) ? [] : [fieldErrors.invalid(path.key(DELETION_COST_KEY), text, "must be a 32bit integer")];
}

/** The ratchet: the stored annotations already held a value that does not parse. */
export function storedDeletionCostInvalid(oldAnnotations: unknown): boolean {
  if (!isObj(oldAnnotations) || !(DELETION_COST_KEY in oldAnnotations)) return false;
  const value = oldAnnotations[DELETION_COST_KEY];
  return !deletionCostParses(typeof value === "string" ? value : "");
}
