/**
 * Defaulting of admissionregistration.k8s.io/v1, as upstream's v1 SetDefaults_*: webhooks fail
 * closed, match equivalent versions, select everything and wait 10 s; rules cover both scopes;
 * service references use port 443; policies fail closed and match as webhooks do.
 */
import { child, isObj, list, type Obj } from "../validation/shape.js";

function setIfAbsent(obj: Obj, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

function defaultRule(rule: Obj): void {
  setIfAbsent(rule, "scope", "*");
}

function defaultWebhook(hook: Obj, mutating: boolean): void {
  setIfAbsent(hook, "failurePolicy", "Fail");
  setIfAbsent(hook, "matchPolicy", "Equivalent");
  setIfAbsent(hook, "namespaceSelector", {});
  setIfAbsent(hook, "objectSelector", {});
  setIfAbsent(hook, "timeoutSeconds", 10);
  if (mutating) setIfAbsent(hook, "reinvocationPolicy", "Never");
  for (const r of list(hook.rules)) if (isObj(r)) defaultRule(r);
  const cc = hook.clientConfig;
  if (isObj(cc) && isObj(cc.service)) setIfAbsent(cc.service, "port", 443);
}

export function defaultMutatingWebhookConfiguration(obj: Obj): void {
  for (const h of list(obj.webhooks)) if (isObj(h)) defaultWebhook(h, true);
}

export function defaultValidatingWebhookConfiguration(obj: Obj): void {
  for (const h of list(obj.webhooks)) if (isObj(h)) defaultWebhook(h, false);
}

function defaultMatchResources(mr: Obj): void {
  setIfAbsent(mr, "matchPolicy", "Equivalent");
  setIfAbsent(mr, "namespaceSelector", {});
  setIfAbsent(mr, "objectSelector", {});
  for (const key of ["resourceRules", "excludeResourceRules"]) for (const r of list(mr[key])) if (isObj(r)) defaultRule(r);
}

export function defaultValidatingAdmissionPolicy(obj: Obj): void {
  const spec = child(obj, "spec");
  setIfAbsent(spec, "failurePolicy", "Fail");
  if (isObj(spec.matchConstraints)) defaultMatchResources(spec.matchConstraints);
}

export function defaultValidatingAdmissionPolicyBinding(obj: Obj): void {
  const spec = child(obj, "spec");
  if (isObj(spec.matchResources)) defaultMatchResources(spec.matchResources);
}
