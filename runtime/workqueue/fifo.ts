// A first-in first-out buffer with O(1) push and shift, for queues that may grow large.

/**
 * An unbounded FIFO buffer. `Array.prototype.shift` is O(n) on large arrays, so this keeps a
 * read index and compacts the backing array only once half of it has been consumed.
 */
export class Fifo<T> {
  #items: T[] = [];
  #head = 0;

  /** The number of items waiting. */
  get length(): number {
    return this.#items.length - this.#head;
  }

  /** Appends an item at the tail. */
  push(item: T): void {
    this.#items.push(item);
  }

  /** Removes and returns the item at the head, or `undefined` when empty. */
  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head];
    // Drop the reference so a consumed item can be collected before the next compaction.
    (this.#items as (T | undefined)[])[this.#head] = undefined;
    this.#head++;
    if (this.#head === this.#items.length) {
      this.#items = [];
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  /** Removes every item. */
  clear(): void {
    this.#items = [];
    this.#head = 0;
  }
}
