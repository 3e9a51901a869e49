// The de-duplicating work queue controllers pull keys from: one worker per item at a time.
import { Fifo } from "./fifo.js";

/**
 * What {@link WorkQueue.get} resolves to: an item to process, or `shutdown: true` once the
 * queue is shut down and empty. Destructuring `{ item, shutdown }` and testing `shutdown`
 * narrows `item` to `T`.
 */
export type QueueGetResult<T> = { item: T; shutdown: false } | { item: undefined; shutdown: true };

/**
 * The work queue contract (client-go's `workqueue.Interface`).
 *
 * - An item added while it is already waiting is queued once.
 * - An item is handed to at most one worker at a time: between `get()` returning it and
 *   `done(item)`, it is "processing"; adding it then marks it dirty, and `done` re-queues it,
 *   so the latest change is always processed after the one in flight.
 */
export interface WorkQueue<T> {
  /** Queues `item` unless it is already waiting; ignored once shutting down. */
  add(item: T): void;
  /** The number of items waiting (not counting those being processed). */
  len(): number;
  /** Waits for the next item; resolves `{ shutdown: true }` once shut down and empty. */
  get(): Promise<QueueGetResult<T>>;
  /** Marks `item` as processed; re-queues it when it was added again meanwhile. */
  done(item: T): void;
  /** Stops accepting items; waiting `get()` calls resolve with `shutdown: true`. */
  shutDown(): void;
  /** Shuts down, then waits until every item being processed is `done`. */
  shutDownWithDrain(): Promise<void>;
  /** Whether `shutDown` has been called. */
  shuttingDown(): boolean;
}

/**
 * The de-duplicating FIFO queue (client-go's `workqueue.Type`). Items are compared by identity
 * (`Set` semantics), so use keys such as `"namespace/name"` strings rather than objects.
 */
export class Queue<T> implements WorkQueue<T> {
  #queue = new Fifo<T>();
  /** Items that need processing: waiting in #queue, or re-added while processing. */
  #dirty = new Set<T>();
  #processing = new Set<T>();
  /** Pending `get()` calls; only non-empty while #queue is empty. */
  #waiters = new Fifo<(result: QueueGetResult<T>) => void>();
  #shuttingDown = false;
  #drainWaiters: (() => void)[] = [];

  /** {@inheritDoc WorkQueue.add} */
  add(item: T): void {
    if (this.#shuttingDown || this.#dirty.has(item)) return;
    this.#dirty.add(item);
    // A processing item is re-queued by done(), keeping one worker per item.
    if (this.#processing.has(item)) return;
    this.#enqueue(item);
  }

  /** {@inheritDoc WorkQueue.len} */
  len(): number {
    return this.#queue.length;
  }

  /** {@inheritDoc WorkQueue.get} */
  get(): Promise<QueueGetResult<T>> {
    if (this.#queue.length > 0) return Promise.resolve(this.#take(this.#queue.shift() as T));
    if (this.#shuttingDown) return Promise.resolve({ item: undefined, shutdown: true });
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /** {@inheritDoc WorkQueue.done} */
  done(item: T): void {
    if (!this.#processing.delete(item)) return;
    if (this.#dirty.has(item)) {
      this.#enqueue(item);
    } else if (this.#processing.size === 0 && this.#drainWaiters.length > 0) {
      const waiters = this.#drainWaiters;
      this.#drainWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** {@inheritDoc WorkQueue.shutDown} */
  shutDown(): void {
    this.#shuttingDown = true;
    // Waiters exist only while the queue is empty, so every one of them gets `shutdown`.
    for (let w = this.#waiters.shift(); w !== undefined; w = this.#waiters.shift()) {
      w({ item: undefined, shutdown: true });
    }
  }

  /** {@inheritDoc WorkQueue.shutDownWithDrain} */
  shutDownWithDrain(): Promise<void> {
    this.shutDown();
    if (this.#processing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  /** {@inheritDoc WorkQueue.shuttingDown} */
  shuttingDown(): boolean {
    return this.#shuttingDown;
  }

  #enqueue(item: T): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(this.#take(item));
    else this.#queue.push(item);
  }

  #take(item: T): QueueGetResult<T> {
    this.#processing.add(item);
    this.#dirty.delete(item);
    return { item, shutdown: false };
  }
}
