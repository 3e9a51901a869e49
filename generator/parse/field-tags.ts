/**
 * Reads a field's checked tags into its model facts (protobuf number, list/map semantics,
 * defaults, validation).
 */
import type { Field, ListType, SourcePos, Tag, TypeRef, Validation, XValidationRule } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";
import { findTag, hasTag, tagValue, tagValues } from "./tag-checks.js";
import { markerList, markerStruct } from "./marker-values.js";
import { markerDefault, patternText, XVALIDATION_ARGS } from "./tag-registry.js";

const NUMERIC_VALIDATIONS = {
  Minimum: "minimum",
  Maximum: "maximum",
  MinLength: "minLength",
  MaxLength: "maxLength",
  MinItems: "minItems",
  MaxItems: "maxItems",
  MinProperties: "minProperties",
  MaxProperties: "maxProperties",
} as const;

export function readValidation(tags: Tag[]): Validation {
  const v: Validation = {};
  for (const [tag, key] of Object.entries(NUMERIC_VALIDATIONS)) {
    const value = tagValue(tags, `kubebuilder:validation:${tag}`);
    if (value !== undefined) v[key] = Number(value);
  }
  const exMin = tagValue(tags, "kubebuilder:validation:ExclusiveMinimum");
  if (exMin !== undefined) v.exclusiveMinimum = exMin === "true";
  const exMax = tagValue(tags, "kubebuilder:validation:ExclusiveMaximum");
  if (exMax !== undefined) v.exclusiveMaximum = exMax === "true";
  const pattern = tagValue(tags, "kubebuilder:validation:Pattern");
  if (pattern !== undefined) v.pattern = patternText(pattern);
  const unique = tagValue(tags, "kubebuilder:validation:UniqueItems");
  if (unique !== undefined) v.uniqueItems = unique === "true";
  if (hasTag(tags, "kubebuilder:validation:XPreserveUnknownFields")) v.preserveUnknownFields = true;
  if (hasTag(tags, "kubebuilder:validation:XEmbeddedResource")) v.embeddedResource = true;
  if (hasTag(tags, "kubebuilder:validation:XIntOrString")) v.intOrString = true;
  const enumValues = tagValue(tags, "kubebuilder:validation:Enum");
  if (enumValues !== undefined) v.enum = markerList(enumValues).map((s) => s ?? "");
  const format = tagValue(tags, "kubebuilder:validation:Format");
  if (format !== undefined) v.format = format;
  const rules = tagValues(tags, "kubebuilder:validation:XValidation").map(xValidationRule);
  if (rules.length) v.xValidations = rules;
  const itemRules = tagValues(tags, "kubebuilder:validation:items:XValidation").map(xValidationRule);
  if (itemRules.length) v.itemsXValidations = itemRules;
  return v;
}

/** One XValidation marker (already checked) as its rule; empty optional strings are left out, as controller-gen's omitempty does. */
function xValidationRule(value: string): XValidationRule {
  const parsed = markerStruct(value, XVALIDATION_ARGS);
  const values = "values" in parsed ? parsed.values : new Map<string, string | boolean>();
  const text = (key: string): string | undefined => {
    const x = values.get(key);
    return typeof x === "string" && x !== "" ? x : undefined;
  };
  const rule: XValidationRule = { rule: text("rule") ?? "" };
  for (const key of ["message", "messageExpression", "reason", "fieldPath"] as const) {
    const x = text(key);
    if (x !== undefined) rule[key] = x;
  }
  const old = values.get("optionalOldSelf");
  if (typeof old === "boolean") rule.optionalOldSelf = old;
  return rule;
}

/**
 * Names every JavaScript object has through Object.prototype: a field named so would read the
 * inherited member whenever it is unset (`obj.constructor`), and `__proto__` cannot be set as
 * a plain property at all.
 */
export const PROTOTYPE_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** JSON names generated code can use as they are: upstream's names (`$ref`, `x-kubernetes-map-type`) fit. */
const JSON_NAME = /^[A-Za-z_$][A-Za-z0-9_$.-]*$/;

export function checkFieldName(owner: string, name: string, pos: SourcePos, diag: Diagnostics): boolean {
  if (PROTOTYPE_NAMES.has(name)) {
    diag.error(
      pos,
      `${owner}.${name}: a field may not be named "${name}": every JavaScript object inherits it from Object.prototype, so an unset field would read the inherited member`,
    );
    return false;
  }
  if (!JSON_NAME.test(name)) {
    diag.error(
      pos,
      `${owner}: field name ${JSON.stringify(name)} must start with a letter, "_" or "$" and hold only letters, digits, "_", "$", "." and "-"`,
    );
    return false;
  }
  return true;
}

export function readFieldTags(
  owner: string,
  name: string,
  optional: boolean,
  doc: string,
  type: TypeRef,
  tags: Tag[],
  pos: SourcePos,
  diag: Diagnostics,
): Field {
  const where = `${owner}.${name}`;
  const reqTag = findTag(tags, "required");
  if (reqTag && optional) diag.error(reqTag.pos, `${where} is tagged +required but is declared with "?"`);
  // controller-gen's spelling: Required makes a `?` field required in schemas (it may still be
  // left out of JSON); Optional is +optional.
  const kbRequired = findTag(tags, "kubebuilder:validation:Required");
  const kbOptional = findTag(tags, "kubebuilder:validation:Optional");
  if (kbRequired && (kbOptional || hasTag(tags, "optional"))) {
    diag.error(kbRequired.pos, `${where} is tagged both required and optional`);
  }

  const field: Field = {
    name,
    doc,
    type,
    omitEmpty: optional,
    optional: kbRequired ? false : optional || hasTag(tags, "optional") || kbOptional !== undefined,
    pointer: hasTag(tags, "kubegen:pointer"),
    listMapKeys: tagValues(tags, "listMapKey"),
    validation: readValidation(tags),
    pos,
  };
  const pb = tagValue(tags, "protobuf");
  if (pb !== undefined) {
    const [num, ...rest] = pb.split(",");
    const nameOpt = rest.find((r) => r.startsWith("name="));
    field.protobuf = { number: Number(num), name: nameOpt ? nameOpt.slice(5) : name };
  }
  const listType = tagValue(tags, "listType") as ListType | undefined;
  if (listType) field.listType = listType;
  const mapType = tagValue(tags, "mapType");
  if (mapType) field.mapType = mapType as Field["mapType"];
  const structType = tagValue(tags, "structType");
  if (structType) field.structType = structType as Field["structType"];
  const ps = tagValue(tags, "patchStrategy");
  if (ps) field.patchStrategy = ps;
  const pmk = tagValue(tags, "patchMergeKey");
  if (pmk) field.patchMergeKey = pmk;
  // Upstream sometimes carries both (openapi-gen's and controller-gen's spelling); +default wins.
  const def = tagValue(tags, "default");
  const kbDef = tagValue(tags, "kubebuilder:default");
  if (def !== undefined) field.default = JSON.parse(def);
  else if (kbDef !== undefined) field.default = markerDefault(kbDef);

  const pointerTag = findTag(tags, "kubegen:pointer");
  if (pointerTag && (type.kind === "array" || type.kind === "map")) {
    diag.error(pointerTag.pos, `${where}: +kubegen:pointer is for scalars and structs; lists and maps are nil-able already`);
  }
  // Upstream tags one struct field (Status.details) +listType=atomic; only atomic is allowed there.
  for (const t of ["listType", "listMapKey", "patchMergeKey"] as const) {
    const tag = findTag(tags, t);
    const atomicStruct = t === "listType" && tag?.value === "atomic" && type.kind === "named";
    if (tag && type.kind !== "array" && !atomicStruct) diag.error(tag.pos, `${where}: +${t} applies only to lists`);
  }
  const mt = findTag(tags, "mapType");
  if (mt && type.kind !== "map") diag.error(mt.pos, `${where}: +mapType applies only to maps`);
  const lmk = findTag(tags, "listMapKey");
  if (lmk && listType !== "map") diag.error(lmk.pos, `${where}: +listMapKey needs +listType=map`);
  if (listType === "map" && field.listMapKeys.length === 0) {
    diag.error(findTag(tags, "listType")!.pos, `${where}: +listType=map needs at least one +listMapKey`);
  }
  return field;
}
