/**
 * Helpers that generated deepcopy functions call for lists, maps and free-form JSON. Typed
 * objects are copied by their own generated functions; these only loop.
 */

/** Copies a list with `copy` applied to each element; null and undefined come back as given. */
export function copyArray<T>(src: readonly T[], copy: (value: T) => T): T[] {
  if (src == null) return src;
  const out = new Array<T>(src.length);
  for (let i = 0; i < src.length; i++) out[i] = copy(src[i]!);
  return out;
}

/** Copies a list of immutable values (strings, numbers, booleans). */
export function copyValueArray<T>(src: readonly T[]): T[] {
  return src == null ? src : src.slice();
}

/**
 * Copies a map of immutable values. Spread defines own properties, so a `__proto__` key stays
 * a key instead of replacing the copy's prototype.
 */
export function copyValueMap<T>(src: Readonly<Record<string, T>>): Record<string, T> {
  return src == null ? src : { ...src };
}

/** Copies a map with `copy` applied to each value. */
export function copyMap<T>(src: Readonly<Record<string, T>>, copy: (value: T) => T): Record<string, T> {
  if (src == null) return src;
  const out: Record<string, T> = {};
  for (const key of Object.keys(src)) {
    const value = copy(src[key]!);
    if (key === "__proto__") {
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** Copies any JSON value (RawExtension, JSON, FieldsV1: the schema-less parts of the API). */
export function copyJSON<T>(src: T): T {
  if (src === null || typeof src !== "object") return src;
  if (Array.isArray(src)) return copyArray(src as unknown[], copyJSON) as T;
  return copyMap(src as Record<string, unknown>, copyJSON) as T;
}
