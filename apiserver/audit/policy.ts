/**
 * The audit policy (`--audit-policy-file`, audit.k8s.io/v1 Policy): the first rule that matches
 * a request decides its level (None, Metadata, Request, RequestResponse) and which stages are
 * left out; a request no rule matches is not audited.
 */
import { readFileSync } from "node:fs";
import { parse as parseYAML } from "yaml";
import type { AuthorizationAttributes } from "../auth/authorizer.js";

export type Level = "None" | "Metadata" | "Request" | "RequestResponse";
export type Stage = "RequestReceived" | "ResponseStarted" | "ResponseComplete" | "Panic";
const LEVELS: readonly Level[] = ["None", "Metadata", "Request", "RequestResponse"];
const STAGES: readonly Stage[] = ["RequestReceived", "ResponseStarted", "ResponseComplete", "Panic"];

export interface PolicyRule {
  level: Level;
  users?: string[];
  userGroups?: string[];
  verbs?: string[];
  resources?: { group?: string; resources?: string[]; resourceNames?: string[] }[];
  namespaces?: string[];
  nonResourceURLs?: string[];
  omitStages?: Stage[];
}

export interface Policy {
  rules: PolicyRule[];
  omitStages?: Stage[];
}

/** Reads and checks a policy file (YAML or JSON); a bad one stops the server at start, as upstream. */
export function loadPolicy(file: string): Policy {
  const doc = parseYAML(readFileSync(file, "utf8")) as Record<string, unknown> | null;
  return checkPolicy(doc, file);
}

export function checkPolicy(doc: Record<string, unknown> | null, file = "policy"): Policy {
  if (!doc || doc.kind !== "Policy" || !/^audit\.k8s\.io\/v1(beta1)?$/.test(String(doc.apiVersion))) {
    throw new Error(`--audit-policy-file ${file}: not an audit.k8s.io/v1 Policy`);
  }
  const rules = (doc.rules as PolicyRule[] | undefined) ?? [];
  if (rules.length === 0) throw new Error(`--audit-policy-file ${file}: loaded illegal policy with 0 rules`);
  rules.forEach((r, i) => {
    if (!LEVELS.includes(r.level))
      throw new Error(
        `--audit-policy-file ${file}: rules[${i}].level: Unsupported value: ${JSON.stringify(r.level)}: supported values: ${LEVELS.map((l) => JSON.stringify(l)).join(", ")}`,
      );
    for (const s of r.omitStages ?? [])
      if (!STAGES.includes(s))
        throw new Error(`--audit-policy-file ${file}: rules[${i}].omitStages: Unsupported value: ${JSON.stringify(s)}`);
    if (r.nonResourceURLs && (r.resources || r.namespaces))
      throw new Error(`--audit-policy-file ${file}: rules[${i}]: rules cannot apply to both regular resources and non-resource URLs`);
  });
  return { rules, ...(doc.omitStages ? { omitStages: doc.omitStages as Stage[] } : {}) };
}

const urlMatches = (patterns: readonly string[], path: string): boolean =>
  patterns.some((p) => p === "*" || p === path || (p.endsWith("*") && path.startsWith(p.slice(0, -1))));

function ruleMatches(r: PolicyRule, a: AuthorizationAttributes): boolean {
  if (r.users && !r.users.includes(a.user.name)) return false;
  if (r.userGroups && !r.userGroups.some((g) => a.user.groups.includes(g))) return false;
  if (r.verbs && !r.verbs.includes(a.verb)) return false;
  if (r.namespaces || r.resources) {
    if (!a.isResourceRequest) return false;
    if (r.namespaces && !r.namespaces.includes(a.namespace)) return false;
    if (r.resources) {
      const combined = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
      const ok = r.resources.some(
        (g) =>
          (g.group ?? "") === a.apiGroup &&
          (!g.resources ||
            g.resources.length === 0 ||
            g.resources.some(
              (x) => x === combined || x === "*" || x === `*/${a.subresource}` || (x === `${a.resource}/*` && a.subresource !== ""),
            )) &&
          (!g.resourceNames || g.resourceNames.length === 0 || g.resourceNames.includes(a.name)),
      );
      if (!ok) return false;
    }
  }
  if (r.nonResourceURLs) return !a.isResourceRequest && urlMatches(r.nonResourceURLs, a.path);
  return true;
}

export interface PolicyDecision {
  readonly level: Level;
  readonly omitStages: readonly Stage[];
}

const NOT_AUDITED: PolicyDecision = Object.freeze({ level: "None", omitStages: Object.freeze([]) });

/** Each rule's decision, made once per policy: every audited request used to build its omitStages anew. */
const decisions = new WeakMap<Policy, readonly PolicyDecision[]>();

function decisionsOf(policy: Policy): readonly PolicyDecision[] {
  let d = decisions.get(policy);
  if (!d) {
    d = policy.rules.map((r) =>
      Object.freeze({ level: r.level, omitStages: Object.freeze([...(policy.omitStages ?? []), ...(r.omitStages ?? [])]) }),
    );
    decisions.set(policy, d);
  }
  return d;
}

/** The level and omitted stages for a request (shared and frozen: callers read them). */
export function evaluate(policy: Policy, a: AuthorizationAttributes): PolicyDecision {
  const rules = policy.rules;
  for (let i = 0; i < rules.length; i++) if (ruleMatches(rules[i]!, a)) return decisionsOf(policy)[i]!;
  return NOT_AUDITED;
}
