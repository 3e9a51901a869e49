// Store keys for objects ("namespace/name" or "name") and the tombstone of an unseen delete.

/**
 * The part of an object the cache reads: its metadata's name, namespace and resourceVersion.
 * Every kind with `ObjectMeta` (and `PartialObjectMetadata`) fits.
 */
export interface MetaObject {
  /** The object's metadata. */
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
}

/** Computes the key an object is stored under. */
export type KeyFunc<T> = (obj: T | DeletedFinalStateUnknown<T>) => string;

/** Thrown when an object has no usable key (no metadata.name). */
export class KeyError extends Error {
  /** @param obj - the object whose key could not be computed. */
  constructor(readonly obj: unknown) {
    super("object has no metadata.name, so it has no cache key");
    this.name = "KeyError";
  }
}

/**
 * The tombstone of an object that was deleted while the watch was down: a relist no longer
 * contains it, so the delete event itself was never seen. `obj` is the last state the cache
 * knew, which may be stale.
 */
export class DeletedFinalStateUnknown<T> {
  /**
   * @param key - the key the object was stored under.
   * @param obj - its last known state.
   */
  constructor(
    readonly key: string,
    readonly obj: T,
  ) {}
}

/**
 * The standard key: `"<namespace>/<name>"`, or `"<name>"` for cluster-scoped objects. A string
 * is taken to be a key already.
 */
export function metaNamespaceKeyFunc(obj: MetaObject | string): string {
  if (typeof obj === "string") return obj;
  const name = obj.metadata?.name;
  if (!name) throw new KeyError(obj);
  const ns = obj.metadata?.namespace;
  return ns ? `${ns}/${name}` : name;
}

/** {@link metaNamespaceKeyFunc}, answering a tombstone with the key it was stored under. */
export function deletionHandlingMetaNamespaceKeyFunc(obj: MetaObject | DeletedFinalStateUnknown<unknown> | string): string {
  return obj instanceof DeletedFinalStateUnknown ? obj.key : metaNamespaceKeyFunc(obj);
}

/** Splits a key made by {@link metaNamespaceKeyFunc}; `namespace` is `""` for cluster scope. */
export function splitMetaNamespaceKey(key: string): { namespace: string; name: string } {
  const parts = key.split("/");
  if (parts.length === 1) return { namespace: "", name: parts[0]! };
  if (parts.length === 2) return { namespace: parts[0]!, name: parts[1]! };
  throw new Error(`unexpected key format: ${JSON.stringify(key)}`);
}
