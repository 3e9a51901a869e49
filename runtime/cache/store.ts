// The keyed object store that reflectors fill and listers read.
import type { DeletedFinalStateUnknown } from "./keys.js";

/**
 * A keyed store of objects (client-go's `cache.Store`). Every method is synchronous, so each
 * call is atomic with respect to other async tasks: a reader never sees half a `replace`.
 *
 * Objects handed out are the cached ones, shared by every reader: never modify them; copy first.
 */
export interface Store<T> {
  /** Inserts `obj`, or replaces the object stored under its key. */
  add(obj: T): void;
  /** Same as {@link Store.add}: stores `obj` under its key. */
  update(obj: T): void;
  /** Removes the object stored under `obj`'s key (a tombstone's key for a tombstone). */
  delete(obj: T | DeletedFinalStateUnknown<T>): void;
  /** Every stored object, in insertion order; a new array each call. */
  list(): T[];
  /** Every key, in insertion order. */
  listKeys(): string[];
  /** The object stored under `obj`'s key. */
  get(obj: T): T | undefined;
  /** The object stored under `key`. */
  getByKey(key: string): T | undefined;
  /** Replaces the whole content with `items`, as listed at `resourceVersion`. */
  replace(items: readonly T[], resourceVersion: string): void;
  /** The number of stored objects. */
  size(): number;
}
