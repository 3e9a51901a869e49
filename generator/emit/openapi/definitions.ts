/**
 * Definitions (v2) or component schemas (v3): a schema per struct and special type, collected
 * from the types the routes use and everything those reach, as kube-openapi's builder only
 * publishes what some route needs.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { SpecialDecl, SpecialKind, StructDecl, TypeRef } from "../../model/types.js";
import type { GroupVersionKind } from "./gvk.js";
import { definitionName } from "./names.js";
import { propertySchema, publishesMarkers, validationSchema, type Dialect, type Schema, type SchemaContext } from "./schema.js";

type Named = Extract<TypeRef, { kind: "named" }>;

/** The special types' schemas: upstream's OpenAPISchemaType/Format and V3OneOfTypes. */
function specialBody(kind: SpecialKind, dialect: Dialect): Schema {
  switch (kind) {
    case "Time":
    case "MicroTime":
      return { type: "string", format: "date-time" };
    case "Duration":
      return { type: "string" };
    case "IntOrString":
      return dialect.version === 2
        ? { type: "string", format: "int-or-string" }
        : { format: "int-or-string", oneOf: [{ type: "integer" }, { type: "string" }] };
    case "Quantity":
      return dialect.version === 2 ? { type: "string" } : { oneOf: [{ type: "string" }, { type: "number" }] };
    case "RawExtension":
    case "FieldsV1":
      return { type: "object" };
    case "JSON":
    case "JSONSchemaPropsOrArray":
    case "JSONSchemaPropsOrBool":
    case "JSONSchemaPropsOrStringArray":
      // Any JSON value (or one of two shapes): no type can be stated.
      return {};
  }
}

export function specialSchema(decl: SpecialDecl, dialect: Dialect): Schema {
  return { ...(decl.doc ? { description: decl.doc } : {}), ...specialBody(decl.special, dialect) };
}

export function structSchema(ctx: SchemaContext, s: StructDecl, gvks: GroupVersionKind[] | undefined): Schema {
  const fields = ctx.index.jsonFields(s);
  const schema: Schema = { type: "object" };
  if (s.doc) schema.description = s.doc;
  // Embedded fields follow the markers rule of the struct that declares them.
  const markers = (f: (typeof fields)[number]): boolean =>
    publishesMarkers(ctx, s.fields.includes(f) ? s : (declaringStruct(ctx, s, f) ?? s));
  if (fields.length) schema.properties = Object.fromEntries(fields.map((f) => [f.name, propertySchema(ctx, f, markers(f))]));
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  if (required.length) schema.required = required;
  if (publishesMarkers(ctx, s)) Object.assign(schema, validationSchema(s.validation));
  if (gvks?.length) schema["x-kubernetes-group-version-kind"] = gvks.map((g) => ({ ...g }));
  if (s.structType) schema["x-kubernetes-map-type"] = s.structType;
  return schema;
}

function declaringStruct(ctx: SchemaContext, s: StructDecl, f: StructDecl["fields"][number]): StructDecl | undefined {
  for (const e of s.embeds) {
    const inner = ctx.index.structOf(e);
    if (!inner) continue;
    if (inner.fields.includes(f)) return inner;
    const deeper = declaringStruct(ctx, inner, f);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Builds the definitions a document needs, starting from the refs its routes take. */
export class DefinitionSet {
  private readonly built = new Map<string, Schema>();
  private readonly pending: Named[] = [];
  private readonly ctx: SchemaContext;

  constructor(
    readonly index: ModelIndex,
    readonly dialect: Dialect,
    private readonly gvks: Map<string, GroupVersionKind[]>,
  ) {
    this.ctx = { index, dialect, refTo: (ref) => this.ref(ref) };
  }

  nameOf(ref: Named): string {
    const pkg = this.index.pkg(ref.pkg);
    if (!pkg) throw new Error(`model has no package ${ref.pkg}`);
    return definitionName(pkg, ref.name);
  }

  /** `#/definitions/<name>`; the definition (and what it reaches) joins the document. */
  ref(ref: Named): string {
    const name = this.nameOf(ref);
    if (!this.built.has(name) && !this.pending.some((p) => p.pkg === ref.pkg && p.name === ref.name)) this.pending.push(ref);
    return this.dialect.refPrefix + name;
  }

  /** Every definition reached so far, built. */
  definitions(): Record<string, Schema> {
    for (let ref = this.pending.pop(); ref; ref = this.pending.pop()) {
      const name = this.nameOf(ref);
      if (this.built.has(name)) continue;
      const decl = this.index.resolve(ref);
      this.built.set(name, {});
      if (decl.kind === "struct") this.built.set(name, structSchema(this.ctx, decl, this.gvks.get(`${ref.pkg}.${ref.name}`)));
      else if (decl.kind === "special") this.built.set(name, specialSchema(decl, this.dialect));
      else throw new Error(`${ref.pkg}.${ref.name} is not a struct or special type and has no definition`);
    }
    return Object.fromEntries(this.built);
  }
}
