/**
 * Deep copies of API data (plain objects, arrays, primitives, byte arrays) for the store's
 * copy-before-mutate steps: the same result as structuredClone for such data, several times
 * faster because it skips the structured-serialization machinery.
 */
export function deepCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = deepCopy(value[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    if (value instanceof Uint8Array) return value.slice() as T;
    // Anything else (Date, Map...) is rare in API data: let structuredClone handle it.
    return structuredClone(value);
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = deepCopy((value as Record<string, unknown>)[key]);
  return out as T;
}
