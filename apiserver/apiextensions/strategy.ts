/**
 * The strategy of one custom resource version: metadata that must decode as ObjectMeta, pruning
 * and defaults from the structural schema, status kept out of main writes when the status
 * subresource is on, generation bumps as upstream (status changes count only without a status
 * subresource), validation against the schema with upstream's messages, and the scale
 * subresource's replicas paths checked.
 */
import { newBadRequest } from "../../runtime/rest/errors.js";
import { nameIsDNSSubdomain } from "../../runtime/validation/strings.js";
import type { KubeObject } from "../registry/rest.js";
import { deepEqual, keepStatus, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "../registry/strategy.js";
import { fieldErrors, FieldPath, type FieldError } from "../registry/validation/field.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "../registry/validation/object-meta.js";
import type { CRDVersion } from "../registry/resources/customresourcedefinitions/crd.js";
import { applyDefaults, hasDefaults } from "../registry/schema/defaults.js";
import { objectMetaTypeError } from "../registry/schema/objectmeta.js";
import { pruneObject } from "../registry/schema/prune.js";
import { schemaValidator } from "../registry/schema/cel.js";
import { readPath } from "../registry/scale.js";

function withoutMeta(obj: KubeObject, dropStatus: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (k === "metadata" || k === "apiVersion" || k === "kind" || (dropStatus && k === "status")) continue;
    out[k] = v;
  }
  return out;
}

/** Go's %v of a JSON value. */
function goValue(v: unknown): string {
  if (typeof v === "object" && v !== null)
    return Array.isArray(v)
      ? `[${v.map(goValue).join(" ")}]`
      : `map[${Object.entries(v)
          .map(([k, x]) => `${k}:${goValue(x)}`)
          .join(" ")}]`;
  return String(v);
}

/** Go's %T of a decoded JSON value. */
function goType(v: unknown): string {
  if (Array.isArray(v)) return "[]interface {}";
  if (v === null) return "<nil>";
  switch (typeof v) {
    case "string":
      return "string";
    case "number":
      return "float64";
    case "boolean":
      return "bool";
    default:
      return "map[string]interface {}";
  }
}

/** Upstream's scale replicas checks: an integer within int32 at the spec path, non-negative at the status path. */
function validateScale(obj: KubeObject, version: CRDVersion): FieldError[] {
  const scale = version.scale;
  if (!scale) return [];
  const errs: FieldError[] = [];
  const check = (path: string): void => {
    const v = readPath(obj, path);
    if (v === undefined) return;
    const fp = FieldPath.of(path.replace(/^\./, ""));
    if (typeof v !== "number" || !Number.isInteger(v))
      errs.push(fieldErrors.invalid(fp, 0, `${path} accessor error: ${goValue(v)} is of the type ${goType(v)}, expected int64`));
    else if (v < 0) errs.push(fieldErrors.invalid(fp, v, "should be a non-negative integer"));
    else if (v > 2147483647) errs.push(fieldErrors.invalid(fp, v, "should be less than or equal to 2147483647"));
  };
  check(scale.specReplicasPath);
  if (version.status) check(scale.statusReplicasPath);
  return errs;
}

export interface CustomResourceStrategies {
  strategy: Strategy;
  status?: UpdateStrategy;
}

export function customResourceStrategy(version: CRDVersion, namespaced: boolean, kind: string): CustomResourceStrategies {
  const schema = version.schema;
  const defaults = hasDefaults(schema);
  // CEL rules are compiled once per version; the CRD was refused at write time if any failed to compile.
  const validator = schemaValidator(schema);
  const validateWith = (obj: KubeObject, old: KubeObject | undefined): FieldError[] => {
    const { schema: schemaErrors, rules } = validator.validate(obj, old);
    return [...validateObjectMeta(obj.metadata, namespaced, nameIsDNSSubdomain), ...schemaErrors, ...validateScale(obj, version), ...rules];
  };
  const validate = (obj: KubeObject): FieldError[] => validateWith(obj, undefined);
  const selectable = version.selectableFields.map((p) => p.replace(/^\./, ""));
  const strategy: Strategy = {
    // Custom resources convert field labels as upstream's CR converter: metadata's two and the version's selectableFields.
    fieldLabels: ["metadata.name", "metadata.namespace", ...selectable],
    selectableFields(obj) {
      const out: Record<string, string> = {};
      for (const label of selectable) {
        const v = readPath(obj, label);
        out[label] = typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : "";
      }
      return out;
    },
    trackGeneration: true,
    allowCreateOnUpdate: false,
    allowUnconditionalUpdate: false,
    defaults(obj) {
      // Metadata that would not decode as ObjectMeta is refused before anything reads it, as upstream's decoder does.
      const metaError = objectMetaTypeError(obj.metadata);
      if (metaError) throw newBadRequest(`${kind} in version ${JSON.stringify(version.name)} cannot be handled as a ${kind}: ${metaError}`);
      pruneObject(obj, schema);
      if (defaults) applyDefaults(obj, schema);
    },
    prepareForCreate(obj) {
      if (version.status) delete obj.status;
    },
    prepareForUpdate(obj, old) {
      if (version.status) keepStatus(obj, old);
      else if (!deepEqual(withoutMeta(obj, false), withoutMeta(old, false))) {
        // Without a status subresource any change outside metadata is a new generation.
        obj.metadata = { ...obj.metadata, generation: (old.metadata?.generation ?? 0) + 1 };
      }
    },
    validate,
    validateUpdate: (obj, old) => validateWith(obj, old),
  };
  if (!version.status) return { strategy };
  return {
    strategy,
    status: statusUpdateStrategy((obj, old) => {
      const { schema: schemaErrors, rules } = validator.validate(obj, old);
      return [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...schemaErrors, ...validateScale(obj, version), ...rules];
    }),
  };
}
