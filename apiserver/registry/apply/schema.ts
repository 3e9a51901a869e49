/**
 * The structure server-side apply merges by, read from the generated Swagger documents: which
 * objects are structs or maps (granular or atomic), which lists are atomic, sets or maps keyed by
 * x-kubernetes-list-map-keys. Follows upstream's OpenAPI-to-schema conversion: a list without a
 * list type falls back to its patch strategy (merge + merge key: a map; merge: a set), else atomic.
 */
import { swaggerDefinitions, swaggerDefinitionsGeneration, type SwaggerSchema } from "../patch/patch-meta.js";

/** A Swagger schema with the extensions server-side apply reads. */
interface ApplySwaggerSchema extends SwaggerSchema {
  format?: string;
  "x-kubernetes-list-type"?: "atomic" | "set" | "map";
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: "atomic" | "granular";
}

export type ScalarType = "string" | "numeric" | "boolean";

/** The scalar schema of an OpenAPI type (`string`, `integer`, `number`, `boolean`); any scalar for others. */
export function scalarSchema(type: string | undefined, format?: string): ApplySchema {
  if (format === "int-or-string") return { kind: "scalar" };
  switch (type) {
    case "string":
      return { kind: "scalar", scalar: "string" };
    case "integer":
    case "number":
      return { kind: "scalar", scalar: "numeric" };
    case "boolean":
      return { kind: "scalar", scalar: "boolean" };
    default:
      return { kind: "scalar" };
  }
}

/** Definitions that are scalars of more than one JSON type whatever their documents say. */
const UNTYPED_SCALAR_DEFINITIONS = new Set([
  "io.k8s.apimachinery.pkg.api.resource.Quantity",
  "io.k8s.apimachinery.pkg.util.intstr.IntOrString",
]);

/** What apply needs to know about a value. `untyped` values are deduced from their JSON shape. */
export type ApplySchema =
  | {
      readonly kind: "scalar";
      /** The JSON type a value must have (upstream's scalar types); absent: any scalar (int-or-string, quantities). */
      readonly scalar?: ScalarType;
    }
  | { readonly kind: "untyped" }
  | {
      readonly kind: "map";
      readonly atomic: boolean;
      /** Fields named by the schema (properties), not free keys. */
      readonly struct: boolean;
      field(name: string): ApplySchema;
      /** Whether the schema allows a field of this name (absent: every name); an applied configuration may use no other. */
      declares?(name: string): boolean;
    }
  | {
      readonly kind: "list";
      readonly listType: "atomic" | "set" | "map";
      readonly keys: readonly string[];
      /** Values of key fields an item may leave out (the API's defaults), so live and applied items match. */
      readonly keyDefaults: Readonly<Record<string, unknown>>;
      readonly items: ApplySchema;
    };

/**
 * Key defaults upstream's OpenAPI carries (`+default="TCP"` on ports' protocol) and the generated
 * document does not: without them an applied port without protocol would not match the live one.
 */
const KNOWN_KEY_DEFAULTS: Readonly<Record<string, unknown>> = { protocol: "TCP" };

const SCALAR: ApplySchema = { kind: "scalar" };
const UNTYPED: ApplySchema = { kind: "untyped" };

/** Converts Swagger definitions lazily (structs refer to themselves: JSONSchemaProps). */
export class SwaggerApplySchemas {
  private readonly byRef = new Map<string, ApplySchema>();
  private readonly byKind = new Map<string, ApplySchema>();

  constructor(private readonly definitions: Readonly<Record<string, ApplySwaggerSchema>>) {
    for (const [name, def] of Object.entries(definitions)) {
      for (const gvk of def["x-kubernetes-group-version-kind"] ?? [])
        this.byKind.set(`${gvk.group}/${gvk.version}/${gvk.kind}`, this.ref(name));
    }
  }

  /** The schema of a definition by name (`io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta`). */
  definition(name: string): ApplySchema {
    return this.ref(name);
  }

  /** The schema of a kind, if the document defines it. */
  forKind(gvk: { group: string; version: string; kind: string }): ApplySchema | undefined {
    return this.byKind.get(`${gvk.group}/${gvk.version}/${gvk.kind}`);
  }

  private ref(name: string): ApplySchema {
    let s = this.byRef.get(name);
    if (!s) {
      const def = this.definitions[name];
      s = UNTYPED_SCALAR_DEFINITIONS.has(name) ? SCALAR : def ? this.convert(def, def) : UNTYPED;
      this.byRef.set(name, s);
    }
    return s;
  }

  /** `s` is the schema in place (where list/map extensions sit); `ext` carries the field's own extensions. */
  private convert(s: ApplySwaggerSchema, ext: ApplySwaggerSchema): ApplySchema {
    if (s.$ref) {
      const target = this.ref(s.$ref.replace("#/definitions/", ""));
      // A field may make a referenced struct atomic (x-kubernetes-map-type on the property).
      if (ext["x-kubernetes-map-type"] === "atomic" && target.kind === "map") return { ...target, atomic: true };
      return target;
    }
    if (s.type === "array") return this.list(s);
    if (s.type === "object" || s.properties) {
      if (!s.properties && !s.additionalProperties) return UNTYPED; // RawExtension, FieldsV1: free-form
      return this.map(s);
    }
    if (s.type) return scalarSchema(s.type, s.format);
    return UNTYPED; // JSON, JSONSchemaPropsOr*: any value
  }

  private resolve(s: ApplySwaggerSchema | undefined): ApplySwaggerSchema | undefined {
    let cur = s;
    for (let depth = 0; cur?.$ref && depth < 32; depth++) cur = this.definitions[cur.$ref.replace("#/definitions/", "")];
    return cur;
  }

  private list(s: ApplySwaggerSchema): ApplySchema {
    const items = s.items ? this.convert(s.items, s.items) : UNTYPED;
    let listType = s["x-kubernetes-list-type"];
    let keys = s["x-kubernetes-list-map-keys"] ?? [];
    if (!listType) {
      const strategies = (s["x-kubernetes-patch-strategy"] ?? "").split(",");
      const mergeKey = s["x-kubernetes-patch-merge-key"];
      if (strategies.includes("merge")) {
        listType = mergeKey ? "map" : "set";
        keys = mergeKey ? [mergeKey] : [];
      } else {
        listType = "atomic";
      }
    }
    const itemDef = this.resolve(s.items);
    const keyDefaults: Record<string, unknown> = {};
    for (const k of keys) {
      const d = (itemDef?.properties?.[k] as { default?: unknown } | undefined)?.default ?? KNOWN_KEY_DEFAULTS[k];
      if (d !== undefined) keyDefaults[k] = d;
    }
    return { kind: "list", listType, keys, keyDefaults, items };
  }

  private map(s: ApplySwaggerSchema): ApplySchema {
    const props = s.properties ?? {};
    const extra = typeof s.additionalProperties === "object" ? (s.additionalProperties as ApplySwaggerSchema) : undefined;
    const cache = new Map<string, ApplySchema>();
    return {
      kind: "map",
      atomic: s["x-kubernetes-map-type"] === "atomic",
      struct: s.properties !== undefined && !extra,
      declares: (name: string) => extra !== undefined || Object.hasOwn(props, name),
      field: (name: string): ApplySchema => {
        let f = cache.get(name);
        if (!f) {
          const p = props[name] ?? extra;
          f = p ? this.convert(p, p) : UNTYPED;
          cache.set(name, f);
        }
        return f;
      },
    };
  }
}

let served: { schemas: SwaggerApplySchemas; generation: number } | undefined;

/**
 * The apply schema of a built-in kind (from /openapi/v2) or a compiled-in group's kind (its
 * generated definitions); undefined for kinds neither defines.
 */
export function applySchemaFor(gvk: { group: string; version: string; kind: string }): ApplySchema | undefined {
  return servedSchemas().forKind(gvk);
}

function servedSchemas(): SwaggerApplySchemas {
  const generation = swaggerDefinitionsGeneration();
  if (served?.generation !== generation) served = { schemas: new SwaggerApplySchemas(swaggerDefinitions()), generation };
  return served.schemas;
}

/** ObjectMeta's schema, for the metadata of custom resources and of embedded resources. */
export function objectMetaApplySchema(): ApplySchema {
  return servedSchemas().definition("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
}

/** A schema for objects nothing is known about (custom resources): maps granular, lists atomic. */
export const UNTYPED_SCHEMA: ApplySchema = UNTYPED;
