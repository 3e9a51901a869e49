/**
 * The order of groups and versions in discovery, as the aggregator keeps it: each APIService's
 * groupPriorityMinimum (higher first) and versionPriority (higher first, then Kubernetes'
 * version order), and the priorities kube-apiserver gives its own group-versions when it
 * registers them as local APIServices.
 */

export interface Priority {
  group: number;
  version: number;
}

/** kube-apiserver 1.34's table (DefaultGenericAPIServicePriorities plus the kube-apiserver groups), for the GA group-versions served. */
export const BUILTIN_PRIORITIES: Readonly<Record<string, Priority>> = {
  "/v1": { group: 18000, version: 1 },
  "apps/v1": { group: 17800, version: 15 },
  "events.k8s.io/v1": { group: 17750, version: 15 },
  "authentication.k8s.io/v1": { group: 17700, version: 15 },
  "authorization.k8s.io/v1": { group: 17600, version: 15 },
  "autoscaling/v1": { group: 17500, version: 15 },
  "autoscaling/v2": { group: 17500, version: 30 },
  "batch/v1": { group: 17400, version: 15 },
  "certificates.k8s.io/v1": { group: 17300, version: 15 },
  "networking.k8s.io/v1": { group: 17200, version: 15 },
  "policy/v1": { group: 17100, version: 15 },
  "rbac.authorization.k8s.io/v1": { group: 17000, version: 15 },
  "storage.k8s.io/v1": { group: 16800, version: 15 },
  "apiextensions.k8s.io/v1": { group: 16700, version: 15 },
  "admissionregistration.k8s.io/v1": { group: 16700, version: 15 },
  "scheduling.k8s.io/v1": { group: 16600, version: 15 },
  "coordination.k8s.io/v1": { group: 16500, version: 15 },
  "node.k8s.io/v1": { group: 16300, version: 15 },
  "discovery.k8s.io/v1": { group: 16200, version: 15 },
  "resource.k8s.io/v1": { group: 16200, version: 21 },
  "flowcontrol.apiserver.k8s.io/v1": { group: 16100, version: 21 },
};

/** The priority CRD groups get (upstream's crd-autoregister: 1000, version 100). */
export const CRD_PRIORITY: Priority = { group: 1000, version: 100 };
