/**
 * The read -> update -> compare-and-swap loop every backend's `guaranteedUpdate` runs (upstream's
 * GuaranteedUpdate): each backend supplies only how it reads a key and how it swaps a value in.
 */
import { bytesEqual } from "./bytes.js";
import { checkPreconditions, keyNotFound } from "./errors.js";
import type { KeyValue, Preconditions, UpdateFn } from "./interface.js";

/** A lost swap: `fresh` is the value that won when the backend learnt it, else it is read again. */
export type SwapResult = { ok: true; kv: KeyValue } | { ok: false; fresh?: { kv: KeyValue | undefined } };

export interface CompareAndSwap {
  /** The key's current value (before the first attempt, and after a lost swap without `fresh`). */
  read(): Promise<KeyValue | undefined>;
  /** Writes `value` if the key still holds `current` (missing when undefined). */
  swap(current: KeyValue | undefined, value: Uint8Array): Promise<SwapResult>;
}

export async function guaranteedUpdateLoop(
  key: string,
  update: UpdateFn,
  options: { preconditions?: Preconditions; ignoreNotFound?: boolean },
  cas: CompareAndSwap,
): Promise<KeyValue> {
  let current = await cas.read();
  for (;;) {
    if (!current && !options.ignoreNotFound) throw keyNotFound(key);
    checkPreconditions(key, current, options.preconditions);
    const value = await update(current);
    // Nothing changed: no write, no new revision, no event.
    if (current && bytesEqual(value, current.value)) return current;
    const r = await cas.swap(current, value);
    if (r.ok) return r.kv;
    // Another writer got there first: try again on the value that won.
    current = r.fresh ? r.fresh.kv : await cas.read();
  }
}
