/** Finalizer helpers (controller-runtime's controllerutil finalizer functions). */
import type { KubeObject, ObjectClient } from "./kind.js";

export function containsFinalizer(obj: KubeObject, finalizer: string): boolean {
  return obj.metadata?.finalizers?.includes(finalizer) ?? false;
}

/** Adds `finalizer` unless present; returns whether it was added. Modifies `obj`. */
export function addFinalizer(obj: KubeObject, finalizer: string): boolean {
  if (containsFinalizer(obj, finalizer)) return false;
  obj.metadata ??= {};
  obj.metadata.finalizers = [...(obj.metadata.finalizers ?? []), finalizer];
  return true;
}

/** Removes `finalizer`; returns whether it was there. Modifies `obj`. */
export function removeFinalizer(obj: KubeObject, finalizer: string): boolean {
  if (!containsFinalizer(obj, finalizer)) return false;
  obj.metadata!.finalizers = obj.metadata!.finalizers!.filter((f) => f !== finalizer);
  return true;
}

/** What {@link handleFinalizer} did. */
export type FinalizerOutcome =
  /** The finalizer was added: the object is protected now; carry on reconciling. */
  | "added"
  /** The object was being deleted: cleanup ran and the finalizer was removed; stop reconciling. */
  | "finalized"
  /** The object is being deleted and no longer carries the finalizer: nothing to do; stop. */
  | "deleting"
  /** Nothing to do about the finalizer; carry on reconciling. */
  | "present";

/**
 * The finalizer dance in one call. An object not being deleted gets `finalizer` (written with
 * an update); an object being deleted that carries it has `cleanup` run and then loses it (the
 * apiserver then deletes it). A failing cleanup throws and keeps the finalizer, so the
 * reconcile is retried with backoff. `obj` must be a copy (cached objects are read-only).
 */
export async function handleFinalizer<T extends KubeObject>(
  client: Pick<ObjectClient<T>, "update">,
  obj: T,
  finalizer: string,
  cleanup: (obj: T) => Promise<void> | void,
  opts: { signal?: AbortSignal } = {},
): Promise<{ outcome: FinalizerOutcome; object: T }> {
  const call = opts.signal ? { signal: opts.signal } : undefined;
  if (obj.metadata?.deletionTimestamp) {
    if (!containsFinalizer(obj, finalizer)) return { outcome: "deleting", object: obj };
    await cleanup(obj);
    removeFinalizer(obj, finalizer);
    return { outcome: "finalized", object: await client.update(obj, call) };
  }
  if (addFinalizer(obj, finalizer)) return { outcome: "added", object: await client.update(obj, call) };
  return { outcome: "present", object: obj };
}
