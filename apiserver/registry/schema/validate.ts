/**
 * Validates a custom object against its structural schema (and its list types), with the texts
 * upstream's OpenAPI validator (kube-openapi) produces and the field errors the apiextensions
 * apiserver turns them into: `spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"`.
 */
import { fieldErrors, FieldPath, type FieldError } from "../validation/field.js";
import { checkFormat } from "./formats.js";
import { additionalOf, isObject, itemsOf, type JSONSchemaProps } from "./types.js";
import { compileGoPattern } from "./pattern.js";

/** The JSON type name kube-openapi reports for a value. */
function typeName(v: unknown): string {
  if (v === null || v === undefined) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  if (typeof v === "object") return "object";
  return typeof v;
}

/** Go's %v of a number: integers plain, others shortest form. */
function goNumber(n: number): string {
  return String(n);
}

function errPath(path: string): FieldPath {
  return path === "" ? FieldPath.root() : FieldPath.of(path);
}

const typeInvalid = (path: string, value: unknown, msg: string): FieldError => ({
  ...fieldErrors.invalid(errPath(path), value, msg),
  type: "FieldValueTypeInvalid",
});
const invalid = (path: string, value: unknown, msg: string): FieldError => fieldErrors.invalid(errPath(path), value, msg);

function typeAccepts(s: JSONSchemaProps, value: unknown): boolean {
  if (s["x-kubernetes-int-or-string"]) return typeof value === "string" || (typeof value === "number" && Number.isInteger(value));
  switch (s.type) {
    case undefined:
    case "":
      return true;
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number";
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    default:
      return true;
  }
}

/** Every problem of `value` (at `path`, "" for the root) against `s`. */
export function validateValue(value: unknown, s: JSONSchemaProps, path = ""): FieldError[] {
  const out: FieldError[] = [];
  walk(value, s, path, out);
  return out;
}

/** `<name> in body`, kube-openapi's subject of a message ("in body" alone for the root). */
function inBody(name: string): string {
  return name === "" ? "in body" : `${name} in body`;
}

function walk(value: unknown, s: JSONSchemaProps, path: string, out: FieldError[]): void {
  const name = path;
  if (value === null) {
    if (s.nullable || (!s.type && !s["x-kubernetes-int-or-string"])) return;
    const want = s["x-kubernetes-int-or-string"] ? "integer,string" : s.type!;
    out.push(typeInvalid(path, "null", `${inBody(name)} must be of type ${want}: "null"`));
    return;
  }
  if (!typeAccepts(s, value)) {
    const want = s["x-kubernetes-int-or-string"] ? "integer,string" : s.type!;
    const actual = typeName(value);
    out.push(typeInvalid(path, actual, `${inBody(name)} must be of type ${want}: ${JSON.stringify(actual)}`));
    return;
  }
  if (s.format && (typeof value === "string" || typeof value === "number")) {
    const ok = checkFormat(s.format, value);
    if (ok === false) out.push(typeInvalid(path, value, `${inBody(name)} must be of type ${s.format}: ${JSON.stringify(String(value))}`));
  }
  if (s.enum && s.enum.length > 0 && !s.enum.some((e) => jsonEqual(e, value))) {
    const values = s.enum.map((e) => (typeof e === "string" ? e : JSON.stringify(e)));
    out.push(fieldErrors.notSupported(errPath(path), value, values));
  }
  if (typeof value === "number") numeric(value, s, path, name, out);
  if (typeof value === "string") stringChecks(value, s, path, name, out);
  if (Array.isArray(value)) arrayChecks(value, s, path, name, out);
  if (isObject(value)) objectChecks(value, s, path, name, out);
  junctors(value, s, path, name, out);
}

function numeric(v: number, s: JSONSchemaProps, path: string, name: string, out: FieldError[]): void {
  if (s.multipleOf !== undefined && s.multipleOf > 0) {
    const q = v / s.multipleOf;
    if (Math.abs(q - Math.round(q)) > 1e-9) out.push(invalid(path, v, `${inBody(name)} should be a multiple of ${goNumber(s.multipleOf)}`));
  }
  if (s.maximum !== undefined && (s.exclusiveMaximum ? v >= s.maximum : v > s.maximum)) {
    out.push(invalid(path, v, `${inBody(name)} should be less than ${s.exclusiveMaximum ? "" : "or equal to "}${goNumber(s.maximum)}`));
  }
  if (s.minimum !== undefined && (s.exclusiveMinimum ? v <= s.minimum : v < s.minimum)) {
    out.push(invalid(path, v, `${inBody(name)} should be greater than ${s.exclusiveMinimum ? "" : "or equal to "}${goNumber(s.minimum)}`));
  }
}

function stringChecks(v: string, s: JSONSchemaProps, path: string, name: string, out: FieldError[]): void {
  if (s.maxLength !== undefined || s.minLength !== undefined) {
    // Lengths count code points, as Go's utf8.RuneCountInString; counted only when a bound asks.
    const length = codePoints(v);
    if (s.maxLength !== undefined && length > s.maxLength) out.push(fieldErrors.tooLong(errPath(path), s.maxLength));
    if (s.minLength !== undefined && length < s.minLength)
      out.push(invalid(path, v, `${inBody(name)} should be at least ${s.minLength} chars long`));
  }
  if (s.pattern !== undefined) {
    const re = compileGoPattern(s.pattern);
    if (typeof re !== "string" && !re.test(v)) out.push(invalid(path, v, `${inBody(name)} should match '${s.pattern}'`));
  }
}

/** The number of code points of a string (a surrogate pair is one), without making an array of them. */
function codePoints(v: string): number {
  let n = 0;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < v.length) {
      const d = v.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

function arrayChecks(v: unknown[], s: JSONSchemaProps, path: string, name: string, out: FieldError[]): void {
  const items = itemsOf(s);
  // A loop, not forEach: two frames a level of nested lists instead of three.
  if (items) for (let i = 0; i < v.length; i++) walk(v[i], items, `${path}[${i}]`, out);
  listTypeChecks(v, s, path, out);
  if (s.minItems !== undefined && v.length < s.minItems)
    out.push(invalid(path, v.length, `${inBody(name)} should have at least ${s.minItems} items`));
  if (s.maxItems !== undefined && v.length > s.maxItems) out.push(fieldErrors.tooMany(errPath(path), v.length, s.maxItems));
  if (s.uniqueItems) {
    const seen = new Set<string>();
    for (const item of v) {
      const key = canonicalJSON(item);
      if (seen.has(key)) {
        out.push(invalid(path, "", `${inBody(name)} shouldn't contain duplicates`));
        break;
      }
      seen.add(key);
    }
  }
}

/** The indexes whose value (or map key) appeared before, each reported once, as upstream's list-type validation. */
function repeatedIndexes(keys: string[]): number[] {
  const seen = new Map<string, number>();
  const out: number[] = [];
  keys.forEach((k, i) => {
    const times = seen.get(k) ?? 0;
    if (times === 1) out.push(i);
    seen.set(k, times + 1);
  });
  return out;
}

/** x-kubernetes-list-type set (unique items) and map (unique x-kubernetes-list-map-keys). */
function listTypeChecks(v: unknown[], s: JSONSchemaProps, path: string, out: FieldError[]): void {
  const listType = s["x-kubernetes-list-type"];
  if (listType === "set") {
    for (const i of repeatedIndexes(v.map(canonicalJSON))) out.push(fieldErrors.duplicate(errPath(`${path}[${i}]`), v[i]));
  } else if (listType === "map") {
    const bad = v.findIndex((x) => x !== null && !isObject(x));
    if (bad >= 0) {
      out.push(invalid(`${path}[${bad}]`, v[bad], "must be an object for an array of list-type map"));
      return;
    }
    const keyFields = s["x-kubernetes-list-map-keys"] ?? [];
    const keys = v.map((x) => {
      const key: Record<string, unknown> = {};
      for (const f of keyFields) if (isObject(x) && f in x) key[f] = x[f];
      return key;
    });
    for (const i of repeatedIndexes(keys.map(canonicalJSON))) out.push(fieldErrors.duplicate(errPath(`${path}[${i}]`), keys[i]));
  }
}

function objectChecks(v: Record<string, unknown>, s: JSONSchemaProps, path: string, name: string, out: FieldError[]): void {
  const count = Object.keys(v).length;
  if (s.maxProperties !== undefined && count > s.maxProperties) out.push(fieldErrors.tooMany(errPath(path), count, s.maxProperties));
  if (s.minProperties !== undefined && count < s.minProperties)
    out.push(invalid(path, count, `${inBody(name)} should have at least ${s.minProperties} properties`));
  const prefix = path === "" ? "" : `${path}.`;
  for (const req of s.required ?? []) {
    if (!(req in v)) out.push(fieldErrors.required(FieldPath.of(`${prefix}${req}`)));
  }
  const props = s.properties;
  const additional = additionalOf(s);
  for (const [k, child] of Object.entries(v)) {
    // The root's metadata is ObjectMeta, validated as such; apiVersion and kind are set by the server.
    if (path === "" && (k === "metadata" || k === "apiVersion" || k === "kind") && !props?.[k]) continue;
    const cs = props?.[k] ?? additional;
    if (cs) walk(child, cs, `${prefix}${k}`, out);
  }
  if (s["x-kubernetes-embedded-resource"]) {
    for (const k of ["apiVersion", "kind"]) {
      if (typeof v[k] !== "string" || v[k] === "") out.push(fieldErrors.required(FieldPath.of(`${prefix}${k}`), "must not be empty"));
    }
  }
}

function junctors(value: unknown, s: JSONSchemaProps, path: string, name: string, out: FieldError[]): void {
  for (const j of s.allOf ?? []) walk(value, j, path, out);
  if (s.anyOf && s.anyOf.length > 0 && !s.anyOf.some((j) => validateValue(value, j, path).length === 0)) {
    if (!(s["x-kubernetes-int-or-string"] && isIntOrStringPattern(s.anyOf))) {
      out.push(invalid(path, value, `${inBody(name)} must validate at least one schema (anyOf)`));
    }
  }
  if (s.oneOf && s.oneOf.length > 0) {
    const matching = s.oneOf.filter((j) => validateValue(value, j, path).length === 0).length;
    if (matching !== 1) out.push(invalid(path, value, `${inBody(name)} must validate one and only one schema (oneOf)`));
  }
  if (s.not && validateValue(value, s.not, path).length === 0)
    out.push(invalid(path, value, `${inBody(name)} must not validate the schema (not)`));
}

function isIntOrStringPattern(anyOf: JSONSchemaProps[]): boolean {
  return anyOf.length === 2 && anyOf[0]?.type === "integer" && anyOf[1]?.type === "string";
}

function canonicalJSON(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJSON).join(",")}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJSON(v[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}

function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJSON(a) === canonicalJSON(b);
}
