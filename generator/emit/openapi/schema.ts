/**
 * Model types to OpenAPI schemas, one small transform per kind of type reference (scalar, named,
 * list, map) plus the property wrapper that adds description, default and list/map/patch
 * extensions. Swagger 2.0 and OpenAPI 3.0 differ only in what a `Dialect` says.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { EnumDecl, Field, ScalarKind, TypeDecl, TypeRef, Validation } from "../../model/types.js";
import type { Json } from "./json.js";

export type Schema = { [key: string]: Json };

type Named = Extract<TypeRef, { kind: "named" }>;

export interface Dialect {
  version: 2 | 3;
  /** `#/definitions/` or `#/components/schemas/` */
  refPrefix: string;
  /** OpenAPI 3 forbids siblings next to `$ref`, so kube-openapi wraps such refs in `allOf`. */
  wrapRefs: boolean;
  /**
   * Whether `default` is published: v3 carries explicit defaults and the zero values openapi-gen
   * enforces on non-pointer fields; the v2 document upstream publishes carries none.
   */
  defaults: boolean;
  /**
   * Whether the zero values of non-pointer fields are published as defaults (openapi-gen does;
   * CRD schemas do not, since a zero value need not satisfy the field's own validation).
   */
  zeroDefaults?: boolean;
}

export const V2: Dialect = { version: 2, refPrefix: "#/definitions/", wrapRefs: false, defaults: false };
export const V3: Dialect = { version: 3, refPrefix: "#/components/schemas/", wrapRefs: true, defaults: true };

export interface SchemaContext {
  index: ModelIndex;
  dialect: Dialect;
  /** The `$ref` target for a struct or special type; records that the definition is needed. */
  refTo(ref: Named): string;
}

const SCALARS: Readonly<Record<"string" | "boolean" | ScalarKind, Schema>> = {
  string: { type: "string" },
  boolean: { type: "boolean" },
  int32: { type: "integer", format: "int32" },
  int64: { type: "integer", format: "int64" },
  float64: { type: "number", format: "double" },
  bytes: { type: "string", format: "byte" },
};

export function scalarSchema(name: keyof typeof SCALARS): Schema {
  return { ...SCALARS[name] };
}

/** Go's %q for the strings enums hold, which JSON quoting matches. */
const quoted = (v: string): string => JSON.stringify(v);

export function enumSchema(e: EnumDecl): Schema {
  return {
    type: "string",
    enum: [...e.values].sort((a, b) => (quoted(a) < quoted(b) ? -1 : quoted(a) > quoted(b) ? 1 : 0)),
  };
}

/** Enums and aliases are inlined; structs and special types are definitions, referenced. */
export function namedSchema(ctx: SchemaContext, ref: Named): Schema {
  const decl = ctx.index.resolve(ref);
  switch (decl.kind) {
    case "alias": {
      const schema = typeSchema(ctx, decl.target);
      return publishesMarkers(ctx, decl) ? Object.assign(schema, validationSchema(decl.validation)) : schema;
    }
    case "enum":
      return enumSchema(decl);
    case "struct":
    case "special":
      return { $ref: ctx.refTo(ref) };
  }
}

export function listSchema(ctx: SchemaContext, elem: TypeRef): Schema {
  return { type: "array", items: elementSchema(ctx, elem) };
}

export function mapSchema(ctx: SchemaContext, value: TypeRef): Schema {
  return { type: "object", additionalProperties: elementSchema(ctx, value) };
}

export function typeSchema(ctx: SchemaContext, ref: TypeRef): Schema {
  switch (ref.kind) {
    case "primitive":
      return scalarSchema(ref.name);
    case "named":
      return namedSchema(ctx, ref);
    case "array":
      return listSchema(ctx, ref.elem);
    case "map":
      return mapSchema(ctx, ref.value);
  }
}

/** List items and map values: never omitted, so openapi-gen gives them their zero default. */
function elementSchema(ctx: SchemaContext, ref: TypeRef): Schema {
  const schema = typeSchema(ctx, ref);
  const def = ctx.dialect.defaults && ctx.dialect.zeroDefaults !== false ? zeroDefault(ctx, ref, false) : undefined;
  if (def !== undefined) schema.default = def;
  return wrapRef(ctx.dialect, schema);
}

/**
 * The default openapi-gen enforces on a non-pointer value: `{}` for a struct, the zero value for a
 * scalar that is always serialized, nothing for lists, maps, bytes and the special types (which
 * unmarshal themselves, so their zero value is null).
 */
export function zeroDefault(ctx: SchemaContext, ref: TypeRef, omitEmpty: boolean): Json | undefined {
  switch (ref.kind) {
    case "array":
    case "map":
      return undefined;
    case "primitive":
      if (omitEmpty || ref.name === "bytes") return undefined;
      return ref.name === "string" ? "" : ref.name === "boolean" ? false : 0;
    case "named": {
      const decl = ctx.index.resolve(ref);
      if (decl.kind === "alias") return zeroDefault(ctx, decl.target, omitEmpty);
      if (decl.kind === "enum") return omitEmpty ? undefined : "";
      if (decl.kind === "struct") return {};
      return undefined;
    }
  }
}

/** `$ref` with siblings becomes `allOf: [{$ref}]` plus the siblings (v3 only). */
export function wrapRef(dialect: Dialect, schema: Schema): Schema {
  if (!dialect.wrapRefs || typeof schema.$ref !== "string" || Object.keys(schema).length === 1) return schema;
  const { $ref, ...rest } = schema;
  return { allOf: [{ $ref }], ...rest };
}

/** The paragraph openapi-gen appends to an enum-typed field's description. */
export function enumDescription(e: EnumDecl): string {
  const lines = (enumSchema(e).enum as string[]).map((v) => ` - \`${quoted(v)}\``);
  return ["Possible enum values:", ...lines].join("\n");
}

function enumOf(ctx: SchemaContext, ref: TypeRef): EnumDecl | undefined {
  if (ref.kind !== "named") return undefined;
  const decl = ctx.index.resolve(ref);
  return decl.kind === "enum" ? decl : undefined;
}

/**
 * Whether a declaration's kubebuilder validation markers join its schema: not for the built-in
 * k8s.io packages, whose documents match kube-apiserver's (openapi-gen reads no such markers).
 */
export function publishesMarkers(ctx: SchemaContext, decl: TypeDecl): boolean {
  return !ctx.index.packageOf(decl).goPackage.startsWith("k8s.io/");
}

/** Validation markers as schema keywords and x-kubernetes-* extensions, in controller-gen's names. */
export function validationSchema(v: Validation): Schema {
  const out: Schema = {};
  if (v.format !== undefined) out.format = v.format;
  if (v.enum !== undefined) out.enum = [...v.enum];
  if (v.minimum !== undefined) out.minimum = v.minimum;
  if (v.exclusiveMinimum !== undefined) out.exclusiveMinimum = v.exclusiveMinimum;
  if (v.maximum !== undefined) out.maximum = v.maximum;
  if (v.exclusiveMaximum !== undefined) out.exclusiveMaximum = v.exclusiveMaximum;
  if (v.minLength !== undefined) out.minLength = v.minLength;
  if (v.maxLength !== undefined) out.maxLength = v.maxLength;
  if (v.pattern !== undefined) out.pattern = v.pattern;
  if (v.minItems !== undefined) out.minItems = v.minItems;
  if (v.maxItems !== undefined) out.maxItems = v.maxItems;
  if (v.uniqueItems !== undefined) out.uniqueItems = v.uniqueItems;
  if (v.minProperties !== undefined) out.minProperties = v.minProperties;
  if (v.maxProperties !== undefined) out.maxProperties = v.maxProperties;
  if (v.embeddedResource) out["x-kubernetes-embedded-resource"] = true;
  if (v.intOrString) out["x-kubernetes-int-or-string"] = true;
  if (v.preserveUnknownFields) out["x-kubernetes-preserve-unknown-fields"] = true;
  if (v.xValidations?.length) out["x-kubernetes-validations"] = v.xValidations.map((r) => ({ ...r }));
  return out;
}

/**
 * Adds a field's validation markers to the schema its type gave (an alias's markers): keywords
 * of the field win, CEL rules add up, the field's first, as controller-gen's flattening orders them.
 */
function addValidation(schema: Schema, v: Validation): void {
  const own = validationSchema(v);
  const inherited = schema["x-kubernetes-validations"];
  Object.assign(schema, own);
  if (Array.isArray(inherited) && Array.isArray(own["x-kubernetes-validations"]))
    schema["x-kubernetes-validations"] = [...own["x-kubernetes-validations"], ...inherited];
}

function isSchema(x: unknown): x is Schema {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

function fieldExtensions(f: Field): Schema {
  const ext: Schema = {};
  if (f.listType) ext["x-kubernetes-list-type"] = f.listType;
  if (f.listMapKeys.length) ext["x-kubernetes-list-map-keys"] = [...f.listMapKeys];
  const mapType = f.mapType ?? f.structType;
  if (mapType) ext["x-kubernetes-map-type"] = mapType;
  if (f.patchStrategy) ext["x-kubernetes-patch-strategy"] = f.patchStrategy;
  if (f.patchMergeKey) ext["x-kubernetes-patch-merge-key"] = f.patchMergeKey;
  return ext;
}

/** A struct field as a property schema; `markers`: whether validation markers are published. */
export function propertySchema(ctx: SchemaContext, f: Field, markers = false): Schema {
  const schema = typeSchema(ctx, f.type);
  const e = enumOf(ctx, f.type);
  const description = [f.doc.trim(), e ? enumDescription(e) : ""].filter(Boolean).join("\n\n");
  if (description) schema.description = description;
  if (ctx.dialect.defaults) {
    const zero = ctx.dialect.zeroDefaults !== false && !f.pointer;
    const def = f.default !== undefined ? (f.default as Json) : zero ? zeroDefault(ctx, f.type, f.omitEmpty) : undefined;
    if (def !== undefined) schema.default = def;
  }
  if (markers) addValidation(schema, f.validation);
  if (markers && f.validation.itemsXValidations?.length && isSchema(schema.items)) {
    // Element rules join the element schema, before any its type carries (as a field's rules precede its type's).
    const items = { ...schema.items };
    const inherited = items["x-kubernetes-validations"];
    const own = f.validation.itemsXValidations.map((r) => ({ ...r }));
    items["x-kubernetes-validations"] = Array.isArray(inherited) ? [...own, ...inherited] : own;
    schema.items = wrapRef(ctx.dialect, items);
  }
  Object.assign(schema, fieldExtensions(f));
  return wrapRef(ctx.dialect, schema);
}
