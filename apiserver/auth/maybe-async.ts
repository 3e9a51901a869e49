/** Answers that are plain values when they can be and promises when they must (authenticators, authorizers). */

/** A promise, told from a plain answer by its `then` (a plugin may hand back any thenable). */
export function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | undefined)?.then === "function";
}
