/**
 * A compiled-in group's kinds validated and defaulted by their generated schemas, through the
 * same code the custom resource store runs (registry/schema: prune, defaults, validate, and the
 * CEL rules of `x-kubernetes-validations`), so `+kubebuilder:validation:*` markers (XValidation
 * included), `+default=`, enums and listType=map key uniqueness hold whether the group is served
 * from a CRD or compiled in.
 *
 * The schemas come from the group's generated OpenAPI v3 documents: each kind's component with
 * its `$ref`s inlined; ObjectMeta becomes `{type: object}` as in a CRD's structural schema (the
 * strategy validates metadata itself).
 */
import { applyDefaults, hasDefaults } from "./schema/defaults.js";
import { pruneObject } from "./schema/prune.js";
import type { JSONSchemaProps } from "./schema/types.js";
import { schemaValidator } from "./schema/cel.js";
import { errorText } from "./validation/field.js";
import type { OpenAPIDocumentFile } from "../../generated/openapi/index.js";
import type { Scheme } from "../../runtime/scheme.js";
import type { StrategyHook } from "./builtin.js";
import type { Strategy } from "./strategy.js";

/**
 * A `kubegen generate` output's `openapi/index.ts` module (`import * as openapi from
 * "./generated/openapi/index.js"`): the documents a compiled-in group brings. Defined here, below
 * the endpoints that serve the documents, because the registry validates objects against them.
 */
export interface OpenAPIModule {
  readonly openapiV2: OpenAPIDocumentFile;
  readonly openapiV3: Readonly<Record<string, OpenAPIDocumentFile>>;
  readOpenAPIDocument(doc: OpenAPIDocumentFile): string;
}

type Schema = Record<string, unknown>;

const REF_PREFIX = "#/components/schemas/";
const OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";

/** `<group>/<version>/<Kind>` -> the kind's self-contained schema, from every group-version document of `openapi`. */
export function kindSchemas(openapi: OpenAPIModule): Map<string, JSONSchemaProps> {
  const out = new Map<string, JSONSchemaProps>();
  for (const [docPath, file] of Object.entries(openapi.openapiV3)) {
    // Group-version documents only (`apis/<group>/<version>`, `api/v1`); the others are discovery roots.
    if (!/^(apis\/[^/]+\/[^/]+|api\/v1)$/.test(docPath)) continue;
    const doc = JSON.parse(openapi.readOpenAPIDocument(file)) as { components?: { schemas?: Record<string, Schema> } };
    const components = doc.components?.schemas ?? {};
    for (const schema of Object.values(components)) {
      const gvks = schema["x-kubernetes-group-version-kind"] as { group: string; version: string; kind: string }[] | undefined;
      if (!gvks || gvks.length !== 1) continue;
      const [gvk] = gvks;
      if (!gvk || gvk.kind.endsWith("List")) continue;
      out.set(`${gvk.group}/${gvk.version}/${gvk.kind}`, inline(schema, components, new Set()));
    }
  }
  return out;
}

/** A copy of `schema` with every `$ref` (bare or as a one-element allOf) replaced by its target. */
function inline(schema: Schema, components: Record<string, Schema>, seen: Set<string>): Schema {
  const ref = refOf(schema);
  if (ref !== undefined) {
    const { $ref: _ref, allOf: _allOf, ...siblings } = schema;
    const base = target(ref, components, seen);
    const own = inlineFields(siblings, components, seen);
    const out = { ...base, ...own };
    // The field's CEL rules and its type's both hold (the field's first), as in the group's CRD.
    const [a, b] = [own["x-kubernetes-validations"], base["x-kubernetes-validations"]];
    if (Array.isArray(a) && Array.isArray(b)) out["x-kubernetes-validations"] = [...(a as unknown[]), ...(b as unknown[])];
    return out;
  }
  return inlineFields(schema, components, seen);
}

function refOf(schema: Schema): string | undefined {
  if (typeof schema.$ref === "string") return schema.$ref;
  const allOf = schema.allOf as Schema[] | undefined;
  if (allOf?.length === 1 && typeof allOf[0]?.$ref === "string") return allOf[0].$ref;
  return undefined;
}

function target(ref: string, components: Record<string, Schema>, seen: Set<string>): Schema {
  const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : ref;
  if (name === OBJECT_META) return { type: "object" };
  const found = components[name];
  // A recursive type (JSONSchemaProps) or a missing component: accept what is there, as a CRD would with preserve-unknown-fields.
  if (!found || seen.has(name)) return { "x-kubernetes-preserve-unknown-fields": true };
  const inner = new Set(seen).add(name);
  return inline(found, components, inner);
}

function inlineFields(schema: Schema, components: Record<string, Schema>, seen: Set<string>): Schema {
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "x-kubernetes-group-version-kind") continue;
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([k, v]) => [k, inline(v, components, seen)]),
      );
    } else if ((key === "items" || key === "additionalProperties") && value && typeof value === "object" && !Array.isArray(value)) {
      out[key] = inline(value as Schema, components, seen);
    } else {
      out[key] = value;
    }
  }
  return out;
}

/**
 * `base` with the schema's pruning and defaults after its own defaults, and the schema's
 * validation after its own, as a custom resource version's strategy applies them.
 */
export function withSchema(base: Strategy, schema: JSONSchemaProps, kind = "the kind"): Strategy {
  const defaults = hasDefaults(schema);
  // Compiled once per kind, here at start-up; a rule that does not compile is the group's bug, reported now.
  const validator = schemaValidator(schema);
  if (validator.compileErrors.length > 0)
    throw new Error(`x-kubernetes-validations of ${kind} do not compile: ${validator.compileErrors.map(errorText).join("; ")}`);
  const check = (obj: unknown, old: unknown): ReturnType<typeof validator.validate>["schema"] => {
    const { schema: schemaErrors, rules } = validator.validate(obj, old);
    return [...schemaErrors, ...rules];
  };
  return {
    ...base,
    defaults(obj) {
      pruneObject(obj, schema);
      if (defaults) applyDefaults(obj, schema);
      base.defaults?.(obj);
    },
    validate: (obj) => [...(base.validate?.(obj) ?? []), ...check(obj, undefined)],
    validateUpdate: (obj, old) => [...(base.validateUpdate?.(obj, old) ?? []), ...check(obj, old)],
    validateStatusUpdate: (obj, old) => [...(base.validateStatusUpdate?.(obj, old) ?? []), ...check(obj, old)],
  };
}

/** What compiledGroupStrategies reads of a compiled-in group (server/run.ts's CompiledAPIGroup). */
export interface CompiledGroupParts {
  scheme: Scheme;
  openapi?: OpenAPIModule;
  strategies?: Readonly<Record<string, StrategyHook>>;
}

/**
 * The strategy hooks of compiled-in groups, by `<group>/<version>/<plural>`: the kind's schema
 * (when the group came with its OpenAPI) on the default strategy, then the group's own hook.
 */
export function compiledGroupStrategies(groups: readonly CompiledGroupParts[]): Record<string, StrategyHook> {
  const out: Record<string, StrategyHook> = {};
  for (const g of groups) {
    const schemas = g.openapi ? kindSchemas(g.openapi) : new Map<string, JSONSchemaProps>();
    for (const gv of g.scheme.groupVersions()) {
      for (const info of g.scheme.resourcesFor(gv)) {
        const own = g.strategies?.[info.plural];
        const schema = schemas.get(`${gv.group}/${gv.version}/${info.kind}`);
        if (!own && !schema) continue;
        out[`${gv.group}/${gv.version}/${info.plural}`] = (base) => {
          const checked = schema ? withSchema(base, schema, `${info.kind}.${gv.group}/${gv.version}`) : base;
          return own ? own(checked) : checked;
        };
      }
    }
  }
  return out;
}
