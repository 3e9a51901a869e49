/**
 * Validation of apiextensions.k8s.io/v1 CustomResourceDefinitions: the name, group, scope,
 * names and versions rules with upstream's messages, structural schemas and their defaults,
 * scale subresource paths and printer columns.
 */
import type { KubeObject } from "../../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { isDNS1035Label, isDNS1123Subdomain, nameIsDNSSubdomain, type NameValidator } from "../../../../runtime/validation/strings.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { validateDefaults } from "../../schema/default-validation.js";
import { validateStructural } from "../../schema/structural.js";
import { compileSchemaRules } from "../../schema/cel.js";
import { validatePrinterColumnPaths } from "./printer-columns.js";

type Obj = Record<string, unknown>;

function record(v: unknown): Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {};
}

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

const APPROVAL_ANNOTATION = "api-approved.kubernetes.io";

function isProtectedGroup(group: string): boolean {
  return group === "k8s.io" || group.endsWith(".k8s.io") || group === "kubernetes.io" || group.endsWith(".kubernetes.io");
}

/** upstream's API approval state of a CRD's annotations. */
function approvalState(annotations: Record<string, string> | undefined): {
  state: "missing" | "bypassed" | "approved" | "invalid";
  reason: string;
} {
  const value = annotations?.[APPROVAL_ANNOTATION] ?? "";
  if (value === "") {
    return {
      state: "missing",
      reason: `protected groups must have approval annotation "${APPROVAL_ANNOTATION}", see https://github.com/kubernetes/enhancements/pull/1111`,
    };
  }
  if (value.startsWith("unapproved")) return { state: "bypassed", reason: `not approved: ${JSON.stringify(value)}` };
  try {
    const url = new URL(value);
    if (url.host && url.protocol) return { state: "approved", reason: `approved in ${value}` };
  } catch {
    // not a URL
  }
  return {
    state: "invalid",
    reason: `protected groups must have approval annotation "${APPROVAL_ANNOTATION}" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`,
  };
}

function validateAPIApproval(crd: KubeObject, old: KubeObject | undefined): FieldError[] {
  if (!isProtectedGroup(str(record(crd.spec).group))) return [];
  const now = approvalState(crd.metadata?.annotations);
  if (old && approvalState(old.metadata?.annotations).state === now.state) return [];
  const path = FieldPath.of("metadata", "annotations").key(APPROVAL_ANNOTATION);
  if (now.state === "missing") return [fieldErrors.required(path, now.reason)];
  if (now.state === "invalid") return [fieldErrors.invalid(path, crd.metadata?.annotations?.[APPROVAL_ANNOTATION] ?? "", now.reason)];
  return [];
}

function validateNames(names: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ["plural", "singular"]) {
    const v = str(names[field]);
    const msgs = isDNS1035Label(v);
    if (v !== "" && msgs.length > 0) errs.push(fieldErrors.invalid(path.child(field), v, msgs.join(",")));
  }
  for (const field of ["kind", "listKind"]) {
    const v = str(names[field]);
    const msgs = isDNS1035Label(v.toLowerCase());
    if (v !== "" && msgs.length > 0)
      errs.push(fieldErrors.invalid(path.child(field), v, `may have mixed case, but should otherwise match: ${msgs.join(",")}`));
  }
  arr(names.shortNames).forEach((s, i) => {
    const msgs = isDNS1035Label(str(s));
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child("shortNames").index(i), str(s), msgs.join(",")));
  });
  if (str(names.kind) !== "" && names.kind === names.listKind) {
    errs.push(fieldErrors.invalid(path.child("listKind"), str(names.listKind), "kind and listKind may not be the same"));
  }
  arr(names.categories).forEach((c, i) => {
    const msgs = isDNS1035Label(str(c));
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child("categories").index(i), str(c), msgs.join(",")));
  });
  return errs;
}

function validateSpec(spec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const path = FieldPath.of("spec");
  const group = str(spec.group);
  if (group === "") errs.push(fieldErrors.required(path.child("group")));
  else if (isDNS1123Subdomain(group).length > 0)
    errs.push(fieldErrors.invalid(path.child("group"), group, isDNS1123Subdomain(group).join(",")));
  else if (group.split(".").length < 2)
    errs.push(fieldErrors.invalid(path.child("group"), group, "should be a domain with at least one dot"));
  const scope = str(spec.scope);
  if (scope === "") errs.push(fieldErrors.required(path.child("scope")));
  else if (scope !== "Cluster" && scope !== "Namespaced")
    errs.push(fieldErrors.notSupported(path.child("scope"), scope, ["Cluster", "Namespaced"]));
  const versions = arr(spec.versions).map(record);
  let storage = 0;
  const seen = new Set<string>();
  let unique = true;
  versions.forEach((v, i) => {
    if (v.storage === true) storage++;
    const name = str(v.name);
    if (seen.has(name)) unique = false;
    seen.add(name);
    const msgs = isDNS1035Label(name);
    if (msgs.length > 0) errs.push(fieldErrors.invalid(path.child("versions").index(i).child("name"), name, msgs.join(",")));
    const vpath = path.child("versions").index(i);
    const schema = record(v.schema).openAPIV3Schema;
    if (schema === undefined || schema === null) errs.push(fieldErrors.required(vpath.child("schema").child("openAPIV3Schema")));
    else {
      const schemaPath = vpath.child("schema").child("openAPIV3Schema");
      const structural = [...validateSchemaRules(record(schema), schemaPath), ...validateStructural(record(schema), schemaPath)];
      errs.push(...structural);
      // Defaults are only meaningful in a structural schema.
      if (structural.length === 0) errs.push(...validateDefaults(record(schema), schemaPath));
      if (structural.length === 0) errs.push(...compileSchemaRules(record(schema), schemaPath).errors);
    }
    errs.push(...validateVersionExtras(v, vpath));
    errs.push(...validatePrinterColumnPaths(v, vpath));
  });
  if (!unique) errs.push(fieldErrors.invalid(path.child("versions"), spec.versions, "must contain unique version names"));
  if (storage !== 1)
    errs.push(
      fieldErrors.invalid(path.child("versions"), spec.versions ?? null, "must have exactly one version marked as storage version"),
    );
  const names = record(spec.names);
  for (const field of ["plural", "singular", "kind", "listKind"]) {
    if (str(names[field]) === "") errs.push(fieldErrors.required(path.child("names", field)));
  }
  errs.push(...validateNames(names, path.child("names")));
  return errs;
}

const COLUMN_TYPES = ["boolean", "date", "integer", "number", "string"];
const COLUMN_FORMATS = ["byte", "date", "date-time", "double", "float", "int32", "int64", "password"];

/** Upstream's check of scale and printer-column paths: a simple path starting with `.`. */
function validateSimpleJSONPath(s: string, path: FieldPath): FieldError[] {
  if (s === "") return [fieldErrors.invalid(path, s, "must not be empty")];
  if (!s.startsWith(".")) return [fieldErrors.invalid(path, s, "must be a simple json path starting with .")];
  return [];
}

/** Schema children that are schemas themselves, with their field paths. */
function subSchemas(s: Obj, path: FieldPath): [Obj, FieldPath][] {
  const out: [Obj, FieldPath][] = [];
  for (const [k, v] of Object.entries(record(s.properties))) out.push([record(v), path.child("properties").key(k)]);
  if (typeof s.additionalProperties === "object" && s.additionalProperties !== null)
    out.push([record(s.additionalProperties), path.child("additionalProperties")]);
  if (Array.isArray(s.items)) s.items.forEach((v, i) => out.push([record(v), path.child("items").index(i)]));
  else if (s.items !== undefined) out.push([record(s.items), path.child("items")]);
  if (s.not !== undefined) out.push([record(s.not), path.child("not")]);
  for (const j of ["allOf", "oneOf", "anyOf"]) arr(s[j]).forEach((v, i) => out.push([record(v), path.child(j).index(i)]));
  return out;
}

/** The per-node rules of upstream's ValidateCustomResourceDefinitionOpenAPISchema that structural checks do not cover. */
function validateSchemaRules(s: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const stack: [Obj, FieldPath][] = [[s, path]];
  while (stack.length) {
    const [node, at] = stack.pop()!;
    if (node.uniqueItems === true) {
      errs.push(
        fieldErrors.forbidden(at.child("uniqueItems"), "uniqueItems cannot be set to true since the runtime complexity becomes quadratic"),
      );
    }
    stack.push(...subSchemas(node, at).reverse());
  }
  return errs;
}

/** Subresources and printer columns of one version, with upstream's messages. */
function validateVersionExtras(v: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const scale = record(v.subresources).scale;
  if (scale !== undefined) {
    const sp = path.child("subresources", "scale");
    const s = record(scale);
    const spec = str(s.specReplicasPath);
    const status = str(s.statusReplicasPath);
    if (spec === "") errs.push(fieldErrors.required(sp.child("specReplicasPath")));
    else if (!/^\.spec\.[A-Za-z0-9_.]+$/.test(spec))
      errs.push(fieldErrors.invalid(sp.child("specReplicasPath"), spec, "should be a json path under .spec"));
    if (status === "") errs.push(fieldErrors.required(sp.child("statusReplicasPath")));
    else if (!/^\.status\.[A-Za-z0-9_.]+$/.test(status))
      errs.push(fieldErrors.invalid(sp.child("statusReplicasPath"), status, "should be a json path under .status"));
    const selector = s.labelSelectorPath;
    if (selector !== undefined && !/^\.(spec|status)\.[A-Za-z0-9_.]+$/.test(str(selector))) {
      errs.push(fieldErrors.invalid(sp.child("labelSelectorPath"), str(selector), "should be a json path under either .spec or .status"));
    }
  }
  arr(v.additionalPrinterColumns).forEach((c, i) => {
    const col = record(c);
    const cp = path.child("additionalPrinterColumns").index(i);
    if (str(col.name) === "") errs.push(fieldErrors.required(cp.child("name")));
    if (str(col.type) === "") errs.push(fieldErrors.required(cp.child("type")));
    else if (!COLUMN_TYPES.includes(str(col.type))) errs.push(fieldErrors.notSupported(cp.child("type"), str(col.type), COLUMN_TYPES));
    if (col.format !== undefined && str(col.format) !== "" && !COLUMN_FORMATS.includes(str(col.format))) {
      errs.push(fieldErrors.invalid(cp.child("format"), str(col.format), `must be one of ${COLUMN_FORMATS.join(",")}`));
    }
    if (str(col.jsonPath) === "") errs.push(fieldErrors.required(cp.child("JSONPath")));
    else errs.push(...validateSimpleJSONPath(str(col.jsonPath), cp.child("jsonPath")));
  });
  return errs;
}

function validateStoredVersions(crd: KubeObject): FieldError[] {
  const stored = arr(record(crd.status).storedVersions).map(str);
  const path = FieldPath.of("status", "storedVersions");
  if (stored.length === 0) return [fieldErrors.invalid(path, stored, "must have at least one stored version")];
  const errs: FieldError[] = [];
  const remaining = new Map(stored.map((v, i) => [v, i] as const));
  for (const v of arr(record(crd.spec).versions).map(record)) {
    const name = str(v.name);
    if (v.storage === true && !remaining.has(name)) errs.push(fieldErrors.invalid(path, stored, `must have the storage version ${name}`));
    remaining.delete(name);
  }
  for (const [v, i] of remaining) {
    errs.push(
      fieldErrors.invalid(
        path.index(i),
        v,
        `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`,
      ),
    );
  }
  return errs;
}

function crdNameValidator(crd: KubeObject): NameValidator {
  const spec = record(crd.spec);
  const required = `${str(record(spec.names).plural)}.${str(spec.group)}`;
  return (name, prefix) => {
    const msgs = nameIsDNSSubdomain(name, prefix);
    if (name !== required) msgs.push('must be spec.names.plural+"."+spec.group');
    return msgs;
  };
}

export function validateCustomResourceDefinition(crd: KubeObject): FieldError[] {
  return [
    ...validateObjectMeta(crd.metadata, false, crdNameValidator(crd)),
    ...validateSpec(record(crd.spec)),
    ...validateStoredVersions(crd),
    ...validateAPIApproval(crd, undefined),
  ];
}

export function validateCustomResourceDefinitionUpdate(crd: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateObjectMetaUpdate(crd.metadata, old.metadata), ...validateSpec(record(crd.spec))];
  const scope = str(record(crd.spec).scope);
  const oldScope = str(record(old.spec).scope);
  const established = arr(record(old.status).conditions).some((c) => record(c).type === "Established" && record(c).status === "True");
  if (scope !== oldScope && established) errs.push(fieldErrors.invalid(FieldPath.of("spec", "scope"), scope, "field is immutable"));
  if (str(record(crd.spec).group) !== str(record(old.spec).group)) {
    errs.push(fieldErrors.invalid(FieldPath.of("spec", "group"), str(record(crd.spec).group), "field is immutable"));
  }
  errs.push(...validateStoredVersions(crd), ...validateAPIApproval(crd, old));
  return errs;
}

export function validateCustomResourceDefinitionStatusUpdate(crd: KubeObject, old: KubeObject): FieldError[] {
  return validateObjectMetaUpdate(crd.metadata, old.metadata);
}
