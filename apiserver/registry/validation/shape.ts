/** Readers of decoded JSON that tolerate any shape: validation must never throw on odd input. */
export type Obj = Record<string, unknown>;

export function record(v: unknown): Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {};
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** A Go number field: absent (or not a number) reads as zero. */
export function num(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

/** A decoded JSON value as text: strings as they are, numbers and booleans printed, objects as JSON, `unset` when absent. */
export function text(v: unknown, unset = ""): string {
  if (v === undefined || v === null) return unset;
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean" || typeof v === "bigint") return String(v);
  return JSON.stringify(v) ?? unset;
}

export function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A child object, created when absent (for defaulting). */
export function child(obj: Obj, key: string): Obj {
  if (!isObj(obj[key])) obj[key] = {};
  return obj[key] as Obj;
}

/**
 * Semantic equality of decoded JSON, as Go compares the typed values: key order, absent keys,
 * nulls and empty objects or lists (an unset struct or slice) do not count.
 */
export function sameJSON(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return isObj(v) && Object.keys(v).every((k) => isEmpty(v[k]));
}

function stable(v: unknown): string {
  if (isEmpty(v)) return "null";
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (isObj(v))
    return `{${Object.keys(v)
      .filter((k) => !isEmpty(v[k]))
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}
