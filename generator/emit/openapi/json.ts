/**
 * Deterministic JSON for the OpenAPI documents: keys sorted at every level (as upstream publishes
 * them), 2-space indent, trailing newline, with the generated-file marker first in the file.
 */
import { GENERATED_MARKER } from "../header.js";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A copy of a value with every object's keys in sorted order. */
export function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) out[key] = sortKeys(value[key]!);
  return out;
}

/**
 * Serializes a document. JSON has no comments, so the marker the writer looks for (in the first
 * 200 characters) goes into `info` as an extension, and `info` comes first.
 */
export function documentJson(doc: { [key: string]: Json }): string {
  const sorted = sortKeys(doc) as { [key: string]: Json };
  const info = (sorted.info ?? {}) as { [key: string]: Json };
  const { info: _ignored, ...rest } = sorted;
  const first = { info: { "x-kubegen-generated": GENERATED_MARKER, ...info }, ...rest };
  return `${JSON.stringify(first, null, 2)}\n`;
}
