/**
 * Whether a CRD version's openAPIV3Schema is structural, with upstream's field errors: every
 * specified field and array item has a type (or is int-or-string / preserves unknown fields),
 * the root is an object, logic junctors (allOf/anyOf/oneOf/not) only restrict values and never
 * add structure, metadata names at most name and generateName.
 */
import { fieldErrors, type FieldError, type FieldPath } from "../validation/field.js";
import { compileGoPattern } from "./pattern.js";
import { isObject, type JSONSchemaProps } from "./types.js";

type Level = "root" | "item" | "field";

const TYPES = new Set(["array", "boolean", "integer", "number", "object", "string"]);

/** Problems with a schema as a whole: structural invariants plus the basic API rules upstream checks first. */
export function validateStructural(schema: JSONSchemaProps, path: FieldPath): FieldError[] {
  return [...validateProps(schema, path), ...invariants(schema, "root", path)];
}

/** The API rules of each node: known types, properties vs additionalProperties, single items schema. */
function validateProps(s: JSONSchemaProps, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (s.type !== undefined && s.type !== "" && !TYPES.has(s.type)) {
    errs.push(fieldErrors.notSupported(path.child("type"), s.type, [...TYPES].sort()));
  }
  if (s.properties && s.additionalProperties !== undefined && s.additionalProperties !== false) {
    errs.push(fieldErrors.forbidden(path.child("additionalProperties"), "additionalProperties and properties are mutual exclusive"));
  }
  if (Array.isArray(s.items)) errs.push(fieldErrors.forbidden(path.child("items"), "items must be a schema object and not an array"));
  else if (s.items) errs.push(...validateProps(s.items, path.child("items")));
  for (const [k, v] of Object.entries(s.properties ?? {})) errs.push(...validateProps(v, path.child("properties").key(k)));
  if (isObject(s.additionalProperties)) errs.push(...validateProps(s.additionalProperties, path.child("additionalProperties")));
  const re = s.pattern === undefined ? undefined : compileGoPattern(s.pattern);
  if (typeof re === "string")
    errs.push(fieldErrors.invalid(path.child("pattern"), s.pattern, `must be a valid regular expression, but isn't: ${re}`));
  if (s["x-kubernetes-list-type"] !== undefined && s.type !== "array") {
    if (!s.type) errs.push(fieldErrors.required(path.child("type"), "must be array if x-kubernetes-list-type is specified"));
    else errs.push(fieldErrors.invalid(path.child("type"), s.type, "must be array if x-kubernetes-list-type is specified"));
  }
  if (s["x-kubernetes-map-type"] !== undefined && s.type !== "object") {
    if (!s.type) errs.push(fieldErrors.required(path.child("type"), "must be object if x-kubernetes-map-type is specified"));
    else errs.push(fieldErrors.invalid(path.child("type"), s.type, "must be object if x-kubernetes-map-type is specified"));
  }
  return errs;
}

function invariants(s: JSONSchemaProps, lvl: Level, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const items = Array.isArray(s.items) ? undefined : s.items;
  if (s.type === "array" && !items) errs.push(fieldErrors.required(path.child("items"), "must be specified"));
  if (items) errs.push(...invariants(items, "item", path.child("items")));
  for (const k of Object.keys(s.properties ?? {}).sort())
    errs.push(...invariants(s.properties![k]!, "field", path.child("properties").key(k)));
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) {
    if (lvl === "root") errs.push(fieldErrors.forbidden(path.child("additionalProperties"), "must not be used at the root"));
    if (isObject(s.additionalProperties)) errs.push(...invariants(s.additionalProperties, "field", path.child("additionalProperties")));
  }
  const intOrString = s["x-kubernetes-int-or-string"] === true;
  const preserve = s["x-kubernetes-preserve-unknown-fields"] === true;
  const embedded = s["x-kubernetes-embedded-resource"] === true;
  if (intOrString && preserve) {
    errs.push(
      fieldErrors.invalid(path.child("x-kubernetes-preserve-unknown-fields"), true, "must be false if x-kubernetes-int-or-string is true"),
    );
  }
  if (intOrString && embedded) {
    errs.push(
      fieldErrors.invalid(path.child("x-kubernetes-embedded-resource"), true, "must be false if x-kubernetes-int-or-string is true"),
    );
  }
  // Junctors restrict values only; the int-or-string anyOf pattern is the one exception upstream allows.
  const skipAnyOf = intOrString && isIntOrStringAnyOf(s.anyOf);
  const skipFirstAllOfAnyOf = intOrString && isIntOrStringAnyOf(s.allOf?.[0]?.anyOf);
  if (!skipAnyOf) (s.anyOf ?? []).forEach((j, i) => errs.push(...nested(j, path.child("anyOf").index(i))));
  (s.allOf ?? []).forEach((j, i) => {
    if (i === 0 && skipFirstAllOfAnyOf) {
      const { anyOf: _a, ...rest } = j;
      errs.push(...nested(rest, path.child("allOf").index(i)));
    } else {
      errs.push(...nested(j, path.child("allOf").index(i)));
    }
  });
  (s.oneOf ?? []).forEach((j, i) => errs.push(...nested(j, path.child("oneOf").index(i))));
  if (s.not) errs.push(...nested(s.not, path.child("not")));

  if (embedded && s.type !== "object") {
    if (!s.type) errs.push(fieldErrors.required(path.child("type"), "must be object if x-kubernetes-embedded-resource is true"));
    else errs.push(fieldErrors.invalid(path.child("type"), s.type, "must be object if x-kubernetes-embedded-resource is true"));
  } else if (!s.type && !intOrString && !preserve) {
    const detail =
      lvl === "root"
        ? "must not be empty at the root"
        : lvl === "item"
          ? "must not be empty for specified array items"
          : "must not be empty for specified object fields";
    errs.push(fieldErrors.required(path.child("type"), detail));
  }
  if (embedded && s.additionalProperties !== undefined && s.additionalProperties !== false) {
    errs.push(fieldErrors.forbidden(path.child("additionalProperties"), "must not be used if x-kubernetes-embedded-resource is set"));
  }
  if (lvl === "root" && s.type && s.type !== "object")
    errs.push(fieldErrors.invalid(path.child("type"), s.type, "must be object at the root"));
  const checkMetadata = lvl === "root" || embedded;
  const props = s.properties ?? {};
  if (checkMetadata && props.kind && props.kind.type !== "string") {
    errs.push(fieldErrors.invalid(path.child("properties").key("kind").child("type"), props.kind.type ?? "", "must be string"));
  }
  if (checkMetadata && props.apiVersion && props.apiVersion.type !== "string") {
    errs.push(fieldErrors.invalid(path.child("properties").key("apiVersion").child("type"), props.apiVersion.type ?? "", "must be string"));
  }
  if (props.metadata) errs.push(...metadataInvariants(props.metadata, checkMetadata, lvl, path.child("properties").key("metadata")));
  if (embedded && !preserve && Object.keys(props).length === 0) {
    errs.push(
      fieldErrors.required(
        path.child("properties"),
        "must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields",
      ),
    );
  }
  return errs;
}

function isIntOrStringAnyOf(anyOf: JSONSchemaProps[] | undefined): boolean {
  return anyOf?.length === 2 && anyOf[0]?.type === "integer" && anyOf[1]?.type === "string";
}

function metadataInvariants(m: JSONSchemaProps, checkMetadata: boolean, lvl: Level, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (checkMetadata && m.type !== "object") errs.push(fieldErrors.invalid(path.child("type"), m.type ?? "", "must be object"));
  if (lvl === "root") {
    const keys = Object.keys(m.properties ?? {});
    const onlyNames = keys.every((k) => k === "name" || k === "generateName");
    const other = Object.keys(m).filter((k) => k !== "type" && k !== "properties" && k !== "default");
    if (!onlyNames || other.length > 0) {
      errs.push(
        fieldErrors.forbidden(path, "must not specify anything other than name and generateName, but metadata is implicitly specified"),
      );
    }
  }
  return errs;
}

/** A schema under a logic junctor: value validations only, as upstream's validateNestedValueValidation. */
function nested(s: JSONSchemaProps, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (s.type) errs.push(fieldErrors.forbidden(path.child("type"), "must be empty to be structural"));
  if (s.additionalProperties !== undefined)
    errs.push(fieldErrors.forbidden(path.child("additionalProperties"), "must be undefined to be structural"));
  if (s.default !== undefined) errs.push(fieldErrors.forbidden(path.child("default"), "must be undefined to be structural"));
  if (s.title) errs.push(fieldErrors.forbidden(path.child("title"), "must be empty to be structural"));
  if (s.description) errs.push(fieldErrors.forbidden(path.child("description"), "must be empty to be structural"));
  if (s.nullable) errs.push(fieldErrors.forbidden(path.child("nullable"), "must be false to be structural"));
  if (s["x-kubernetes-preserve-unknown-fields"])
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-preserve-unknown-fields"), "must be false to be structural"));
  if (s["x-kubernetes-embedded-resource"])
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-embedded-resource"), "must be false to be structural"));
  if (s["x-kubernetes-int-or-string"])
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-int-or-string"), "must be false to be structural"));
  if (s["x-kubernetes-list-map-keys"]?.length)
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-list-map-keys"), "must be empty to be structural"));
  if (s["x-kubernetes-list-type"])
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-list-type"), "must be undefined to be structural"));
  if (s["x-kubernetes-map-type"])
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-map-type"), "must be undefined to be structural"));
  if (s["x-kubernetes-validations"]?.length)
    errs.push(fieldErrors.forbidden(path.child("x-kubernetes-validations"), "must be empty to be structural"));
  if (s.properties?.metadata)
    errs.push(fieldErrors.forbidden(path.child("properties").key("metadata"), "must not be specified in a nested context"));
  const items = Array.isArray(s.items) ? undefined : s.items;
  if (items) errs.push(...nested(items, path.child("items")));
  for (const k of Object.keys(s.properties ?? {}).sort()) errs.push(...nested(s.properties![k]!, path.child("properties").key(k)));
  for (const key of ["allOf", "anyOf", "oneOf"] as const)
    (s[key] ?? []).forEach((j, i) => errs.push(...nested(j, path.child(key).index(i))));
  if (s.not) errs.push(...nested(s.not, path.child("not")));
  return errs;
}
