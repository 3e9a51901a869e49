/**
 * Encodings of objects the watch cache shares between responses (upstream's CachingObject): an
 * object decoded once by the cache is serialized once per wire format, and every watcher and
 * list that sends it reuses those bytes. Objects are immutable once shared; the encodings live
 * as long as the object does.
 */

const shared = new WeakSet<object>();
const encodings = new WeakMap<object, Map<string, Uint8Array | string>>();

/** Marks an object as shared and never mutated again, so its encodings may be kept. */
export function markShared<T extends object>(obj: T): T {
  shared.add(obj);
  return obj;
}

export function isShared(obj: object): boolean {
  return shared.has(obj);
}

/** `encode()` once per (object, key) for shared objects; other objects are encoded each time. */
export function sharedEncoding<T extends Uint8Array | string>(obj: object, key: string, encode: () => T): T {
  if (!shared.has(obj)) return encode();
  let byKey = encodings.get(obj);
  if (!byKey) encodings.set(obj, (byKey = new Map()));
  let out = byKey.get(key) as T | undefined;
  if (out === undefined) byKey.set(key, (out = encode()));
  return out;
}
