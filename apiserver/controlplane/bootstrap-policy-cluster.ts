/**
 * The cluster roles and bindings of upstream's bootstrap policy (bootstrappolicy/policy.go, as its
 * testdata cluster-roles.yaml and cluster-role-bindings.yaml list them), rule for rule and in
 * upstream's order. Only `system:kube-controller-manager` differs: kubegen's controller-manager
 * runs every controller under that one identity, so its role is upstream's plus what those
 * controllers need (see bootstrap-policy.ts).
 */
import type { PolicyRule } from "../auth/rbac/rules.js";
import { group, READ, rule, serviceAccount, urls, user, type SubjectSpec } from "./bootstrap-policy-rules.js";

const WRITE = "create delete deletecollection patch update";
const ALL = "create delete deletecollection get list patch update watch";

export const aggregateToAdminRules: PolicyRule[] = [
  rule("authorization.k8s.io", "localsubjectaccessreviews", "create"),
  rule("rbac.authorization.k8s.io", "rolebindings roles", ALL),
];

export const aggregateToEditRules: PolicyRule[] = [
  rule("", "pods/attach pods/exec pods/portforward pods/proxy secrets services/proxy", READ),
  rule("", "serviceaccounts", "impersonate"),
  rule("", "pods pods/attach pods/exec pods/portforward pods/proxy", WRITE),
  rule("", "pods/eviction", "create"),
  rule(
    "",
    "configmaps events persistentvolumeclaims replicationcontrollers replicationcontrollers/scale secrets serviceaccounts services services/proxy",
    WRITE,
  ),
  rule("", "serviceaccounts/token", "create"),
  rule(
    "apps",
    "daemonsets deployments deployments/rollback deployments/scale replicasets replicasets/scale statefulsets statefulsets/scale",
    WRITE,
  ),
  rule("autoscaling", "horizontalpodautoscalers", WRITE),
  rule("batch", "cronjobs jobs", WRITE),
  rule(
    "extensions",
    "daemonsets deployments deployments/rollback deployments/scale ingresses networkpolicies replicasets replicasets/scale replicationcontrollers/scale",
    WRITE,
  ),
  rule("policy", "poddisruptionbudgets", WRITE),
  rule("networking.k8s.io", "ingresses networkpolicies", WRITE),
  rule("coordination.k8s.io", "leases", ALL),
];

export const aggregateToViewRules: PolicyRule[] = [
  rule(
    "",
    "configmaps endpoints persistentvolumeclaims persistentvolumeclaims/status pods replicationcontrollers replicationcontrollers/scale serviceaccounts services services/status",
    READ,
  ),
  rule(
    "",
    "bindings events limitranges namespaces/status pods/log pods/status replicationcontrollers/status resourcequotas resourcequotas/status",
    READ,
  ),
  rule("", "namespaces", READ),
  rule("discovery.k8s.io", "endpointslices", READ),
  rule(
    "apps",
    "controllerrevisions daemonsets daemonsets/status deployments deployments/scale deployments/status replicasets replicasets/scale replicasets/status statefulsets statefulsets/scale statefulsets/status",
    READ,
  ),
  rule("autoscaling", "horizontalpodautoscalers horizontalpodautoscalers/status", READ),
  rule("batch", "cronjobs cronjobs/status jobs jobs/status", READ),
  rule(
    "extensions",
    "daemonsets daemonsets/status deployments deployments/scale deployments/status ingresses ingresses/status networkpolicies replicasets replicasets/scale replicasets/status replicationcontrollers/scale",
    READ,
  ),
  rule("policy", "poddisruptionbudgets poddisruptionbudgets/status", READ),
  rule("networking.k8s.io", "ingresses ingresses/status networkpolicies", READ),
];

/** Upstream's `system:kube-controller-manager` rules (kubegen adds its own to them). */
export const upstreamControllerManagerRules: PolicyRule[] = [
  rule(" events.k8s.io", "events", "create patch update"),
  rule("coordination.k8s.io", "leases", "create"),
  rule("coordination.k8s.io", "leases", "get update", "kube-controller-manager"),
  rule("", "secrets serviceaccounts", "create"),
  rule("", "secrets", "delete"),
  rule("", "configmaps namespaces secrets serviceaccounts", "get"),
  rule("", "secrets serviceaccounts", "update"),
  rule("authentication.k8s.io", "tokenreviews", "create"),
  rule("authorization.k8s.io", "subjectaccessreviews", "create"),
  rule("*", "*", "list watch"),
  rule("", "serviceaccounts/token", "create"),
];

const signerApprover = (signer: string): PolicyRule => rule("certificates.k8s.io", "signers", "approve", signer);

export interface ClusterRoleSpec {
  name: string;
  rules: PolicyRule[];
  labels?: Record<string, string>;
  aggregateFrom?: string;
}

export const aggregateLabel = (to: string): Record<string, string> => ({ [`rbac.authorization.k8s.io/aggregate-to-${to}`]: "true" });

/** policy.go's NodeRules(): the `system:node` role, and what the Node authorizer allows every node beyond its graph. */
export const nodeRules: PolicyRule[] = [
  rule("authentication.k8s.io", "tokenreviews", "create"),
  rule("authorization.k8s.io", "localsubjectaccessreviews subjectaccessreviews", "create"),
  rule("", "services", READ),
  rule("", "nodes", "create get list watch"),
  rule("", "nodes/status", "patch update"),
  rule("", "nodes", "patch update"),
  rule("", "events", "create patch update"),
  rule("", "pods", READ),
  rule("", "pods", "create delete"),
  rule("", "pods/status", "patch update"),
  rule("", "pods/eviction", "create"),
  rule("", "configmaps secrets", READ),
  rule("", "persistentvolumeclaims persistentvolumes", "get"),
  rule("", "endpoints", "get"),
  rule("certificates.k8s.io", "certificatesigningrequests", "create get list watch"),
  rule("coordination.k8s.io", "leases", "create delete get patch update"),
  rule("storage.k8s.io", "volumeattachments", "get"),
  rule("", "serviceaccounts/token", "create"),
  rule("", "persistentvolumeclaims/status", "get patch update"),
  rule("storage.k8s.io", "csidrivers", READ),
  rule("storage.k8s.io", "csinodes", "create delete get patch update"),
  rule("node.k8s.io", "runtimeclasses", READ),
  rule("resource.k8s.io", "resourceclaims", "get"),
  rule("resource.k8s.io", "resourceslices", "deletecollection"),
];

/** policy.go's ClusterRoles(), `system:kube-controller-manager` given by the caller. */
export function upstreamClusterRoles(controllerManagerRules: PolicyRule[]): ClusterRoleSpec[] {
  return [
    { name: "admin", rules: [], aggregateFrom: "admin" },
    {
      name: "cluster-admin",
      rules: [rule("*", "*", "*"), urls("*", "*")],
    },
    { name: "edit", rules: [], aggregateFrom: "edit", labels: aggregateLabel("admin") },
    { name: "system:aggregate-to-admin", rules: aggregateToAdminRules, labels: aggregateLabel("admin") },
    { name: "system:aggregate-to-edit", rules: aggregateToEditRules, labels: aggregateLabel("edit") },
    { name: "system:aggregate-to-view", rules: aggregateToViewRules, labels: aggregateLabel("view") },
    {
      name: "system:auth-delegator",
      rules: [rule("authentication.k8s.io", "tokenreviews", "create"), rule("authorization.k8s.io", "subjectaccessreviews", "create")],
    },
    {
      name: "system:basic-user",
      rules: [
        rule("authorization.k8s.io", "selfsubjectaccessreviews selfsubjectrulesreviews", "create"),
        rule("authentication.k8s.io", "selfsubjectreviews", "create"),
      ],
    },
    {
      name: "system:certificates.k8s.io:certificatesigningrequests:nodeclient",
      rules: [rule("certificates.k8s.io", "certificatesigningrequests/nodeclient", "create")],
    },
    {
      name: "system:certificates.k8s.io:certificatesigningrequests:selfnodeclient",
      rules: [rule("certificates.k8s.io", "certificatesigningrequests/selfnodeclient", "create")],
    },
    {
      name: "system:certificates.k8s.io:kube-apiserver-client-approver",
      rules: [signerApprover("kubernetes.io/kube-apiserver-client")],
    },
    {
      name: "system:certificates.k8s.io:kube-apiserver-client-kubelet-approver",
      rules: [signerApprover("kubernetes.io/kube-apiserver-client-kubelet")],
    },
    { name: "system:certificates.k8s.io:kubelet-serving-approver", rules: [signerApprover("kubernetes.io/kubelet-serving")] },
    { name: "system:certificates.k8s.io:legacy-unknown-approver", rules: [signerApprover("kubernetes.io/legacy-unknown")] },
    {
      name: "system:discovery",
      rules: [urls("/api /api/* /apis /apis/* /healthz /livez /openapi /openapi/* /readyz /version /version/", "get")],
    },
    {
      name: "system:heapster",
      rules: [rule("", "events namespaces nodes pods", READ), rule("extensions", "deployments", READ)],
    },
    { name: "system:kube-aggregator", rules: [rule("", "endpoints services", READ)] },
    { name: "system:kube-controller-manager", rules: controllerManagerRules },
    { name: "system:kube-dns", rules: [rule("", "endpoints services", "list watch")] },
    {
      name: "system:kube-scheduler",
      rules: [
        rule(" events.k8s.io", "events", "create patch update"),
        rule("coordination.k8s.io", "leases", "create"),
        rule("coordination.k8s.io", "leases", "get list update watch", "kube-scheduler"),
        rule("coordination.k8s.io", "leasecandidates", ALL),
        rule("", "nodes", READ),
        rule("", "pods", "delete get list watch"),
        rule("", "bindings pods/binding", "create"),
        rule("", "pods/status", "patch update"),
        rule("", "replicationcontrollers services", READ),
        rule("apps extensions", "replicasets", READ),
        rule("apps", "statefulsets", READ),
        rule("policy", "poddisruptionbudgets", READ),
        rule("", "persistentvolumeclaims persistentvolumes", READ),
        rule("authentication.k8s.io", "tokenreviews", "create"),
        rule("authorization.k8s.io", "subjectaccessreviews", "create"),
        rule("storage.k8s.io", "csinodes", READ),
        rule("storage.k8s.io", "volumeattachments", READ),
        rule("", "namespaces", READ),
        rule("storage.k8s.io", "csidrivers", READ),
        rule("storage.k8s.io", "csistoragecapacities", READ),
        rule("resource.k8s.io", "deviceclasses", READ),
        rule("resource.k8s.io", "resourceclaims", "get list patch update watch"),
        rule("resource.k8s.io", "resourceclaims/status", "get list patch update watch"),
        rule("", "pods/finalizers", "get list patch update watch"),
        rule("resource.k8s.io", "resourceslices", READ),
      ],
    },
    {
      name: "system:kubelet-api-admin",
      rules: [rule("", "nodes", READ), rule("", "nodes", "proxy"), rule("", "nodes/log nodes/metrics nodes/proxy nodes/stats", "*")],
    },
    {
      name: "system:monitoring",
      rules: [urls("/healthz /healthz/* /livez /livez/* /metrics /metrics/slis /readyz /readyz/*", "get")],
    },
    { name: "system:node", rules: nodeRules },
    {
      name: "system:node-bootstrapper",
      rules: [rule("certificates.k8s.io", "certificatesigningrequests", "create get list watch")],
    },
    {
      name: "system:node-problem-detector",
      rules: [rule("", "nodes", "get"), rule("", "nodes/status", "patch"), rule(" events.k8s.io", "events", "create patch update")],
    },
    {
      name: "system:node-proxier",
      rules: [
        rule("", "endpoints services", "list watch"),
        rule("", "nodes", READ),
        rule(" events.k8s.io", "events", "create patch update"),
        rule("discovery.k8s.io", "endpointslices", "list watch"),
      ],
    },
    {
      name: "system:persistent-volume-provisioner",
      rules: [
        rule("", "persistentvolumes", "create delete get list watch"),
        rule("", "persistentvolumeclaims", "get list update watch"),
        rule("storage.k8s.io", "storageclasses", READ),
        rule("", "events", "watch"),
        rule(" events.k8s.io", "events", "create patch update"),
      ],
    },
    {
      name: "system:public-info-viewer",
      rules: [urls("/healthz /livez /readyz /version /version/", "get")],
    },
    {
      name: "system:service-account-issuer-discovery",
      rules: [urls("/.well-known/openid-configuration /.well-known/openid-configuration/ /openid/v1/jwks /openid/v1/jwks/", "get")],
    },
    {
      name: "system:volume-scheduler",
      rules: [
        rule("", "persistentvolumes", "get list patch update watch"),
        rule("storage.k8s.io", "storageclasses", READ),
        rule("", "persistentvolumeclaims", "get list patch update watch"),
      ],
    },
    { name: "view", rules: [], aggregateFrom: "view", labels: aggregateLabel("edit") },
  ];
}

export interface BindingSpec {
  name: string;
  role: string;
  subjects: SubjectSpec[];
}

/** policy.go's ClusterRoleBindings(). */
export const UPSTREAM_CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  { name: "cluster-admin", role: "cluster-admin", subjects: [group("system:masters")] },
  { name: "system:basic-user", role: "system:basic-user", subjects: [group("system:authenticated")] },
  { name: "system:discovery", role: "system:discovery", subjects: [group("system:authenticated")] },
  {
    name: "system:kube-controller-manager",
    role: "system:kube-controller-manager",
    subjects: [user("system:kube-controller-manager")],
  },
  { name: "system:kube-dns", role: "system:kube-dns", subjects: [serviceAccount("kube-system", "kube-dns")] },
  { name: "system:kube-scheduler", role: "system:kube-scheduler", subjects: [user("system:kube-scheduler")] },
  { name: "system:monitoring", role: "system:monitoring", subjects: [group("system:monitoring")] },
  // Upstream binds system:node to no one: the Node authorizer grants kubelets their access.
  { name: "system:node", role: "system:node", subjects: [] },
  { name: "system:node-proxier", role: "system:node-proxier", subjects: [user("system:kube-proxy")] },
  {
    name: "system:public-info-viewer",
    role: "system:public-info-viewer",
    subjects: [group("system:authenticated"), group("system:unauthenticated")],
  },
  {
    name: "system:service-account-issuer-discovery",
    role: "system:service-account-issuer-discovery",
    subjects: [group("system:serviceaccounts")],
  },
  { name: "system:volume-scheduler", role: "system:volume-scheduler", subjects: [user("system:kube-scheduler")] },
];
