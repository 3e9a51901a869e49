/**
 * admissionregistration.k8s.io/v1 ValidatingAdmissionPolicies and their bindings, as upstream's
 * validation: failurePolicy, paramKind, matchConstraints (with resourceRules), matchConditions,
 * variables, validations and auditAnnotations whose expressions compile in the environment the
 * policy plugin gives them; bindings' policyName, paramRef, matchResources and
 * validationActions; the status' typeChecking warnings.
 */
import { isDNS1035Label, isDNS1123Subdomain, isValidPathSegmentName, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { admissionCompileError, type AdmissionCELEnv } from "./admissionregistration-cel.js";
import {
  FAILURE_POLICIES,
  MATCH_POLICIES,
  validateMatchConditions,
  validateQualifiedName,
  validateRuleWithOperations,
} from "./admissionregistration.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";

const REASONS = ["Forbidden", "Invalid", "RequestEntityTooLarge"];
const VALIDATION_ACTIONS = ["Audit", "Deny", "Warn"];
const MAX_AUDIT_ANNOTATIONS = 20;
const MAX_AUDIT_VALUE_EXPRESSION = 5 * 1024;
const CEL_RESERVED = new Set([
  "true",
  "false",
  "null",
  "in",
  "as",
  "break",
  "const",
  "continue",
  "else",
  "for",
  "function",
  "if",
  "import",
  "let",
  "loop",
  "package",
  "namespace",
  "return",
  "var",
  "void",
  "while",
]);

const isCELIdentifier = (name: string): boolean => /^[_a-zA-Z][_a-zA-Z0-9]*$/.test(name) && !CEL_RESERVED.has(name);
const byteLength = (s: string): number => Buffer.byteLength(s, "utf8");

function validateParamKind(pk: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const apiVersion = str(pk.apiVersion);
  const p = path.child("apiVersion");
  if (apiVersion === "") errs.push(fieldErrors.required(p));
  else {
    const slashes = apiVersion.split("/").length - 1;
    if (slashes > 1 && apiVersion !== "/") errs.push(fieldErrors.invalid(p, apiVersion, `unexpected GroupVersion string: ${apiVersion}`));
    else {
      const [group, version] = apiVersion === "/" ? ["", ""] : slashes === 0 ? ["", apiVersion] : apiVersion.split("/");
      if (group) {
        const ge = isDNS1123Subdomain(group);
        if (ge.length > 0) errs.push(fieldErrors.invalid(p, group, ge.join(",")));
      }
      if (!version) errs.push(fieldErrors.invalid(p, apiVersion, "version must be specified"));
      else {
        const ve = isDNS1035Label(version);
        if (ve.length > 0) errs.push(fieldErrors.invalid(p, version, ve.join(",")));
      }
    }
  }
  const kind = str(pk.kind);
  if (kind === "") errs.push(fieldErrors.required(path.child("kind")));
  else {
    const ke = isDNS1035Label(kind.toLowerCase());
    if (ke.length > 0)
      errs.push(fieldErrors.invalid(path.child("kind"), kind, `may have mixed case, but should otherwise match: ${ke.join(",")}`));
  }
  return errs;
}

function validateNamedRule(rule: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(rule.resourceNames).forEach((n, i) => {
    const name = str(n);
    const p = path.child("resourceNames").index(i);
    for (const msg of isValidPathSegmentName(name)) errs.push(fieldErrors.invalid(p, name, msg));
    if (seen.has(name)) errs.push(fieldErrors.duplicate(p, name));
    else seen.add(name);
  });
  errs.push(...validateRuleWithOperations(rule, path));
  return errs;
}

function validateMatchResources(mr: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (mr.matchPolicy == null) errs.push(fieldErrors.required(path.child("matchPolicy")));
  else if (!MATCH_POLICIES.includes(str(mr.matchPolicy)))
    errs.push(fieldErrors.notSupported(path.child("matchPolicy"), mr.matchPolicy, MATCH_POLICIES));
  for (const key of ["namespaceSelector", "objectSelector"]) {
    if (mr[key] == null) errs.push(fieldErrors.required(path.child(key)));
    else errs.push(...validateLabelSelector(mr[key], path.child(key)));
  }
  for (const key of ["resourceRules", "excludeResourceRules"])
    list(mr[key]).forEach((r, i) => errs.push(...validateNamedRule(record(r), path.child(key).index(i))));
  return errs;
}

function compileErrors(
  path: FieldPath,
  source: string,
  badValue: string,
  env: AdmissionCELEnv,
  result: "bool" | "string" | undefined,
): FieldError[] {
  const why = admissionCompileError(source, env, result);
  return why === undefined ? [] : [fieldErrors.invalid(path, badValue, why)];
}

function validateValidation(v: Obj, env: AdmissionCELEnv, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const expression = str(v.expression);
  const message = str(v.message);
  const messageExpression = str(v.messageExpression);
  if (expression.trim() === "") errs.push(fieldErrors.required(path.child("expression"), "expression is not specified"));
  else errs.push(...compileErrors(path.child("expression"), expression, expression, env, "bool"));
  if (messageExpression.length > 0 && messageExpression.trim() === "")
    errs.push(fieldErrors.invalid(path.child("messageExpression"), messageExpression, "must be non-empty if specified"));
  else if (messageExpression.trim() !== "")
    errs.push(
      ...compileErrors(path.child("messageExpression"), messageExpression, messageExpression, { ...env, authorizer: false }, "string"),
    );
  if (message.length > 0 && message.trim() === "")
    errs.push(fieldErrors.invalid(path.child("message"), message, "message must be non-empty if specified"));
  else if (/[\n\r]/.test(message.trim()))
    errs.push(fieldErrors.invalid(path.child("message"), message, "message must not contain line breaks"));
  if (v.reason != null && !REASONS.includes(str(v.reason))) errs.push(fieldErrors.notSupported(path.child("reason"), v.reason, REASONS));
  return errs;
}

function validateVariable(v: Obj, env: AdmissionCELEnv, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(v.name);
  const expression = str(v.expression);
  if (name.trim() === "") errs.push(fieldErrors.required(path.child("name"), "name is not specified"));
  else if (!isCELIdentifier(name)) errs.push(fieldErrors.invalid(path.child("name"), name, "name is not a valid CEL identifier"));
  if (expression.trim() === "") errs.push(fieldErrors.required(path.child("expression"), "expression is not specified"));
  else errs.push(...compileErrors(path.child("expression"), expression, expression, env, undefined));
  return errs;
}

function validateAuditAnnotation(policyName: string, a: Obj, env: AdmissionCELEnv, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const key = str(a.key);
  if (policyName !== "") errs.push(...validateQualifiedName(`${policyName}/${key}`, path.child("key")));
  else errs.push(fieldErrors.invalid(path.child("key"), key, "requires metadata.name be non-empty"));
  const value = str(a.valueExpression);
  const trimmed = value.trim();
  const p = path.child("valueExpression");
  if (trimmed === "") errs.push(fieldErrors.required(p, "valueExpression is not specified"));
  else if (byteLength(trimmed) > MAX_AUDIT_VALUE_EXPRESSION)
    errs.push(fieldErrors.required(p, `must not exceed ${MAX_AUDIT_VALUE_EXPRESSION} bytes in length`));
  else errs.push(...compileErrors(p, trimmed, value, env, undefined));
  return errs;
}

export function validateValidatingAdmissionPolicySpec(obj: KubeObject, ignoreMatchConditions: boolean): FieldError[] {
  const spec = record(obj.spec);
  const path = FieldPath.of("spec");
  const errs: FieldError[] = [];
  if (spec.failurePolicy == null) errs.push(fieldErrors.required(path.child("failurePolicy")));
  else if (!FAILURE_POLICIES.includes(str(spec.failurePolicy)))
    errs.push(fieldErrors.notSupported(path.child("failurePolicy"), spec.failurePolicy, FAILURE_POLICIES));
  const hasParams = isObj(spec.paramKind);
  if (hasParams) errs.push(...validateParamKind(spec.paramKind as Obj, path.child("paramKind")));
  if (!isObj(spec.matchConstraints)) errs.push(fieldErrors.required(path.child("matchConstraints")));
  else {
    errs.push(...validateMatchResources(spec.matchConstraints, path.child("matchConstraints")));
    // The resource rules give the expressions their types: at least one is needed.
    if (list(spec.matchConstraints.resourceRules).length === 0)
      errs.push(fieldErrors.required(path.child("matchConstraints", "resourceRules")));
  }
  if (!ignoreMatchConditions) errs.push(...validateMatchConditions(list(spec.matchConditions), hasParams, path.child("matchConditions")));
  const variables = list(spec.variables);
  const env: AdmissionCELEnv = { params: hasParams, authorizer: true, variables: variables.length > 0 };
  variables.forEach((v, i) => errs.push(...validateVariable(record(v), env, path.child("variables").index(i))));
  const validations = list(spec.validations);
  const audits = list(spec.auditAnnotations);
  if (validations.length === 0 && audits.length === 0) {
    const why = "validations or auditAnnotations must contain at least one item";
    errs.push(fieldErrors.required(path.child("validations"), why), fieldErrors.required(path.child("auditAnnotations"), why));
    return errs;
  }
  validations.forEach((v, i) => errs.push(...validateValidation(record(v), env, path.child("validations").index(i))));
  if (audits.length > MAX_AUDIT_ANNOTATIONS)
    errs.push(
      fieldErrors.invalid(path.child("auditAnnotations"), audits, `must not have more than ${MAX_AUDIT_ANNOTATIONS} auditAnnotations`),
    );
  const keys = new Set<string>();
  const policyName = str(obj.metadata?.name);
  audits.forEach((a, i) => {
    const p = path.child("auditAnnotations").index(i);
    errs.push(...validateAuditAnnotation(policyName, record(a), env, p));
    const key = str(record(a).key);
    if (keys.has(key)) errs.push(fieldErrors.duplicate(p.child("key"), key));
    keys.add(key);
  });
  return errs;
}

export const validateValidatingAdmissionPolicy = (obj: KubeObject): FieldError[] => validateValidatingAdmissionPolicySpec(obj, false);

/** matchConditions are checked again only when they or the paramKind change. */
export function validateValidatingAdmissionPolicyUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const oldSpec = record(old.spec);
  const unchanged = sameJSON(spec.paramKind, oldSpec.paramKind) && sameJSON(spec.matchConditions, oldSpec.matchConditions);
  return validateValidatingAdmissionPolicySpec(obj, unchanged);
}

/** The status subresource: typeChecking's warnings need a warning and a field reference. */
export function validateValidatingAdmissionPolicyStatus(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const path = FieldPath.of("status", "typeChecking", "expressionWarnings");
  list(record(record(obj.status).typeChecking).expressionWarnings).forEach((w, i) => {
    const warning = record(w);
    if (str(warning.warning) === "") errs.push(fieldErrors.required(path.index(i).child("warning")));
    if (str(warning.fieldRef).trim() === "") errs.push(fieldErrors.required(path.index(i).child("fieldRef")));
  });
  return errs;
}

function validateParamRef(ref: unknown, path: FieldPath): FieldError[] {
  if (!isObj(ref)) return [];
  const errs: FieldError[] = [];
  const name = str(ref.name);
  const hasSelector = isObj(ref.selector);
  if (name !== "") {
    for (const msg of isValidPathSegmentName(name)) errs.push(fieldErrors.invalid(path.child("name"), name, msg));
    if (hasSelector) errs.push(fieldErrors.forbidden(path.child("name"), "name and selector are mutually exclusive"));
  }
  if (hasSelector) {
    errs.push(...validateLabelSelector(ref.selector, path.child("selector")));
    if (name !== "") errs.push(fieldErrors.forbidden(path.child("selector"), "name and selector are mutually exclusive"));
  }
  if (name === "" && !hasSelector) errs.push(fieldErrors.required(path, "one of name or selector must be specified"));
  const action = str(ref.parameterNotFoundAction);
  if (action === "") errs.push(fieldErrors.required(path.child("parameterNotFoundAction")));
  else if (action !== "Deny" && action !== "Allow")
    errs.push(fieldErrors.notSupported(path.child("parameterNotFoundAction"), action, ["Deny", "Allow"]));
  return errs;
}

function validateValidationActions(actions: unknown[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  actions.forEach((a, i) => {
    const action = str(a);
    if (!VALIDATION_ACTIONS.includes(action)) errs.push(fieldErrors.notSupported(path.index(i), a, VALIDATION_ACTIONS));
    if (seen.has(action)) errs.push(fieldErrors.duplicate(path.index(i), a));
    seen.add(action);
  });
  if (seen.has("Deny") && seen.has("Warn"))
    errs.push(
      fieldErrors.invalid(
        path,
        actions,
        "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)",
      ),
    );
  if (seen.size === 0) errs.push(fieldErrors.required(path, "at least one validation action is required"));
  return errs;
}

export function validateValidatingAdmissionPolicyBinding(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const path = FieldPath.of("spec");
  const errs: FieldError[] = [];
  const policyName = str(spec.policyName);
  if (policyName === "") errs.push(fieldErrors.required(path.child("policyName")));
  else for (const msg of nameIsDNSSubdomain(policyName, false)) errs.push(fieldErrors.invalid(path.child("policyName"), policyName, msg));
  errs.push(...validateParamRef(spec.paramRef, path.child("paramRef")));
  // Upstream's path has this spelling.
  if (isObj(spec.matchResources)) errs.push(...validateMatchResources(spec.matchResources, path.child("matchResouces")));
  errs.push(...validateValidationActions(list(spec.validationActions), path.child("validationActions")));
  return errs;
}
