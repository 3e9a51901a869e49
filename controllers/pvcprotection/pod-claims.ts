// Which claims a Pod uses, as upstream's pvc-protection controller reads it: the claims its
// volumes name, and the claim generated for each ephemeral volume (`<pod>-<volume>`, owned by
// the Pod).
import type { ContainerStatus, PersistentVolumeClaim, Pod } from "../../generated/apis/core/v1/index.js";

/** The index of the Pod cache by the `namespace/name` keys of the claims each Pod may use. */
export const POD_PVC_INDEX = "pod-pvc-index";

/** The name of the claim generated for ephemeral volume `volume` of `pod`. */
export function ephemeralClaimName(pod: Pod, volume: string): string {
  return `${pod.metadata?.name ?? ""}-${volume}`;
}

/** The names of the claims `pod`'s volumes name or generate. */
export function claimNamesOf(pod: Pod): string[] {
  const out: string[] = [];
  for (const v of pod.spec?.volumes ?? []) {
    if (v.persistentVolumeClaim) out.push(v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) out.push(ephemeralClaimName(pod, v.name));
  }
  return out;
}

/** {@link POD_PVC_INDEX}'s function. */
export function podPVCIndexFunc(pod: Pod): string[] {
  const ns = pod.metadata?.namespace ?? "";
  return claimNamesOf(pod)
    .filter((n) => n !== "")
    .map((n) => `${ns}/${n}`);
}

/**
 * Whether the kubelet is done with `pod` or it was force-deleted (deleted with a zero grace
 * period): its ephemeral claims no longer hold, which breaks a Pod finalizer waiting on the claim.
 */
export function podIsShutDown(pod: Pod): boolean {
  return pod.metadata?.deletionTimestamp != null && pod.metadata.deletionGracePeriodSeconds === 0;
}

const notRunning = (statuses: readonly ContainerStatus[] | undefined): boolean =>
  (statuses ?? []).every((s) => s.state?.terminated != null || s.state?.waiting != null);

/** Succeeded or Failed, or deleted with no container running (upstream's IsPodTerminated). */
export function podIsTerminated(pod: Pod): boolean {
  const s = pod.status;
  if (s?.phase === "Succeeded" || s?.phase === "Failed") return true;
  return (
    pod.metadata?.deletionTimestamp != null &&
    notRunning(s?.initContainerStatuses) &&
    notRunning(s?.containerStatuses) &&
    notRunning(s?.ephemeralContainerStatuses)
  );
}

/** Whether `claim` was generated for `pod`: same namespace, and `pod` is its controlling owner. */
function isForPod(pod: Pod, claim: PersistentVolumeClaim): boolean {
  if (claim.metadata?.namespace !== pod.metadata?.namespace) return false;
  const owner = (claim.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
  return owner !== undefined && owner.uid === pod.metadata?.uid;
}

/**
 * Whether `pod` holds `claim`. Only a scheduled Pod does: the kubelet sees Pods once bound to a
 * node and will not start one whose claim is being deleted. A named claim holds whatever the
 * Pod's phase, as upstream; an ephemeral one until the Pod is shut down, and only the claim
 * really generated for this Pod.
 */
export function podUsesClaim(pod: Pod, claim: PersistentVolumeClaim): boolean {
  if (!pod.spec?.nodeName) return false;
  const name = claim.metadata?.name;
  for (const v of pod.spec.volumes ?? []) {
    if (v.persistentVolumeClaim && v.persistentVolumeClaim.claimName === name) return true;
    if (v.ephemeral && !podIsShutDown(pod) && ephemeralClaimName(pod, v.name) === name && isForPod(pod, claim)) return true;
  }
  return false;
}
