/**
 * Every comment tag the generator understands: where it may stand and what value it takes.
 * Anything not listed is an error, so a misspelt tag never passes silently.
 */

import {
  isQuoted,
  isUnterminated,
  markerArgs,
  markerArgsRaw,
  markerList,
  markerScalar,
  markerStruct,
  type MarkerArgType,
} from "./marker-values.js";
import { re2Problem } from "./re2.js";
import { CLIENT_VERBS } from "../model/client-verbs.js";

export type TagScope = "package" | "type" | "field";

export interface TagDef {
  name: string;
  scopes: readonly TagScope[];
  /** none: `+name`; required: `+name=value`; optional: either. */
  value: "none" | "required" | "optional";
  repeatable?: boolean;
  /**
   * Marker tags take `name:args` (kubebuilder style) rather than `name=value`, e.g.
   * `+kubebuilder:resource:path=namespaces,shortName=ns`.
   */
  marker?: boolean;
  /** Returns a message when the value is malformed. */
  check?: (value: string) => string | undefined;
}

const oneOf =
  (...allowed: string[]) =>
  (v: string): string | undefined =>
    allowed.includes(v) ? undefined : `must be one of ${allowed.join(", ")}, not "${v}"`;

const version = (v: string): string | undefined =>
  /^\d+\.\d+$/.test(v) ? undefined : `must be a release as major.minor (e.g. 1.19), not "${v}"`;

const numeric = (v: string): string | undefined =>
  v.trim() !== "" && Number.isFinite(Number(v)) ? undefined : `must be a number, not "${v}"`;

const json = (v: string): string | undefined => {
  try {
    JSON.parse(v);
    return undefined;
  } catch {
    return `must be a JSON value (strings in double quotes), not ${v}`;
  }
};

const protobufField = (v: string): string | undefined => {
  const [num, ...rest] = v.split(",");
  if (!num || !/^[1-9]\d*$/.test(num)) return `must start with a positive field number, not "${v}"`;
  if (Number(num) > 536870911) return `field number ${num} is above protobuf's maximum 536870911`;
  for (const part of rest) {
    if (!/^name=[A-Za-z_][A-Za-z0-9_]*$/.test(part)) {
      return `takes only name=<identifier> after the number, not "${part}"`;
    }
  }
  return undefined;
};

/** `Base,3` or `Base,3,name=base`: the protobuf field of an embedded struct. */
const protobufEmbed = (v: string): string | undefined => {
  const [type, ...rest] = v.split(",");
  if (!type || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(type)) return `must start with the embedded type's name, not "${v}"`;
  return protobufField(rest.join(","));
};

const verbList = (v: string): string | undefined => {
  const verbs = v.split(",").map((s) => s.trim());
  const bad = verbs.filter((s) => !CLIENT_VERBS.includes(s));
  return bad.length ? `names unknown verbs ${bad.join(", ")} (known: ${CLIENT_VERBS.join(", ")})` : undefined;
};

const validation = (name: string, check?: (v: string) => string | undefined): TagDef => ({
  name: `kubebuilder:validation:${name}`,
  scopes: ["field", "type"],
  value: check ? "required" : "none",
  ...(check ? { check } : {}),
});

const count = (v: string): string | undefined => (/^\d+$/.test(v) ? undefined : `must be a non-negative integer, not "${v}"`);

const regex = (v: string): string | undefined => {
  if (markerScalar(v) === undefined) return `is not a valid quoted string: ${v}`;
  const problem = re2Problem(patternText(v));
  return problem === undefined ? undefined : `is not a valid Go (RE2) regular expression: ${problem}`;
};

const enumList = (v: string): string | undefined => {
  const items = markerList(v);
  if (items.some((x) => x === undefined)) return `has a malformed quoted value: ${v}`;
  return items.some((x) => x === "") ? `must be values separated by ";" with none empty, not "${v}"` : undefined;
};

/** The formats apiextensions accepts in a structural schema (upstream's supported formats). */
export const SCHEMA_FORMATS: readonly string[] = [
  "bsonobjectid",
  "uri",
  "email",
  "hostname",
  "ipv4",
  "ipv6",
  "cidr",
  "mac",
  "uuid",
  "uuid3",
  "uuid4",
  "uuid5",
  "isbn",
  "isbn10",
  "isbn13",
  "creditcard",
  "ssn",
  "hexcolor",
  "rgbcolor",
  "byte",
  "password",
  "date",
  "duration",
  "datetime",
  "date-time",
  "int32",
  "int64",
  "float",
  "double",
  "int-or-string",
];

const schemaFormat = (v: string): string | undefined =>
  SCHEMA_FORMATS.includes(v) ? undefined : `is not a format apiextensions knows (${SCHEMA_FORMATS.join(", ")}), not "${v}"`;

/**
 * controller-gen's default syntax: a JSON value, or a bare word taken as a string
 * (`+kubebuilder:default=Always`).
 */
export function markerDefault(v: string): unknown {
  if (isQuoted(v) && !v.trim().startsWith('"')) return markerScalar(v);
  try {
    return JSON.parse(v);
  } catch {
    if (isQuoted(v)) return markerScalar(v);
    return /^[A-Za-z0-9_.\-/:]+$/.test(v) ? v : undefined;
  }
}

const defaultValue = (v: string): string | undefined =>
  markerDefault(v) === undefined ? `must be a JSON value or a bare word, not ${v}` : undefined;

/** A marker's quoted argument values must be well-formed literals, as controller-gen's scanner requires. */
const quotedArgs = (v: string): string | undefined => {
  for (const [key, raw] of markerArgsRaw(v)) {
    if (isUnterminated(raw)) return `${key}: unable to parse string: literal not terminated: ${raw.trim()}`;
    if (markerList(raw).some((item) => item === undefined)) return `${key}: unable to parse string: invalid syntax: ${raw.trim()}`;
  }
  return undefined;
};

const scaleArgs = (v: string): string | undefined => {
  const args = parseMarkerArgs(v);
  for (const key of args.keys()) {
    if (!["specpath", "statuspath", "selectorpath"].includes(key)) return `unknown argument "${key}" (specpath, statuspath, selectorpath)`;
  }
  for (const key of ["specpath", "statuspath"]) {
    if (!args.get(key)) return `needs ${key}=`;
  }
  for (const [key, path] of args) {
    if (!/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(path)) return `${key} must be a JSON path like .spec.replicas, not "${path}"`;
  }
  return undefined;
};

/** The arguments of `+kubebuilder:validation:XValidation:` (controller-gen's XValidation marker). */
export const XVALIDATION_ARGS: Readonly<Record<string, { type: MarkerArgType; required?: boolean }>> = {
  rule: { type: "string", required: true },
  message: { type: "string" },
  messageExpression: { type: "string" },
  reason: { type: "string" },
  fieldPath: { type: "string" },
  optionalOldSelf: { type: "bool" },
};

/** The reasons a rule may name (apiextensions' FieldValueErrorReason). */
export const XVALIDATION_REASONS: readonly string[] = [
  "FieldValueRequired",
  "FieldValueInvalid",
  "FieldValueForbidden",
  "FieldValueDuplicate",
];

const xValidation = (v: string): string | undefined => {
  const parsed = markerStruct(v, XVALIDATION_ARGS);
  if ("problem" in parsed) return parsed.problem;
  const reason = parsed.values.get("reason");
  // controller-gen's own check and words.
  if (typeof reason === "string" && reason !== "" && !XVALIDATION_REASONS.includes(reason))
    return `invalid reason ${reason}, valid values are FieldValueRequired, FieldValueInvalid, FieldValueForbidden and FieldValueDuplicate`;
  if (parsed.values.get("rule") === "") return "rule must not be empty";
  return undefined;
};

const lifecycle = (name: string, check: (v: string) => string | undefined): TagDef => ({
  name: `k8s:prerelease-lifecycle-gen:${name}`,
  scopes: ["type"],
  value: "required",
  check,
});

const TAGS: TagDef[] = [
  // package
  { name: "groupName", scopes: ["package"], value: "optional" },
  { name: "kubegen:go-package", scopes: ["package"], value: "required" },
  { name: "kubegen:protobuf-package", scopes: ["package"], value: "required" },
  { name: "kubegen:openapi-package", scopes: ["package"], value: "required" },
  { name: "k8s:protobuf-gen", scopes: ["package"], value: "required", check: oneOf("package") },
  { name: "kubegen:crd", scopes: ["package"], value: "required", check: oneOf("true", "false") },
  { name: "k8s:prerelease-lifecycle-gen", scopes: ["package"], value: "required", check: oneOf("true", "false") },
  { name: "k8s:deepcopy-gen", scopes: ["package", "type"], value: "required", check: oneOf("package", "true", "false") },
  { name: "k8s:openapi-gen", scopes: ["package", "type"], value: "required", check: oneOf("true", "false") },
  // types
  { name: "genclient", scopes: ["type"], value: "none" },
  { name: "genclient:nonNamespaced", scopes: ["type"], value: "none" },
  { name: "genclient:noStatus", scopes: ["type"], value: "none" },
  { name: "genclient:skipVerbs", scopes: ["type"], value: "required", check: verbList },
  { name: "genclient:onlyVerbs", scopes: ["type"], value: "required", check: verbList },
  { name: "genclient:method", scopes: ["type"], value: "required", repeatable: true },
  {
    name: "k8s:deepcopy-gen:interfaces",
    scopes: ["type"],
    value: "required",
    check: oneOf("k8s.io/apimachinery/pkg/runtime.Object"),
  },
  lifecycle("introduced", version),
  lifecycle("deprecated", version),
  lifecycle("removed", version),
  lifecycle("replacement", (v) => (v.split(",").length === 3 ? undefined : `must be group,version,Kind, not "${v}"`)),
  { name: "kubebuilder:resource", scopes: ["type"], value: "required", marker: true, check: quotedArgs },
  { name: "kubebuilder:subresource:status", scopes: ["type"], value: "none" },
  { name: "kubebuilder:subresource:scale", scopes: ["type"], value: "required", marker: true, check: scaleArgs },
  { name: "kubebuilder:storageversion", scopes: ["type"], value: "none" },
  { name: "kubebuilder:printcolumn", scopes: ["type"], value: "required", marker: true, repeatable: true, check: quotedArgs },
  { name: "enum", scopes: ["type"], value: "none" },
  { name: "kubegen:protobuf-embed", scopes: ["type"], value: "required", repeatable: true, check: protobufEmbed },
  { name: "kubegen:scalar", scopes: ["type"], value: "required", check: oneOf("int32", "int64", "float64", "bytes") },
  { name: "kubegen:special", scopes: ["type"], value: "required" },

  // types and fields
  { name: "protobuf", scopes: ["type", "field"], value: "required" },
  { name: "structType", scopes: ["type", "field"], value: "required", check: oneOf("atomic", "granular") },
  // fields
  { name: "kubegen:pointer", scopes: ["field"], value: "none" },
  { name: "optional", scopes: ["field"], value: "none" },
  { name: "required", scopes: ["field"], value: "none" },
  { name: "default", scopes: ["field"], value: "required", check: json },
  { name: "kubebuilder:default", scopes: ["field"], value: "required", check: defaultValue },
  { name: "listType", scopes: ["field"], value: "required", check: oneOf("atomic", "set", "map") },
  { name: "listMapKey", scopes: ["field"], value: "required", repeatable: true },
  { name: "mapType", scopes: ["field"], value: "required", check: oneOf("atomic", "granular") },
  {
    name: "patchStrategy",
    scopes: ["field"],
    value: "required",
    check: oneOf("merge", "replace", "retainKeys", "merge,retainKeys"),
  },
  { name: "patchMergeKey", scopes: ["field"], value: "required" },
  validation("Minimum", numeric),
  validation("Maximum", numeric),
  validation("ExclusiveMinimum", oneOf("true", "false")),
  validation("ExclusiveMaximum", oneOf("true", "false")),
  validation("MinLength", count),
  validation("MaxLength", count),
  validation("Pattern", regex),
  validation("MinItems", count),
  validation("MaxItems", count),
  validation("UniqueItems", oneOf("true", "false")),
  validation("MinProperties", count),
  validation("MaxProperties", count),
  validation("Enum", enumList),
  validation("Format", schemaFormat),
  validation("XPreserveUnknownFields"),
  validation("XEmbeddedResource"),
  validation("XIntOrString"),
  {
    name: "kubebuilder:validation:XValidation",
    scopes: ["field", "type"],
    value: "required",
    marker: true,
    repeatable: true,
    check: xValidation,
  },
  {
    // controller-gen's items: form: the rule applies to each element of a list field (`items.x-kubernetes-validations`).
    name: "kubebuilder:validation:items:XValidation",
    scopes: ["field"],
    value: "required",
    marker: true,
    repeatable: true,
    check: xValidation,
  },
  { name: "kubebuilder:validation:Required", scopes: ["field"], value: "none" },
  { name: "kubebuilder:validation:Optional", scopes: ["field"], value: "none" },
];

const byName = new Map(TAGS.map((t) => [t.name, t]));
const markers = TAGS.filter((t) => t.marker);

/** The protobuf tag means different things on types (`false`) and fields (a number). */
export function checkProtobufTag(scope: TagScope, value: string): string | undefined {
  return scope === "type" ? oneOf("false")(value) : protobufField(value);
}

/** Splits a tag's text (after `+`) into its registered name and value. */
export function splitTag(text: string): { name: string; value: string | undefined } {
  for (const m of markers) {
    if (text.startsWith(`${m.name}:`)) return { name: m.name, value: text.slice(m.name.length + 1) };
  }
  const eq = text.indexOf("=");
  if (eq < 0) return { name: text.trim(), value: undefined };
  return { name: text.slice(0, eq).trim(), value: text.slice(eq + 1) };
}

export function lookupTag(name: string): TagDef | undefined {
  return byName.get(name);
}

/** Parses `a=b,c=d;e` style marker arguments, values unquoted as controller-gen does. */
export function parseMarkerArgs(value: string): Map<string, string> {
  return markerArgs(value);
}

/** A Pattern marker's regular expression, without the backticks or quotes around it. */
export function patternText(v: string): string {
  return markerScalar(v) ?? v;
}
