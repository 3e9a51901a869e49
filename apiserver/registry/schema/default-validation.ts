/**
 * A CRD schema's defaults must be valid where they apply, as upstream checks them on CRD
 * writes: each default validates against its own node's schema and has no fields pruning
 * would drop. Defaults inside metadata are left to ObjectMeta's rules.
 */
import { fieldErrors, type FieldError, type FieldPath } from "../validation/field.js";
import { pruneValue } from "./prune.js";
import { additionalOf, itemsOf, type JSONSchemaProps } from "./types.js";
import { validateValue } from "./validate.js";
import { deepEqual } from "../strategy.js";

export function validateDefaults(s: JSONSchemaProps, path: FieldPath, insideMeta = false): FieldError[] {
  const errs: FieldError[] = [];
  if (s.default !== undefined && !insideMeta) {
    const at = path.child("default");
    const pruned = structuredClone(s.default);
    pruneValue(pruned, s);
    if (!deepEqual(pruned, s.default)) errs.push(fieldErrors.invalid(at, s.default, "must not have unknown fields"));
    for (const e of validateValue(s.default, s)) errs.push({ ...e, field: e.field === "" ? at.toString() : `${at.toString()}.${e.field}` });
  }
  const items = itemsOf(s);
  if (items) errs.push(...validateDefaults(items, path.child("items"), insideMeta));
  for (const k of Object.keys(s.properties ?? {}).sort()) {
    const meta = insideMeta || (s["x-kubernetes-embedded-resource"] === true && (k === "metadata" || k === "apiVersion" || k === "kind"));
    errs.push(...validateDefaults(s.properties![k]!, path.child("properties").key(k), meta));
  }
  const additional = typeof s.additionalProperties === "object" ? additionalOf(s) : undefined;
  if (additional) errs.push(...validateDefaults(additional, path.child("additionalProperties"), insideMeta));
  return errs;
}
