/**
 * flowcontrol.apiserver.k8s.io/v1 validation, as upstream's pkg/apis/flowcontrol/validation:
 * FlowSchemas (matching precedence, distinguisher method, the priority level reference, rules
 * with their subjects, resource and non-resource rules), PriorityLevelConfigurations (Exempt or
 * Limited and the fields each allows, limit responses, queuing and its shuffle-sharding entropy
 * bound), status conditions, and the rule that the mandatory objects' specs stay as the server
 * writes them. Specs a mandatory object is compared with come from the caller (the bootstrap
 * configuration lives with the resources).
 */
import { goQuote } from "../../../runtime/go-strings.js";
import { isDNS1123Label, isDNS1123Subdomain } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { FieldPath, fieldErrors, GoSyntax, type FieldError } from "./field.js";
import { isObj, list, num, record, str, type Obj } from "./shape.js";

export const FLOW_SCHEMA_MAX_MATCHING_PRECEDENCE = 10000;
const MAX_QUEUES = 10_000_000;
/** Upstream's shuffle-sharding hash width: a hand must be dealt from at most this many bits. */
const MAX_HASH_BITS = 60;
const DISTINGUISHER_METHODS = ["ByNamespace", "ByUser"];
const SUBJECT_KINDS = ["Group", "ServiceAccount", "User"];
const PRIORITY_LEVEL_TYPES = ["Exempt", "Limited"];
const LIMIT_RESPONSE_TYPES = ["Queue", "Reject"];
const VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"];
const NS_ERR_INTRO = "each member of this list must be '*' or a DNS-1123 label; ";

const strings = (v: unknown): string[] => list(v).map((x) => str(x));
const present = (v: unknown): boolean => v !== undefined && v !== null;

// ---- FlowSchema ----

export function validateFlowSchema(fs: KubeObject): FieldError[] {
  const name = fs.metadata?.name ?? "";
  return [...validateFlowSchemaSpec(name, record(fs.spec), FieldPath.of("spec")), ...validateConditions(fs, FieldPath.of("status"))];
}

export function validateFlowSchemaSpec(name: string, spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const precedence = num(spec.matchingPrecedence);
  if (precedence <= 0) errs.push(fieldErrors.invalid(path.child("matchingPrecedence"), precedence, "must be a positive value"));
  if (precedence > FLOW_SCHEMA_MAX_MATCHING_PRECEDENCE)
    errs.push(
      fieldErrors.invalid(path.child("matchingPrecedence"), precedence, `must not be greater than ${FLOW_SCHEMA_MAX_MATCHING_PRECEDENCE}`),
    );
  if (precedence === 1 && name !== "exempt")
    errs.push(
      fieldErrors.invalid(path.child("matchingPrecedence"), precedence, "only the schema named 'exempt' may have matchingPrecedence 1"),
    );
  if (isObj(spec.distinguisherMethod)) {
    const type = str(spec.distinguisherMethod.type);
    if (!DISTINGUISHER_METHODS.includes(type))
      errs.push(
        fieldErrors.notSupported(
          path.child("distinguisherMethod", "type"),
          new GoSyntax(`flowcontrol.FlowDistinguisherMethod{Type:${goQuote(type)}}`),
          DISTINGUISHER_METHODS,
        ),
      );
  }
  const plName = str(record(spec.priorityLevelConfiguration).name);
  const plPath = path.child("priorityLevelConfiguration", "name");
  if (plName !== "") for (const m of isDNS1123Subdomain(plName)) errs.push(fieldErrors.invalid(plPath, plName, m));
  else errs.push(fieldErrors.required(plPath, "must reference a priority level"));
  list(spec.rules).forEach((rule, i) => errs.push(...validateRule(record(rule), path.child("rules").index(i))));
  return errs;
}

function validateRule(rule: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const subjects = list(rule.subjects);
  if (subjects.length > 0) subjects.forEach((s, i) => errs.push(...validateSubject(record(s), path.child("subjects").index(i))));
  else errs.push(fieldErrors.required(path.child("subjects"), "subjects must contain at least one value"));
  const resourceRules = list(rule.resourceRules);
  const nonResourceRules = list(rule.nonResourceRules);
  if (resourceRules.length === 0 && nonResourceRules.length === 0)
    errs.push(fieldErrors.required(path, "at least one of resourceRules and nonResourceRules has to be non-empty"));
  resourceRules.forEach((r, i) => errs.push(...validateResourceRule(record(r), path.child("resourceRules").index(i))));
  nonResourceRules.forEach((r, i) => errs.push(...validateNonResourceRule(record(r), path.child("nonResourceRules").index(i))));
  return errs;
}

const FORBIDDEN_WHEN_NOT: Readonly<Record<string, string>> = {
  user: "user is forbidden when subject kind is not 'User'",
  group: "group is forbidden when subject kind is not 'Group'",
  serviceAccount: "serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
};

function validateSubject(subject: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const kind = str(subject.kind);
  const own = kind === "User" ? "user" : kind === "Group" ? "group" : kind === "ServiceAccount" ? "serviceAccount" : undefined;
  if (own === undefined) return [fieldErrors.notSupported(path.child("kind"), kind, SUBJECT_KINDS)];
  const member = subject[own];
  if (!isObj(member)) {
    errs.push(fieldErrors.required(path.child(own), `${own} is required when subject kind is '${kind}'`));
  } else if (own === "serviceAccount") {
    errs.push(...validateServiceAccountSubject(member, path.child(own)));
  } else if (str(member.name) === "") {
    errs.push(fieldErrors.required(path.child(own, "name")));
  }
  // Upstream's order for the other two members: serviceAccount, user, group as each kind lists them.
  const others = own === "serviceAccount" ? ["user", "group"] : own === "user" ? ["serviceAccount", "group"] : ["serviceAccount", "user"];
  for (const other of others) if (present(subject[other])) errs.push(fieldErrors.forbidden(path.child(other), FORBIDDEN_WHEN_NOT[other]!));
  return errs;
}

function validateServiceAccountSubject(sa: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(sa.name);
  if (name === "") errs.push(fieldErrors.required(path.child("name")));
  else if (name !== "*") for (const m of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(path.child("name"), name, m));
  const namespace = str(sa.namespace);
  if (namespace !== "") for (const m of isDNS1123Label(namespace)) errs.push(fieldErrors.invalid(path.child("namespace"), namespace, m));
  else errs.push(fieldErrors.required(path.child("namespace"), "must specify namespace for service account"));
  return errs;
}

function validateVerbs(verbs: string[], path: FieldPath): FieldError[] {
  if (verbs.length === 0) return [fieldErrors.required(path, "verbs must contain at least one value")];
  if (verbs.includes("*"))
    return verbs.length > 1 ? [fieldErrors.invalid(path, verbs, "if '*' is present, must not specify other verbs")] : [];
  return verbs.every((v) => VERBS.includes(v)) ? [] : [fieldErrors.notSupported(path, verbs, VERBS)];
}

function validateNonResourceRule(rule: Obj, path: FieldPath): FieldError[] {
  const errs = validateVerbs(strings(rule.verbs), path.child("verbs"));
  const urls = strings(rule.nonResourceURLs);
  const urlsPath = path.child("nonResourceURLs");
  if (urls.length === 0) errs.push(fieldErrors.required(urlsPath, "nonResourceURLs must contain at least one value"));
  else if (urls.includes("*")) {
    if (urls.length > 1) errs.push(fieldErrors.invalid(urlsPath, urls, "if '*' is present, must not specify other non-resource URLs"));
  } else
    urls.forEach((u, i) => {
      const detail = nonResourceURLProblem(u);
      if (detail !== undefined) errs.push(fieldErrors.invalid(urlsPath.index(i), u, detail));
    });
  return errs;
}

/** Upstream's ValidateNonResourceURLPath: a leading slash, no spaces or `//`, `*` only as a last `/*`. */
export function nonResourceURLProblem(path: string): string | undefined {
  if (path === "") return "must not be empty";
  if (path === "/") return undefined;
  if (!path.startsWith("/")) return "must start with slash";
  if (path.includes(" ")) return "must not contain white-space";
  if (path.includes("//")) return "must not contain double slash";
  const stars = path.split("*").length - 1;
  if (stars > 1 || (stars === 1 && !path.endsWith("/*"))) return "wildcard can only do suffix matching";
  return undefined;
}

function validateResourceRule(rule: Obj, path: FieldPath): FieldError[] {
  const errs = validateVerbs(strings(rule.verbs), path.child("verbs"));
  const groups = strings(rule.apiGroups);
  if (groups.length === 0) errs.push(fieldErrors.required(path.child("apiGroups"), "resource rules must supply at least one api group"));
  else if (groups.length > 1 && groups.includes("*"))
    errs.push(fieldErrors.invalid(path.child("apiGroups"), groups, "if '*' is present, must not specify other api groups"));
  const resources = strings(rule.resources);
  if (resources.length === 0) errs.push(fieldErrors.required(path.child("resources"), "resource rules must supply at least one resource"));
  else if (resources.length > 1 && resources.includes("*"))
    errs.push(fieldErrors.invalid(path.child("resources"), resources, "if '*' is present, must not specify other resources"));
  const namespaces = strings(rule.namespaces);
  const nsPath = path.child("namespaces");
  if (namespaces.length === 0 && rule.clusterScope !== true)
    errs.push(fieldErrors.required(nsPath, "resource rules that are not cluster scoped must supply at least one namespace"));
  else if (namespaces.includes("*")) {
    if (namespaces.length > 1) errs.push(fieldErrors.invalid(nsPath, namespaces, "if '*' is present, must not specify other namespaces"));
  } else
    namespaces.forEach((ns, i) => {
      for (const m of isDNS1123Label(ns)) errs.push(fieldErrors.invalid(nsPath.index(i), ns, NS_ERR_INTRO + m));
    });
  return errs;
}

/** Both kinds' status: condition types non-empty and unique. */
export function validateConditions(obj: KubeObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(record(obj.status).conditions).forEach((c, i) => {
    const type = str(record(c).type);
    const typePath = path.child("conditions").index(i).child("type");
    if (seen.has(type)) errs.push(fieldErrors.duplicate(typePath, type));
    seen.add(type);
    if (type === "") errs.push(fieldErrors.required(typePath, "must not be empty"));
  });
  return errs;
}

export const validateFlowControlStatus = (obj: KubeObject): FieldError[] => validateConditions(obj, FieldPath.of("status"));

// ---- PriorityLevelConfiguration ----

/** v1beta3's marker of a zero share kept through conversion: never on a stored object. */
export const PRESERVE_ZERO_SHARES_ANNOTATION = "flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares";

export function validatePriorityLevelConfiguration(plc: KubeObject): FieldError[] {
  const name = plc.metadata?.name ?? "";
  const annotations = plc.metadata?.annotations ?? {};
  return [
    ...(Object.hasOwn(annotations, PRESERVE_ZERO_SHARES_ANNOTATION)
      ? [fieldErrors.forbidden(FieldPath.of("metadata", "annotations"), `annotation '${PRESERVE_ZERO_SHARES_ANNOTATION}' is forbidden`)]
      : []),
    ...validatePriorityLevelConfigurationSpec(name, record(plc.spec), FieldPath.of("spec")),
    ...validateConditions(plc, FieldPath.of("status")),
  ];
}

export function validatePriorityLevelConfigurationSpec(name: string, spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(spec.type);
  if ((name === "exempt") !== (type === "Exempt"))
    errs.push(fieldErrors.invalid(path.child("type"), type, "type must be 'Exempt' if and only if name is 'exempt'"));
  switch (type) {
    case "Exempt":
      if (present(spec.limited)) errs.push(fieldErrors.forbidden(path.child("limited"), "must be nil if the type is not Limited"));
      if (isObj(spec.exempt)) errs.push(...validateExempt(spec.exempt, path.child("exempt")));
      break;
    case "Limited":
      if (present(spec.exempt)) errs.push(fieldErrors.forbidden(path.child("exempt"), "must be nil if the type is Limited"));
      if (!isObj(spec.limited)) errs.push(fieldErrors.required(path.child("limited"), "must not be empty when type is Limited"));
      else errs.push(...validateLimited(spec.limited, path.child("limited")));
      break;
    default:
      errs.push(fieldErrors.notSupported(path.child("type"), type, PRIORITY_LEVEL_TYPES));
  }
  return errs;
}

function percentErrors(v: unknown, path: FieldPath): FieldError[] {
  if (!present(v)) return [];
  const n = num(v);
  return n >= 0 && n <= 100 ? [] : [fieldErrors.invalid(path, n, "must be between 0 and 100, inclusive")];
}

function validateExempt(exempt: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (present(exempt.nominalConcurrencyShares) && num(exempt.nominalConcurrencyShares) < 0)
    errs.push(
      fieldErrors.invalid(path.child("nominalConcurrencyShares"), num(exempt.nominalConcurrencyShares), "must be a non-negative integer"),
    );
  errs.push(...percentErrors(exempt.lendablePercent, path.child("lendablePercent")));
  return errs;
}

function validateLimited(limited: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  // v1 keeps a zero share (since 1.30 every version may); only a negative one is refused.
  const shares = num(limited.nominalConcurrencyShares);
  if (shares < 0) errs.push(fieldErrors.invalid(path.child("nominalConcurrencyShares"), shares, "must be a non-negative integer"));
  errs.push(...validateLimitResponse(record(limited.limitResponse), path.child("limitResponse")));
  errs.push(...percentErrors(limited.lendablePercent, path.child("lendablePercent")));
  if (present(limited.borrowingLimitPercent) && num(limited.borrowingLimitPercent) < 0)
    errs.push(
      fieldErrors.invalid(
        path.child("borrowingLimitPercent"),
        num(limited.borrowingLimitPercent),
        "if specified, must be a non-negative integer",
      ),
    );
  return errs;
}

function validateLimitResponse(lr: Obj, path: FieldPath): FieldError[] {
  const type = str(lr.type);
  switch (type) {
    case "Reject":
      return present(lr.queuing)
        ? [fieldErrors.forbidden(path.child("queuing"), "must be nil if limited.limitResponse.type is not Limited")]
        : [];
    case "Queue":
      return isObj(lr.queuing)
        ? validateQueuing(lr.queuing, path.child("queuing"))
        : [fieldErrors.required(path.child("queuing"), "must not be empty if limited.limitResponse.type is Limited")];
    default:
      return [fieldErrors.notSupported(path.child("type"), type, LIMIT_RESPONSE_TYPES)];
  }
}

/** Shuffle sharding's bits of hash for dealing `handSize` cards from `deckSize`: ceil(log2(deck) * hand). */
export function requiredEntropyBits(deckSize: number, handSize: number): number {
  return Math.ceil(Math.log2(deckSize) * handSize);
}

function validateQueuing(q: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const limit = num(q.queueLengthLimit);
  const queues = num(q.queues);
  const hand = num(q.handSize);
  if (limit <= 0) errs.push(fieldErrors.invalid(path.child("queueLengthLimit"), limit, "must be positive"));
  if (queues <= 0) errs.push(fieldErrors.invalid(path.child("queues"), queues, "must be positive"));
  else if (queues > MAX_QUEUES) errs.push(fieldErrors.invalid(path.child("queues"), queues, `must not be greater than ${MAX_QUEUES}`));
  if (hand <= 0) errs.push(fieldErrors.invalid(path.child("handSize"), hand, "must be positive"));
  else if (hand > queues) errs.push(fieldErrors.invalid(path.child("handSize"), hand, `should not be greater than queues (${queues})`));
  else if (requiredEntropyBits(queues, hand) > MAX_HASH_BITS)
    errs.push(
      fieldErrors.invalid(
        path.child("handSize"),
        hand,
        `required entropy bits of deckSize ${queues} and handSize ${hand} should not be greater than ${MAX_HASH_BITS}`,
      ),
    );
  return errs;
}

// ---- The mandatory objects ----

/**
 * A spec as Go holds it: every field present, zero values for plain fields, null for unset
 * pointers, so two specs compare as upstream's semantic equality does (a nil and an empty
 * list are equal there, as they are here).
 */
function canonicalFlowSchemaSpec(spec: Obj): unknown {
  const dm = spec.distinguisherMethod;
  return {
    pl: str(record(spec.priorityLevelConfiguration).name),
    mp: num(spec.matchingPrecedence),
    dm: isObj(dm) ? str(dm.type) : null,
    rules: list(spec.rules).map((r) => {
      const rule = record(r);
      return {
        subjects: list(rule.subjects).map((s) => {
          const subject = record(s);
          const member = (k: string): unknown =>
            isObj(subject[k]) ? [str(record(subject[k]).name), str(record(subject[k]).namespace)] : null;
          return { kind: str(subject.kind), user: member("user"), group: member("group"), sa: member("serviceAccount") };
        }),
        rr: list(rule.resourceRules).map((x) => {
          const rr = record(x);
          return [strings(rr.verbs), strings(rr.apiGroups), strings(rr.resources), rr.clusterScope === true, strings(rr.namespaces)];
        }),
        nrr: list(rule.nonResourceRules).map((x) => [strings(record(x).verbs), strings(record(x).nonResourceURLs)]),
      };
    }),
  };
}

const ptrNum = (v: unknown): number | null => (typeof v === "number" ? v : null);

function canonicalPriorityLevelSpec(spec: Obj): unknown {
  const limited = isObj(spec.limited) ? spec.limited : undefined;
  const lr = record(limited?.limitResponse);
  const q = isObj(lr.queuing) ? lr.queuing : undefined;
  const exempt = isObj(spec.exempt) ? spec.exempt : undefined;
  return {
    type: str(spec.type),
    limited: limited && {
      ncs: num(limited.nominalConcurrencyShares),
      lr: { type: str(lr.type), queuing: q ? [num(q.queues), num(q.handSize), num(q.queueLengthLimit)] : null },
      lp: ptrNum(limited.lendablePercent),
      blp: ptrNum(limited.borrowingLimitPercent),
    },
    exempt: exempt && { ncs: ptrNum(exempt.nominalConcurrencyShares), lp: ptrNum(exempt.lendablePercent) },
  };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const ADDRESS = "0xc000000000";
const goPtr = (type: string, v: unknown): string => `(*flowcontrol.${type})(${isObj(v) ? ADDRESS : "nil"})`;
const goStrings = (v: unknown): string => (list(v).length === 0 ? "[]string(nil)" : `[]string{${strings(v).map(goQuote).join(", ")}}`);
const goSlice = (type: string, items: unknown[], each: (o: Obj) => string): string =>
  items.length === 0 ? `[]flowcontrol.${type}(nil)` : `[]flowcontrol.${type}{${items.map((x) => each(record(x))).join(", ")}}`;

/** The spec as upstream's error prints it: the internal struct in Go's %#v (pointers as a fixed address). */
export function flowSchemaSpecText(spec: Obj): GoSyntax {
  const rule = (r: Obj): string =>
    `flowcontrol.PolicyRulesWithSubjects{Subjects:${goSlice("Subject", list(r.subjects), subjectText)}, ResourceRules:${goSlice(
      "ResourcePolicyRule",
      list(r.resourceRules),
      (x) =>
        `flowcontrol.ResourcePolicyRule{Verbs:${goStrings(x.verbs)}, APIGroups:${goStrings(x.apiGroups)}, Resources:${goStrings(
          x.resources,
        )}, ClusterScope:${x.clusterScope === true}, Namespaces:${goStrings(x.namespaces)}}`,
    )}, NonResourceRules:${goSlice(
      "NonResourcePolicyRule",
      list(r.nonResourceRules),
      (x) => `flowcontrol.NonResourcePolicyRule{Verbs:${goStrings(x.verbs)}, NonResourceURLs:${goStrings(x.nonResourceURLs)}}`,
    )}}`;
  return new GoSyntax(
    `flowcontrol.FlowSchemaSpec{PriorityLevelConfiguration:flowcontrol.PriorityLevelConfigurationReference{Name:${goQuote(
      str(record(spec.priorityLevelConfiguration).name),
    )}}, MatchingPrecedence:${num(spec.matchingPrecedence)}, DistinguisherMethod:${goPtr(
      "FlowDistinguisherMethod",
      spec.distinguisherMethod,
    )}, Rules:${goSlice("PolicyRulesWithSubjects", list(spec.rules), rule)}}`,
  );
}

function subjectText(s: Obj): string {
  return `flowcontrol.Subject{Kind:${goQuote(str(s.kind))}, User:${goPtr("UserSubject", s.user)}, Group:${goPtr(
    "GroupSubject",
    s.group,
  )}, ServiceAccount:${goPtr("ServiceAccountSubject", s.serviceAccount)}}`;
}

export function priorityLevelSpecText(spec: Obj): GoSyntax {
  return new GoSyntax(
    `flowcontrol.PriorityLevelConfigurationSpec{Type:${goQuote(str(spec.type))}, Limited:${goPtr(
      "LimitedPriorityLevelConfiguration",
      spec.limited,
    )}, Exempt:${goPtr("ExemptPriorityLevelConfiguration", spec.exempt)}}`,
  );
}

/** A mandatory FlowSchema's spec must be exactly the server's. */
export function validateMandatoryFlowSchema(fs: KubeObject, fixed: Obj | undefined): FieldError[] {
  if (fixed === undefined) return [];
  const spec = record(fs.spec);
  if (same(canonicalFlowSchemaSpec(spec), canonicalFlowSchemaSpec(fixed))) return [];
  const name = fs.metadata?.name ?? "";
  return [fieldErrors.invalid(FieldPath.of("spec"), flowSchemaSpecText(spec), `spec of '${name}' must equal the fixed value`)];
}

/** A mandatory priority level's spec must be the server's; `exempt` may change its `spec.exempt`. */
export function validateMandatoryPriorityLevel(plc: KubeObject, fixed: Obj | undefined): FieldError[] {
  if (fixed === undefined) return [];
  const spec = record(plc.spec);
  const name = plc.metadata?.name ?? "";
  if (name === "exempt") {
    if (same(canonicalPriorityLevelSpec({ ...spec, exempt: fixed.exempt }), canonicalPriorityLevelSpec(fixed))) return [];
    return [
      fieldErrors.invalid(
        FieldPath.of("spec"),
        priorityLevelSpecText(spec),
        `spec of '${name}' except the 'spec.exempt' field must equal the fixed value`,
      ),
    ];
  }
  if (same(canonicalPriorityLevelSpec(spec), canonicalPriorityLevelSpec(fixed))) return [];
  return [fieldErrors.invalid(FieldPath.of("spec"), priorityLevelSpecText(spec), `spec of '${name}' must equal the fixed value`)];
}

/** Spec equality as the bootstrap ensurer judges it (both already defaulted). */
export const sameFlowSchemaSpec = (a: Obj, b: Obj): boolean => same(canonicalFlowSchemaSpec(a), canonicalFlowSchemaSpec(b));
export const samePriorityLevelSpec = (a: Obj, b: Obj): boolean => same(canonicalPriorityLevelSpec(a), canonicalPriorityLevelSpec(b));
