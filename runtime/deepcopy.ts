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
  for (const key in src) {
    if (key === "__proto__") defineOwn(out, key, copy(src[key]!));
    else out[key] = copy(src[key]!);
  }
  return out;
}

/** Copies any JSON value (RawExtension, JSON, FieldsV1: the schema-less parts of the API). */
export function copyJSON<T>(src: T): T {
  if (src === null || typeof src !== "object") return src;
  if (Array.isArray(src)) {
    const out = new Array<unknown>(src.length);
    for (let i = 0; i < src.length; i++) out[i] = copyJSON(src[i]);
    return out as T;
  }
  const obj = src as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key in obj) {
    if (key === "__proto__") defineOwn(out, key, copyJSON(obj[key]));
    else out[key] = copyJSON(obj[key]);
  }
  return out as T;
}

/** Sets `key` as an own property even when it is `__proto__`, which plain assignment would not. */
function defineOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
