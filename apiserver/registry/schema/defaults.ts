/**
 * Structural defaulting, as upstream: a missing field whose schema has a default gets a copy
 * of it, recursively through properties, additionalProperties and array items; a null where
 * the schema is not nullable is dropped, or replaced by the default when there is one.
 */
import { additionalOf, isObject, itemsOf, type JSONSchemaProps } from "./types.js";

/** Applies defaults to `value` in place. */
export function applyDefaults(value: unknown, s: JSONSchemaProps): void {
  if (Array.isArray(value)) {
    const items = itemsOf(s);
    if (!items) return;
    for (let i = 0; i < value.length; i++) {
      if (value[i] === null && !items.nullable && items.default !== undefined) value[i] = structuredClone(items.default);
      applyDefaults(value[i], items);
    }
    return;
  }
  if (!isObject(value)) return;
  const props = s.properties;
  if (props) {
    for (const [key, child] of Object.entries(props)) {
      const v = value[key];
      if (v === null && !child.nullable) {
        if (child.default !== undefined) value[key] = structuredClone(child.default);
        else delete value[key];
      } else if (v === undefined && child.default !== undefined) {
        value[key] = structuredClone(child.default);
      }
      if (value[key] !== undefined) applyDefaults(value[key], child);
    }
  }
  const additional = additionalOf(s);
  if (additional && !props) {
    for (const key of Object.keys(value)) {
      if (value[key] === null && !additional.nullable) {
        if (additional.default !== undefined) value[key] = structuredClone(additional.default);
        else delete value[key];
      }
      if (value[key] !== undefined) applyDefaults(value[key], additional);
    }
  }
}

/** Whether any node of the schema declares a default (reads then skip the walk). */
export function hasDefaults(s: JSONSchemaProps): boolean {
  if (s.default !== undefined) return true;
  const items = itemsOf(s);
  if (items && hasDefaults(items)) return true;
  if (Object.values(s.properties ?? {}).some(hasDefaults)) return true;
  const additional = additionalOf(s);
  return additional !== undefined && additional !== s && hasDefaults(additional);
}
