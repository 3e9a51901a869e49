/**
 * The first error Go's encoding/json reports when it decodes JSON text into a typed value, for
 * the few annotations whose values upstream decodes as API types (a Node's taints and
 * avoid-pods): syntax errors (json-text.ts), then type errors in Go's words (`json: cannot
 * unmarshal number into Go struct field Taint.key of type string`), keys matched as Go matches
 * them (case-insensitively), unknown keys ignored, nulls leaving the zero value.
 */
import { goJSONSyntaxError } from "./json-text.js";
import { isObj } from "../validation/shape.js";

/** A Go type as the decoder sees it; `name` is how its errors print the type. */
export type GoType =
  | { kind: "string" | "bool"; name: string }
  | { kind: "time" }
  | { kind: "slice"; name: string; elem: GoType }
  | { kind: "struct"; name: string; fields: Readonly<Record<string, GoType>> };

/** The context of a value: the innermost struct's name and the JSON keys from the top. */
interface Context {
  struct: string | undefined;
  fields: readonly string[];
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const TIME_LAYOUT = "2006-01-02T15:04:05Z07:00";

function jsonType(v: unknown): string {
  if (Array.isArray(v)) return "array";
  if (typeof v === "object") return "object";
  if (typeof v === "boolean") return "bool";
  return typeof v;
}

function typeError(v: unknown, typeName: string, ctx: Context): string {
  const into = ctx.struct === undefined ? "Go value" : `Go struct field ${ctx.struct}.${ctx.fields.join(".")}`;
  return `json: cannot unmarshal ${jsonType(v)} into ${into} of type ${typeName}`;
}

/** metav1.Time's UnmarshalJSON: a string in RFC 3339 (the parse error as Go's for a bad year; later fields' errors are worded alike). */
function timeError(v: unknown): string | undefined {
  if (typeof v !== "string") return `json: cannot unmarshal ${jsonType(v)} into Go value of type string`;
  const m = RFC3339.exec(v);
  const ok = m !== null && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31 && Number(m[4]) < 24;
  return ok
    ? undefined
    : `parsing time ${JSON.stringify(v)} as ${JSON.stringify(TIME_LAYOUT)}: cannot parse ${JSON.stringify(v)} as "2006"`;
}

/** Go's field match: the exact key, else the first field equal to it case-insensitively. */
function fieldFor(fields: Readonly<Record<string, GoType>>, key: string): [string, GoType] | undefined {
  if (Object.prototype.hasOwnProperty.call(fields, key)) return [key, fields[key]!];
  const lower = key.toLowerCase();
  for (const name of Object.keys(fields)) if (name.toLowerCase() === lower) return [name, fields[name]!];
  return undefined;
}

function check(v: unknown, t: GoType, ctx: Context): string | undefined {
  if (v === null) return undefined;
  switch (t.kind) {
    case "string":
      return typeof v === "string" ? undefined : typeError(v, t.name, ctx);
    case "bool":
      return typeof v === "boolean" ? undefined : typeError(v, t.name, ctx);
    case "time":
      return timeError(v);
    case "slice": {
      if (!Array.isArray(v)) return typeError(v, t.name, ctx);
      for (const item of v) {
        const err = check(item, t.elem, ctx);
        if (err !== undefined) return err;
      }
      return undefined;
    }
    case "struct": {
      if (!isObj(v)) return typeError(v, t.name, ctx);
      const struct = t.name.slice(t.name.indexOf(".") + 1);
      for (const [key, value] of Object.entries(v)) {
        const f = fieldFor(t.fields, key);
        if (f === undefined) continue;
        const err = check(value, f[1], { struct, fields: [...ctx.fields, f[0]] });
        if (err !== undefined) return err;
      }
      return undefined;
    }
  }
}

export type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

/** Decodes `text` as Go's json.Unmarshal into a value of type `t`. */
export function goDecode(text: string, t: GoType): Decoded {
  const syntax = goJSONSyntaxError(text);
  if (syntax !== undefined) return { ok: false, message: syntax };
  const value: unknown = JSON.parse(text);
  const err = check(value, t, { struct: undefined, fields: [] });
  return err === undefined ? { ok: true, value } : { ok: false, message: err };
}
