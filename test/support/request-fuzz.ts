/**
 * Bad requests for an apiserver, derived from each served kind's OpenAPI schema: a wrong-typed
 * value at every path the schema describes (through create, update and every patch type),
 * required fields left out, huge and deeply nested values, bad names, bad label and field
 * selectors, bad resourceVersions, limits and continue tokens, bad Content-Types, bad query
 * parameters and bodies that are not objects at all.
 *
 * Pure: this module only builds requests (no I/O). test/support/fuzz-runner.ts sends them and
 * checks what the server must do with any of them. The order of the cases and the variants picked
 * are fixed by a seed, so a run can be repeated exactly.
 */

/** An OpenAPI v2 schema, as far as the fuzzer reads it. */
export interface Schema {
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  required?: string[];
  $ref?: string;
  allOf?: Schema[];
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-group-version-kind"?: { group: string; version: string; kind: string }[];
}

/** One served resource, as discovery and the OpenAPI document describe it. */
export interface FuzzResource {
  group: string;
  version: string;
  plural: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
  /** Subresources served (`status`, `scale`). */
  subresources: string[];
  /** The kind's schema; undefined when the server publishes none (then only generic cases). */
  schema: Schema | undefined;
  /** A valid object of the kind without metadata.name (the runner names it). */
  base: Record<string, unknown>;
}

/** A JSON literal written as is into a body (`1e2`, `9223372036854775808`, `-0`). */
export class RawJSON {
  constructor(readonly text: string) {}
}

/** What the runner must check after the request, beyond "an HTTP answer that is no 5xx". */
export type Target =
  /** The object at `name` must be byte-identical after a 4xx. */
  | { kind: "existing" }
  /** A create: after a 4xx, no object called `name` exists. */
  | { kind: "create"; name: string }
  /** Reads and watches: nothing stored can change. */
  | { kind: "none" };

export interface FuzzCase {
  /** Which generator made it ("wrong-type", "missing-required", "bad-selector", ...). */
  family: string;
  /** What exactly was done, e.g. `merge-patch .spec.ports[0].port = "1"`. */
  what: string;
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  /** A function when the body starts from the stored object, read just before sending. */
  body?: string | Uint8Array | (() => string);
  target: Target;
  /** A watch: the runner reads only the response head, then closes. */
  stream?: boolean;
  /** Input no server may accept (a name no object can have): a 2xx is a failure too. */
  mustReject?: boolean;
}

type Seg = string | number;
type Json = unknown;

/** A small, fast, seedable PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** JSON text of a value that may hold RawJSON literals. */
export function encodeJSON(value: Json): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJSON) {
      raws.push(v.text);
      return `\u0000raw${raws.length - 1}\u0000`;
    }
    return v;
  });
  return raws.length ? text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_m, i: string) => raws[Number(i)]!) : text;
}

/** `.spec.ports[0].port` */
export function formatPath(path: readonly Seg[]): string {
  return (
    path.map((s) => (typeof s === "number" ? `[${s}]` : /^[A-Za-z_][\w-]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("") || "."
  );
}

/** RFC 6901 pointer. */
export function pointer(path: readonly Seg[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** A copy of `obj` with `value` at `path`, creating containers on the way. */
export function setAt(obj: Json, path: readonly Seg[], value: Json): Json {
  if (path.length === 0) return value;
  const root = clone(obj) as Record<string, Json>;
  let cur: Record<string | number, Json> = root;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i]!;
    const next = path[i + 1]!;
    let child = cur[seg];
    if (typeof child !== "object" || child === null) {
      child = typeof next === "number" ? [] : {};
      cur[seg] = child;
    }
    cur = child as Record<string | number, Json>;
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(cur) && typeof last === "number") while (cur.length < last) cur.push(null);
  cur[last] = value;
  return root;
}

/** A copy of `obj` without the member at `path` (unchanged when absent). */
export function deleteAt(obj: Json, path: readonly Seg[]): Json {
  const root = clone(obj);
  let cur = root as Record<string | number, Json> | undefined;
  for (let i = 0; i < path.length - 1; i++) {
    const next = cur?.[path[i]!];
    if (typeof next !== "object" || next === null) return root;
    cur = next as Record<string | number, Json>;
  }
  if (cur && typeof cur === "object") {
    const last = path[path.length - 1]!;
    if (Array.isArray(cur) && typeof last === "number") cur.splice(last, 1);
    else delete cur[last];
  }
  return root;
}

/** Only the member at `path`, as a nested object (what a merge patch of that one field is). */
function nestedAt(path: readonly Seg[], value: Json): Json {
  return setAt({}, path, value);
}

// ---------------------------------------------------------------------------------------------
// Schemas

/** A schema with its `$ref`s and single `allOf`s followed. */
export function resolveSchema(schema: Schema | undefined, definitions: Record<string, Schema>): Schema | undefined {
  let s = schema;
  for (let guard = 0; s && guard < 16; guard++) {
    if (s.$ref) {
      const name = s.$ref.replace(/^#\/(definitions|components\/schemas)\//, "");
      s = definitions[name];
      continue;
    }
    if (s.allOf?.length === 1 && !s.type && !s.properties) {
      s = s.allOf[0];
      continue;
    }
    return s;
  }
  return s;
}

/** What kind of value a schema describes, with the formats that change what a wrong value is. */
export type ValueKind =
  | "string"
  | "date-time"
  | "byte"
  | "int32"
  | "int64"
  | "number"
  | "boolean"
  | "int-or-string"
  | "quantity"
  | "object"
  | "map"
  | "array"
  | "any";

export function valueKind(s: Schema): ValueKind {
  if (s["x-kubernetes-int-or-string"] || s.format === "int-or-string") return "int-or-string";
  if (s["x-kubernetes-preserve-unknown-fields"] && !s.properties && !s.type) return "any";
  switch (s.type) {
    case "string":
      if (s.format === "date-time") return "date-time";
      if (s.format === "byte") return "byte";
      if (s.format === "quantity") return "quantity";
      return "string";
    case "integer":
      return s.format === "int32" ? "int32" : "int64";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "array":
      return "array";
    case "object":
      if (s.properties) return "object";
      if (s.additionalProperties && typeof s.additionalProperties === "object") return "map";
      return "object";
    default:
      if (s.properties) return "object";
      return "any";
  }
}

export interface SchemaPath {
  path: Seg[];
  kind: ValueKind;
  schema: Schema;
}

export interface WalkOptions {
  /** Deepest path walked (JSONSchemaProps refers to itself). */
  maxDepth?: number;
}

/**
 * Every path the schema describes under its root, depth-first: properties, `[0]` for list
 * elements and `["fuzz"]` for map values. Paths into a definition already on the way down are
 * not followed (recursive schemas), nor are apiVersion and kind (an envelope matter).
 */
export function schemaPaths(root: Schema, definitions: Record<string, Schema>, options: WalkOptions = {}): SchemaPath[] {
  const maxDepth = options.maxDepth ?? 7;
  const out: SchemaPath[] = [];
  const walk = (schema: Schema | undefined, path: Seg[], refs: Set<string>): void => {
    if (!schema) return;
    const ref = schema.$ref;
    if (ref && refs.has(ref)) return;
    const s = resolveSchema(schema, definitions);
    if (!s) return;
    const inner = ref ? new Set([...refs, ref]) : refs;
    const kind = valueKind(s);
    if (path.length) out.push({ path, kind, schema: s });
    if (path.length >= maxDepth) return;
    if (s.properties) {
      for (const [name, p] of Object.entries(s.properties)) {
        if (path.length === 0 && (name === "apiVersion" || name === "kind")) continue;
        walk(p, [...path, name], inner);
      }
    }
    if (kind === "array") walk(s.items, [...path, 0], inner);
    if (kind === "map" && typeof s.additionalProperties === "object") walk(s.additionalProperties, [...path, "fuzz"], inner);
  };
  walk(root, [], new Set());
  return out;
}

/** Required fields of every object on the schema's paths (and at the root). */
export function requiredPaths(root: Schema, definitions: Record<string, Schema>, options: WalkOptions = {}): Seg[][] {
  const out: Seg[][] = [];
  const rootSchema = resolveSchema(root, definitions);
  for (const r of rootSchema?.required ?? []) if (r !== "apiVersion" && r !== "kind") out.push([r]);
  for (const p of schemaPaths(root, definitions, options)) {
    for (const r of p.schema.required ?? []) out.push([...p.path, r]);
  }
  return out;
}

/** Values of the wrong type for a kind of value (and out-of-range ones for numbers). */
export function wrongValues(kind: ValueKind): Json[] {
  const obj = { fuzz: 1 };
  switch (kind) {
    case "string":
      return [12, true, obj, ["a"], new RawJSON("1e2")];
    case "date-time":
      return ["yesterday", 12, "2024-13-45T99:00:00Z", obj];
    case "byte":
      return ["not base64!", 12, ["AA=="], obj];
    case "int32":
      return ["1", 1.5, 2147483648, -2147483649, new RawJSON("1e2"), new RawJSON("1e400"), true, obj, [1]];
    case "int64":
      return [
        "1",
        1.5,
        new RawJSON("9223372036854775808"),
        new RawJSON("-9223372036854775809"),
        new RawJSON("1e2"),
        new RawJSON("1e400"),
        true,
        obj,
      ];
    case "number":
      return ["1", true, obj, [1], new RawJSON("1e400")];
    case "boolean":
      return ["true", 1, obj, null, ["x"]];
    case "int-or-string":
      return [true, 1.5, obj, [1], new RawJSON("2147483648")];
    case "quantity":
      return ["1Zi", "", true, obj, [1]];
    case "object":
      return ["str", 1, ["x"], true];
    case "map":
      return [["x"], "str", 1, { fuzz: { deeper: 1 } }];
    case "array":
      return ["str", obj, 1, true];
    case "any":
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Requests

export interface Paths {
  /** The collection (POST, list, watch). */
  collection: string;
  /** The target object. */
  item: string;
}

export function resourcePaths(r: FuzzResource, namespace: string, name: string): Paths {
  const prefix = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  const ns = r.namespaced ? `/namespaces/${namespace}` : "";
  const collection = `${prefix}${ns}/${r.plural}`;
  return { collection, item: `${collection}/${encodeURIComponent(name)}` };
}

const JSON_CT = "application/json";
const PATCH_TYPES = {
  json: "application/json-patch+json",
  merge: "application/merge-patch+json",
  strategic: "application/strategic-merge-patch+json",
  apply: "application/apply-patch+yaml",
} as const;

export interface CaseContext {
  resource: FuzzResource;
  namespace: string;
  /** The object every update, patch and delete targets (exists before each case). */
  targetName: string;
  /** The name creates use (absent before each case). */
  createName: string;
  /** The stored target as last read (updates start from it: only the mutation is wrong). */
  stored: () => Record<string, unknown>;
}

/** A full, valid object of the resource called `name`. */
export function objectOf(r: FuzzResource, name: string, namespace: string): Record<string, unknown> {
  const apiVersion = r.group ? `${r.group}/${r.version}` : r.version;
  const metadata: Record<string, unknown> = { name, ...(r.namespaced ? { namespace } : {}) };
  return { apiVersion, kind: r.kind, ...clone(r.base), metadata: { ...(r.base.metadata as object | undefined), ...metadata } };
}

/** Cases that write a whole object (create, update) or a patch holding `value` at `path` (`DELETE`: the field removed; `Json` is `unknown`, so it takes the symbol too). */
function writeCases(ctx: CaseContext, family: string, path: Seg[], value: Json, label: string): FuzzCase[] {
  const { resource: r, namespace, targetName, createName } = ctx;
  const p = resourcePaths(r, namespace, targetName);
  const cp = resourcePaths(r, namespace, createName);
  const apply = (obj: Json): Json => (value === DELETE ? deleteAt(obj, path) : setAt(obj, path, value));
  const out: FuzzCase[] = [];
  const verbs = new Set(r.verbs);
  if (verbs.has("create")) {
    const body = apply(objectOf(r, createName, namespace));
    out.push({
      family,
      what: `create ${label}`,
      method: "POST",
      path: cp.collection,
      headers: { "Content-Type": JSON_CT },
      body: encodeJSON(body),
      target: { kind: "create", name: createName },
    });
  }
  if (verbs.has("update")) {
    out.push({
      family,
      what: `update ${label}`,
      method: "PUT",
      path: p.item,
      headers: { "Content-Type": JSON_CT },
      body: () => encodeJSON(apply(ctx.stored())),
      target: { kind: "existing" },
    });
  }
  if (verbs.has("patch")) {
    const patch = (type: keyof typeof PATCH_TYPES, body: string | (() => string), query = ""): FuzzCase => ({
      family,
      what: `${type}-patch ${label}`,
      method: "PATCH",
      path: `${p.item}${query}`,
      headers: { "Content-Type": PATCH_TYPES[type] },
      body,
      target: { kind: "existing" },
    });
    if (value === DELETE) {
      out.push(patch("json", encodeJSON([{ op: "remove", path: pointer(path) }])));
      if (!path.some((s) => typeof s === "number")) out.push(patch("merge", encodeJSON(nestedAt(path, null))));
      // Lists are replaced whole by merge patches: send the stored object without the member.
      else out.push(patch("merge", () => encodeJSON(apply(ctx.stored()))));
    } else {
      out.push(patch("json", encodeJSON([{ op: "add", path: pointer(path), value }])));
      out.push(patch("json", encodeJSON([{ op: "replace", path: pointer(path), value }])));
      if (!path.some((s) => typeof s === "number")) {
        out.push(patch("merge", encodeJSON(nestedAt(path, value))));
        out.push(patch("strategic", encodeJSON(nestedAt(path, value))));
      } else {
        // Lists are replaced whole by merge patches: send the stored object with the change.
        out.push(patch("merge", () => encodeJSON(apply(ctx.stored()))));
        out.push(patch("strategic", () => encodeJSON(apply(ctx.stored()))));
      }
      const applied = apply({ ...objectOf(r, targetName, namespace) });
      out.push(patch("apply", encodeJSON(applied), "?fieldManager=fuzz&force=true"));
    }
  }
  return out;
}

const DELETE = Symbol("delete");

/** A wrong-typed value at every path of the schema, through every write. */
export function wrongTypeCases(ctx: CaseContext, definitions: Record<string, Schema>, random: () => number): FuzzCase[] {
  const schema = ctx.resource.schema;
  if (!schema) return [];
  const out: FuzzCase[] = [];
  for (const sp of schemaPaths(schema, definitions)) {
    const values = wrongValues(sp.kind);
    if (!values.length) continue;
    // One wrong value per path and write, varied by the seed; all of them in a long run's seeds.
    const value = values[Math.floor(random() * values.length)];
    const text = value instanceof RawJSON ? value.text : JSON.stringify(value);
    out.push(...writeCases(ctx, "wrong-type", sp.path, value, `${formatPath(sp.path)} = ${text} (${sp.kind})`));
  }
  return out;
}

/** Each required field left out. */
export function missingRequiredCases(ctx: CaseContext, definitions: Record<string, Schema>): FuzzCase[] {
  const schema = ctx.resource.schema;
  if (!schema) return [];
  const out: FuzzCase[] = [];
  const seen = new Set<string>();
  for (const path of requiredPaths(schema, definitions)) {
    const key = formatPath(path);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(...writeCases(ctx, "missing-required", path, DELETE, `without ${key}`));
  }
  return out;
}

function deepArray(depth: number): RawJSON {
  return new RawJSON(`${"[".repeat(depth)}${"]".repeat(depth)}`);
}

function deepObject(depth: number): RawJSON {
  return new RawJSON(`${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`);
}

/** Huge strings, huge lists, deep nesting, and numbers no integer type holds. */
export function hugeAndDeepCases(ctx: CaseContext): FuzzCase[] {
  const out: FuzzCase[] = [];
  const big = "x".repeat(3 * 1024 * 1024 + 16);
  const write = (label: string, path: Seg[], value: Json): FuzzCase[] => writeCases(ctx, "huge-deep", path, value, label);
  out.push(...write("annotation of 3 MiB", ["metadata", "annotations", "fuzz"], big));
  out.push(...write("annotations of 300 KiB", ["metadata", "annotations", "fuzz"], "y".repeat(300 * 1024)));
  out.push(...write("label value of 10,000 chars", ["metadata", "labels", "fuzz"], "z".repeat(10_000)));
  out.push(
    ...write(
      "20,000 finalizers",
      ["metadata", "finalizers"],
      Array.from({ length: 20_000 }, (_v, i) => `example.com/f${i}`),
    ),
  );
  out.push(...write("labels nested 10,000 deep (arrays)", ["metadata", "labels"], deepArray(10_000)));
  out.push(...write("labels nested 10,000 deep (objects)", ["metadata", "labels"], deepObject(10_000)));
  out.push(...write("annotations nested 200 deep", ["metadata", "annotations"], deepObject(200)));
  // At the accepted limit, 1,000 levels in all (the object, metadata, then 998): decoded, walked, then refused.
  out.push(...write("labels nested to the 1,000-level limit (arrays)", ["metadata", "labels"], deepArray(998)));
  out.push(...write("annotations nested to the 1,000-level limit (objects)", ["metadata", "annotations"], deepObject(998)));
  out.push(...write("generation 1e400", ["metadata", "generation"], new RawJSON("1e400")));
  out.push(...write("generation -1", ["metadata", "generation"], -1));
  const { resource: r, namespace, createName } = ctx;
  const cp = resourcePaths(r, namespace, createName);
  if (r.verbs.includes("create")) {
    const body = encodeJSON(objectOf(r, createName, namespace));
    out.push({
      family: "huge-deep",
      what: "create with 100,000 spaces before the object",
      method: "POST",
      path: cp.collection,
      headers: { "Content-Type": JSON_CT },
      body: " ".repeat(100_000) + body,
      target: { kind: "create", name: createName },
    });
    out.push({
      family: "huge-deep",
      what: "create nested 100,000 deep at the root",
      method: "POST",
      path: cp.collection,
      headers: { "Content-Type": JSON_CT },
      body: deepArray(100_000).text,
      target: { kind: "create", name: createName },
    });
  }
  return out;
}

/** Names no object may have, in the URL and in the body. */
export function badNameCases(ctx: CaseContext): FuzzCase[] {
  const { resource: r, namespace, targetName } = ctx;
  const names = ["UPPER", "a_b", "-lead", "trail-", "a..b", "..", ".", "a b", "ünï", "a".repeat(254), "a%2Fb", "a:b", "%", "a\tb", "$(x)"];
  const out: FuzzCase[] = [];
  for (const name of names) {
    const cp = resourcePaths(r, namespace, name);
    // No kind takes these (upstream's path segment rule); the rest depend on the kind (RBAC
    // objects and v1 Events take most names).
    const mustReject = name === "." || name === ".." || /[/%]/.test(name);
    if (r.verbs.includes("create")) {
      out.push({
        family: "bad-name",
        what: `create named ${JSON.stringify(name)}`,
        method: "POST",
        path: cp.collection,
        headers: { "Content-Type": JSON_CT },
        body: encodeJSON(objectOf(r, name, namespace)),
        target: { kind: "create", name },
        mustReject,
      });
    }
    if (r.verbs.includes("update")) {
      // The URL names the target, the body another object: a mismatch, or a bad name.
      const body = (): string => encodeJSON(setAt(ctx.stored(), ["metadata", "name"], name));
      out.push({
        family: "bad-name",
        what: `update of ${targetName} naming ${JSON.stringify(name)} in the body`,
        method: "PUT",
        path: resourcePaths(r, namespace, targetName).item,
        headers: { "Content-Type": JSON_CT },
        body,
        target: { kind: "existing" },
        mustReject,
      });
    }
  }
  // Names in the URL, raw: "." and ".." must stay names (never the parent path they resolve to).
  const rawNames = ["..", ".", "%2e%2e", "%2E", "..%2f..", "a%2Fb", "%", "%zz", "a%00b"];
  const base = resourcePaths(r, namespace, targetName).collection;
  for (const raw of rawNames) {
    const item = `${base}/${raw}`;
    const none: Target = { kind: "none" };
    if (r.verbs.includes("get"))
      out.push({ family: "bad-name", what: `get ${raw}`, method: "GET", path: item, headers: {}, target: none, mustReject: true });
    if (r.verbs.includes("delete"))
      out.push({ family: "bad-name", what: `delete ${raw}`, method: "DELETE", path: item, headers: {}, target: none, mustReject: true });
    if (r.verbs.includes("patch"))
      out.push({
        family: "bad-name",
        what: `merge-patch ${raw}`,
        method: "PATCH",
        path: item,
        headers: { "Content-Type": PATCH_TYPES.merge },
        body: '{"metadata":{"labels":{"fuzz-dot":"1"}}}',
        target: none,
        mustReject: true,
      });
    if (r.verbs.includes("update"))
      out.push({
        family: "bad-name",
        what: `update ${raw}`,
        method: "PUT",
        path: item,
        headers: { "Content-Type": JSON_CT },
        body: () => encodeJSON(ctx.stored()),
        target: none,
        mustReject: true,
      });
  }
  if (r.verbs.includes("create")) {
    const cp = resourcePaths(r, namespace, ctx.createName);
    const gen = setAt(deleteAt(objectOf(r, ctx.createName, namespace), ["metadata", "name"]), ["metadata", "generateName"], "BAD_");
    out.push({
      family: "bad-name",
      what: "create with generateName BAD_",
      method: "POST",
      path: cp.collection,
      headers: { "Content-Type": JSON_CT },
      body: encodeJSON(gen),
      target: { kind: "create", name: ctx.createName },
    });
    if (r.namespaced) {
      const other = setAt(objectOf(r, ctx.createName, namespace), ["metadata", "namespace"], "other-namespace");
      out.push({
        family: "bad-name",
        what: "create with another namespace in the body",
        method: "POST",
        path: cp.collection,
        headers: { "Content-Type": JSON_CT },
        body: encodeJSON(other),
        target: { kind: "create", name: ctx.createName },
      });
      const badNs = resourcePaths(r, "Bad_Namespace", ctx.createName);
      out.push({
        family: "bad-name",
        what: "create in namespace Bad_Namespace",
        method: "POST",
        path: badNs.collection,
        headers: { "Content-Type": JSON_CT },
        body: encodeJSON(objectOf(r, ctx.createName, "Bad_Namespace")),
        target: { kind: "none" },
      });
    }
  }
  return out;
}

const BAD_LABEL_SELECTORS = [
  "a in (",
  "=",
  "a==b==c",
  "!",
  "a in (b,",
  "a notin b",
  "a,,b",
  "a=b,",
  "a!=",
  "in",
  "(a)",
  "a in ()",
  "a=(b)",
  `${"a".repeat(64)}=b`,
  "a=b c",
  "a=" + "v".repeat(64),
  "%zz",
  "a>b",
  "a<1x",
  "a=b\u0000",
];
const BAD_FIELD_SELECTORS = [
  "metadata.name",
  "metadata.name=",
  "=a",
  "metadata.name==a==b",
  "foo=bar",
  "spec.nope=1",
  "metadata.name in (a)",
  "metadata.name=a,",
  "metadata.namespace!=",
  "metadata.name=a\\",
  "!metadata.name",
];
const BAD_VERSIONS = ["abc", "-1", "1e3", "99999999999999999999", "0x10", "1.5", " 1", "18446744073709551616"];
const BAD_QUERY: [string, string][] = [
  ["limit", "-1"],
  ["limit", "abc"],
  ["limit", "1e9"],
  ["limit", "99999999999999999999"],
  ["continue", "garbage"],
  ["continue", Buffer.from('{"v":"meta.k8s.io/v1","rv":-5,"start":"x"}').toString("base64")],
  ["continue", Buffer.from('{"v":"meta.k8s.io/v1","rv":1,"start":"../../etc"}').toString("base64")],
  ["resourceVersionMatch", "Exact"],
  ["resourceVersionMatch", "Bogus"],
  ["timeoutSeconds", "abc"],
  ["timeoutSeconds", "-1"],
  ["timeoutSeconds", "1e400"],
  ["allowWatchBookmarks", "maybe"],
  ["sendInitialEvents", "true"],
  ["watch", "maybe"],
  ["pretty", "perhaps"],
  ["includeObject", "Everything"],
];

/** Reads with bad selectors, versions, limits and continue tokens (lists, gets and watches). */
export function badQueryReadCases(ctx: CaseContext): FuzzCase[] {
  const { resource: r, namespace, targetName } = ctx;
  const p = resourcePaths(r, namespace, targetName);
  const out: FuzzCase[] = [];
  const q = (k: string, v: string): string => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
  const list = (family: string, what: string, query: string): void => {
    if (r.verbs.includes("list"))
      out.push({ family, what: `list ${what}`, method: "GET", path: `${p.collection}?${query}`, headers: {}, target: { kind: "none" } });
    if (r.verbs.includes("watch"))
      out.push({
        family,
        what: `watch ${what}`,
        method: "GET",
        path: `${p.collection}?watch=true&${query}`,
        headers: {},
        target: { kind: "none" },
        stream: true,
      });
  };
  for (const s of BAD_LABEL_SELECTORS) list("bad-selector", `labelSelector=${JSON.stringify(s)}`, q("labelSelector", s));
  for (const s of BAD_FIELD_SELECTORS) list("bad-selector", `fieldSelector=${JSON.stringify(s)}`, q("fieldSelector", s));
  for (const v of BAD_VERSIONS) {
    list("bad-resource-version", `resourceVersion=${v}`, q("resourceVersion", v));
    list(
      "bad-resource-version",
      `resourceVersion=${v}&resourceVersionMatch=NotOlderThan`,
      `${q("resourceVersion", v)}&resourceVersionMatch=NotOlderThan`,
    );
    if (r.verbs.includes("get"))
      out.push({
        family: "bad-resource-version",
        what: `get resourceVersion=${v}`,
        method: "GET",
        path: `${p.item}?${q("resourceVersion", v)}`,
        headers: {},
        target: { kind: "none" },
      });
  }
  for (const [k, v] of BAD_QUERY) list("bad-query", `${k}=${v}`, q(k, v));
  list("bad-query", "limit=1&continue=garbage", "limit=1&continue=garbage");
  list("bad-query", "resourceVersion=0&resourceVersionMatch=Exact", "resourceVersion=0&resourceVersionMatch=Exact");
  list("bad-query", "a query that is not UTF-8", "labelSelector=%ff%fe");
  list("bad-query", "a malformed escape", "labelSelector=%zz");
  return out;
}

/** Writes with bad query parameters, Content-Types and bodies that are no object. */
export function badRequestShapeCases(ctx: CaseContext): FuzzCase[] {
  const { resource: r, namespace, targetName, createName } = ctx;
  const p = resourcePaths(r, namespace, targetName);
  const cp = resourcePaths(r, namespace, createName);
  const out: FuzzCase[] = [];
  const valid = encodeJSON(objectOf(r, createName, namespace));
  const stored = (): string => encodeJSON(ctx.stored());
  const storedWith = (fn: (text: string) => string) => (): string => fn(stored());
  const add = (
    family: string,
    what: string,
    method: string,
    path: string,
    contentType: string | undefined,
    body: string | Uint8Array | (() => string) | undefined,
    target: Target,
  ): void => {
    out.push({
      family,
      what,
      method,
      path,
      headers: contentType === undefined ? {} : { "Content-Type": contentType },
      ...(body !== undefined && { body }),
      target,
    });
  };
  const create: Target = { kind: "create", name: createName };
  const existing: Target = { kind: "existing" };
  const canCreate = r.verbs.includes("create");
  const canUpdate = r.verbs.includes("update");
  const canPatch = r.verbs.includes("patch");
  const canDelete = r.verbs.includes("delete");

  // Query parameters of writes.
  const writeQueries: [string, string][] = [
    ["dryRun", "Maybe"],
    ["dryRun", ""],
    ["fieldManager", "m".repeat(200)],
    ["fieldManager", "bad\u0001manager"],
    ["fieldValidation", "Bogus"],
    ["fieldValidation", ""],
    ["pretty", "perhaps"],
    ["force", "true"],
  ];
  for (const [k, v] of writeQueries) {
    const query = `?${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
    if (canCreate) add("bad-query", `create ${k}=${JSON.stringify(v)}`, "POST", `${cp.collection}${query}`, JSON_CT, valid, create);
    if (canUpdate)
      add(
        "bad-query",
        `update ${k}=${JSON.stringify(v)}`,
        "PUT",
        `${p.item}${query}`,
        JSON_CT,
        () => encodeJSON(setAt(ctx.stored(), ["metadata", "labels", "fuzz-q"], "1")),
        existing,
      );
    if (canPatch)
      add(
        "bad-query",
        `merge-patch ${k}=${JSON.stringify(v)}`,
        "PATCH",
        `${p.item}${query}`,
        PATCH_TYPES.merge,
        '{"metadata":{"labels":{"fuzz-q":"1"}}}',
        existing,
      );
  }
  if (canPatch) {
    add(
      "bad-query",
      "apply without fieldManager",
      "PATCH",
      p.item,
      PATCH_TYPES.apply,
      encodeJSON(objectOf(r, targetName, namespace)),
      existing,
    );
    add(
      "bad-query",
      "force=true on a merge patch",
      "PATCH",
      `${p.item}?force=true&fieldManager=fuzz`,
      PATCH_TYPES.merge,
      '{"metadata":{"labels":{"fuzz-q":"1"}}}',
      existing,
    );
  }
  if (canDelete) {
    for (const [k, v] of [
      ["gracePeriodSeconds", "abc"],
      ["gracePeriodSeconds", "-5"],
      ["gracePeriodSeconds", "1e400"],
      ["propagationPolicy", "Bogus"],
      ["orphanDependents", "maybe"],
      ["dryRun", "Maybe"],
    ] as const) {
      add("bad-query", `delete ${k}=${v}`, "DELETE", `${p.item}?${k}=${encodeURIComponent(v)}`, undefined, undefined, existing);
    }
    const opts = (o: unknown): string => encodeJSON({ kind: "DeleteOptions", apiVersion: "v1", ...(o as object) });
    add(
      "bad-body",
      "delete with a precondition uid that does not match",
      "DELETE",
      p.item,
      JSON_CT,
      opts({ preconditions: { uid: "not-the-uid" } }),
      existing,
    );
    add(
      "bad-body",
      "delete with a precondition resourceVersion that does not match",
      "DELETE",
      p.item,
      JSON_CT,
      opts({ preconditions: { resourceVersion: "1" } }),
      existing,
    );
    add("bad-body", "delete with gracePeriodSeconds a string", "DELETE", p.item, JSON_CT, opts({ gracePeriodSeconds: "5" }), existing);
    add("bad-body", "delete with propagationPolicy Bogus", "DELETE", p.item, JSON_CT, opts({ propagationPolicy: "Bogus" }), existing);
    add("bad-body", "delete with preconditions a list", "DELETE", p.item, JSON_CT, opts({ preconditions: ["x"] }), existing);
    add("bad-body", "delete with a body that is not JSON", "DELETE", p.item, JSON_CT, "{nope", existing);
    add("bad-body", "delete with an array body", "DELETE", p.item, JSON_CT, "[]", existing);
    add("bad-body", "delete with dryRun a string in the body", "DELETE", p.item, JSON_CT, opts({ dryRun: "All" }), existing);
    add(
      "bad-body",
      "delete with an unknown kind of options",
      "DELETE",
      p.item,
      JSON_CT,
      encodeJSON({ kind: "Nope", apiVersion: "v9" }),
      existing,
    );
  }

  // Content-Types.
  const contentTypes = [
    "text/plain",
    "application/xml",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "application/vnd.kubernetes.protobuf",
    "application/yaml",
    "application/json;;",
    "*/*",
    "application/",
    "application/json-patch+json",
  ];
  for (const ct of contentTypes) {
    if (canCreate) add("bad-content-type", `create as ${ct}`, "POST", cp.collection, ct, valid, create);
    if (canUpdate) add("bad-content-type", `update as ${ct}`, "PUT", p.item, ct, stored, existing);
  }
  if (canCreate) add("bad-content-type", "create without a Content-Type", "POST", cp.collection, undefined, valid, create);
  if (canPatch) {
    for (const ct of [
      "application/json",
      "text/plain",
      "application/yaml",
      "application/merge-patch+yaml",
      "application/apply-patch+json",
      "application/vnd.kubernetes.protobuf",
    ]) {
      add(
        "bad-content-type",
        `patch as ${ct}`,
        "PATCH",
        `${p.item}?fieldManager=fuzz`,
        ct,
        '{"metadata":{"labels":{"fuzz-ct":"1"}}}',
        existing,
      );
    }
    add("bad-content-type", "patch without a Content-Type", "PATCH", p.item, undefined, '{"metadata":{}}', existing);
  }

  // Bodies that are not one object of the kind.
  const bodies: [string, string][] = [
    ["an empty body", ""],
    ["null", "null"],
    ["a list", "[]"],
    ["a string", '"str"'],
    ["a number", "12"],
    ["truncated JSON", valid.slice(0, Math.max(1, valid.length - 3))],
    ["JSON with a trailing comma", valid.replace(/}$/, ",}")],
    ["two objects", valid + valid],
    ["a byte-order mark first", `\ufeff${valid}`],
    ["a NUL in a string", valid.replace(createName, `${createName}\\u0000`)],
    ["a lone surrogate", valid.replace(createName, `${createName}\\ud800`)],
    ["duplicate metadata", valid.replace(/^{/, '{"metadata":{"name":"dup"},')],
    ["another kind", valid.replace(`"kind":"${r.kind}"`, '"kind":"Nope"')],
    ["another apiVersion", valid.replace(/"apiVersion":"[^"]*"/, '"apiVersion":"nope/v9"')],
    ["apiVersion a number", valid.replace(/"apiVersion":"[^"]*"/, '"apiVersion":1')],
    ["kind an object", valid.replace(`"kind":"${r.kind}"`, '"kind":{"a":1}')],
    ["metadata null", valid.replace(/"metadata":{[^}]*}/, '"metadata":null')],
  ];
  for (const [what, body] of bodies) {
    if (canCreate) add("bad-body", `create with ${what}`, "POST", cp.collection, JSON_CT, body, create);
    if (canUpdate) add("bad-body", `update with ${what}`, "PUT", p.item, JSON_CT, body.split(createName).join(targetName), existing);
  }
  const invalidUTF8 = Buffer.concat([
    Buffer.from(valid.slice(0, valid.indexOf(createName))),
    Buffer.from([0xff, 0xfe, 0xc0]),
    Buffer.from(valid.slice(valid.indexOf(createName))),
  ]);
  if (canCreate) add("bad-body", "create with invalid UTF-8 in the name", "POST", cp.collection, JSON_CT, invalidUTF8, create);
  // The stored object, current resourceVersion and all, spoilt in one way each.
  const spoilt: [string, (text: string) => string][] = [
    ["the stored object truncated", (t) => t.slice(0, -2)],
    ["the stored object with a trailing comma", (t) => t.replace(/}$/, ",}")],
    ["the stored object twice", (t) => t + t],
    ["the stored object with resourceVersion a number", (t) => t.replace(/"resourceVersion":"(\d+)"/, '"resourceVersion":$1')],
    ["the stored object with resourceVersion not a number", (t) => t.replace(/"resourceVersion":"(\d+)"/, '"resourceVersion":"abc"')],
    ["the stored object with another uid", (t) => t.replace(/"uid":"[^"]*"/, '"uid":"not-the-uid"')],
    [
      "the stored object with creationTimestamp no time",
      (t) => t.replace(/"creationTimestamp":"[^"]*"/, '"creationTimestamp":"yesterday"'),
    ],
  ];
  for (const [what, fn] of spoilt) {
    if (canUpdate) add("bad-body", `update with ${what}`, "PUT", p.item, JSON_CT, storedWith(fn), existing);
  }

  // Patches of every type that are malformed or wrong-typed as a whole.
  if (canPatch) {
    const patches: [keyof typeof PATCH_TYPES, string, string][] = [
      ["json", "an object instead of a list", '{"op":"add"}'],
      ["json", "an unknown op", '[{"op":"frobnicate","path":"/metadata/labels"}]'],
      ["json", "an op without a path", '[{"op":"add","value":1}]'],
      ["json", "a path without a slash", '[{"op":"add","path":"metadata","value":1}]'],
      ["json", "an add under a missing parent", '[{"op":"add","path":"/nope/deeper/x","value":1}]'],
      ["json", "a remove of a missing member", '[{"op":"remove","path":"/metadata/labels/absent-x"}]'],
      ["json", "a failing test", '[{"op":"test","path":"/metadata/name","value":"other"}]'],
      ["json", "an array index out of range", '[{"op":"add","path":"/metadata/finalizers/99","value":"x"}]'],
      ["json", "index -1", '[{"op":"add","path":"/metadata/finalizers/-1","value":"x"}]'],
      ["json", "a move from a missing path", '[{"op":"move","from":"/nope","path":"/metadata/labels"}]'],
      ["json", "a copy into itself", '[{"op":"copy","from":"/metadata","path":"/metadata/labels"}]'],
      ["json", "a replace of the whole object with a string", '[{"op":"replace","path":"","value":"x"}]'],
      ["json", "a remove of metadata", '[{"op":"remove","path":"/metadata"}]'],
      ["json", "a change of the name", '[{"op":"replace","path":"/metadata/name","value":"other-name"}]'],
      ["json", "a change of the kind", `[{"op":"replace","path":"/kind","value":"Nope"}]`],
      ["json", "ops that are strings", '["add"]'],
      ["json", "a path with a bad escape", '[{"op":"add","path":"/metadata/labels/a~2b","value":"x"}]'],
      ["json", "20,000 ops", encodeJSON(Array.from({ length: 20_000 }, () => ({ op: "test", path: "/metadata/name", value: targetName })))],
      ["merge", "a list", "[1,2]"],
      ["merge", "a string", '"x"'],
      ["merge", "null", "null"],
      ["merge", "metadata a string", '{"metadata":"x"}'],
      ["merge", "a change of the name", '{"metadata":{"name":"other-name"}}'],
      ["merge", "a change of the namespace", '{"metadata":{"namespace":"other-namespace"}}'],
      ["merge", "a change of the uid", '{"metadata":{"uid":"not-the-uid"}}'],
      ["merge", "a stale resourceVersion", '{"metadata":{"resourceVersion":"1"}}'],
      ["merge", "resourceVersion a number", '{"metadata":{"resourceVersion":5}}'],
      ["merge", "labels a list", '{"metadata":{"labels":["a"]}}'],
      ["merge", "a label value a number", '{"metadata":{"labels":{"a":1}}}'],
      ["merge", "a label value an object", '{"metadata":{"labels":{"a":{"b":"c"}}}}'],
      ["merge", "a bad label key", '{"metadata":{"labels":{"a b":"c"}}}'],
      ["merge", "a bad label value", '{"metadata":{"labels":{"a":"b c"}}}'],
      ["merge", "an ownerReference without uid", '{"metadata":{"ownerReferences":[{"apiVersion":"v1","kind":"ConfigMap","name":"x"}]}}'],
      ["merge", "finalizers a string", '{"metadata":{"finalizers":"x"}}'],
      ["merge", "a bad finalizer", '{"metadata":{"finalizers":["Not A Finalizer"]}}'],
      ["merge", "managedFields a string", '{"metadata":{"managedFields":"x"}}'],
      [
        "merge",
        "managedFields with an unknown operation",
        '{"metadata":{"managedFields":[{"manager":"m","operation":"Bogus","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{}}]}}',
      ],
      [
        "merge",
        "managedFields with fieldsV1 a string",
        '{"metadata":{"managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":"x"}]}}',
      ],
      ["merge", "a creationTimestamp that is no time", '{"metadata":{"creationTimestamp":"yesterday"}}'],
      ["merge", "a deletionTimestamp set by the client", '{"metadata":{"deletionTimestamp":"2020-01-01T00:00:00Z"}}'],
      ["strategic", "a list", "[1]"],
      ["strategic", "a $patch directive that is unknown", '{"metadata":{"$patch":"frobnicate"}}'],
      ["strategic", "$patch delete on the root", '{"$patch":"delete"}'],
      ["strategic", "$patch replace on the root", '{"$patch":"replace"}'],
      ["strategic", "$patch a number", '{"metadata":{"labels":{"$patch":1}}}'],
      ["strategic", "$retainKeys a string", '{"metadata":{"$retainKeys":"x"}}'],
      ["strategic", "$setElementOrder a string", '{"metadata":{"$setElementOrder/finalizers":"x"}}'],
      ["strategic", "$setElementOrder of objects", '{"metadata":{"$setElementOrder/finalizers":[{"a":1}]}}'],
      ["strategic", "$deleteFromPrimitiveList a string", '{"metadata":{"$deleteFromPrimitiveList/finalizers":"x"}}'],
      ["strategic", "ownerReferences with $patch delete and no uid", '{"metadata":{"ownerReferences":[{"$patch":"delete"}]}}'],
      ["strategic", "a label value an object", '{"metadata":{"labels":{"a":{"b":"c"}}}}'],
      ["apply", "YAML that does not parse", "a: [\n"],
      ["apply", "YAML that is a list", "- a\n- b\n"],
      ["apply", "YAML that is a string", "just a string\n"],
      ["apply", "without apiVersion and kind", encodeJSON({ metadata: { name: targetName } })],
      ["apply", "another kind", encodeJSON({ ...objectOf(r, targetName, namespace), kind: "Nope" })],
      ["apply", "another name", encodeJSON(objectOf(r, "other-name", namespace))],
      [
        "apply",
        "a YAML alias bomb",
        `a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\ng: [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n`,
      ],
      ["apply", "a YAML tag", "apiVersion: !!binary AAAA\n"],
      [
        "apply",
        "managedFields set",
        encodeJSON(setAt(objectOf(r, targetName, namespace), ["metadata", "managedFields"], [{ manager: "x", operation: "Apply" }])),
      ],
    ];
    for (const [type, what, body] of patches) {
      const query = type === "apply" ? "?fieldManager=fuzz&force=true" : "";
      add("bad-patch", `${type}-patch: ${what}`, "PATCH", `${p.item}${query}`, PATCH_TYPES[type], body, existing);
    }
  }
  // Methods the resource does not take.
  add("bad-method", "POST to an item", "POST", p.item, JSON_CT, valid, existing);
  add("bad-method", "PUT to the collection", "PUT", p.collection, JSON_CT, valid, { kind: "none" });
  add("bad-method", "PATCH to the collection", "PATCH", p.collection, PATCH_TYPES.merge, "{}", { kind: "none" });
  return out;
}

/** Every case for one resource, in a seeded order. */
export function casesFor(ctx: CaseContext, definitions: Record<string, Schema>, seed: number): FuzzCase[] {
  const random = prng(seed);
  return shuffle(
    [
      ...wrongTypeCases(ctx, definitions, random),
      ...missingRequiredCases(ctx, definitions),
      ...hugeAndDeepCases(ctx),
      ...badNameCases(ctx),
      ...badQueryReadCases(ctx),
      ...badRequestShapeCases(ctx),
    ],
    random,
  );
}
