/**
 * Strategic merge patch metadata (patch strategies and merge keys per field), read from the
 * generated Swagger document's x-kubernetes-patch-strategy / x-kubernetes-patch-merge-key,
 * which the generator derives from the API types' +patchStrategy / +patchMergeKey tags (the
 * built-in document's, and those of compiled-in groups).
 */
import { openapiV2, readOpenAPIDocument } from "../../../generated/openapi/index.js";

/** What strategic merge patch needs to know about a field's value. */
export interface PatchSchema {
  /** A name for error messages. */
  readonly name: string;
  /** The schema of the value of a map-valued field (an object field, or a map's values). */
  lookupStruct(key: string): { schema: PatchSchema; strategies: string[] };
  /** The schema of a list field's items, with the field's patch strategies and merge key. */
  lookupSlice(key: string): { schema: PatchSchema; strategies: string[]; mergeKey: string };
}

/** A schema that knows nothing: every list is replaced, every map merged. */
export const EMPTY_PATCH_SCHEMA: PatchSchema = {
  name: "",
  lookupStruct: () => ({ schema: EMPTY_PATCH_SCHEMA, strategies: [] }),
  lookupSlice: () => ({ schema: EMPTY_PATCH_SCHEMA, strategies: [], mergeKey: "" }),
};

/** The slice of a Swagger schema object that patch metadata needs. */
export interface SwaggerSchema {
  $ref?: string;
  type?: string;
  properties?: Record<string, SwaggerSchema>;
  additionalProperties?: SwaggerSchema | boolean;
  items?: SwaggerSchema;
  "x-kubernetes-patch-strategy"?: string;
  "x-kubernetes-patch-merge-key"?: string;
  "x-kubernetes-group-version-kind"?: { group: string; version: string; kind: string }[];
}

function strategiesOf(s: SwaggerSchema | undefined): string[] {
  const raw = s?.["x-kubernetes-patch-strategy"];
  return raw
    ? raw
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== "")
    : [];
}

/** Patch metadata over a set of Swagger definitions. */
export class SwaggerPatchSchema implements PatchSchema {
  constructor(
    private readonly definitions: Readonly<Record<string, SwaggerSchema>>,
    private readonly schema: SwaggerSchema,
    readonly name: string,
  ) {}

  private resolve(s: SwaggerSchema | undefined): SwaggerSchema | undefined {
    let cur = s;
    for (let depth = 0; cur?.$ref && depth < 32; depth++) cur = this.definitions[cur.$ref.replace("#/definitions/", "")];
    return cur;
  }

  private field(key: string): SwaggerSchema | undefined {
    const self = this.resolve(this.schema);
    if (!self) return undefined;
    const prop = self.properties?.[key];
    if (prop) return prop;
    if (typeof self.additionalProperties === "object") return self.additionalProperties;
    return undefined;
  }

  private wrap(s: SwaggerSchema | undefined, name: string): PatchSchema {
    const resolved = this.resolve(s);
    return resolved ? new SwaggerPatchSchema(this.definitions, resolved, name) : EMPTY_PATCH_SCHEMA;
  }

  lookupStruct(key: string): { schema: PatchSchema; strategies: string[] } {
    const f = this.field(key);
    return { schema: this.wrap(f, key), strategies: strategiesOf(f) };
  }

  lookupSlice(key: string): { schema: PatchSchema; strategies: string[]; mergeKey: string } {
    const f = this.field(key);
    const items = this.resolve(f)?.items;
    return { schema: this.wrap(items, key), strategies: strategiesOf(f), mergeKey: f?.["x-kubernetes-patch-merge-key"] ?? "" };
  }
}

let byKind: Map<string, PatchSchema> | undefined;

function gvkKey(gvk: { group: string; version: string; kind: string }): string {
  return `${gvk.group}/${gvk.version}/${gvk.kind}`;
}

/** Builds the kind index of a Swagger document's definitions. */
export function indexSwagger(definitions: Readonly<Record<string, SwaggerSchema>>): Map<string, PatchSchema> {
  const out = new Map<string, PatchSchema>();
  for (const [name, def] of Object.entries(definitions)) {
    for (const gvk of def["x-kubernetes-group-version-kind"] ?? []) out.set(gvkKey(gvk), new SwaggerPatchSchema(definitions, def, name));
  }
  return out;
}

let definitions: Record<string, SwaggerSchema> | undefined;
/** Definitions compiled-in groups added (kept to re-add should the built-in ones be re-read). */
const added: Record<string, SwaggerSchema> = {};
let generation = 0;

/**
 * The definitions of the generated /openapi/v2 document, parsed once, with those of compiled-in
 * groups (addSwaggerDefinitions); server-side apply and fieldValidation read them too.
 */
export function swaggerDefinitions(): Readonly<Record<string, SwaggerSchema>> {
  if (!definitions) {
    const doc = JSON.parse(readOpenAPIDocument(openapiV2)) as { definitions?: Record<string, SwaggerSchema> };
    definitions = { ...added, ...(doc.definitions ?? {}) };
  }
  return definitions;
}

/**
 * Adds a compiled-in group's Swagger definitions, so its kinds get patch strategies, apply
 * structure and known fields; a name the built-in document defines keeps the built-in schema.
 * Process-wide, as the built-in schemas are: a group's definitions are the same wherever it is
 * served (they come with its generated code).
 */
export function addSwaggerDefinitions(defs: Readonly<Record<string, SwaggerSchema>>): void {
  const all = swaggerDefinitions() as Record<string, SwaggerSchema>;
  let changed = false;
  for (const [name, def] of Object.entries(defs)) {
    if (name in all) continue;
    all[name] = added[name] = def;
    changed = true;
  }
  if (changed) {
    generation++;
    byKind = undefined;
  }
}

/** Changes when addSwaggerDefinitions adds anything, for indexes built over swaggerDefinitions(). */
export function swaggerDefinitionsGeneration(): number {
  return generation;
}

/** The patch metadata of a kind, from the generated /openapi/v2 document and compiled-in groups' definitions. */
export function patchSchemaFor(gvk: { group: string; version: string; kind: string }): PatchSchema | undefined {
  byKind ??= indexSwagger(swaggerDefinitions());
  return byKind.get(gvkKey(gvk));
}
