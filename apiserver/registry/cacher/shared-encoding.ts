/**
 * Encodings of objects the watch cache shares between responses (upstream's CachingObject): an
 * object decoded once by the cache is serialized once per wire format, and every watcher and
 * list that sends it reuses those bytes. Objects are immutable once shared; the encodings live
 * as long as the object does, or until the cache releases them (an object that is no longer
 * current, kept only in the window of past events, is encoded on each use, as upstream's
 * buffered events are).
 */

/** Encodings by shared object; NONE until the first is made (one lookup tells both). */
const encodings = new WeakMap<object, Map<string, unknown>>();
const NONE: Map<string, unknown> = new Map();
/** Shared (never mutated again) but its encodings are no longer kept. */
const RELEASED: Map<string, unknown> = new Map();

/** Marks an object as shared and never mutated again, so its encodings may be kept. */
export function markShared<T extends object>(obj: T): T {
  if (!encodings.has(obj)) encodings.set(obj, NONE);
  return obj;
}

/** Drops a shared object's encodings and keeps no more: it is encoded each time from now on. */
export function releaseEncodings(obj: object): void {
  if (encodings.has(obj)) encodings.set(obj, RELEASED);
}

export function isShared(obj: object): boolean {
  return encodings.has(obj);
}

/**
 * `encode()` once per (object, key) for shared objects; other objects are encoded each time.
 * Besides bytes and text, a key may hold what is derived from them (e.g. a view and a flag).
 * `encode` gets the object, so hot callers can pass a module-level function, not a new closure.
 */
export function sharedEncoding<T, O extends object>(obj: O, key: string, encode: (obj: O) => T): T {
  let byKey = encodings.get(obj);
  if (byKey === undefined || byKey === RELEASED) return encode(obj);
  if (byKey === NONE) encodings.set(obj, (byKey = new Map()));
  let out = byKey.get(key) as T | undefined;
  if (out === undefined) byKey.set(key, (out = encode(obj)));
  return out;
}
