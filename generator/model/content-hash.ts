/**
 * The sha256 of a model part's JSON, for emitters that key a memoized text (EmitOptions.memo)
 * by everything it is built from.
 */
import { createHash } from "node:crypto";

/**
 * Remembered per object without `omit`, as several emitters hash the same packages; for one run
 * only (see forgetContentHashes), as a model may be changed between runs in one process.
 */
let known = new WeakMap<object, string>();

/** Called as a run starts: a hash remembered from an earlier run may be of an object since changed. */
export function forgetContentHashes(): void {
  known = new WeakMap();
}

/**
 * @param omit keys left out wherever they occur: back-references into the model that the text
 * is not built from (hashing them would cost more than building the text)
 */
export function contentHash(value: object, omit?: ReadonlySet<string>): string {
  if (omit) {
    const json = JSON.stringify(value, (k, v: unknown) => (omit.has(k) ? undefined : v));
    return createHash("sha256").update(json).digest("hex");
  }
  let hash = known.get(value);
  if (hash === undefined) {
    hash = createHash("sha256").update(JSON.stringify(value)).digest("hex");
    known.set(value, hash);
  }
  return hash;
}
