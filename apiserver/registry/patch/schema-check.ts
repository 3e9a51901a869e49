/**
 * Checks a decoded object against its kind's OpenAPI schema, as Go's typed decoding does
 * upstream: unknown fields are reported (fieldValidation decides whether that warns or fails)
 * and dropped, JSON values of the wrong type are errors (numbers out of an integer field's
 * range, or written as `1e2` / `1.0`, among them), and nulls become absent fields. Request
 * bodies and the objects patches produce go through the same check.
 */
import { keyCount } from "./json-text.js";
import { swaggerDefinitions, swaggerDefinitionsGeneration } from "./patch-meta.js";

interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  allOf?: Schema[];
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-group-version-kind"?: { group: string; version: string; kind: string }[];
}

/**
 * Whose words a type error is in: Go's JSON decoder (`json: cannot unmarshal number into Go
 * struct field ...`, bodies, JSON and merge patches) or apimachinery's unstructured converter
 * (`cannot restore map from string`, strategic merge patches, which upstream converts from a map).
 */
export type DecodeDialect = "json" | "unstructured";

export interface FieldProblems {
  /** Paths of fields the schema does not know, e.g. `spec.foo`, `spec.ports[0].bar`. */
  unknown: string[];
  /** Go-style messages for values of the wrong JSON type; the first fails the request. */
  invalid: string[];
}

/** {@link FieldProblems} of a request body, and its keys as the walk met them. */
export interface BodyProblems extends FieldProblems {
  /**
   * The keys the object had at every depth before the walk dropped any ({@link keyCount} of it
   * as given): counted on the way, so that the duplicate-key check needs no walk of its own.
   */
  keys: number;
}

/**
 * A schema node with its $ref and single allOf followed, the Go struct the last $ref named, and
 * what the walk asks of every value checked against it, worked out once.
 */
interface Resolved {
  schema: Schema;
  struct: string | undefined;
  /** Anything goes here: unknown fields preserved, or no type to check. */
  skip: boolean;
  /** The JSON type wanted (see expectedKind); "" when `skip`. */
  expected: string;
  /** A string format checked beyond the type (byte, date-time): such values are never quiet leaves. */
  checksFormat: boolean;
  /** The `typeof` of values that are always quiet leaves here ("string", "boolean"), or "" (see quietLeaf). */
  quiet: string;
  properties: Record<string, Schema> | undefined;
  additional: Schema | undefined;
  /** The properties' resolutions, by key, as the walk meets them: one lookup per field where there were two. */
  fields: Map<string, Resolved> | undefined;
  /** additionalProperties' and items' resolutions, when met. */
  additionalResolved: Resolved | undefined;
  itemsResolved: Resolved | undefined;
}

/** A set of definitions and which kind each serves. */
export class SchemaIndex {
  private readonly byKind = new Map<string, string>();

  constructor(private readonly definitions: Record<string, Schema>) {
    for (const [name, def] of Object.entries(definitions)) {
      for (const gvk of def["x-kubernetes-group-version-kind"] ?? []) {
        this.byKind.set(`${gvk.group}/${gvk.version}/${gvk.kind}`, name);
      }
    }
  }

  /**
   * The index of the generated Swagger document's definitions and those compiled-in groups
   * added (addSwaggerDefinitions), rebuilt when a group adds some.
   */
  static builtin(): SchemaIndex {
    const generation = swaggerDefinitionsGeneration();
    if (builtinIndex?.generation !== generation) builtinIndex = { index: new SchemaIndex(swaggerDefinitions()), generation };
    return builtinIndex.index;
  }

  hasKind(group: string, version: string, kind: string): boolean {
    return this.byKind.has(`${group}/${version}/${kind}`);
  }

  /**
   * Walks `obj` (a decoded body of this kind) in place: drops unknown fields and nulls, and
   * reports both kinds of problem. Undefined when the kind has no schema here.
   */
  check(
    group: string,
    version: string,
    kind: string,
    obj: Record<string, unknown>,
    literals?: ReadonlyMap<string, string>,
    dialect: DecodeDialect = "json",
  ): FieldProblems | undefined {
    const name = this.byKind.get(`${group}/${version}/${kind}`);
    if (name === undefined) return undefined;
    const problems: FieldProblems = { unknown: [], invalid: [] };
    this.literals = literals !== undefined && literals.size > 0 ? literals : undefined;
    this.dialect = dialect;
    this.depth = 0;
    this.keys = 0;
    try {
      this.walkObject(obj, this.resolve(this.definitions[name]!), shortName(name), problems);
    } finally {
      this.literals = undefined;
      this.dialect = "json";
      this.depth = 0;
    }
    return problems;
  }

  /** {@link check} of a JSON request body, with the keys it had (see {@link BodyProblems.keys}). */
  checkBody(
    group: string,
    version: string,
    kind: string,
    obj: Record<string, unknown>,
    literals?: ReadonlyMap<string, string>,
  ): BodyProblems | undefined {
    const problems = this.check(group, version, kind, obj, literals) as BodyProblems | undefined;
    if (problems !== undefined) problems.keys = this.keys;
    return problems;
  }

  /** The keys the current (or last) check met, dropped ones included (see {@link BodyProblems.keys}). */
  private keys = 0;

  /**
   * The path of the value at hand, one segment per level (a key of a struct, a key of a map, an
   * index), written out only when a problem or a literal needs it: most checks report nothing,
   * and a Pod has some 60 nested values whose paths would otherwise be joined for nothing.
   */
  private readonly segKinds: Seg[] = [];
  private readonly segKeys: (string | number)[] = [];
  private depth = 0;

  private push(kind: Seg, key: string | number): void {
    this.segKinds[this.depth] = kind;
    this.segKeys[this.depth] = key;
    this.depth++;
  }

  /** The current path as upstream writes it: `spec.containers[0].ports[1].containerPort`, `metadata.labels[app]`. */
  private path(): string {
    let out = "";
    for (let i = 0; i < this.depth; i++) {
      const key = this.segKeys[i]!;
      const kind = this.segKinds[i];
      if (i === 0 && kind !== Seg.Index) out += key as string;
      else out += kind === Seg.Field ? `.${key as string}` : `[${key}]`;
    }
    return out;
  }

  /** Whose words the current check's type errors are in (see {@link DecodeDialect}). */
  private dialect: DecodeDialect = "json";

  /** The current check's number literals written with a fraction or exponent, by path (see nonIntegerLiterals). */
  private literals: ReadonlyMap<string, string> | undefined;

  /** Each schema node's resolution: every request walks the same nodes, a Pod's some 200 of them. */
  private readonly resolved = new WeakMap<Schema, Resolved>();

  private resolve(schema: Schema): Resolved {
    let out = this.resolved.get(schema);
    if (out === undefined) this.resolved.set(schema, (out = this.resolveUncached(schema)));
    return out;
  }

  private resolveUncached(schema: Schema): Resolved {
    let s = schema;
    let struct: string | undefined;
    for (let depth = 0; depth < 8; depth++) {
      if (s.$ref) {
        const name = s.$ref.replace(/^#\/definitions\//, "");
        struct = shortName(name);
        s = this.definitions[name] ?? {};
      } else if (s.allOf && s.allOf.length === 1) s = s.allOf[0]!;
      else break;
    }
    const expected = s["x-kubernetes-preserve-unknown-fields"] ? undefined : expectedKind(s);
    const checksFormat = s.format === "byte" || s.format === "date-time";
    // Strings where a string (or an int-or-string) is wanted and no format is checked, booleans
    // where a boolean is: accepted whatever their value, as kindAccepts says.
    const quiet =
      expected === undefined || checksFormat
        ? ""
        : expected === "string" || expected === "int-or-string"
          ? "string"
          : expected === "boolean"
            ? "boolean"
            : "";
    return {
      schema: s,
      struct,
      skip: expected === undefined,
      expected: expected ?? "",
      checksFormat,
      quiet,
      properties: s.properties,
      additional: typeof s.additionalProperties === "object" ? s.additionalProperties : undefined,
      fields: undefined,
      additionalResolved: undefined,
      itemsResolved: undefined,
    };
  }

  /** Checks `value` at the current path (see {@link path}) against the resolved schema `r`. */
  private walk(value: unknown, r: Resolved, struct: string, out: FieldProblems): void {
    if (r.skip) {
      this.keys += keyCount(value);
      return;
    }
    const { schema: s, struct: inner, expected } = r;
    // The common case first: an object where a struct or map is wanted has nothing to check itself.
    if (expected === "object" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      this.walkObject(value as Record<string, unknown>, r, inner ?? struct, out);
      return;
    }
    const actual = jsonKind(value);
    const literal = actual === "number" && this.literals !== undefined ? this.literals.get(this.path()) : undefined;
    if (
      !kindAccepts(expected, s.format, value, actual) ||
      (literal !== undefined && (expected === "integer" || expected === "int-or-string"))
    ) {
      this.keys += keyCount(value);
      if (this.dialect === "unstructured") {
        out.invalid.push(unstructuredMismatch(s, expected, value, actual, inner));
        return;
      }
      // Go names the literal when a number does not fit an integer field.
      const what =
        actual === "number" && (expected === "integer" || expected === "int-or-string")
          ? `number ${literal ?? goNumber(value as number)}`
          : actual;
      out.invalid.push(`json: cannot unmarshal ${what} into Go struct field ${struct}.${this.path()} of type ${goType(s, inner)}`);
      return;
    }
    if (actual === "string" && s.format === "byte" && !isBase64(value as string)) {
      out.invalid.push(`illegal base64 data in field ${this.path()}`);
    } else if (actual === "string" && s.format === "date-time" && !isRFC3339(value as string)) {
      out.invalid.push(
        `parsing time ${JSON.stringify(value)} as "2006-01-02T15:04:05Z07:00" in field ${this.path()}: not an RFC 3339 time`,
      );
    }
    if (actual === "object") this.walkObject(value as Record<string, unknown>, r, inner ?? struct, out);
    else if (actual === "array" && !s.items) this.keys += keyCount(value);
    else if (actual === "array") {
      const items = value as unknown[];
      const ir = (r.itemsResolved ??= this.resolve(s.items!));
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item === null || this.quietLeaf(item, ir)) continue;
        this.push(Seg.Index, i);
        this.walk(item, ir, struct, out);
        this.depth--;
      }
    }
  }

  /**
   * Whether walking `value` (not null) against `r` would report nothing and go no deeper: a
   * scalar of the kind the schema wants, with no format to check and no literal to look up.
   * Most of a body's values are such leaves; skipping them skips making their paths.
   */
  private quietLeaf(value: unknown, r: Resolved): boolean {
    const t = typeof value;
    if (t === r.quiet) return true;
    if (t === "object" || (t === "number" && this.literals !== undefined)) return false;
    if (r.skip) return true;
    if (r.checksFormat) return false;
    return kindAccepts(r.expected, r.schema.format, value, jsonKind(value));
  }

  /** The resolution of a struct's field `key`, undefined when the struct has no such field. */
  private field(r: Resolved, props: Record<string, Schema>, key: string): Resolved | undefined {
    const fields = (r.fields ??= new Map());
    let cr = fields.get(key);
    if (cr === undefined) {
      // Own properties only: a key such as "constructor" is no field.
      const child = Object.hasOwn(props, key) ? props[key] : undefined;
      if (child === undefined) return undefined;
      // Only the schema's own keys are kept: the map stays as small as the struct.
      fields.set(key, (cr = this.resolve(child)));
    }
    return cr;
  }

  private walkObject(obj: Record<string, unknown>, r: Resolved, struct: string, out: FieldProblems): void {
    const props = r.properties;
    const additional = r.additional;
    // Free-form (RawExtension, FieldsV1, JSON): nothing to check, only keys to count.
    if (!props && !additional) {
      this.keys += keyCount(obj);
      return;
    }
    const kind = props ? Seg.Field : Seg.MapKey;
    // for-in: no array of keys per object; a key deleted below is the one at hand, which it allows.
    for (const key in obj) {
      const value = obj[key];
      this.keys++;
      const cr = props ? this.field(r, props, key) : (r.additionalResolved ??= this.resolve(additional!));
      if (cr === undefined) {
        this.keys += keyCount(value);
        this.push(kind, key);
        out.unknown.push(this.path());
        this.depth--;
        delete obj[key];
        continue;
      }
      if (value === null) {
        delete obj[key];
        continue;
      }
      if (this.quietLeaf(value, cr)) continue;
      this.push(kind, key);
      this.walk(value, cr, struct, out);
      this.depth--;
    }
  }
}

/** How a path segment is written: `.key` (a struct's field), `[key]` (a map's key), `[i]`; a key at the top is bare. */
const enum Seg {
  Field,
  MapKey,
  Index,
}

let builtinIndex: { index: SchemaIndex; generation: number } | undefined;

function shortName(definition: string): string {
  return definition.slice(definition.lastIndexOf(".") + 1);
}

function jsonKind(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return "number";
  return typeof v;
}

/** The JSON type a schema wants, or undefined for "anything". */
function expectedKind(s: Schema): string | undefined {
  if (s.format === "int-or-string") return "int-or-string";
  if (s.type) return s.type;
  if (s.properties || s.additionalProperties) return "object";
  return undefined;
}

function kindAccepts(expected: string, format: string | undefined, value: unknown, actual: string): boolean {
  switch (expected) {
    case "int-or-string":
      return (
        actual === "string" ||
        (actual === "number" && Number.isInteger(value) && (value as number) >= -2147483648 && (value as number) <= 2147483647)
      );
    case "integer":
      if (actual !== "number" || !Number.isInteger(value)) return false;
      if (format === "int32") return (value as number) >= -2147483648 && (value as number) <= 2147483647;
      // int64: 2^63 is the first double past its range.
      return (value as number) >= -9223372036854775808 && (value as number) < 9223372036854775808;
    case "number":
      return actual === "number";
    case "string":
    case "boolean":
    case "object":
    case "array":
      return actual === expected;
    default:
      return true;
  }
}

/** The Go kind a decoded JSON value has in an unstructured map (integers are int64, other numbers float64). */
function goKind(value: unknown, actual: string): string {
  switch (actual) {
    case "number":
      return Number.isInteger(value) ? "int64" : "float64";
    case "array":
      return "slice";
    case "object":
      return "map";
    case "boolean":
      return "bool";
    default:
      return actual;
  }
}

/** The unstructured converter's text for a value that does not fit its field. */
function unstructuredMismatch(s: Schema, expected: string, value: unknown, actual: string, struct: string | undefined): string {
  const from = goKind(value, actual);
  if (expected === "int-or-string") {
    // IntOrString decodes itself from JSON.
    const what =
      actual === "number"
        ? `number ${goNumber(value as number)}`
        : actual === "array"
          ? "array"
          : actual === "object"
            ? "object"
            : actual === "boolean"
              ? "bool"
              : actual;
    return `json: cannot unmarshal ${what} into Go value of type int32`;
  }
  if (expected === "object") return struct && s.properties ? `cannot restore struct from: ${from}` : `cannot restore map from ${from}`;
  if (expected === "array") return `cannot restore slice from ${from}`;
  const to = goType(s, undefined);
  // Go converts between integers and from whole floats (ranges unchecked there: refused here all the same).
  if (actual === "number" && (expected === "integer" || (expected === "string" && Number.isInteger(value))))
    return `cannot convert ${from} to ${to}`;
  return `unrecognized type: ${to}`;
}

/** A number as Go's encoder writes a float64 (exponent form past 1e21, as JavaScript also writes it). */
function goNumber(n: number): string {
  return String(n);
}

function goType(s: Schema, struct: string | undefined): string {
  // IntOrString decodes a non-string as its int32.
  if (s.format === "int-or-string") return "int32";
  if (struct && s.type === "object" && s.properties) return `v1.${struct}`;
  switch (s.type) {
    case "integer":
      return s.format === "int32" ? "int32" : "int64";
    case "number":
      return "float64";
    case "boolean":
      return "bool";
    case "array":
      return `[]${s.items ? goType(s.items, undefined) : "interface {}"}`;
    case "object":
      return "map[string]string";
    default:
      return "string";
  }
}

function isBase64(s: string): boolean {
  return /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s.replace(/[\r\n]/g, ""));
}

function isRFC3339(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(s) && !Number.isNaN(Date.parse(s));
}
