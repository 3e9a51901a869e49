/**
 * The audit policy (`--audit-policy-file`, audit.k8s.io/v1 Policy): the first rule that matches
 * a request decides its level (None, Metadata, Request, RequestResponse) and which stages are
 * left out; a request no rule matches is not audited.
 */
import { readFileSync } from "node:fs";
import { parse as parseYAML } from "yaml";
import type { AuthorizationAttributes } from "../auth/authorizer.js";
import type { UserInfo } from "../auth/user.js";

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

/** What a rule is matched against: an authorization's attributes, or a request's info and its user. */
export type PolicySubject = Pick<
  AuthorizationAttributes,
  "verb" | "isResourceRequest" | "path" | "apiGroup" | "namespace" | "resource" | "subresource" | "name"
>;

export interface PolicyDecision {
  readonly level: Level;
  readonly omitStages: readonly Stage[];
}

const NOT_AUDITED: PolicyDecision = Object.freeze({ level: "None", omitStages: Object.freeze([]) });

/** A rule's resource group, its lists made sets once (absent or empty lists match anything). */
interface CompiledGroup {
  group: string;
  resources: ReadonlySet<string> | undefined;
  names: ReadonlySet<string> | undefined;
}

/** A rule with its lists made sets, and its decision (level and omitted stages) made once. */
interface CompiledRule {
  users: ReadonlySet<string> | undefined;
  userGroups: ReadonlySet<string> | undefined;
  verbs: ReadonlySet<string> | undefined;
  /** Only resource requests match (the rule names namespaces or resources). */
  resourceOnly: boolean;
  namespaces: ReadonlySet<string> | undefined;
  groups: CompiledGroup[] | undefined;
  nonResourceURLs: readonly string[] | undefined;
  decision: PolicyDecision;
}

const setOf = (xs: readonly string[] | undefined): ReadonlySet<string> | undefined => (xs ? new Set(xs) : undefined);
const nonEmptySetOf = (xs: readonly string[] | undefined): ReadonlySet<string> | undefined =>
  xs && xs.length > 0 ? new Set(xs) : undefined;

function compileRule(policy: Policy, r: PolicyRule): CompiledRule {
  return {
    users: setOf(r.users),
    userGroups: setOf(r.userGroups),
    verbs: setOf(r.verbs),
    resourceOnly: r.namespaces !== undefined || r.resources !== undefined,
    namespaces: setOf(r.namespaces),
    groups: r.resources?.map((g) => ({
      group: g.group ?? "",
      resources: nonEmptySetOf(g.resources),
      names: nonEmptySetOf(g.resourceNames),
    })),
    nonResourceURLs: r.nonResourceURLs,
    decision: Object.freeze({ level: r.level, omitStages: Object.freeze([...(policy.omitStages ?? []), ...(r.omitStages ?? [])]) }),
  };
}

function groupMatches(g: CompiledGroup, a: PolicySubject): boolean {
  if (g.group !== a.apiGroup) return false;
  if (g.names && !g.names.has(a.name)) return false;
  const rs = g.resources;
  if (!rs) return true;
  const sub = a.subresource;
  return (
    rs.has("*") || rs.has(sub ? `${a.resource}/${sub}` : a.resource) || rs.has(`*/${sub}`) || (sub !== "" && rs.has(`${a.resource}/*`))
  );
}

function ruleMatches(r: CompiledRule, user: UserInfo, a: PolicySubject): boolean {
  if (r.users && !r.users.has(user.name)) return false;
  if (r.userGroups) {
    const groups = r.userGroups;
    if (!user.groups.some((g) => groups.has(g))) return false;
  }
  if (r.verbs && !r.verbs.has(a.verb)) return false;
  if (r.resourceOnly) {
    if (!a.isResourceRequest) return false;
    if (r.namespaces && !r.namespaces.has(a.namespace)) return false;
    if (r.groups && !r.groups.some((g) => groupMatches(g, a))) return false;
  }
  if (r.nonResourceURLs) return !a.isResourceRequest && urlMatches(r.nonResourceURLs, a.path);
  return true;
}

/** A policy made ready to decide requests: its rules' lists are sets and their decisions made, once. */
export type PolicyEvaluator = (user: UserInfo, a: PolicySubject) => PolicyDecision;

export function compilePolicy(policy: Policy): PolicyEvaluator {
  const rules = policy.rules.map((r) => compileRule(policy, r));
  const first = rules[0];
  // The common policy's first rule matches everything (`- level: Metadata`): decided without a look.
  if (first && !first.users && !first.userGroups && !first.verbs && !first.resourceOnly && !first.nonResourceURLs) {
    const d = first.decision;
    return () => d;
  }
  return (user, a) => {
    for (let i = 0; i < rules.length; i++) if (ruleMatches(rules[i]!, user, a)) return rules[i]!.decision;
    return NOT_AUDITED;
  };
}

const evaluators = new WeakMap<Policy, PolicyEvaluator>();

/** The level and omitted stages for a request (shared and frozen: callers read them). */
export function evaluate(policy: Policy, a: AuthorizationAttributes): PolicyDecision {
  let e = evaluators.get(policy);
  if (!e) evaluators.set(policy, (e = compilePolicy(policy)));
  return e(a.user, a);
}
