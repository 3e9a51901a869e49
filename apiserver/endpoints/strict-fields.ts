/**
 * What fieldValidation reports for a body, in the order upstream's strict decoder meets them:
 * unknown fields (from the schema walk) and, for JSON, keys repeated within one object.
 */
import { findDuplicateFields, type DuplicateField } from "../registry/patch/json-text.js";
import { duplicateFieldMessages, unknownFieldMessages } from "./field-validation.js";

/** Where the duplicate-key shortcut's count of parsed keys lives now (the schema walk counts them too). */
export { keyCount } from "../registry/patch/json-text.js";

/**
 * The `unknown field "x"` and `duplicate field "x"` messages of a body, each once. `json` is the
 * body's text when it is JSON (YAML decoding already refuses repeated keys). A repeat of an
 * unknown key, or inside an unknown field's value, is not reported: upstream skips those values.
 */
export function strictDecodingMessages(json: string | undefined, unknown: readonly string[], parsedKeys?: number): string[] {
  if (json === undefined) return unknownFieldMessages(unknown);
  // Cheapest first: when the text has no more keys than JSON.parse kept ({@link keyCount} of
  // the value as parsed), none repeats.
  if (parsedKeys !== undefined && keyTokens(json) === parsedKeys) return unknownFieldMessages(unknown);
  // Cheap pass next: most bodies repeat nothing.
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

/**
 * An upper bound on the keys written in JSON text: the colons whose previous non-blank
 * character is a quote. Every key is one; a string value may add more (`"a\\":b"`), never fewer.
 */
export function keyTokens(json: string): number {
  let n = 0;
  for (let i = json.indexOf(":"); i >= 0; i = json.indexOf(":", i + 1)) {
    let j = i - 1;
    while (j >= 0) {
      const c = json.charCodeAt(j);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) break;
      j--;
    }
    if (j >= 0 && json.charCodeAt(j) === 0x22) n++;
  }
  return n;
}
