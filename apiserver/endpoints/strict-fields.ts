/**
 * What fieldValidation reports for a body, in the order upstream's strict decoder meets them:
 * unknown fields (from the schema walk) and, for JSON, keys repeated within one object.
 */
import { findDuplicateFields, type DuplicateField } from "../registry/patch/json-text.js";
import { duplicateFieldMessages, unknownFieldMessages } from "./field-validation.js";

/**
 * The `unknown field "x"` and `duplicate field "x"` messages of a body, each once. `json` is the
 * body's text when it is JSON (YAML decoding already refuses repeated keys). A repeat of an
 * unknown key, or inside an unknown field's value, is not reported: upstream skips those values.
 */
export function strictDecodingMessages(json: string | undefined, unknown: readonly string[]): string[] {
  if (json === undefined) return unknownFieldMessages(unknown);
  // Cheap pass first: most bodies repeat nothing.
  let duplicates = findDuplicateFields(json);
  if (duplicates.length === 0) return unknownFieldMessages(unknown);
  const inUnknown = (path: string): boolean => unknown.some((u) => path === u || path.startsWith(`${u}.`) || path.startsWith(`${u}[`));
  duplicates = duplicates.filter((d) => !inUnknown(d.path));
  if (unknown.length === 0) return duplicateFieldMessages(duplicates);
  const offsets = new Map<string, number>();
  findDuplicateFields(json, offsets);
  const problems: { offset: number; message: string }[] = [
    ...unknown.map((path) => ({ offset: offsets.get(path) ?? Number.MAX_SAFE_INTEGER, message: unknownFieldMessages([path])[0]! })),
    ...duplicates.map((d: DuplicateField) => ({ offset: d.offset, message: duplicateFieldMessages([d])[0]! })),
  ];
  // A stable sort keeps the walk's order among unknown fields found at the same place.
  problems.sort((a, b) => a.offset - b.offset);
  return problems.map((p) => p.message);
}
