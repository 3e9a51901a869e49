/**
 * Reads Swagger 2.0 and OpenAPI 3.0 documents into one shape: named schemas and the REST
 * operations that serve each kind, so the docs never care which version they came from.
 */

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
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

/** One REST operation, as the kind pages list them. */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  action: string;
  gvk: GroupVersionKind;
}

export interface SchemaSet {
  title: string;
  version: string;
  /** Definition name (`io.k8s.api.core.v1.Namespace`) to schema. */
  schemas: Map<string, Schema>;
  operations: Operation[];
}

/** The parts of a Swagger 2.0 or OpenAPI 3.0 document read here. */
export interface OpenAPIDocument {
  swagger?: string;
  openapi?: string;
  info?: { title?: string; version?: string };
  definitions?: Record<string, Schema>;
  components?: { schemas?: Record<string, Schema> };
  paths?: Record<string, Record<string, unknown>>;
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

function operationsOf(doc: OpenAPIDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      const gvk = op?.["x-kubernetes-group-version-kind"] as GroupVersionKind | undefined;
      if (!op || !gvk) continue;
      out.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op["operationId"] ?? ""),
        action: String(op["x-kubernetes-action"] ?? ""),
        gvk,
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
export function schemaSetOf(docs: readonly OpenAPIDocument[]): SchemaSet {
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
      if (!seenOps.has(key)) operations.push(op), seenOps.add(key);
    }
  }
  const first = docs[0]?.info;
  return {
    title: first?.title ?? "API",
    // "unversioned" is what a document says when it has nothing to say.
    version: first?.version && first.version !== "unversioned" ? first.version : "",
    schemas: new Map([...schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    operations,
  };
}

/** The group-version-kinds a definition is served as; none for a type that is not a kind. */
export function gvksOf(schema: Schema | undefined): GroupVersionKind[] {
  return schema?.["x-kubernetes-group-version-kind"] ?? [];
}
