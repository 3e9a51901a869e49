/**
 * Which Node labels a kubelet may set, as upstream's NodeRestriction with k8s.io/kubelet's
 * well-known labels: none under `node-restriction.kubernetes.io` (and its subdomains, which
 * admins use to steer workloads to trusted nodes); of the `kubernetes.io` and `k8s.io` labels,
 * only the kubelet's own (hostname, topology, instance type, os, arch) and those under
 * `kubelet.kubernetes.io` and `node.kubernetes.io`.
 */

const NODE_RESTRICTION_NAMESPACE = "node-restriction.kubernetes.io";

const KUBELET_LABELS: ReadonlySet<string> = new Set([
  "kubernetes.io/hostname",
  "topology.kubernetes.io/zone",
  "topology.kubernetes.io/region",
  "failure-domain.beta.kubernetes.io/zone",
  "failure-domain.beta.kubernetes.io/region",
  "beta.kubernetes.io/instance-type",
  "node.kubernetes.io/instance-type",
  "kubernetes.io/os",
  "kubernetes.io/arch",
  "beta.kubernetes.io/os",
  "beta.kubernetes.io/arch",
]);

const KUBELET_LABEL_NAMESPACES = ["kubelet.kubernetes.io", "node.kubernetes.io"];

/** The prefix before the first `/`, or "" for an unprefixed key. */
function labelNamespace(key: string): string {
  const slash = key.indexOf("/");
  return slash < 0 ? "" : key.slice(0, slash);
}

const inDomain = (namespace: string, domain: string): boolean => namespace === domain || namespace.endsWith(`.${domain}`);

/** Whether a kubelet may set `key` on its Node (k8s.io/kubelet's IsKubeletLabel). */
export function isKubeletLabel(key: string): boolean {
  if (KUBELET_LABELS.has(key)) return true;
  const namespace = labelNamespace(key);
  return KUBELET_LABEL_NAMESPACES.some((d) => inDomain(namespace, d));
}

/** The keys whose value differs between `a` and `b` (added, removed or changed). */
export function modifiedLabels(a: Record<string, string> = {}, b: Record<string, string> = {}): string[] {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(a)) if (b[k] !== v) out.add(k);
  for (const [k, v] of Object.entries(b)) if (a[k] !== v) out.add(k);
  return [...out];
}

/** Of `keys`, those a node may not add, remove or change, sorted (upstream lists them so). */
export function forbiddenNodeLabels(keys: readonly string[]): string[] {
  return keys
    .filter((key) => {
      const namespace = labelNamespace(key);
      if (inDomain(namespace, NODE_RESTRICTION_NAMESPACE)) return true;
      return (inDomain(namespace, "kubernetes.io") || inDomain(namespace, "k8s.io")) && !isKubeletLabel(key);
    })
    .sort();
}
