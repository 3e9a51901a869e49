/**
 * Encodings of objects the watch cache shares between responses (upstream's CachingObject): an
 * object decoded once by the cache is serialized once per wire format, and every watcher and
 * list that sends it reuses those bytes. Objects are immutable once shared; the encodings live
 * as long as the object does.
 */

/** Encodings by shared object; NONE until the first is made (one lookup tells both). */
const encodings = new WeakMap<object, Map<string, Uint8Array | string>>();
const NONE: Map<string, Uint8Array | string> = new Map();

/** Marks an object as shared and never mutated again, so its encodings may be kept. */
export function markShared<T extends object>(obj: T): T {
  if (!encodings.has(obj)) encodings.set(obj, NONE);
  return obj;
}

export function isShared(obj: object): boolean {
  return encodings.has(obj);
}

/** `encode()` once per (object, key) for shared objects; other objects are encoded each time. */
export function sharedEncoding<T extends Uint8Array | string>(obj: object, key: string, encode: () => T): T {
  let byKey = encodings.get(obj);
  if (byKey === undefined) return encode();
  if (byKey === NONE) encodings.set(obj, (byKey = new Map()));
  let out = byKey.get(key) as T | undefined;
  if (out === undefined) byKey.set(key, (out = encode()));
  return out;
}
