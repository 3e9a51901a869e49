/**
 * Defaulting once per create where once gives the same object. The store defaults what the client
 * sent before mutating admission (so the field manager records the defaults) and, upstream-like,
 * again after it for what admission added. The built-in plugins add only what needs no defaults
 * or arrives with them, so the second pass is skipped for an object no other plugin (a webhook,
 * anything unknown) changed since the first.
 */
const defaulted = new WeakSet<object>();

/** `obj` was just defaulted in full. */
export function markDefaulted(obj: object): void {
  defaulted.add(obj);
}

/** Something that may undo defaults (a webhook's patch, an unknown plugin) ran on `obj`. */
export function forgetDefaulted(obj: object): void {
  defaulted.delete(obj);
}

/** Whether `obj` is still as defaulted as when marked; the mark is used up. */
export function takeDefaulted(obj: object): boolean {
  return defaulted.delete(obj);
}
