/**
 * Upstream's namespaced bootstrap roles and bindings (bootstrappolicy/namespace_policy.go, as
 * testdata namespace-roles.yaml and namespace-role-bindings.yaml list them).
 */
import type { PolicyRule } from "../auth/rbac/rules.js";
import { eventsRule, READ, rule, serviceAccount, user, type SubjectSpec } from "./bootstrap-policy-rules.js";

export interface NamespacedRoleSpec {
  namespace: string;
  name: string;
  rules: PolicyRule[];
}

export interface NamespacedBindingSpec {
  namespace: string;
  name: string;
  role: string;
  subjects: SubjectSpec[];
}

const leaderLocking = (component: string): PolicyRule[] => [
  rule("", "configmaps", "watch"),
  rule("", "configmaps", "get update", component),
  rule("coordination.k8s.io", "leases", "create get list update watch"),
  rule("coordination.k8s.io", "leasecandidates", "create get list update watch"),
];

export const UPSTREAM_NAMESPACED_ROLES: readonly NamespacedRoleSpec[] = [
  {
    namespace: "kube-public",
    name: "system:controller:bootstrap-signer",
    rules: [rule("", "configmaps", READ), rule("", "configmaps", "update", "cluster-info"), eventsRule()],
  },
  {
    namespace: "kube-system",
    name: "extension-apiserver-authentication-reader",
    rules: [rule("", "configmaps", READ, "extension-apiserver-authentication")],
  },
  {
    namespace: "kube-system",
    name: "system::leader-locking-kube-controller-manager",
    rules: leaderLocking("kube-controller-manager"),
  },
  { namespace: "kube-system", name: "system::leader-locking-kube-scheduler", rules: leaderLocking("kube-scheduler") },
  { namespace: "kube-system", name: "system:controller:bootstrap-signer", rules: [rule("", "secrets", READ)] },
  { namespace: "kube-system", name: "system:controller:cloud-provider", rules: [rule("", "configmaps", "create get list watch")] },
  {
    namespace: "kube-system",
    name: "system:controller:token-cleaner",
    rules: [rule("", "secrets", "delete get list watch"), eventsRule()],
  },
];

export const UPSTREAM_NAMESPACED_BINDINGS: readonly NamespacedBindingSpec[] = [
  {
    namespace: "kube-public",
    name: "system:controller:bootstrap-signer",
    role: "system:controller:bootstrap-signer",
    subjects: [serviceAccount("kube-system", "bootstrap-signer")],
  },
  {
    // The one binding named apart from its role (upstream renames it to keep the system:: prefix).
    namespace: "kube-system",
    name: "system::extension-apiserver-authentication-reader",
    role: "extension-apiserver-authentication-reader",
    subjects: [user("system:kube-controller-manager"), user("system:kube-scheduler")],
  },
  {
    namespace: "kube-system",
    name: "system::leader-locking-kube-controller-manager",
    role: "system::leader-locking-kube-controller-manager",
    subjects: [user("system:kube-controller-manager"), serviceAccount("kube-system", "kube-controller-manager")],
  },
  {
    namespace: "kube-system",
    name: "system::leader-locking-kube-scheduler",
    role: "system::leader-locking-kube-scheduler",
    subjects: [user("system:kube-scheduler"), serviceAccount("kube-system", "kube-scheduler")],
  },
  {
    namespace: "kube-system",
    name: "system:controller:bootstrap-signer",
    role: "system:controller:bootstrap-signer",
    subjects: [serviceAccount("kube-system", "bootstrap-signer")],
  },
  {
    namespace: "kube-system",
    name: "system:controller:cloud-provider",
    role: "system:controller:cloud-provider",
    subjects: [serviceAccount("kube-system", "cloud-provider")],
  },
  {
    namespace: "kube-system",
    name: "system:controller:token-cleaner",
    role: "system:controller:token-cleaner",
    subjects: [serviceAccount("kube-system", "token-cleaner")],
  },
];
