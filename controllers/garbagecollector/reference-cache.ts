// A bounded LRU set of object references: the owners the garbage collector knows to be absent.
import type { ObjectReference } from "./graph.js";

const keyOf = (r: ObjectReference): string => `${r.uid}\u0000${r.apiVersion}\u0000${r.kind}\u0000${r.name}\u0000${r.namespace}`;

export class ReferenceCache {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest first.
  readonly #entries = new Map<string, true>();

  constructor(readonly maxSize: number) {}

  add(ref: ObjectReference): void {
    const key = keyOf(ref);
    this.#entries.delete(key);
    this.#entries.set(key, true);
    if (this.#entries.size > this.maxSize) this.#entries.delete(this.#entries.keys().next().value!);
  }

  has(ref: ObjectReference): boolean {
    const key = keyOf(ref);
    if (!this.#entries.has(key)) return false;
    this.#entries.delete(key);
    this.#entries.set(key, true);
    return true;
  }

  get size(): number {
    return this.#entries.size;
  }
}
