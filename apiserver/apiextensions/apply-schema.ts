/**
 * The structure server-side apply merges custom resources by, derived from a CRD version's
 * structural schema as upstream's CRD type converter does: `x-kubernetes-list-type` (atomic when
 * absent) with `x-kubernetes-list-map-keys`, `x-kubernetes-map-type` on maps and structs,
 * preserved unknown fields as values typed by their shape, int-or-string as a scalar, and
 * embedded resources with their own apiVersion, kind and ObjectMeta.
 */
import { objectMetaApplySchema, scalarSchema, type ApplySchema } from "../registry/apply/schema.js";
import { additionalOf, itemsOf, type JSONSchemaProps } from "../registry/schema/types.js";

const SCALAR: ApplySchema = { kind: "scalar" };
const STRING: ApplySchema = scalarSchema("string");
const UNTYPED: ApplySchema = { kind: "untyped" };

/** A custom resource's apply schema; without a schema every field is typed by its shape. */
export function customResourceApplySchema(schema: JSONSchemaProps | undefined): ApplySchema {
  if (!schema) return resourceMap({ "x-kubernetes-preserve-unknown-fields": true });
  return resourceMap(schema);
}

/** An object that is a resource (the root, or an embedded one): TypeMeta and ObjectMeta besides its own fields. */
function resourceMap(s: JSONSchemaProps): ApplySchema {
  const converted = convertObject(s);
  // A resource that preserves everything still has typed apiVersion, kind and metadata.
  const inner: Extract<ApplySchema, { kind: "map" }> =
    converted.kind === "map" ? converted : { kind: "map", atomic: false, struct: false, field: () => UNTYPED };
  return {
    ...inner,
    struct: true,
    declares: (name) => name === "apiVersion" || name === "kind" || name === "metadata" || (inner.declares?.(name) ?? true),
    field: (name) =>
      name === "apiVersion" || name === "kind" ? STRING : name === "metadata" ? objectMetaApplySchema() : inner.field(name),
  };
}

function convert(s: JSONSchemaProps): ApplySchema {
  if (s["x-kubernetes-int-or-string"]) return SCALAR;
  if (s["x-kubernetes-embedded-resource"]) return resourceMap(s);
  if (s.type === "array") return list(s);
  if (s.type === "object" || s.properties || s.additionalProperties) return convertObject(s);
  if (s.type) return scalarSchema(s.type, s.format);
  // No type: only x-kubernetes-preserve-unknown-fields can leave it out, so any value goes.
  return UNTYPED;
}

function list(s: JSONSchemaProps): ApplySchema {
  const itemsSchema = itemsOf(s);
  const items = itemsSchema ? convert(itemsSchema) : UNTYPED;
  const listType = (s["x-kubernetes-list-type"] ?? "atomic") as "atomic" | "set" | "map";
  const keys = listType === "map" ? (s["x-kubernetes-list-map-keys"] ?? []) : [];
  const keyDefaults: Record<string, unknown> = {};
  for (const k of keys) {
    const d = itemsSchema?.properties?.[k]?.default;
    if (d !== undefined) keyDefaults[k] = d;
  }
  return { kind: "list", listType, keys, keyDefaults, items };
}

function convertObject(s: JSONSchemaProps): ApplySchema {
  const props = s.properties ?? {};
  const extra = additionalOf(s);
  const preserve = s["x-kubernetes-preserve-unknown-fields"] === true;
  // A map with neither fields nor a value schema that preserves anything: typed by shape.
  if (!s.properties && !extra && preserve) return UNTYPED;
  const cache = new Map<string, ApplySchema>();
  return {
    kind: "map",
    atomic: s["x-kubernetes-map-type"] === "atomic",
    struct: s.properties !== undefined && !extra,
    declares: (name) => preserve || extra !== undefined || Object.hasOwn(props, name),
    field(name: string): ApplySchema {
      let f = cache.get(name);
      if (!f) {
        const p = Object.hasOwn(props, name) ? props[name] : extra;
        f = p ? convert(p) : UNTYPED;
        cache.set(name, f);
      }
      return f;
    },
  };
}
