/**
 * flowcontrol.apiserver.k8s.io/v1: the v1 defaults, upstream's validation messages rule by rule,
 * the mandatory objects' pinned specs, status conditions, the bootstrap configuration (valid, and
 * unchanged by defaulting, as upstream checks of its own), and the printers' columns and cells.
 */
import { describe, expect, it } from "vitest";
import { flowSchemaStatusStrategy, flowSchemaStrategy } from "../../../apiserver/registry/resources/flowschemas/strategy.js";
import { priorityLevelConfigurationStrategy } from "../../../apiserver/registry/resources/prioritylevelconfigurations/strategy.js";
import {
  MANDATORY_FLOW_SCHEMAS,
  MANDATORY_PRIORITY_LEVELS,
  SUGGESTED_FLOW_SCHEMAS,
  SUGGESTED_PRIORITY_LEVELS,
} from "../../../apiserver/registry/resources/flowschemas/bootstrap.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { nonResourceURLProblem, requiredEntropyBits } from "../../../apiserver/registry/validation/flowcontrol.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { printerFor } from "../../../apiserver/endpoints/table/printers.js";
import { scheme } from "../../../generated/apis/register.js";

type Strategy = typeof flowSchemaStrategy;

function errorsOf(obj: KubeObject, strategy: Strategy): string[] {
  strategy.defaults?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

const everything = { verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"] };
const group = (name: string) => ({ kind: "Group", group: { name } });

function fs(spec: Record<string, unknown> = {}, name = "f"): KubeObject {
  return {
    apiVersion: "flowcontrol.apiserver.k8s.io/v1",
    kind: "FlowSchema",
    metadata: { name },
    spec: {
      priorityLevelConfiguration: { name: "global-default" },
      rules: [{ subjects: [group("g")], resourceRules: [everything] }],
      ...spec,
    },
  };
}

function plc(spec: Record<string, unknown>, name = "p"): KubeObject {
  return { apiVersion: "flowcontrol.apiserver.k8s.io/v1", kind: "PriorityLevelConfiguration", metadata: { name }, spec };
}

const fsErrors = (spec: Record<string, unknown>, name?: string) => errorsOf(fs(spec, name), flowSchemaStrategy);
const plErrors = (spec: Record<string, unknown>, name?: string) => errorsOf(plc(spec, name), priorityLevelConfigurationStrategy);
const rule = (r: Record<string, unknown>) => ({ rules: [{ subjects: [group("g")], ...r }] });
const limited = (l: Record<string, unknown>) => ({ type: "Limited", limited: { limitResponse: { type: "Reject" }, ...l } });

describe("defaults", () => {
  it("gives a FlowSchema matchingPrecedence 1000 when unset or 0", () => {
    for (const mp of [undefined, 0]) {
      const o = fs(mp === undefined ? {} : { matchingPrecedence: mp });
      flowSchemaStrategy.defaults!(o);
      expect((o.spec as { matchingPrecedence: number }).matchingPrecedence).toBe(1000);
    }
    const kept = fs({ matchingPrecedence: 7 });
    flowSchemaStrategy.defaults!(kept);
    expect((kept.spec as { matchingPrecedence: number }).matchingPrecedence).toBe(7);
  });

  it("gives a limited level 30 shares only when absent (v1 keeps 0), lendablePercent 0 and the queuing defaults", () => {
    const o = plc({ type: "Limited", limited: { limitResponse: { type: "Queue", queuing: {} } } });
    priorityLevelConfigurationStrategy.defaults!(o);
    expect(o.spec).toEqual({
      type: "Limited",
      limited: {
        nominalConcurrencyShares: 30,
        lendablePercent: 0,
        limitResponse: { type: "Queue", queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
      },
    });
    const zero = plc(limited({ nominalConcurrencyShares: 0 }));
    priorityLevelConfigurationStrategy.defaults!(zero);
    expect((zero.spec as { limited: { nominalConcurrencyShares: number } }).limited.nominalConcurrencyShares).toBe(0);
  });

  it("fills an exempt section's shares and lendable percent with 0, and leaves an absent one absent", () => {
    const o = plc({ type: "Exempt", exempt: {} }, "exempt");
    priorityLevelConfigurationStrategy.defaults!(o);
    expect(o.spec).toEqual({ type: "Exempt", exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } });
    const none = plc({ type: "Exempt" }, "exempt");
    priorityLevelConfigurationStrategy.defaults!(none);
    expect(none.spec).toEqual({ type: "Exempt" });
  });
});

describe("FlowSchema validation", () => {
  it("accepts a plain schema", () => {
    expect(fsErrors({})).toEqual([]);
  });

  it("checks matchingPrecedence: positive, at most 10000, 1 only for exempt", () => {
    expect(fsErrors({ matchingPrecedence: -1 })).toEqual(["spec.matchingPrecedence: Invalid value: -1: must be a positive value"]);
    expect(fsErrors({ matchingPrecedence: 10001 })).toEqual([
      "spec.matchingPrecedence: Invalid value: 10001: must not be greater than 10000",
    ]);
    expect(fsErrors({ matchingPrecedence: 1 })).toEqual([
      "spec.matchingPrecedence: Invalid value: 1: only the schema named 'exempt' may have matchingPrecedence 1",
    ]);
  });

  it("checks the distinguisher method's type", () => {
    expect(fsErrors({ distinguisherMethod: { type: "ByGroup" } })).toEqual([
      'spec.distinguisherMethod.type: Unsupported value: flowcontrol.FlowDistinguisherMethod{Type:"ByGroup"}: supported values: "ByNamespace", "ByUser"',
    ]);
    expect(fsErrors({ distinguisherMethod: { type: "ByNamespace" } })).toEqual([]);
  });

  it("requires a priority level reference that is a DNS subdomain", () => {
    expect(fsErrors({ priorityLevelConfiguration: { name: "" } })).toEqual([
      "spec.priorityLevelConfiguration.name: Required value: must reference a priority level",
    ]);
    expect(fsErrors({ priorityLevelConfiguration: { name: "Bad_Name" } })[0]).toMatch(
      /^spec\.priorityLevelConfiguration\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
    );
  });

  it("requires subjects and at least one kind of rule", () => {
    expect(fsErrors({ rules: [{ subjects: [] }] })).toEqual([
      "spec.rules[0].subjects: Required value: subjects must contain at least one value",
      "spec.rules[0]: Required value: at least one of resourceRules and nonResourceRules has to be non-empty",
    ]);
  });

  it("checks subjects by kind", () => {
    const subjects = (s: unknown) => fsErrors({ rules: [{ subjects: [s], resourceRules: [everything] }] });
    expect(subjects({ kind: "Robot" })).toEqual([
      'spec.rules[0].subjects[0].kind: Unsupported value: "Robot": supported values: "Group", "ServiceAccount", "User"',
    ]);
    expect(subjects({ kind: "User" })).toEqual([
      "spec.rules[0].subjects[0].user: Required value: user is required when subject kind is 'User'",
    ]);
    expect(subjects({ kind: "Group", group: { name: "" } })).toEqual(["spec.rules[0].subjects[0].group.name: Required value"]);
    expect(subjects({ kind: "User", user: { name: "u" }, group: { name: "g" }, serviceAccount: { name: "s", namespace: "n" } })).toEqual([
      "spec.rules[0].subjects[0].serviceAccount: Forbidden: serviceAccount is forbidden when subject kind is not 'ServiceAccount'",
      "spec.rules[0].subjects[0].group: Forbidden: group is forbidden when subject kind is not 'Group'",
    ]);
    expect(subjects({ kind: "ServiceAccount" })).toEqual([
      "spec.rules[0].subjects[0].serviceAccount: Required value: serviceAccount is required when subject kind is 'ServiceAccount'",
    ]);
    expect(subjects({ kind: "ServiceAccount", serviceAccount: { name: "" } })).toEqual([
      "spec.rules[0].subjects[0].serviceAccount.name: Required value",
      "spec.rules[0].subjects[0].serviceAccount.namespace: Required value: must specify namespace for service account",
    ]);
    expect(subjects({ kind: "ServiceAccount", serviceAccount: { name: "*", namespace: "kube-system" } })).toEqual([]);
    expect(subjects({ kind: "ServiceAccount", serviceAccount: { name: "a", namespace: "Bad" } })[0]).toMatch(
      /^spec\.rules\[0\]\.subjects\[0\]\.serviceAccount\.namespace: Invalid value: "Bad": a lowercase RFC 1123 label/,
    );
  });

  it("checks resource rules: verbs, groups, resources, namespaces and their `*` forms", () => {
    const rr = (r: Record<string, unknown>) => fsErrors(rule({ resourceRules: [{ ...everything, ...r }] }));
    expect(rr({ verbs: [] })).toEqual(["spec.rules[0].resourceRules[0].verbs: Required value: verbs must contain at least one value"]);
    expect(rr({ verbs: ["*", "get"] })).toEqual([
      `spec.rules[0].resourceRules[0].verbs: Invalid value: ["*","get"]: if '*' is present, must not specify other verbs`,
    ]);
    expect(rr({ verbs: ["get", "escalate"] })).toEqual([
      'spec.rules[0].resourceRules[0].verbs: Unsupported value: ["get","escalate"]: supported values: "create", "delete", "deletecollection", "get", "list", "patch", "proxy", "update", "watch"',
    ]);
    expect(rr({ apiGroups: [] })).toEqual([
      "spec.rules[0].resourceRules[0].apiGroups: Required value: resource rules must supply at least one api group",
    ]);
    expect(rr({ apiGroups: ["*", "apps"] })).toEqual([
      `spec.rules[0].resourceRules[0].apiGroups: Invalid value: ["*","apps"]: if '*' is present, must not specify other api groups`,
    ]);
    expect(rr({ resources: [] })).toEqual([
      "spec.rules[0].resourceRules[0].resources: Required value: resource rules must supply at least one resource",
    ]);
    expect(rr({ resources: ["pods", "*"] })).toEqual([
      `spec.rules[0].resourceRules[0].resources: Invalid value: ["pods","*"]: if '*' is present, must not specify other resources`,
    ]);
    expect(rr({ clusterScope: false, namespaces: [] })).toEqual([
      "spec.rules[0].resourceRules[0].namespaces: Required value: resource rules that are not cluster scoped must supply at least one namespace",
    ]);
    expect(rr({ clusterScope: true, namespaces: [] })).toEqual([]);
    expect(rr({ namespaces: ["*", "a"] })).toEqual([
      `spec.rules[0].resourceRules[0].namespaces: Invalid value: ["*","a"]: if '*' is present, must not specify other namespaces`,
    ]);
    expect(rr({ namespaces: ["Bad"] })[0]).toMatch(
      /^spec\.rules\[0\]\.resourceRules\[0\]\.namespaces\[0\]: Invalid value: "Bad": each member of this list must be '\*' or a DNS-1123 label; a lowercase RFC 1123 label/,
    );
  });

  it("checks non-resource rules and their paths", () => {
    const nr = (r: Record<string, unknown>) =>
      fsErrors(rule({ nonResourceRules: [{ verbs: ["get"], nonResourceURLs: ["/healthz"], ...r }] }));
    expect(nr({})).toEqual([]);
    expect(nr({ nonResourceURLs: [] })).toEqual([
      "spec.rules[0].nonResourceRules[0].nonResourceURLs: Required value: nonResourceURLs must contain at least one value",
    ]);
    expect(nr({ nonResourceURLs: ["*", "/x"] })).toEqual([
      `spec.rules[0].nonResourceRules[0].nonResourceURLs: Invalid value: ["*","/x"]: if '*' is present, must not specify other non-resource URLs`,
    ]);
    expect(nr({ nonResourceURLs: ["/ok", "healthz"] })).toEqual([
      'spec.rules[0].nonResourceRules[0].nonResourceURLs[1]: Invalid value: "healthz": must start with slash',
    ]);
    expect(nonResourceURLProblem("")).toBe("must not be empty");
    expect(nonResourceURLProblem("/")).toBeUndefined();
    expect(nonResourceURLProblem("/a b")).toBe("must not contain white-space");
    expect(nonResourceURLProblem("/a//b")).toBe("must not contain double slash");
    expect(nonResourceURLProblem("/a*")).toBe("wildcard can only do suffix matching");
    expect(nonResourceURLProblem("/a/*/b/*")).toBe("wildcard can only do suffix matching");
    expect(nonResourceURLProblem("/apis/*")).toBeUndefined();
  });

  it("pins the mandatory schemas' specs", () => {
    const exempt = structuredClone(MANDATORY_FLOW_SCHEMAS[0]!) as KubeObject;
    expect(errorsOf(structuredClone(exempt), flowSchemaStrategy)).toEqual([]);
    (exempt.spec as { rules: { subjects: unknown[] }[] }).rules[0]!.subjects.push(group("extra"));
    const errs = errorsOf(exempt, flowSchemaStrategy);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(
      /^spec: Invalid value: flowcontrol\.FlowSchemaSpec\{PriorityLevelConfiguration:flowcontrol\.PriorityLevelConfigurationReference\{Name:"exempt"\}, MatchingPrecedence:1, DistinguisherMethod:\(\*flowcontrol\.FlowDistinguisherMethod\)\(nil\), Rules:\[\]flowcontrol\.PolicyRulesWithSubjects\{.*\}\}: spec of 'exempt' must equal the fixed value$/,
    );
    const catchAll = structuredClone(MANDATORY_FLOW_SCHEMAS[1]!) as KubeObject;
    (catchAll.spec as { matchingPrecedence: number }).matchingPrecedence = 9999;
    expect(errorsOf(catchAll, flowSchemaStrategy)).toEqual([expect.stringMatching(/spec of 'catch-all' must equal the fixed value$/)]);
  });

  it("checks status conditions: a type, each once", () => {
    const old = fs({});
    old.metadata!.resourceVersion = "1";
    const o = structuredClone(old);
    o.status = { conditions: [{ type: "Dangling", status: "True" }, { type: "Dangling" }, { status: "False" }] };
    expect((flowSchemaStatusStrategy.validateUpdate?.(o, old) ?? []).map(errorText)).toEqual([
      'status.conditions[1].type: Duplicate value: "Dangling"',
      "status.conditions[2].type: Required value: must not be empty",
    ]);
  });
});

describe("PriorityLevelConfiguration validation", () => {
  it("accepts a queuing level and a rejecting one", () => {
    expect(plErrors({ type: "Limited", limited: { limitResponse: { type: "Queue", queuing: {} } } })).toEqual([]);
    expect(plErrors(limited({}))).toEqual([]);
  });

  it("ties type Exempt to the name exempt, and refuses an unknown type", () => {
    expect(plErrors({ type: "Exempt" })).toEqual([
      "spec.type: Invalid value: \"Exempt\": type must be 'Exempt' if and only if name is 'exempt'",
    ]);
    expect(plErrors({ type: "Unlimited" })).toEqual(['spec.type: Unsupported value: "Unlimited": supported values: "Exempt", "Limited"']);
  });

  it("allows each type only its own section", () => {
    expect(plErrors({ ...limited({}), exempt: {} })).toEqual(["spec.exempt: Forbidden: must be nil if the type is Limited"]);
    expect(plErrors({ type: "Limited" })).toEqual(["spec.limited: Required value: must not be empty when type is Limited"]);
    const exempt = plc({ type: "Exempt", exempt: { nominalConcurrencyShares: 3 }, limited: {} }, "exempt");
    expect(errorsOf(exempt, priorityLevelConfigurationStrategy)).toEqual([
      "spec.limited: Forbidden: must be nil if the type is not Limited",
      expect.stringMatching(
        /^spec: Invalid value: flowcontrol\.PriorityLevelConfigurationSpec\{Type:"Exempt", Limited:\(\*flowcontrol\.LimitedPriorityLevelConfiguration\)\(0xc000000000\), Exempt:\(\*flowcontrol\.ExemptPriorityLevelConfiguration\)\(0xc000000000\)\}: spec of 'exempt' except the 'spec.exempt' field must equal the fixed value$/,
      ),
    ]);
  });

  it("forbids v1beta3's roundtrip annotation", () => {
    const o = plc(limited({}));
    o.metadata!.annotations = { "flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares": "" };
    expect(errorsOf(o, priorityLevelConfigurationStrategy)).toEqual([
      "metadata.annotations: Forbidden: annotation 'flowcontrol.k8s.io/v1beta3-preserve-zero-concurrency-shares' is forbidden",
    ]);
  });

  it("checks shares and percentages", () => {
    expect(plErrors(limited({ nominalConcurrencyShares: -1, lendablePercent: 101, borrowingLimitPercent: -1 }))).toEqual([
      "spec.limited.nominalConcurrencyShares: Invalid value: -1: must be a non-negative integer",
      "spec.limited.lendablePercent: Invalid value: 101: must be between 0 and 100, inclusive",
      "spec.limited.borrowingLimitPercent: Invalid value: -1: if specified, must be a non-negative integer",
    ]);
    expect(plErrors(limited({ nominalConcurrencyShares: 0 }))).toEqual([]);
    const exempt = plc({ type: "Exempt", exempt: { nominalConcurrencyShares: -2, lendablePercent: -1 } }, "exempt");
    expect(errorsOf(exempt, priorityLevelConfigurationStrategy)).toEqual([
      "spec.exempt.nominalConcurrencyShares: Invalid value: -2: must be a non-negative integer",
      "spec.exempt.lendablePercent: Invalid value: -1: must be between 0 and 100, inclusive",
    ]);
  });

  it("checks the limit response and its queuing", () => {
    expect(plErrors({ type: "Limited", limited: { limitResponse: { type: "Drop" } } })).toEqual([
      'spec.limited.limitResponse.type: Unsupported value: "Drop": supported values: "Queue", "Reject"',
    ]);
    expect(plErrors({ type: "Limited", limited: { limitResponse: { type: "Queue" } } })).toEqual([
      "spec.limited.limitResponse.queuing: Required value: must not be empty if limited.limitResponse.type is Limited",
    ]);
    expect(plErrors({ type: "Limited", limited: { limitResponse: { type: "Reject", queuing: {} } } })).toEqual([
      "spec.limited.limitResponse.queuing: Forbidden: must be nil if limited.limitResponse.type is not Limited",
    ]);
    const q = (queuing: Record<string, unknown>) => plErrors({ type: "Limited", limited: { limitResponse: { type: "Queue", queuing } } });
    expect(q({ queues: -1, handSize: -1, queueLengthLimit: -1 })).toEqual([
      "spec.limited.limitResponse.queuing.queueLengthLimit: Invalid value: -1: must be positive",
      "spec.limited.limitResponse.queuing.queues: Invalid value: -1: must be positive",
      "spec.limited.limitResponse.queuing.handSize: Invalid value: -1: must be positive",
    ]);
    expect(q({ queues: 10_000_001, handSize: 1 })).toEqual([
      "spec.limited.limitResponse.queuing.queues: Invalid value: 10000001: must not be greater than 10000000",
    ]);
    expect(q({ queues: 4, handSize: 5 })).toEqual([
      "spec.limited.limitResponse.queuing.handSize: Invalid value: 5: should not be greater than queues (4)",
    ]);
    expect(q({ queues: 1_000_000, handSize: 10 })).toEqual([
      "spec.limited.limitResponse.queuing.handSize: Invalid value: 10: required entropy bits of deckSize 1000000 and handSize 10 should not be greater than 60",
    ]);
    expect(requiredEntropyBits(128, 6)).toBe(42);
  });

  it("pins catch-all; exempt may change only spec.exempt", () => {
    const catchAll = structuredClone(MANDATORY_PRIORITY_LEVELS[0]!) as KubeObject;
    (catchAll.spec as { limited: { nominalConcurrencyShares: number } }).limited.nominalConcurrencyShares = 6;
    expect(errorsOf(catchAll, priorityLevelConfigurationStrategy)).toEqual([
      "spec: Invalid value: flowcontrol.PriorityLevelConfigurationSpec{Type:\"Limited\", Limited:(*flowcontrol.LimitedPriorityLevelConfiguration)(0xc000000000), Exempt:(*flowcontrol.ExemptPriorityLevelConfiguration)(nil)}: spec of 'catch-all' must equal the fixed value",
    ]);
    const exempt = structuredClone(MANDATORY_PRIORITY_LEVELS[1]!) as KubeObject;
    (exempt.spec as { exempt: Record<string, number> }).exempt = { nominalConcurrencyShares: 10, lendablePercent: 50 };
    expect(errorsOf(exempt, priorityLevelConfigurationStrategy)).toEqual([]);
  });
});

describe("the bootstrap configuration", () => {
  const all = [...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS, ...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS];

  it("lists upstream's 13 schemas and 8 priority levels", () => {
    expect([...MANDATORY_FLOW_SCHEMAS, ...SUGGESTED_FLOW_SCHEMAS].map((o) => o.metadata?.name).sort()).toEqual([
      "catch-all",
      "endpoint-controller",
      "exempt",
      "global-default",
      "kube-controller-manager",
      "kube-scheduler",
      "kube-system-service-accounts",
      "probes",
      "service-accounts",
      "system-leader-election",
      "system-node-high",
      "system-nodes",
      "workload-leader-election",
    ]);
    expect([...MANDATORY_PRIORITY_LEVELS, ...SUGGESTED_PRIORITY_LEVELS].map((o) => o.metadata?.name).sort()).toEqual([
      "catch-all",
      "exempt",
      "global-default",
      "leader-election",
      "node-high",
      "system",
      "workload-high",
      "workload-low",
    ]);
  });

  it("is valid and already in its defaulted form", () => {
    for (const o of all) {
      const strategy = o.kind === "FlowSchema" ? flowSchemaStrategy : priorityLevelConfigurationStrategy;
      const copy = structuredClone(o) as KubeObject;
      expect(errorsOf(copy, strategy), o.metadata?.name).toEqual([]);
      expect(copy, o.metadata?.name).toEqual(o);
      expect(o.metadata?.annotations).toEqual({ "apf.kubernetes.io/autoupdate": "true" });
    }
  });
});

describe("printing", () => {
  const printer = (plural: string) => {
    const gv = scheme.groupVersions().find((g) => g.group === "flowcontrol.apiserver.k8s.io")!;
    return printerFor(
      gv.group,
      scheme.resourcesFor(gv).find((r) => r.plural === plural)!,
    );
  };

  it("prints FlowSchemas as upstream: NAME PRIORITYLEVEL MATCHINGPRECEDENCE DISTINGUISHERMETHOD AGE MISSINGPL", () => {
    const p = printer("flowschemas");
    expect(p.columns.map((c) => c.name)).toEqual([
      "Name",
      "PriorityLevel",
      "MatchingPrecedence",
      "DistinguisherMethod",
      "Age",
      "MissingPL",
    ]);
    const now = Date.parse("2026-01-01T00:10:00Z");
    const exempt = {
      ...structuredClone(MANDATORY_FLOW_SCHEMAS[0]!),
      metadata: { name: "exempt", creationTimestamp: "2026-01-01T00:00:00Z" },
    };
    expect(p.cells(exempt as KubeObject, now)).toEqual(["exempt", "exempt", 1, "<none>", "10m", "?"]);
    const withStatus = { ...exempt, status: { conditions: [{ type: "Dangling", status: "False" }] } };
    expect(p.cells(withStatus as KubeObject, now)[5]).toBe("False");
    expect(p.cells(SUGGESTED_FLOW_SCHEMAS.find((f) => f.metadata?.name === "kube-scheduler") as KubeObject, now)[3]).toBe("ByNamespace");
  });

  it("prints PriorityLevelConfigurations as upstream: NAME TYPE NOMINALCONCURRENCYSHARES QUEUES HANDSIZE QUEUELENGTHLIMIT AGE", () => {
    const p = printer("prioritylevelconfigurations");
    expect(p.columns.map((c) => c.name)).toEqual([
      "Name",
      "Type",
      "NominalConcurrencyShares",
      "Queues",
      "HandSize",
      "QueueLengthLimit",
      "Age",
    ]);
    const now = Date.parse("2026-01-01T00:10:00Z");
    const row = (o: unknown) => p.cells(o as KubeObject, now).slice(0, 6);
    const [catchAll, exempt] = MANDATORY_PRIORITY_LEVELS;
    expect(row(catchAll)).toEqual(["catch-all", "Limited", 5, "<none>", "<none>", "<none>"]);
    expect(row(exempt)).toEqual(["exempt", "Exempt", "<none>", "<none>", "<none>", "<none>"]);
    expect(row(SUGGESTED_PRIORITY_LEVELS.find((o) => o.metadata?.name === "workload-low"))).toEqual([
      "workload-low",
      "Limited",
      100,
      128,
      6,
      50,
    ]);
  });
});
