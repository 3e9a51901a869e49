/**
 * OpenAPI v3 component schemas to the structural schema a CustomResourceDefinition carries:
 * every `$ref` inlined, `type` stated wherever apiextensions requires it, the special types in
 * the forms controller-gen writes, and ObjectMeta reduced to `type: object`.
 */
import type { Json } from "../openapi/json.js";
import type { Schema } from "../openapi/schema.js";

const META_PREFIX = "io.k8s.apimachinery.pkg.apis.meta.v1.";

/** `#/components/schemas/<name>` to `<name>`. */
const refName = (ref: string): string => ref.slice(ref.lastIndexOf("/") + 1);

const isSchema = (v: Json | undefined): v is Schema => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The JSON names of apiextensions' JSONSchemaProps: a CRD schema may carry nothing else (the
 * apiserver's strict decoding refuses, e.g., OpenAPI's `x-kubernetes-patch-strategy`).
 */
const JSON_SCHEMA_PROPS_KEYS: ReadonlySet<string> = new Set([
  "id",
  "$schema",
  "$ref",
  "description",
  "type",
  "format",
  "title",
  "default",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "multipleOf",
  "enum",
  "maxProperties",
  "minProperties",
  "required",
  "items",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "properties",
  "additionalProperties",
  "patternProperties",
  "dependencies",
  "additionalItems",
  "definitions",
  "externalDocs",
  "example",
  "nullable",
  "x-kubernetes-preserve-unknown-fields",
  "x-kubernetes-embedded-resource",
  "x-kubernetes-int-or-string",
  "x-kubernetes-list-map-keys",
  "x-kubernetes-list-type",
  "x-kubernetes-map-type",
  "x-kubernetes-validations",
]);

/**
 * The structural schema of one component (a kind) with everything it reaches inlined. Throws on
 * a recursive type: a structural schema cannot express one.
 */
export function structuralSchema(components: Record<string, Schema>, root: string): Schema {
  const rootSchema = components[root];
  if (!rootSchema) throw new Error(`no component schema ${root}`);
  const out = inline(components, rootSchema, [root]);
  if (isSchema(out.properties) && out.properties.metadata !== undefined) out.properties.metadata = { type: "object" };
  return out;
}

function inline(components: Record<string, Schema>, schema: Schema, stack: string[]): Schema {
  if (typeof schema.$ref === "string") return inlineRef(components, schema.$ref, stack);
  let out: Schema = {};
  const allOf = schema.allOf;
  // kube-openapi's `allOf: [{$ref}]` wrapper for a ref with siblings: the siblings win.
  if (Array.isArray(allOf) && allOf.length === 1 && isSchema(allOf[0]) && typeof allOf[0].$ref === "string") {
    out = inlineRef(components, allOf[0].$ref, stack);
  }
  // The type's CEL rules stay beside the field's (after them), as controller-gen's flattening keeps both.
  const typeRules = out["x-kubernetes-validations"];
  for (const [key, value] of Object.entries(schema)) {
    if (key === "allOf" && Object.keys(out).length) continue;
    if (!JSON_SCHEMA_PROPS_KEYS.has(key)) continue;
    if (key === "x-kubernetes-validations" && Array.isArray(value) && Array.isArray(typeRules)) {
      out[key] = [...value, ...typeRules];
      continue;
    }
    if (key === "properties" && isSchema(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isSchema(v) ? inline(components, v, stack) : v]));
    } else if ((key === "items" || key === "additionalProperties") && isSchema(value)) {
      out[key] = inline(components, value, stack);
    } else {
      out[key] = value;
    }
  }
  return specialForm(out);
}

function inlineRef(components: Record<string, Schema>, ref: string, stack: string[]): Schema {
  const name = refName(ref);
  // controller-gen's default: object metadata is only `type: object`; the apiserver owns its shape.
  if (name === `${META_PREFIX}ObjectMeta`) return { type: "object" };
  if (stack.includes(name)) {
    throw new Error(`${stack[0]} reaches itself through ${name}: a CRD's structural schema cannot be recursive`);
  }
  const target = components[name];
  if (!target) throw new Error(`no component schema ${name}`);
  return inline(components, target, [...stack, name]);
}

/**
 * The special types as a structural schema states them: int-or-string (IntOrString, Quantity)
 * as `anyOf` integer|string with `x-kubernetes-int-or-string`, and values of no fixed shape
 * (RawExtension, FieldsV1, JSON) kept whole with `x-kubernetes-preserve-unknown-fields`.
 */
function specialForm(s: Schema): Schema {
  const oneOf = s.oneOf;
  if (Array.isArray(oneOf)) {
    const types = oneOf.map((o) => (isSchema(o) ? o.type : undefined)).sort();
    const intOrString =
      (types.length === 2 && types[0] === "integer" && types[1] === "string") ||
      (types.length === 2 && types[0] === "number" && types[1] === "string");
    if (intOrString) {
      const { oneOf: _oneOf, format, ...rest } = s;
      const out: Schema = { ...rest, anyOf: [{ type: "integer" }, { type: "string" }], "x-kubernetes-int-or-string": true };
      // Quantity (string|number): controller-gen adds its serialization pattern.
      if (format === undefined) {
        out.pattern =
          "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$";
      }
      return out;
    }
  }
  // XIntOrString on a field: a structural schema states no type there, only the two branches.
  if (s["x-kubernetes-int-or-string"] === true && s.anyOf === undefined) {
    const { type: _type, format: _format, ...rest } = s;
    return { ...rest, anyOf: [{ type: "integer" }, { type: "string" }] };
  }
  const free = s.properties === undefined && s.additionalProperties === undefined;
  if (free && s.type === undefined && s.anyOf === undefined && s["x-kubernetes-int-or-string"] === undefined) {
    return { ...s, "x-kubernetes-preserve-unknown-fields": true };
  }
  if (free && s.type === "object" && s["x-kubernetes-embedded-resource"] === undefined) {
    return { ...s, "x-kubernetes-preserve-unknown-fields": true };
  }
  return s;
}

/** Every `default` removed (for comparing documents that differ only in published zero values). */
export function withoutDefaults(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(withoutDefaults);
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === "default" || v === undefined) continue;
    if (k === "properties" && isSchema(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, p]) => [name, withoutDefaults(p ?? null)]));
    } else {
      out[k] = k === "enum" || k === "example" ? v : withoutDefaults(v);
    }
  }
  return out;
}
