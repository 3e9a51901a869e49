/**
 * Upstream's per-controller roles (bootstrappolicy/controller_policy.go, as testdata
 * controller-roles.yaml lists them with the gates on by default in 1.34), each bound to its
 * kube-system service account. kubegen's controller-manager does not use these credentials (it
 * runs as `system:kube-controller-manager`); the roles exist for tools and users that expect them.
 */
import type { PolicyRule } from "../auth/rbac/rules.js";
import { eventsRule, READ, rule } from "./bootstrap-policy-rules.js";

export const CONTROLLER_ROLE_PREFIX = "system:controller:";

const MUTATE = "create delete get list patch update watch";

/** Controller name (its service account in kube-system) to its role's rules. */
export const UPSTREAM_CONTROLLER_ROLES: readonly (readonly [string, PolicyRule[]])[] = [
  [
    "attachdetach-controller",
    [
      rule("", "persistentvolumeclaims persistentvolumes", "list watch"),
      rule("", "nodes", READ),
      rule("", "nodes/status", "patch update"),
      rule("", "pods", "list watch"),
      eventsRule(),
      rule("storage.k8s.io", "volumeattachments", "create delete get list watch"),
      rule("storage.k8s.io", "csidrivers", READ),
      rule("storage.k8s.io", "csinodes", READ),
    ],
  ],
  [
    "certificate-controller",
    [
      rule("certificates.k8s.io", "certificatesigningrequests", "delete get list watch"),
      rule("certificates.k8s.io", "certificatesigningrequests/approval certificatesigningrequests/status", "update"),
      rule("certificates.k8s.io", "signers", "approve", "kubernetes.io/kube-apiserver-client-kubelet"),
      rule(
        "certificates.k8s.io",
        "signers",
        "sign",
        "kubernetes.io/kube-apiserver-client kubernetes.io/kube-apiserver-client-kubelet kubernetes.io/kubelet-serving kubernetes.io/legacy-unknown",
      ),
      rule("authorization.k8s.io", "subjectaccessreviews", "create"),
      eventsRule(),
    ],
  ],
  ["clusterrole-aggregation-controller", [rule("rbac.authorization.k8s.io", "clusterroles", "escalate get list patch update watch")]],
  [
    "cronjob-controller",
    [
      rule("batch", "cronjobs", "get list update watch"),
      rule("batch", "jobs", MUTATE),
      rule("batch", "cronjobs/status", "update"),
      rule("batch", "cronjobs/finalizers", "update"),
      rule("", "pods", "delete list"),
      eventsRule(),
    ],
  ],
  [
    "daemon-set-controller",
    [
      rule("apps extensions", "daemonsets", READ),
      rule("apps extensions", "daemonsets/status", "update"),
      rule("apps extensions", "daemonsets/finalizers", "update"),
      rule("", "nodes", "list watch"),
      rule("", "pods", "create delete list patch watch"),
      rule("", "pods/binding", "create"),
      rule("apps", "controllerrevisions", MUTATE),
      eventsRule(),
    ],
  ],
  [
    "deployment-controller",
    [
      rule("apps extensions", "deployments", "get list update watch"),
      rule("apps extensions", "deployments/status", "update"),
      rule("apps extensions", "deployments/finalizers", "update"),
      rule("apps extensions", "replicasets", MUTATE),
      rule("", "pods", "get list update watch"),
      eventsRule(),
    ],
  ],
  [
    "disruption-controller",
    [
      rule("apps extensions", "deployments", READ),
      rule("apps extensions", "replicasets", READ),
      rule("", "replicationcontrollers", READ),
      rule("policy", "poddisruptionbudgets", READ),
      rule("apps", "statefulsets", READ),
      rule("policy", "poddisruptionbudgets/status", "update"),
      rule("", "pods/status", "patch update"),
      rule("*", "*/scale", "get"),
      eventsRule(),
    ],
  ],
  [
    "endpoint-controller",
    [
      rule("", "pods services", READ),
      rule("", "endpoints", "create delete get list update"),
      rule("", "endpoints/restricted", "create"),
      eventsRule(),
    ],
  ],
  [
    "endpointslice-controller",
    [
      rule("", "nodes pods services", READ),
      rule("", "services/finalizers", "update"),
      rule("discovery.k8s.io", "endpointslices", "create delete get list update"),
      eventsRule(),
    ],
  ],
  [
    "endpointslicemirroring-controller",
    [
      rule("", "endpoints services", READ),
      rule("", "services/finalizers", "update"),
      rule("", "endpoints/finalizers", "update"),
      rule("discovery.k8s.io", "endpointslices", "create delete get list update"),
      eventsRule(),
    ],
  ],
  [
    "ephemeral-volume-controller",
    [
      rule("", "pods", READ),
      rule("", "pods/finalizers", "update"),
      rule("", "persistentvolumeclaims", "create get list watch"),
      eventsRule(),
    ],
  ],
  [
    "expand-controller",
    [
      rule("", "persistentvolumes", "get list patch update watch"),
      rule("", "persistentvolumeclaims/status", "patch update"),
      rule("", "persistentvolumeclaims", READ),
      eventsRule(),
      rule("", "services", "get"),
    ],
  ],
  ["generic-garbage-collector", [rule("*", "*", "delete get list patch update watch"), eventsRule()]],
  [
    "horizontal-pod-autoscaler",
    [
      rule("autoscaling", "horizontalpodautoscalers", READ),
      rule("autoscaling", "horizontalpodautoscalers/status", "update"),
      rule("*", "*/scale", "get update"),
      rule("", "pods", "list"),
      rule("metrics.k8s.io", "pods", "list"),
      rule("custom.metrics.k8s.io", "*", "get list"),
      rule("external.metrics.k8s.io", "*", "get list"),
      eventsRule(),
    ],
  ],
  [
    "job-controller",
    [
      rule("batch", "jobs", "get list patch update watch"),
      rule("batch", "jobs/status", "update"),
      rule("batch", "jobs/finalizers", "update"),
      rule("", "pods", "create delete list patch watch"),
      eventsRule(),
    ],
  ],
  [
    "legacy-service-account-token-cleaner",
    [rule("", "configmaps", "get", "kube-apiserver-legacy-service-account-token-tracking"), rule("", "secrets", "delete patch")],
  ],
  [
    "namespace-controller",
    [
      rule("", "namespaces", "delete get list watch"),
      rule("", "namespaces/finalize namespaces/status", "update"),
      rule("*", "*", "delete deletecollection get list"),
    ],
  ],
  [
    "node-controller",
    [
      rule("", "nodes", "delete get list patch update"),
      rule("", "nodes/status", "patch update"),
      rule("", "pods/status", "patch update"),
      rule("", "pods", "delete get list"),
      eventsRule(),
    ],
  ],
  [
    "persistent-volume-binder",
    [
      rule("", "persistentvolumes", "create delete get list update watch"),
      rule("", "persistentvolumes/status", "update"),
      rule("", "persistentvolumeclaims", "get list update watch"),
      rule("", "persistentvolumeclaims/status", "update"),
      rule("", "pods", "create delete get list watch"),
      rule("storage.k8s.io", "storageclasses", READ),
      rule("", "nodes", "list watch"),
      eventsRule(),
      rule("", "events", "watch"),
      rule("", "services", "get"),
    ],
  ],
  ["pod-garbage-collector", [rule("", "pods", "delete list watch"), rule("", "nodes", "get list"), rule("", "pods/status", "patch")]],
  ["pv-protection-controller", [rule("", "persistentvolumes", "get list update watch"), eventsRule()]],
  ["pvc-protection-controller", [rule("", "persistentvolumeclaims", "get list update watch"), rule("", "pods", READ), eventsRule()]],
  [
    "replicaset-controller",
    [
      rule("apps extensions", "replicasets", "get list update watch"),
      rule("apps extensions", "replicasets/status", "update"),
      rule("apps extensions", "replicasets/finalizers", "update"),
      rule("", "pods", "create delete list patch watch"),
      eventsRule(),
    ],
  ],
  [
    "replication-controller",
    [
      rule("", "replicationcontrollers", "get list update watch"),
      rule("", "replicationcontrollers/status", "update"),
      rule("", "replicationcontrollers/finalizers", "update"),
      rule("", "pods", "create delete list patch watch"),
      eventsRule(),
    ],
  ],
  [
    "resource-claim-controller",
    [
      rule("", "pods", READ),
      rule("", "pods/finalizers", "update"),
      rule("resource.k8s.io", "resourceclaims", "create delete get list watch"),
      rule("resource.k8s.io", "resourceclaims resourceclaims/status", "patch update"),
      rule("", "pods/status", "patch update"),
      eventsRule(),
    ],
  ],
  ["resourcequota-controller", [rule("*", "*", "list watch"), rule("", "resourcequotas/status", "update"), eventsRule()]],
  ["root-ca-cert-publisher", [rule("", "configmaps", "create update"), eventsRule()]],
  ["route-controller", [rule("", "nodes", "list watch"), rule("", "nodes/status", "patch"), eventsRule()]],
  [
    "selinux-warning-controller",
    [
      eventsRule(),
      rule("", "persistentvolumes", READ),
      rule("", "persistentvolumeclaims", READ),
      rule("", "pods", READ),
      rule("storage.k8s.io", "csidrivers", READ),
    ],
  ],
  ["service-account-controller", [rule("", "serviceaccounts", "create"), eventsRule()]],
  [
    "service-cidrs-controller",
    [
      rule("networking.k8s.io", "servicecidrs", "get list patch update watch"),
      rule("networking.k8s.io", "servicecidrs/finalizers", "patch update"),
      rule("networking.k8s.io", "servicecidrs/status", "patch update"),
      rule("networking.k8s.io", "ipaddresses", READ),
      eventsRule(),
    ],
  ],
  [
    "service-controller",
    [rule("", "services", READ), rule("", "services/status", "patch update"), rule("", "nodes", "list watch"), eventsRule()],
  ],
  [
    "statefulset-controller",
    [
      rule("", "pods", "list watch"),
      rule("apps", "statefulsets", READ),
      rule("apps", "statefulsets/status", "update"),
      rule("apps", "statefulsets/finalizers", "update"),
      rule("", "pods", "create delete get patch update"),
      rule("apps", "controllerrevisions", MUTATE),
      rule("", "persistentvolumeclaims", "create get list watch"),
      eventsRule(),
      rule("", "persistentvolumeclaims", "delete update"),
      rule("", "pods/finalizers", "update"),
    ],
  ],
  ["ttl-after-finished-controller", [rule("batch", "jobs", "delete get list watch"), eventsRule()]],
  ["ttl-controller", [rule("", "nodes", "list patch update watch"), eventsRule()]],
  [
    "validatingadmissionpolicy-status-controller",
    [
      rule("admissionregistration.k8s.io", "validatingadmissionpolicies", READ),
      rule("admissionregistration.k8s.io", "validatingadmissionpolicies/status", "get patch update"),
      eventsRule(),
    ],
  ],
  [
    "volumeattributesclass-protection-controller",
    [
      rule("", "persistentvolumeclaims", READ),
      rule("", "persistentvolumes", READ),
      rule("storage.k8s.io", "volumeattributesclasses", "get list update watch"),
      eventsRule(),
    ],
  ],
];
