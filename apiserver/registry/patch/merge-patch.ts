/** JSON merge patch (RFC 7386): objects merge key by key, null removes a key, anything else replaces. */

type JSONValue = null | boolean | number | string | JSONValue[] | { [key: string]: JSONValue };

function isObject(v: unknown): v is { [key: string]: JSONValue } {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Applies `patch` to `target` (which is consumed) and returns the result. */
export function mergePatch(target: JSONValue, patch: JSONValue): JSONValue {
  if (!isObject(patch)) return patch;
  const out = isObject(target) ? target : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k] ?? null, v);
  }
  return out;
}
