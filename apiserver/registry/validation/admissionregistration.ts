/**
 * admissionregistration.k8s.io/v1 webhook configurations, as upstream's validation: webhook
 * names fully qualified and unique, rules, client configs, admission review versions, side
 * effects, timeouts, selectors and matchConditions. Updates relax the rules the stored object
 * already broke (upstream's validationOptions from the old object), so stored objects stay
 * updatable; matchConditions are checked only when they change.
 */
import { isDNS1035Label, isDNS1123Subdomain, isQualifiedName, isValidPortNum } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { admissionCompileError } from "./admissionregistration-cel.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";

export const FAILURE_POLICIES = ["Fail", "Ignore"];
export const MATCH_POLICIES = ["Equivalent", "Exact"];
const OPERATIONS = ["*", "CONNECT", "CREATE", "DELETE", "UPDATE"];
const SCOPES = ["*", "Cluster", "Namespaced"];
const SIDE_EFFECTS = ["None", "NoneOnDryRun", "Some", "Unknown"];
const NO_SIDE_EFFECTS = ["None", "NoneOnDryRun"];
const REINVOCATION_POLICIES = ["IfNeeded", "Never"];
const REVIEW_VERSIONS = ["v1", "v1beta1"];

export interface WebhookOptions {
  ignoreMatchConditions: boolean;
  requireNoSideEffects: boolean;
  requireRecognizedAdmissionReviewVersion: boolean;
  requireUniqueWebhookNames: boolean;
  allowInvalidLabelValueInSelector: boolean;
}

const CREATE_OPTIONS: WebhookOptions = {
  ignoreMatchConditions: false,
  requireNoSideEffects: true,
  requireRecognizedAdmissionReviewVersion: true,
  requireUniqueWebhookNames: true,
  allowInvalidLabelValueInSelector: false,
};

const strings = (v: unknown): string[] => list(v).map(str);

/** utilvalidation.IsFullyQualifiedName: a DNS subdomain of at least three segments. */
export function validateFullyQualifiedName(path: FieldPath, name: string): FieldError[] {
  if (name === "") return [fieldErrors.required(path)];
  const errs = isDNS1123Subdomain(name);
  if (errs.length > 0) return [fieldErrors.invalid(path, name, errs.join(","))];
  if (name.split(".").length < 3)
    return [fieldErrors.invalid(path, name, "should be a domain with at least three segments separated by dots")];
  return [];
}

export function validateQualifiedName(name: string, path: FieldPath): FieldError[] {
  return isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
}

/** Resources of a rule: subresources allowed, wildcards not mixed with what they cover. */
function validateResources(resources: string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (resources.length === 0) errs.push(fieldErrors.required(path));
  const wildcardSub = new Set<string>();
  const wildcardRes = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let plainResource = false;
  resources.forEach((rs, i) => {
    if (rs === "") {
      errs.push(fieldErrors.required(path.index(i)));
      return;
    }
    if (rs === "*/*") doubleWildcard = true;
    if (rs === "*") singleWildcard = true;
    const slash = rs.indexOf("/");
    if (slash < 0) {
      // As upstream: the last resource without a subresource decides.
      plainResource = rs !== "*";
      return;
    }
    const res = rs.slice(0, slash);
    const sub = rs.slice(slash + 1);
    if (wildcardSub.has(res)) errs.push(fieldErrors.invalid(path.index(i), rs, `if '${res}/*' is present, must not specify ${rs}`));
    if (wildcardRes.has(sub)) errs.push(fieldErrors.invalid(path.index(i), rs, `if '*/${sub}' is present, must not specify ${rs}`));
    if (sub === "*") wildcardSub.add(res);
    if (res === "*") wildcardRes.add(sub);
  });
  if (resources.length > 1 && doubleWildcard)
    errs.push(fieldErrors.invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  if (singleWildcard && plainResource)
    errs.push(fieldErrors.invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  return errs;
}

function validateRule(rule: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const groups = strings(rule.apiGroups);
  const versions = strings(rule.apiVersions);
  if (groups.length === 0) errs.push(fieldErrors.required(path.child("apiGroups")));
  if (groups.length > 1 && groups.includes("*"))
    errs.push(fieldErrors.invalid(path.child("apiGroups"), groups, "if '*' is present, must not specify other API groups"));
  if (versions.length === 0) errs.push(fieldErrors.required(path.child("apiVersions")));
  if (versions.length > 1 && versions.includes("*"))
    errs.push(fieldErrors.invalid(path.child("apiVersions"), versions, "if '*' is present, must not specify other API versions"));
  versions.forEach((v, i) => {
    if (v === "") errs.push(fieldErrors.required(path.child("apiVersions").index(i)));
  });
  errs.push(...validateResources(strings(rule.resources), path.child("resources")));
  if (rule.scope !== undefined && rule.scope !== null && !SCOPES.includes(str(rule.scope)))
    errs.push(fieldErrors.notSupported(path.child("scope"), rule.scope, SCOPES));
  return errs;
}

export function validateRuleWithOperations(rule: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const ops = strings(rule.operations);
  if (ops.length === 0) errs.push(fieldErrors.required(path.child("operations")));
  if (ops.length > 1 && ops.includes("*"))
    errs.push(fieldErrors.invalid(path.child("operations"), ops, "if '*' is present, must not specify other operations"));
  ops.forEach((op, i) => {
    if (!OPERATIONS.includes(op)) errs.push(fieldErrors.notSupported(path.child("operations").index(i), op, OPERATIONS));
  });
  errs.push(...validateRule(rule, path));
  return errs;
}

function validateAdmissionReviewVersions(versions: string[], requireRecognized: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (versions.length === 0) return [fieldErrors.required(path, `must specify one of ${REVIEW_VERSIONS.join(", ")}`)];
  const seen = new Set<string>();
  versions.forEach((v, i) => {
    if (seen.has(v)) {
      errs.push(fieldErrors.invalid(path.index(i), v, "duplicate version"));
      return;
    }
    seen.add(v);
    for (const msg of isDNS1035Label(v)) errs.push(fieldErrors.invalid(path.index(i), v, msg));
  });
  if (requireRecognized && !versions.some((v) => REVIEW_VERSIONS.includes(v)))
    errs.push(fieldErrors.invalid(path, versions, `must include at least one of ${REVIEW_VERSIONS.join(", ")}`));
  return errs;
}

/** Go's url.Parse, as far as the webhook checks need it: scheme, host, user, query, fragment. */
function parseURL(raw: string): { scheme: string; host: string; user?: string; query: string; fragment: string } | string {
  let rest = raw;
  let fragment = "";
  const hash = rest.indexOf("#");
  if (hash >= 0) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  let query = "";
  const q = rest.indexOf("?");
  if (q >= 0) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  let scheme = "";
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(rest);
  if (m) {
    scheme = m[1]!.toLowerCase();
    rest = rest.slice(m[0].length);
  } else if (rest.startsWith(":")) {
    return `parse ${JSON.stringify(raw)}: missing protocol scheme`;
  } else if (/^[^/]*:/.test(rest)) {
    return `parse ${JSON.stringify(raw)}: first path segment in URL cannot contain colon`;
  }
  let host = "";
  let user: string | undefined;
  if (rest.startsWith("//")) {
    const authority = rest.slice(2).split("/")[0]!;
    const at = authority.lastIndexOf("@");
    if (at >= 0) {
      user = authority.slice(0, at);
      host = authority.slice(at + 1);
    } else host = authority;
  }
  return { scheme, host, ...(user !== undefined && { user }), query, fragment };
}

export function validateWebhookURL(path: FieldPath, url: string): FieldError[] {
  const form = "; desired format: https://host[/path]";
  const u = parseURL(url);
  if (typeof u === "string") return [fieldErrors.required(path, `url must be a valid URL: ${u}${form}`)];
  const errs: FieldError[] = [];
  if (u.scheme !== "https") errs.push(fieldErrors.invalid(path, u.scheme, `'https' is the only allowed URL scheme${form}`));
  if (u.host === "") errs.push(fieldErrors.invalid(path, u.host, `host must be provided${form}`));
  if (u.user !== undefined) errs.push(fieldErrors.invalid(path, u.user, "user information is not permitted in the URL"));
  if (u.fragment !== "") errs.push(fieldErrors.invalid(path, u.fragment, "fragments are not permitted in the URL"));
  if (u.query !== "") errs.push(fieldErrors.invalid(path, u.query, "query parameters are not permitted in the URL"));
  return errs;
}

export function validateWebhookService(path: FieldPath, svc: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (str(svc.name) === "") errs.push(fieldErrors.required(path.child("name"), "service name is required"));
  if (str(svc.namespace) === "") errs.push(fieldErrors.required(path.child("namespace"), "service namespace is required"));
  const port = typeof svc.port === "number" ? svc.port : 0;
  const portErrs = isValidPortNum(port);
  if (portErrs.length > 0) errs.push(fieldErrors.invalid(path.child("port"), port, `port is not valid: ${portErrs.join(", ")}`));
  if (typeof svc.path !== "string") return errs;
  const p = svc.path;
  if (p === "/" || p === "") return errs;
  const pp = path.child("path");
  if (p === "//") return [...errs, fieldErrors.invalid(pp, p, "segment[0] may not be empty")];
  if (!p.startsWith("/")) errs.push(fieldErrors.invalid(pp, p, "must start with a '/'"));
  let check = p.slice(1);
  if (check.endsWith("/")) check = check.slice(0, -1);
  check.split("/").forEach((step, i) => {
    if (step === "") {
      errs.push(fieldErrors.invalid(pp, p, `segment[${i}] may not be empty`));
      return;
    }
    for (const msg of isDNS1123Subdomain(step)) errs.push(fieldErrors.invalid(pp, p, `segment[${i}]: ${msg}`));
  });
  return errs;
}

/** Names (qualified, unique), at most 64, and expressions that compile (params only where allowed). */
export function validateMatchConditions(conditions: unknown[], allowParams: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (conditions.length > 64) errs.push(fieldErrors.tooMany(path, conditions.length, 64));
  const names = new Set<string>();
  conditions.forEach((c, i) => {
    const mc = record(c);
    const p = path.index(i);
    const name = str(mc.name);
    const expr = str(mc.expression).trim();
    if (expr === "") errs.push(fieldErrors.required(p.child("expression")));
    else {
      const why = admissionCompileError(expr, { params: allowParams, authorizer: true, variables: false }, "bool");
      if (why !== undefined) errs.push(fieldErrors.invalid(p.child("expression"), expr, why));
    }
    if (name === "") errs.push(fieldErrors.required(p.child("name")));
    else errs.push(...validateQualifiedName(name, p.child("name")));
    if (name !== "") {
      if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
      else names.add(name);
    }
  });
  return errs;
}

function validateWebhook(hook: Obj, mutating: boolean, opts: WebhookOptions, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [...validateFullyQualifiedName(path.child("name"), str(hook.name))];
  list(hook.rules).forEach((r, i) => errs.push(...validateRuleWithOperations(record(r), path.child("rules").index(i))));
  if (hook.failurePolicy != null && !FAILURE_POLICIES.includes(str(hook.failurePolicy)))
    errs.push(fieldErrors.notSupported(path.child("failurePolicy"), hook.failurePolicy, FAILURE_POLICIES));
  if (hook.matchPolicy != null && !MATCH_POLICIES.includes(str(hook.matchPolicy)))
    errs.push(fieldErrors.notSupported(path.child("matchPolicy"), hook.matchPolicy, MATCH_POLICIES));
  const allowed = opts.requireNoSideEffects ? NO_SIDE_EFFECTS : SIDE_EFFECTS;
  if (hook.sideEffects == null) errs.push(fieldErrors.required(path.child("sideEffects"), `must specify one of ${allowed.join(", ")}`));
  else if (!allowed.includes(str(hook.sideEffects)))
    errs.push(fieldErrors.notSupported(path.child("sideEffects"), hook.sideEffects, allowed));
  if (typeof hook.timeoutSeconds === "number" && (hook.timeoutSeconds > 30 || hook.timeoutSeconds < 1))
    errs.push(fieldErrors.invalid(path.child("timeoutSeconds"), hook.timeoutSeconds, "the timeout value must be between 1 and 30 seconds"));
  errs.push(...validateLabelSelector(hook.namespaceSelector, path.child("namespaceSelector"), opts.allowInvalidLabelValueInSelector));
  errs.push(...validateLabelSelector(hook.objectSelector, path.child("objectSelector"), opts.allowInvalidLabelValueInSelector));
  if (mutating && hook.reinvocationPolicy != null && !REINVOCATION_POLICIES.includes(str(hook.reinvocationPolicy)))
    errs.push(fieldErrors.notSupported(path.child("reinvocationPolicy"), hook.reinvocationPolicy, REINVOCATION_POLICIES));
  const cc = record(hook.clientConfig);
  const hasURL = typeof cc.url === "string";
  const hasService = isObj(cc.service);
  if (hasURL === hasService) errs.push(fieldErrors.required(path.child("clientConfig"), "exactly one of url or service is required"));
  else if (hasURL) errs.push(...validateWebhookURL(path.child("clientConfig", "url"), cc.url as string));
  else errs.push(...validateWebhookService(path.child("clientConfig", "service"), cc.service as Obj));
  if (!opts.ignoreMatchConditions) errs.push(...validateMatchConditions(list(hook.matchConditions), false, path.child("matchConditions")));
  return errs;
}

function validateWebhooks(obj: KubeObject, mutating: boolean, opts: WebhookOptions): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list(obj.webhooks).forEach((h, i) => {
    const hook = record(h);
    const p = FieldPath.of("webhooks").index(i);
    errs.push(...validateWebhook(hook, mutating, opts, p));
    errs.push(
      ...validateAdmissionReviewVersions(
        strings(hook.admissionReviewVersions),
        opts.requireRecognizedAdmissionReviewVersion,
        p.child("admissionReviewVersions"),
      ),
    );
    const name = str(hook.name);
    if (opts.requireUniqueWebhookNames && name !== "") {
      if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
      else names.add(name);
    }
  });
  return errs;
}

/** The create rules relaxed where the stored object already broke them. */
function updateOptions(obj: KubeObject, old: KubeObject): WebhookOptions {
  const hooks = list(obj.webhooks).map(record);
  const oldHooks = list(old.webhooks).map(record);
  const oldNames = oldHooks.map((h) => str(h.name));
  return {
    ignoreMatchConditions:
      hooks.length === oldHooks.length && hooks.every((h, i) => sameJSON(h.matchConditions, oldHooks[i]!.matchConditions)),
    requireNoSideEffects: oldHooks.every((h) => NO_SIDE_EFFECTS.includes(str(h.sideEffects))),
    requireRecognizedAdmissionReviewVersion: oldHooks.every((h) => {
      const vs = strings(h.admissionReviewVersions);
      return vs.length === 0 || vs.some((v) => REVIEW_VERSIONS.includes(v));
    }),
    requireUniqueWebhookNames: new Set(oldNames).size === oldNames.length,
    allowInvalidLabelValueInSelector: oldHooks.some(
      (h) =>
        validateLabelSelector(h.namespaceSelector, FieldPath.root()).length > 0 ||
        validateLabelSelector(h.objectSelector, FieldPath.root()).length > 0,
    ),
  };
}

export const validateMutatingWebhookConfiguration = (obj: KubeObject): FieldError[] => validateWebhooks(obj, true, CREATE_OPTIONS);
export const validateValidatingWebhookConfiguration = (obj: KubeObject): FieldError[] => validateWebhooks(obj, false, CREATE_OPTIONS);
export const validateMutatingWebhookConfigurationUpdate = (obj: KubeObject, old: KubeObject): FieldError[] =>
  validateWebhooks(obj, true, updateOptions(obj, old));
export const validateValidatingWebhookConfigurationUpdate = (obj: KubeObject, old: KubeObject): FieldError[] =>
  validateWebhooks(obj, false, updateOptions(obj, old));
