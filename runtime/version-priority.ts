/**
 * Kubernetes' version priority, by which discovery orders a group's versions (and so picks the
 * preferred one) and CRDs and APIServices sort theirs: GA before beta before alpha, higher numbers
 * first within each, then strings that are no Kubernetes version, by name.
 */
const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;

/** Negative when `a` comes first (has the higher priority). */
export function compareKubeAwareVersions(a: string, b: string): number {
  const ma = KUBE_VERSION.exec(a);
  const mb = KUBE_VERSION.exec(b);
  if (!ma || !mb) {
    if (ma) return -1;
    if (mb) return 1;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  const rank = (m: RegExpExecArray): number => (m[2] === undefined ? 2 : m[2] === "beta" ? 1 : 0);
  if (rank(ma) !== rank(mb)) return rank(mb) - rank(ma);
  if (ma[1] !== mb[1]) return Number(mb[1]) - Number(ma[1]);
  return Number(mb[3] ?? 0) - Number(ma[3] ?? 0);
}
