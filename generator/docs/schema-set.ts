/**
 * Reads Swagger 2.0 and OpenAPI 3.0 documents into one shape: named schemas and the REST
 * operations that serve each kind, so the docs never care which version they came from.
 */
import type { XValidationRule } from "../model/types.js";

/** The part of a JSON schema the docs read; both OpenAPI versions fit it. */
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  description?: string;
  type?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  enum?: unknown[];
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  "x-kubernetes-group-version-kind"?: GroupVersionKind[];
  "x-kubernetes-list-type"?: string;
  "x-kubernetes-list-map-keys"?: string[];
  "x-kubernetes-map-type"?: string;
  "x-kubernetes-patch-strategy"?: string;
  "x-kubernetes-patch-merge-key"?: string;
  "x-kubernetes-int-or-string"?: boolean;
  "x-kubernetes-preserve-unknown-fields"?: boolean;
  "x-kubernetes-embedded-resource"?: boolean;
  "x-kubernetes-validations"?: ValidationRule[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  not?: Schema;
  deprecated?: boolean;
  example?: unknown;
  title?: string;
}

/** One CEL rule of `x-kubernetes-validations`: the shape the generator writes from XValidation markers. */
export type ValidationRule = XValidationRule;

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** A parameter of an operation, with any `$ref` resolved. */
export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  schema: Schema;
}

export interface Response {
  code: string;
  description: string;
  schema?: Schema;
}

/** One REST operation, as the kind pages list them. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  action: string;
  gvk: GroupVersionKind;
  description: string;
  parameters: Parameter[];
  /** The request body's schema, for operations that take one. */
  body?: Schema;
  responses: Response[];
  /** Media types the body may be sent as (patch types, for a PATCH). */
  consumes: string[];
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

/** What a CustomResourceDefinition says about a kind beyond its schema. */
export interface ResourceFacts {
  plural: string;
  singular?: string;
  shortNames: string[];
  categories: string[];
  scope: "Namespaced" | "Cluster";
  printerColumns: PrinterColumn[];
  subresources: string[];
  scale?: { specReplicasPath?: string; statusReplicasPath?: string; labelSelectorPath?: string };
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
  /** The CRD's name (`crontabs.stable.example.com`). */
  crd: string;
}

export interface SchemaSet {
  title: string;
  version: string;
  /** Definition name (`io.k8s.api.core.v1.Namespace`) to schema. */
  schemas: Map<string, Schema>;
  operations: Operation[];
  /** CRD facts by group-version-kind key (`group/version/Kind`). */
  resources: Map<string, ResourceFacts>;
  /** Definitions read from CRD manifests: every default they state was written by hand. */
  handWritten: Set<string>;
}

/** The parts of a Swagger 2.0 or OpenAPI 3.0 document read here. */
export interface OpenAPIDocument {
  swagger?: string;
  openapi?: string;
  info?: { title?: string; version?: string };
  definitions?: Record<string, Schema>;
  components?: { schemas?: Record<string, Schema> };
  paths?: Record<string, Record<string, unknown>>;
  parameters?: Record<string, unknown>;
}

const REF_PREFIXES = ["#/definitions/", "#/components/schemas/"];
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** The definition a `$ref` points at, in either version's spelling. */
export function refName(ref: string): string | undefined {
  const prefix = REF_PREFIXES.find((p) => ref.startsWith(p));
  return prefix ? decodeURIComponent(ref.slice(prefix.length).replace(/~1/g, "/").replace(/~0/g, "~")) : undefined;
}

/**
 * The definition a schema stands for, if it is only a reference: v3 wraps a `$ref` that
 * carries siblings (description, default) in a one-element `allOf`.
 */
export function refOf(schema: Schema): string | undefined {
  if (schema.$ref) return refName(schema.$ref);
  const only = schema.allOf?.length === 1 ? schema.allOf[0] : undefined;
  return only?.$ref ? refName(only.$ref) : undefined;
}

type Json = Record<string, unknown>;
/** A string field of an OpenAPI object, "" when absent or not a string. */
const strField = (v: unknown): string => (typeof v === "string" ? v : "");

/** A parameter, following a v2 `#/parameters/` or v3 `#/components/parameters/` reference. */
function parameterOf(doc: OpenAPIDocument, raw: Json): Parameter | undefined {
  let p = raw;
  const ref = typeof raw["$ref"] === "string" ? raw["$ref"] : undefined;
  if (ref) {
    const name = decodeURIComponent(ref.replace(/^#\/(components\/)?parameters\//, ""));
    const pool = (ref.startsWith("#/components/") ? (doc.components as Json | undefined)?.["parameters"] : doc.parameters) as
      Json | undefined;
    const found = pool?.[name] as Json | undefined;
    if (!found) return undefined;
    p = found;
  }
  const where = strField(p["in"]);
  // v2 states a body's schema under `schema` and a scalar's type on the parameter itself.
  const schema = (p["schema"] as Schema | undefined) ?? ({ type: p["type"], format: p["format"], items: p["items"] } as Schema);
  return {
    name: strField(p["name"]),
    in: where,
    required: p["required"] === true,
    description: strField(p["description"]),
    schema: Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined)),
  };
}

/** The schema of a v3 content map: the JSON one if listed, else the first. */
function contentSchema(content: unknown): Schema | undefined {
  const c = content as Record<string, { schema?: Schema }> | undefined;
  if (!c) return undefined;
  return (c["application/json"] ?? Object.values(c)[0])?.schema;
}

function operationsOf(doc: OpenAPIDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = ((item["parameters"] as Json[] | undefined) ?? []).map((p) => parameterOf(doc, p));
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      const gvk = op?.["x-kubernetes-group-version-kind"] as GroupVersionKind | undefined;
      if (!op || !gvk) continue;
      const own = ((op["parameters"] as Json[] | undefined) ?? []).map((p) => parameterOf(doc, p));
      // An operation's own parameter replaces the path's of the same name and place.
      const byKey = new Map<string, Parameter>();
      for (const p of [...shared, ...own]) if (p) byKey.set(`${p.in} ${p.name}`, p);
      const params = [...byKey.values()];
      const bodyParam = params.find((p) => p.in === "body");
      const requestBody = op["requestBody"] as Json | undefined;
      const responses = Object.entries((op["responses"] as Record<string, Json> | undefined) ?? {}).map(([code, r]) => ({
        code,
        description: strField(r["description"]),
        schema: (r["schema"] as Schema | undefined) ?? contentSchema(r["content"]),
      }));
      const consumes = (op["consumes"] as string[] | undefined) ?? Object.keys((requestBody?.["content"] as Json | undefined) ?? {});
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: strField(op["operationId"]),
        action: strField(op["x-kubernetes-action"]),
        gvk,
        description: strField(op["description"]),
        parameters: params.filter((p) => p.in !== "body"),
        body: bodyParam?.schema ?? contentSchema(requestBody?.["content"]),
        responses,
        consumes: consumes.filter((c) => c !== "*/*"),
      });
    }
  }
  return out;
}

/**
 * A definition repeated in several group-version documents keeps its first text but every
 * group-version-kind any of them lists (a per-group document may list only its own).
 */
function withGvks(first: Schema, again: Schema): Schema {
  const key = (g: GroupVersionKind): string => `${g.group}/${g.version}/${g.kind}`;
  const a = first["x-kubernetes-group-version-kind"] ?? [];
  const b = again["x-kubernetes-group-version-kind"] ?? [];
  const known = new Set(a.map(key));
  const added = b.filter((g) => !known.has(key(g)));
  if (!added.length) return first;
  const all = [...a, ...added].sort((x, y) => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0));
  return { ...first, "x-kubernetes-group-version-kind": all };
}

/**
 * One schema set from any number of documents: a Swagger 2.0 document holds every
 * definition, OpenAPI 3.0 has one document per group-version that repeat shared definitions.
 */
export function schemaSetOf(docs: readonly OpenAPIDocument[], title?: string): SchemaSet {
  const schemas = new Map<string, Schema>();
  const operations: Operation[] = [];
  const seenOps = new Set<string>();
  for (const doc of docs) {
    const defs = doc.definitions ?? doc.components?.schemas ?? {};
    for (const [name, schema] of Object.entries(defs)) {
      const seen = schemas.get(name);
      schemas.set(name, seen ? withGvks(seen, schema) : schema);
    }
    for (const op of operationsOf(doc)) {
      const key = `${op.method} ${op.path}`;
      if (seenOps.has(key)) continue;
      operations.push(op);
      seenOps.add(key);
    }
  }
  const first = docs[0]?.info;
  return {
    title: title ?? first?.title ?? "API",
    // "unversioned" is what a document says when it has nothing to say.
    version: first?.version && first.version !== "unversioned" ? first.version : "",
    schemas: new Map([...schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    operations,
    resources: new Map(),
    handWritten: new Set(),
  };
}

/** The group-version-kinds a definition is served as; none for a type that is not a kind. */
export function gvksOf(schema: Schema | undefined): GroupVersionKind[] {
  return schema?.["x-kubernetes-group-version-kind"] ?? [];
}
