/**
 * fieldValidation's texts: unknown and duplicate fields of a body. The schema walk itself (shared
 * with the patch path) is in the registry's schema-check, the duplicate scan in its json-text.
 */
export { SchemaIndex, type FieldProblems } from "../registry/patch/schema-check.js";
import type { DuplicateField } from "../registry/patch/json-text.js";

/** The `unknown field "x"` texts upstream's strict decoder produces, in body order. */
export function unknownFieldMessages(paths: readonly string[]): string[] {
  return paths.map((p) => `unknown field ${JSON.stringify(p)}`);
}

/** The `duplicate field "x"` texts upstream's strict decoder produces. */
export function duplicateFieldMessages(fields: readonly DuplicateField[]): string[] {
  return fields.map((f) => `duplicate field ${JSON.stringify(f.path)}`);
}
