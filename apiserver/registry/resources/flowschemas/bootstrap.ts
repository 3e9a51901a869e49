/**
 * The API priority and fairness configuration upstream's apiserver starts with (its
 * flowcontrol/bootstrap package, 1.34): the mandatory objects (`exempt` and `catch-all`, of both
 * kinds), whose specs validation pins, and the suggested ones an operator may edit or delete.
 * Every object carries `apf.kubernetes.io/autoupdate: "true"`. The specs are already in their
 * defaulted form, so the ensurer compares them with stored objects as they are.
 */
import type { FlowSchema, PriorityLevelConfiguration, PolicyRulesWithSubjects, Subject } from "../../../../api/flowcontrol/v1/types.js";

export const AUTO_UPDATE_ANNOTATION = "apf.kubernetes.io/autoupdate";

const meta = (name: string) => ({ name, annotations: { [AUTO_UPDATE_ANNOTATION]: "true" } });

function limited(name: string, shares: number, lendable: number, queuing?: [number, number, number]): PriorityLevelConfiguration {
  return {
    apiVersion: "flowcontrol.apiserver.k8s.io/v1",
    kind: "PriorityLevelConfiguration",
    metadata: meta(name),
    spec: {
      type: "Limited",
      limited: {
        nominalConcurrencyShares: shares,
        lendablePercent: lendable,
        limitResponse: queuing
          ? { type: "Queue", queuing: { queues: queuing[0], handSize: queuing[1], queueLengthLimit: queuing[2] } }
          : { type: "Reject" },
      },
    },
  };
}

const groups = (...names: string[]): Subject[] => names.map((name) => ({ kind: "Group", group: { name } }));
const users = (...names: string[]): Subject[] => names.map((name) => ({ kind: "User", user: { name } }));
const kubeSystemSAs = (...names: string[]): Subject[] =>
  names.map((name) => ({ kind: "ServiceAccount", serviceAccount: { name, namespace: "kube-system" } }));

/** Every verb on every resource, namespaced or not, and every non-resource URL. */
const everything = (subjects: Subject[]): PolicyRulesWithSubjects => ({
  subjects,
  resourceRules: [{ verbs: ["*"], apiGroups: ["*"], resources: ["*"], clusterScope: true, namespaces: ["*"] }],
  nonResourceRules: [{ verbs: ["*"], nonResourceURLs: ["*"] }],
});

const GET_CREATE_UPDATE = ["get", "create", "update"];

function flowSchema(
  name: string,
  priorityLevel: string,
  matchingPrecedence: number,
  distinguisher: "ByUser" | "ByNamespace" | undefined,
  rule: PolicyRulesWithSubjects,
): FlowSchema {
  return {
    apiVersion: "flowcontrol.apiserver.k8s.io/v1",
    kind: "FlowSchema",
    metadata: meta(name),
    spec: {
      priorityLevelConfiguration: { name: priorityLevel },
      matchingPrecedence,
      ...(distinguisher && { distinguisherMethod: { type: distinguisher } }),
      rules: [rule],
    },
  };
}

export const MANDATORY_PRIORITY_LEVELS: readonly PriorityLevelConfiguration[] = [
  limited("catch-all", 5, 0),
  {
    apiVersion: "flowcontrol.apiserver.k8s.io/v1",
    kind: "PriorityLevelConfiguration",
    metadata: meta("exempt"),
    spec: { type: "Exempt", exempt: { nominalConcurrencyShares: 0, lendablePercent: 0 } },
  },
];

export const MANDATORY_FLOW_SCHEMAS: readonly FlowSchema[] = [
  flowSchema("exempt", "exempt", 1, undefined, everything(groups("system:masters"))),
  flowSchema("catch-all", "catch-all", 10000, "ByUser", everything(groups("system:unauthenticated", "system:authenticated"))),
];

export const SUGGESTED_PRIORITY_LEVELS: readonly PriorityLevelConfiguration[] = [
  limited("system", 30, 33, [64, 6, 50]),
  limited("node-high", 40, 25, [64, 6, 50]),
  limited("leader-election", 10, 0, [16, 4, 50]),
  limited("workload-high", 40, 50, [128, 6, 50]),
  limited("workload-low", 100, 90, [128, 6, 50]),
  limited("global-default", 20, 50, [128, 6, 50]),
];

export const SUGGESTED_FLOW_SCHEMAS: readonly FlowSchema[] = [
  flowSchema("system-nodes", "system", 500, "ByUser", everything(groups("system:nodes"))),
  flowSchema("system-node-high", "node-high", 400, "ByUser", {
    subjects: groups("system:nodes"),
    resourceRules: [
      { verbs: ["*"], apiGroups: [""], resources: ["nodes", "nodes/status"], clusterScope: true, namespaces: ["*"] },
      { verbs: ["*"], apiGroups: ["coordination.k8s.io"], resources: ["leases"], namespaces: ["*"] },
    ],
  }),
  flowSchema("probes", "exempt", 2, undefined, {
    subjects: groups("system:unauthenticated", "system:authenticated"),
    nonResourceRules: [{ verbs: ["get"], nonResourceURLs: ["/healthz", "/readyz", "/livez"] }],
  }),
  flowSchema("system-leader-election", "leader-election", 100, "ByUser", {
    subjects: [...users("system:kube-controller-manager", "system:kube-scheduler"), ...kubeSystemSAs("*")],
    resourceRules: [{ verbs: GET_CREATE_UPDATE, apiGroups: ["coordination.k8s.io"], resources: ["leases"], namespaces: ["*"] }],
  }),
  flowSchema("workload-leader-election", "leader-election", 200, "ByUser", {
    subjects: kubeSystemSAs("*"),
    resourceRules: [
      { verbs: GET_CREATE_UPDATE, apiGroups: [""], resources: ["endpoints", "configmaps"], namespaces: ["*"] },
      { verbs: GET_CREATE_UPDATE, apiGroups: ["coordination.k8s.io"], resources: ["leases"], namespaces: ["*"] },
    ],
  }),
  flowSchema("endpoint-controller", "workload-high", 150, "ByUser", {
    subjects: [...users("system:kube-controller-manager"), ...kubeSystemSAs("endpoint-controller", "endpointslicemirroring-controller")],
    resourceRules: [{ verbs: GET_CREATE_UPDATE, apiGroups: [""], resources: ["endpoints"], namespaces: ["*"] }],
  }),
  flowSchema("kube-controller-manager", "workload-high", 800, "ByNamespace", everything(users("system:kube-controller-manager"))),
  flowSchema("kube-scheduler", "workload-high", 800, "ByNamespace", everything(users("system:kube-scheduler"))),
  flowSchema("kube-system-service-accounts", "workload-high", 900, "ByNamespace", everything(kubeSystemSAs("*"))),
  flowSchema("service-accounts", "workload-low", 9000, "ByUser", everything(groups("system:serviceaccounts"))),
  flowSchema("global-default", "global-default", 9900, "ByUser", everything(groups("system:unauthenticated", "system:authenticated"))),
];

const byName = <T extends { metadata?: { name?: string } }>(objs: readonly T[]): ReadonlyMap<string, T> =>
  new Map(objs.map((o) => [o.metadata!.name!, o]));

export const MANDATORY_FLOW_SCHEMA_BY_NAME = byName(MANDATORY_FLOW_SCHEMAS);
export const MANDATORY_PRIORITY_LEVEL_BY_NAME = byName(MANDATORY_PRIORITY_LEVELS);
