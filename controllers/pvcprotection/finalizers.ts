// What the protection controllers (pvc, pv) decide from an object's metadata alone, as upstream's
// protectionutil: a deleted object still carrying the finalizer is a candidate for its removal;
// a live object without it gets it (objects made before the admission plugin was on).

interface Meta {
  metadata?: { deletionTimestamp?: string; finalizers?: string[] };
}

/** Deleted and still held by `finalizer`: the controller may take it off once the object is unused. */
export function isDeletionCandidate(obj: Meta, finalizer: string): boolean {
  return obj.metadata?.deletionTimestamp != null && (obj.metadata.finalizers ?? []).includes(finalizer);
}

/** Live and without `finalizer`: the controller puts it on. */
export function needsFinalizer(obj: Meta, finalizer: string): boolean {
  return obj.metadata?.deletionTimestamp == null && !(obj.metadata?.finalizers ?? []).includes(finalizer);
}

/** A copy of `obj` (metadata copied, the rest shared: cached objects are never written) without `finalizer`. */
export function withoutFinalizer<T extends Meta>(obj: T, finalizer: string): T {
  return { ...obj, metadata: { ...obj.metadata, finalizers: (obj.metadata?.finalizers ?? []).filter((f) => f !== finalizer) } };
}

/** A copy of `obj` with `finalizer` appended. */
export function withFinalizer<T extends Meta>(obj: T, finalizer: string): T {
  return { ...obj, metadata: { ...obj.metadata, finalizers: [...(obj.metadata?.finalizers ?? []), finalizer] } };
}
