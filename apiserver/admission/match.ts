/** Which requests a policy's matchConstraints or a binding's matchResources select (upstream's rule and selector matching). */
import { labelSelectorAsSelector } from "../../runtime/selectors/labels.js";
import type { AdmissionAttributes } from "./interface.js";
import type { KubeObject } from "../registry/rest.js";

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

const has = (list: string[], v: string): boolean => list.includes("*") || list.includes(v);

/** A RuleWithOperations against the request: groups, versions, resources (with `res/sub`, `*\/sub`, `res/*`), operations, scope. */
export function ruleMatches(rule: Obj, a: AdmissionAttributes): boolean {
  if (!has(strs(rule.operations), a.operation)) return false;
  if (!has(strs(rule.apiGroups), a.resource.group)) return false;
  if (!has(strs(rule.apiVersions), a.resource.version)) return false;
  const res = a.subresource ? `${a.resource.resource}/${a.subresource}` : a.resource.resource;
  const resources = strs(rule.resources);
  const ok = resources.some((r) => {
    if (r === "*/*") return true;
    if (r === "*") return a.subresource === "";
    if (r.startsWith("*/")) return a.subresource === r.slice(2);
    if (r.endsWith("/*")) return a.resource.resource === r.slice(0, -2);
    return r === res;
  });
  if (!ok) return false;
  const scope = typeof rule.scope === "string" ? rule.scope : "*";
  if (scope === "Cluster" && a.namespace !== "") return false;
  if (scope === "Namespaced" && a.namespace === "") return false;
  return true;
}

/** matchConstraints / matchResources: resourceRules minus excludeResourceRules, then the object and namespace selectors. */
export function resourcesMatch(m: unknown, a: AdmissionAttributes, namespaceLabels: Record<string, string> | undefined): boolean {
  const spec = rec(m);
  const rules = Array.isArray(spec.resourceRules) ? spec.resourceRules.map(rec) : undefined;
  if (rules && !rules.some((r) => ruleMatches(r, a))) return false;
  if (Array.isArray(spec.excludeResourceRules) && spec.excludeResourceRules.map(rec).some((r) => ruleMatches(r, a))) return false;
  if (spec.objectSelector !== undefined) {
    // As upstream: the new or the old object's labels may match (DELETE has only the old one).
    const selector = labelSelectorAsSelector(rec(spec.objectSelector));
    const objects = [a.object, a.oldObject].filter((o) => o !== undefined);
    const labelsOf = (o: KubeObject | undefined): Record<string, string> => o?.metadata?.labels ?? {};
    if (!(objects.length === 0 ? selector.matches({}) : objects.some((o) => selector.matches(labelsOf(o))))) return false;
  }
  if (spec.namespaceSelector !== undefined && a.namespace !== "") {
    if (!labelSelectorAsSelector(rec(spec.namespaceSelector)).matches(namespaceLabels ?? {})) return false;
  }
  return true;
}
