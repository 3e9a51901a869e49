/**
 * RBAC's rule semantics, as upstream's rbac authorizer reads a PolicyRule: verbs, API groups,
 * resources (a star, `res/sub`, any resource with a subresource, `res/` and a star), resourceNames, and nonResourceURLs (exact, or a
 * prefix ending in `*`).
 */
import type { AuthorizationAttributes } from "../authorizer.js";

export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: string;
  name: string;
}

const has = (list: readonly string[] | undefined, value: string): boolean => !!list && (list.includes("*") || list.includes(value));

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return has(rule.verbs, verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return has(rule.apiGroups, group);
}

export function resourceMatches(rule: PolicyRule, resource: string, subresource: string): boolean {
  const combined = subresource === "" ? resource : `${resource}/${subresource}`;
  for (const r of rule.resources ?? []) {
    if (r === "*" || r === combined) return true;
    if (subresource === "") continue;
    // A star before the slash grants that subresource of everything; one after it every subresource.
    if (r === `*/${subresource}` || r === `${resource}/*`) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  if (!rule.resourceNames || rule.resourceNames.length === 0) return true;
  return rule.resourceNames.includes(name);
}

export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === "*" || u === path) return true;
    if (u.endsWith("*") && path.startsWith(u.slice(0, -1))) return true;
  }
  return false;
}

/** Whether one rule allows the request. */
export function ruleAllows(
  a: Pick<AuthorizationAttributes, "verb" | "isResourceRequest" | "path" | "apiGroup" | "resource" | "subresource" | "name">,
  rule: PolicyRule,
): boolean {
  if (!verbMatches(rule, a.verb)) return false;
  if (!a.isResourceRequest) return nonResourceURLMatches(rule, a.path);
  return apiGroupMatches(rule, a.apiGroup) && resourceMatches(rule, a.resource, a.subresource) && resourceNameMatches(rule, a.name);
}

/** Whether a binding's subject is the user (or one of its groups), as upstream's appliesTo. */
export function subjectMatches(subject: Subject, user: { name: string; groups: readonly string[] }, bindingNamespace: string): boolean {
  switch (subject.kind) {
    case "User":
      return subject.name === user.name;
    case "Group":
      return user.groups.includes(subject.name);
    case "ServiceAccount": {
      const ns = subject.namespace || bindingNamespace;
      return ns !== "" && user.name === `system:serviceaccount:${ns}:${subject.name}`;
    }
    default:
      return false;
  }
}

/**
 * Whether `owned` covers `wanted` (each of wanted's single-verb, single-resource pieces is allowed
 * by some owned rule): the test behind escalation prevention.
 */
export function covers(owned: readonly PolicyRule[], wanted: PolicyRule): PolicyRule[] {
  const missing: PolicyRule[] = [];
  const verbs = wanted.verbs ?? [];
  if ((wanted.nonResourceURLs ?? []).length > 0) {
    for (const verb of verbs) {
      for (const url of wanted.nonResourceURLs!) {
        const ok = owned.some(
          (r) =>
            has(r.verbs, verb) &&
            (r.nonResourceURLs ?? []).some((u) => u === "*" || u === url || (u.endsWith("*") && url.startsWith(u.slice(0, -1)))),
        );
        if (!ok) missing.push({ verbs: [verb], nonResourceURLs: [url] });
      }
    }
    return missing;
  }
  const names = wanted.resourceNames && wanted.resourceNames.length > 0 ? wanted.resourceNames : [undefined];
  for (const group of wanted.apiGroups ?? []) {
    for (const resource of wanted.resources ?? []) {
      for (const verb of verbs) {
        for (const name of names) {
          const ok = owned.some(
            (r) =>
              has(r.verbs, verb) &&
              has(r.apiGroups, group) &&
              (r.resources ?? []).some(
                (x) =>
                  x === "*" ||
                  x === resource ||
                  (resource.includes("/") && (x === `*/${resource.split("/")[1]}` || x === `${resource.split("/")[0]}/*`)),
              ) &&
              (name === undefined ? !r.resourceNames || r.resourceNames.length === 0 : resourceNameMatches(r, name)),
          );
          if (!ok)
            missing.push({
              verbs: [verb],
              apiGroups: [group],
              resources: [resource],
              ...(name !== undefined && { resourceNames: [name] }),
            });
        }
      }
    }
  }
  return missing;
}

/** Upstream's compact rule text in escalation messages: {APIGroups:["apps"], Resources:["deployments"], Verbs:["get"]}. */
export function describeRule(r: PolicyRule): string {
  const q = (l: readonly string[]) => l.map((s) => JSON.stringify(s)).join(" ");
  const parts: string[] = [];
  if (r.apiGroups?.length) parts.push(`APIGroups:[${q(r.apiGroups)}]`);
  if (r.resources?.length) parts.push(`Resources:[${q(r.resources)}]`);
  if (r.resourceNames?.length) parts.push(`ResourceNames:[${q(r.resourceNames)}]`);
  if (r.nonResourceURLs?.length) parts.push(`NonResourceURLs:[${q(r.nonResourceURLs)}]`);
  parts.push(`Verbs:[${q(r.verbs)}]`);
  return `{${parts.join(", ")}}`;
}
