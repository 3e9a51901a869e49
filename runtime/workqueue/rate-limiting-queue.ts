// A delaying work queue whose retries are spaced by a rate limiter.
import { DelayingQueue, type DelayingWorkQueue } from "./delaying-queue.js";
import { defaultControllerRateLimiter, type RateLimiter } from "./rate-limiters.js";

/** A {@link DelayingWorkQueue} with rate-limited retries (client-go's `RateLimitingInterface`). */
export interface RateLimitingWorkQueue<T> extends DelayingWorkQueue<T> {
  /** Adds `item` after the delay the rate limiter gives it: call it when processing failed. */
  addRateLimited(item: T): void;
  /** Resets `item`'s retry history: call it when processing succeeded. */
  forget(item: T): void;
  /** How many times `item` has been retried since it was last forgotten. */
  numRequeues(item: T): number;
}

/**
 * The queue controllers use: a worker that fails on a key calls `addRateLimited(key)`, one that
 * succeeds calls `forget(key)`, and both call `done(key)`.
 */
export class RateLimitingQueue<T> extends DelayingQueue<T> implements RateLimitingWorkQueue<T> {
  /** @param rateLimiter - defaults to {@link defaultControllerRateLimiter}. */
  constructor(readonly rateLimiter: RateLimiter<T> = defaultControllerRateLimiter<T>()) {
    super();
  }

  /** {@inheritDoc RateLimitingWorkQueue.addRateLimited} */
  addRateLimited(item: T): void {
    this.addAfter(item, this.rateLimiter.when(item));
  }

  /** {@inheritDoc RateLimitingWorkQueue.forget} */
  forget(item: T): void {
    this.rateLimiter.forget(item);
  }

  /** {@inheritDoc RateLimitingWorkQueue.numRequeues} */
  numRequeues(item: T): number {
    return this.rateLimiter.numRequeues(item);
  }
}
