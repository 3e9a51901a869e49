/** Byte comparisons shared by the backends and the registry. */

/** Whether two values hold the same bytes (a no-op update writes nothing). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.compare(a, b) === 0;
}
