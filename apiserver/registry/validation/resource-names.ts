/** The resource names upstream's validation knows by name (core/helper's standard sets). */

/** upstream's standardQuotaResources: what a ResourceQuota tracks (besides `requests.hugepages-*`). */
export const STANDARD_QUOTA_RESOURCES: ReadonlySet<string> = new Set([
  "cpu",
  "memory",
  "ephemeral-storage",
  "requests.cpu",
  "requests.memory",
  "requests.storage",
  "requests.ephemeral-storage",
  "limits.cpu",
  "limits.memory",
  "limits.ephemeral-storage",
  "pods",
  "services",
  "replicationcontrollers",
  "resourcequotas",
  "secrets",
  "persistentvolumeclaims",
  "configmaps",
  "services.nodeports",
  "services.loadbalancers",
]);

/** upstream's IsStandardResourceName set: the quota names and `storage` (the hugepages prefixes aside). */
export const STANDARD_RESOURCE_NAMES: ReadonlySet<string> = new Set([...STANDARD_QUOTA_RESOURCES, "storage"]);
