// A work queue that can also add items after a delay, all delays served by one timer.
import { MinHeap } from "./heap.js";
import { Queue, type WorkQueue } from "./queue.js";

/** A {@link WorkQueue} that can add an item later (client-go's `DelayingInterface`). */
export interface DelayingWorkQueue<T> extends WorkQueue<T> {
  /**
   * Adds `item` once `delayMs` milliseconds have passed (at once when `delayMs <= 0`). An item
   * already waiting keeps the earlier of its two deadlines.
   */
  addAfter(item: T, delayMs: number): void;
}

interface Waiting<T> {
  item: T;
  readyAt: number;
  /** Insertion order, so items with equal deadlines come out in the order they were added. */
  seq: number;
  index: number;
}

/**
 * A {@link Queue} with `addAfter`. Waiting items sit in a min-heap keyed by deadline; a single
 * timer is armed for the earliest one, so thousands of delayed items cost one timer, not
 * thousands.
 */
export class DelayingQueue<T> extends Queue<T> implements DelayingWorkQueue<T> {
  #heap = new MinHeap<Waiting<T>>((a, b) => a.readyAt < b.readyAt || (a.readyAt === b.readyAt && a.seq < b.seq));
  #waiting = new Map<T, Waiting<T>>();
  #seq = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;

  /** {@inheritDoc DelayingWorkQueue.addAfter} */
  addAfter(item: T, delayMs: number): void {
    if (this.shuttingDown()) return;
    if (!(delayMs > 0)) {
      this.add(item);
      return;
    }
    const readyAt = performance.now() + delayMs;
    const existing = this.#waiting.get(item);
    if (existing) {
      if (readyAt >= existing.readyAt) return;
      existing.readyAt = readyAt;
      this.#heap.fix(existing);
    } else {
      const entry: Waiting<T> = { item, readyAt, seq: this.#seq++, index: -1 };
      this.#waiting.set(item, entry);
      this.#heap.push(entry);
    }
    this.#arm();
  }

  /** The number of items waiting for their delay to pass (not yet in the queue). */
  waitingLen(): number {
    return this.#heap.size;
  }

  /** Shuts down and drops every item still waiting for its delay. */
  override shutDown(): void {
    super.shutDown();
    this.#clearTimer();
    this.#heap.clear();
    this.#waiting.clear();
  }

  /** Points the timer at the earliest deadline, re-arming only when that deadline moved earlier. */
  #arm(): void {
    const head = this.#heap.peek();
    if (!head) {
      this.#clearTimer();
      return;
    }
    if (this.#timer !== undefined && this.#timerAt <= head.readyAt) return;
    this.#clearTimer();
    this.#timerAt = head.readyAt;
    // At least 1 ms: a timer that fires a hair early must not spin.
    this.#timer = setTimeout(() => this.#fire(), Math.max(1, Math.ceil(head.readyAt - performance.now())));
  }

  #fire(): void {
    this.#timer = undefined;
    this.#timerAt = Infinity;
    const now = performance.now();
    for (let head = this.#heap.peek(); head && head.readyAt <= now; head = this.#heap.peek()) {
      this.#heap.pop();
      this.#waiting.delete(head.item);
      this.add(head.item);
    }
    this.#arm();
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
  }
}
