/**
 * The finalizers a DELETE leaves on an object for the garbage collector, as upstream's registry
 * decides them from the request's propagationPolicy (or legacy orphanDependents, which the
 * endpoint layer turns into Orphan/Background), the finalizers already present, and the
 * resource's default policy.
 */
import type { DeleteOptions } from "./rest.js";

/** metav1.FinalizerOrphanDependents: the garbage collector orphans the dependents first. */
export const FINALIZER_ORPHAN_DEPENDENTS = "orphan";
/** metav1.FinalizerDeleteDependents: the garbage collector deletes the blocking dependents first. */
export const FINALIZER_DELETE_DEPENDENTS = "foregroundDeletion";

/** What happens to dependents when a DELETE names no policy (rest.GarbageCollectionPolicy). */
export type GarbageCollectionPolicy = "DeleteDependents" | "OrphanDependents" | "Unsupported";

/**
 * Group versions whose resources default to orphaning, kept for old clients as upstream keeps
 * them (`group/version/resource`); none of them is served by kubegen's built-in API, but a
 * compiled-in group serving them gets the same default.
 */
const ORPHAN_BY_DEFAULT = new Set([
  "/v1/replicationcontrollers",
  ...["deployments", "replicasets", "daemonsets"].flatMap((r) => [`extensions/v1beta1/${r}`, `apps/v1beta1/${r}`, `apps/v1beta2/${r}`]),
  "apps/v1beta1/statefulsets",
  "apps/v1beta2/statefulsets",
]);

/** The default policy of a resource served at `group/version`. */
export function defaultGarbageCollectionPolicy(group: string, version: string, resource: string): GarbageCollectionPolicy {
  return ORPHAN_BY_DEFAULT.has(`${group}/${version}/${resource}`) ? "OrphanDependents" : "DeleteDependents";
}

/** Whether dependents are to be orphaned (upstream's shouldOrphanDependents). */
export function shouldOrphanDependents(finalizers: readonly string[], opts: DeleteOptions, policy: GarbageCollectionPolicy): boolean {
  if (policy === "Unsupported") return false;
  if (opts.propagationPolicy !== undefined) return opts.propagationPolicy === "Orphan";
  // A finalizer already there stands in for the policy of the first delete.
  for (const f of finalizers) {
    if (f === FINALIZER_ORPHAN_DEPENDENTS) return true;
    if (f === FINALIZER_DELETE_DEPENDENTS) return false;
  }
  return policy === "OrphanDependents";
}

/** Whether dependents are to be deleted before the owner (upstream's shouldDeleteDependents). */
export function shouldDeleteDependents(finalizers: readonly string[], opts: DeleteOptions, policy: GarbageCollectionPolicy): boolean {
  if (policy === "Unsupported") return false;
  if (opts.propagationPolicy !== undefined) return opts.propagationPolicy === "Foreground";
  for (const f of finalizers) {
    if (f === FINALIZER_DELETE_DEPENDENTS) return true;
    if (f === FINALIZER_ORPHAN_DEPENDENTS) return false;
  }
  return false;
}

/**
 * The finalizers the object must carry for this delete: the garbage collection ones are taken
 * out and put back as the policy says (orphan before foregroundDeletion). Undefined when the
 * set does not change.
 */
export function deletionFinalizersForGarbageCollection(
  finalizers: readonly string[],
  opts: DeleteOptions,
  policy: GarbageCollectionPolicy,
): string[] | undefined {
  const next = finalizers.filter((f) => f !== FINALIZER_ORPHAN_DEPENDENTS && f !== FINALIZER_DELETE_DEPENDENTS);
  if (shouldOrphanDependents(finalizers, opts, policy)) next.push(FINALIZER_ORPHAN_DEPENDENTS);
  if (shouldDeleteDependents(finalizers, opts, policy)) next.push(FINALIZER_DELETE_DEPENDENTS);
  const before = new Set(finalizers);
  const after = new Set(next);
  const same = before.size === after.size && [...after].every((f) => before.has(f));
  return same ? undefined : next;
}
