/**
 * A push-to-pull bridge for watches: a backend pushes events (or an error, or the end) as they
 * happen, and the watcher pulls them with `for await`. Events wait in an unbounded FIFO until
 * pulled; the watch cache above reads each storage watch promptly, so the backlog stays small.
 */

export class EventQueue<T> implements AsyncIterableIterator<T> {
  private buffer: T[] = [];
  /** Index of the next buffered item to hand out (shifting arrays is O(n)). */
  private head = 0;
  private waiting: { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void } | undefined;
  private failure: unknown;
  private done = false;

  /**
   * @param onClose runs once, when the queue ends, fails or the consumer stops iterating;
   *   the backend unsubscribes there.
   */
  constructor(private onClose: () => void = () => {}) {}

  get closed(): boolean {
    return this.done;
  }

  push(item: T): void {
    if (this.done) return;
    const w = this.waiting;
    if (w) {
      this.waiting = undefined;
      w.resolve({ value: item, done: false });
    } else {
      this.buffer.push(item);
    }
  }

  /** Ends the stream after the buffered items. */
  end(): void {
    this.finish(undefined);
  }

  /** Ends the stream with an error, raised after the buffered items. */
  fail(error: unknown): void {
    this.finish(error ?? new Error("watch failed"));
  }

  /** Ends the stream with an error raised at once: buffered items are dropped (they would skip a gap). */
  failNow(error: unknown): void {
    this.buffer = [];
    this.head = 0;
    this.fail(error);
  }

  /** Items waiting to be pulled. */
  get backlog(): number {
    return this.buffer.length - this.head;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.head < this.buffer.length) {
      const value = this.buffer[this.head]!;
      this.buffer[this.head++] = undefined as T;
      if (this.head > 1024 && this.head * 2 > this.buffer.length) {
        this.buffer = this.buffer.slice(this.head);
        this.head = 0;
      }
      return Promise.resolve({ value, done: false });
    }
    if (this.done) {
      if (this.failure !== undefined) {
        const e = this.failure;
        this.failure = undefined;
        return Promise.reject(e);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    if (this.waiting) return Promise.reject(new Error("EventQueue: next() called while a previous next() is pending"));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /**
   * The next buffered item without waiting, undefined when none is buffered: a reader that got
   * one item from {@link next} takes the rest of a burst without a promise each.
   */
  takeBuffered(): T | undefined {
    if (this.head >= this.buffer.length) return undefined;
    const value = this.buffer[this.head]!;
    this.buffer[this.head++] = undefined as T;
    if (this.head === this.buffer.length) {
      this.buffer = [];
      this.head = 0;
    }
    return value;
  }

  return(): Promise<IteratorResult<T>> {
    this.buffer = [];
    this.head = 0;
    this.failure = undefined;
    this.finish(undefined);
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  private finish(error: unknown): void {
    if (this.done) return;
    this.done = true;
    this.failure = error;
    const w = this.waiting;
    this.waiting = undefined;
    if (w) {
      if (error !== undefined) {
        this.failure = undefined;
        w.reject(error);
      } else {
        w.resolve({ value: undefined, done: true });
      }
    }
    const close = this.onClose;
    this.onClose = () => {};
    close();
  }
}
