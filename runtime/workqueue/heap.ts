// A binary min-heap whose entries know their position, so a deadline can be moved earlier.

/** An entry of a {@link MinHeap}; `index` is maintained by the heap. */
export interface HeapEntry {
  /** The entry's position in the heap's array; -1 once removed. */
  index: number;
}

/**
 * A binary min-heap ordered by `less`. Entries carry their own index, so `fix` can restore the
 * order in O(log n) after an entry's priority changed.
 */
export class MinHeap<E extends HeapEntry> {
  #items: E[] = [];

  /** @param less - true when `a` must come out before `b`. */
  constructor(private readonly less: (a: E, b: E) => boolean) {}

  /** The number of entries. */
  get size(): number {
    return this.#items.length;
  }

  /** The smallest entry, left in place. */
  peek(): E | undefined {
    return this.#items[0];
  }

  /** Adds an entry. */
  push(entry: E): void {
    entry.index = this.#items.length;
    this.#items.push(entry);
    this.#up(entry.index);
  }

  /** Removes and returns the smallest entry. */
  pop(): E | undefined {
    const items = this.#items;
    const top = items[0];
    if (top === undefined) return undefined;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      last.index = 0;
      this.#down(0);
    }
    top.index = -1;
    return top;
  }

  /** Restores the order after `entry`'s priority changed. */
  fix(entry: E): void {
    if (!this.#down(entry.index)) this.#up(entry.index);
  }

  /** Removes every entry. */
  clear(): void {
    for (const e of this.#items) e.index = -1;
    this.#items = [];
  }

  #up(i: number): void {
    const items = this.#items;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(items[i]!, items[parent]!)) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  /** Sifts down; returns whether the entry moved. */
  #down(start: number): boolean {
    const items = this.#items;
    const n = items.length;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) break;
      const right = left + 1;
      const child = right < n && this.less(items[right]!, items[left]!) ? right : left;
      if (!this.less(items[child]!, items[i]!)) break;
      this.#swap(i, child);
      i = child;
    }
    return i > start;
  }

  #swap(i: number, j: number): void {
    const items = this.#items;
    const a = items[i]!;
    const b = items[j]!;
    items[i] = b;
    items[j] = a;
    a.index = j;
    b.index = i;
  }
}
