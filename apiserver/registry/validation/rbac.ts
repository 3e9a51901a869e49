/** Validation of rbac.authorization.k8s.io/v1 roles and bindings, with upstream's messages. */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { nameIsDNSSubdomain, pathSegmentName } from "../../../runtime/validation/strings.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "./object-meta.js";

const RBAC_GROUP = "rbac.authorization.k8s.io";

type Obj = Record<string, unknown>;

function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function record(v: unknown): Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {};
}

function validatePolicyRule(rule: Obj, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (arr(rule.verbs).length === 0) errs.push(fieldErrors.required(path.child("verbs"), "verbs must contain at least one value"));
  const urls = arr(rule.nonResourceURLs);
  if (urls.length > 0) {
    if (namespaced)
      errs.push(fieldErrors.invalid(path.child("nonResourceURLs"), urls, "namespaced rules cannot apply to non-resource URLs"));
    if (arr(rule.apiGroups).length > 0 || arr(rule.resources).length > 0 || arr(rule.resourceNames).length > 0) {
      errs.push(
        fieldErrors.invalid(path.child("nonResourceURLs"), urls, "rules cannot apply to both regular resources and non-resource URLs"),
      );
    }
    return errs;
  }
  if (arr(rule.apiGroups).length === 0)
    errs.push(fieldErrors.required(path.child("apiGroups"), "resource rules must supply at least one api group"));
  if (arr(rule.resources).length === 0)
    errs.push(fieldErrors.required(path.child("resources"), "resource rules must supply at least one resource"));
  if (arr(rule.resourceNames).length > 0 && arr(rule.resources).length > 1) {
    errs.push(fieldErrors.required(path.child("resourceNames"), "resource names cannot apply to multiple resources"));
  }
  return errs;
}

function validateRoleLike(role: KubeObject, namespaced: boolean): FieldError[] {
  const errs = validateObjectMeta(role.metadata, namespaced, pathSegmentName);
  arr(role.rules).forEach((r, i) => errs.push(...validatePolicyRule(record(r), namespaced, FieldPath.of("rules").index(i))));
  return errs;
}

export const validateRole = (role: KubeObject): FieldError[] => validateRoleLike(role, true);
export const validateClusterRole = (role: KubeObject): FieldError[] => validateRoleLike(role, false);
export const validateRoleUpdate = (role: KubeObject, old: KubeObject): FieldError[] => [
  ...validateRole(role),
  ...validateObjectMetaUpdate(role.metadata, old.metadata),
];
export const validateClusterRoleUpdate = (role: KubeObject, old: KubeObject): FieldError[] => [
  ...validateClusterRole(role),
  ...validateObjectMetaUpdate(role.metadata, old.metadata),
];

function validateSubject(subject: Obj, namespaced: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(subject.name);
  const apiGroup = str(subject.apiGroup);
  if (name === "") errs.push(fieldErrors.required(path.child("name")));
  switch (str(subject.kind)) {
    case "ServiceAccount":
      if (name !== "") for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldErrors.invalid(path.child("name"), name, msg));
      if (apiGroup !== "") errs.push(fieldErrors.notSupported(path.child("apiGroup"), apiGroup, [""]));
      if (!namespaced && str(subject.namespace) === "") errs.push(fieldErrors.required(path.child("namespace")));
      break;
    case "User":
      if (name === "") errs.push(fieldErrors.invalid(path.child("name"), name, "user name cannot be empty"));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported(path.child("apiGroup"), apiGroup, [RBAC_GROUP]));
      break;
    case "Group":
      if (name === "") errs.push(fieldErrors.invalid(path.child("name"), name, "group name cannot be empty"));
      if (apiGroup !== RBAC_GROUP) errs.push(fieldErrors.notSupported(path.child("apiGroup"), apiGroup, [RBAC_GROUP]));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child("kind"), str(subject.kind), ["ServiceAccount", "User", "Group"]));
  }
  return errs;
}

function validateBindingLike(binding: KubeObject, namespaced: boolean): FieldError[] {
  const errs = validateObjectMeta(binding.metadata, namespaced, pathSegmentName);
  const ref = record(binding.roleRef);
  if (str(ref.apiGroup) !== RBAC_GROUP)
    errs.push(fieldErrors.notSupported(FieldPath.of("roleRef", "apiGroup"), str(ref.apiGroup), [RBAC_GROUP]));
  const kinds = namespaced ? ["Role", "ClusterRole"] : ["ClusterRole"];
  if (!kinds.includes(str(ref.kind))) errs.push(fieldErrors.notSupported(FieldPath.of("roleRef", "kind"), str(ref.kind), kinds));
  const name = str(ref.name);
  if (name === "") errs.push(fieldErrors.required(FieldPath.of("roleRef", "name")));
  else for (const msg of pathSegmentName(name, false)) errs.push(fieldErrors.invalid(FieldPath.of("roleRef", "name"), name, msg));
  arr(binding.subjects).forEach((s, i) => errs.push(...validateSubject(record(s), namespaced, FieldPath.of("subjects").index(i))));
  return errs;
}

function validateBindingUpdate(binding: KubeObject, old: KubeObject, namespaced: boolean): FieldError[] {
  const errs = [...validateBindingLike(binding, namespaced), ...validateObjectMetaUpdate(binding.metadata, old.metadata)];
  const ref = record(binding.roleRef);
  const oldRef = record(old.roleRef);
  if (str(ref.apiGroup) !== str(oldRef.apiGroup) || str(ref.kind) !== str(oldRef.kind) || str(ref.name) !== str(oldRef.name)) {
    // upstream prints the internal RoleRef struct it compared.
    errs.push(
      fieldErrors.invalid(
        FieldPath.of("roleRef"),
        { APIGroup: str(ref.apiGroup), Kind: str(ref.kind), Name: str(ref.name) },
        "cannot change roleRef",
      ),
    );
  }
  return errs;
}

export const validateRoleBinding = (b: KubeObject): FieldError[] => validateBindingLike(b, true);
export const validateClusterRoleBinding = (b: KubeObject): FieldError[] => validateBindingLike(b, false);
export const validateRoleBindingUpdate = (b: KubeObject, old: KubeObject): FieldError[] => validateBindingUpdate(b, old, true);
export const validateClusterRoleBindingUpdate = (b: KubeObject, old: KubeObject): FieldError[] => validateBindingUpdate(b, old, false);
