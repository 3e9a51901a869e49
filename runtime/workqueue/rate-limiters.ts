// Rate limiters that decide how long a failed item waits before it is retried.

/**
 * Decides how long an item waits before it is processed again (client-go's
 * `workqueue.RateLimiter`). Delays are in milliseconds.
 */
export interface RateLimiter<T> {
  /** Records one more retry of `item` and returns how long it should wait, in ms. */
  when(item: T): number;
  /** Forgets `item`'s failures, typically after it was processed successfully. */
  forget(item: T): void;
  /** How many times `item` has been retried since it was last forgotten. */
  numRequeues(item: T): number;
}

/**
 * Per-item exponential backoff: `baseDelayMs * 2^failures`, capped at `maxDelayMs`. client-go's
 * defaults are 5 ms and 1000 s; the namespace controller uses 5 ms and 60 s.
 */
export class ItemExponentialFailureRateLimiter<T> implements RateLimiter<T> {
  #failures = new Map<T, number>();

  /**
   * @param baseDelayMs - the first delay (default 5 ms).
   * @param maxDelayMs - the cap (default 1000 s).
   */
  constructor(
    readonly baseDelayMs = 5,
    readonly maxDelayMs = 1_000_000,
  ) {}

  /** {@inheritDoc RateLimiter.when} */
  when(item: T): number {
    const exp = this.#failures.get(item) ?? 0;
    this.#failures.set(item, exp + 1);
    const backoff = this.baseDelayMs * 2 ** exp;
    return Number.isFinite(backoff) && backoff < this.maxDelayMs ? backoff : this.maxDelayMs;
  }

  /** {@inheritDoc RateLimiter.forget} */
  forget(item: T): void {
    this.#failures.delete(item);
  }

  /** {@inheritDoc RateLimiter.numRequeues} */
  numRequeues(item: T): number {
    return this.#failures.get(item) ?? 0;
  }
}

/** A short delay for the first `maxFastAttempts` retries of an item, a long one after. */
export class ItemFastSlowRateLimiter<T> implements RateLimiter<T> {
  #attempts = new Map<T, number>();

  /**
   * @param fastDelayMs - the delay for the first `maxFastAttempts` retries.
   * @param slowDelayMs - the delay for every retry after those.
   * @param maxFastAttempts - how many retries get the fast delay.
   */
  constructor(
    readonly fastDelayMs: number,
    readonly slowDelayMs: number,
    readonly maxFastAttempts: number,
  ) {}

  /** {@inheritDoc RateLimiter.when} */
  when(item: T): number {
    const attempts = (this.#attempts.get(item) ?? 0) + 1;
    this.#attempts.set(item, attempts);
    return attempts <= this.maxFastAttempts ? this.fastDelayMs : this.slowDelayMs;
  }

  /** {@inheritDoc RateLimiter.forget} */
  forget(item: T): void {
    this.#attempts.delete(item);
  }

  /** {@inheritDoc RateLimiter.numRequeues} */
  numRequeues(item: T): number {
    return this.#attempts.get(item) ?? 0;
  }
}

/** Options of a {@link BucketRateLimiter}. */
export interface BucketRateLimiterOptions {
  /** Tokens added per second (default 10). */
  qps?: number;
  /** The bucket's size: how many retries may go at once after a quiet period (default 100). */
  burst?: number;
  /** The clock in milliseconds; monotonic `performance.now()` unless a test injects one. */
  now?: () => number;
}

/**
 * An overall token bucket shared by all items: `burst` retries go at once, then `qps` per
 * second. Each `when` reserves a token, possibly one that will only exist in the future, and
 * returns the wait until then (the behaviour of golang.org/x/time/rate's `Reserve`).
 */
export class BucketRateLimiter<T> implements RateLimiter<T> {
  readonly qps: number;
  readonly burst: number;
  readonly #now: () => number;
  #tokens: number;
  #last: number;

  /** @param options - rate and burst; client-go's controller default is 10 qps, burst 100. */
  constructor(options: BucketRateLimiterOptions = {}) {
    this.qps = options.qps ?? 10;
    this.burst = options.burst ?? 100;
    if (!(this.qps > 0) || !(this.burst >= 1)) throw new Error("BucketRateLimiter needs qps > 0 and burst >= 1");
    this.#now = options.now ?? (() => performance.now());
    this.#tokens = this.burst;
    this.#last = this.#now();
  }

  /** {@inheritDoc RateLimiter.when} */
  when(_item: T): number {
    const now = this.#now();
    const elapsed = Math.max(0, now - this.#last);
    this.#last = now;
    // Tokens go negative for reservations made ahead of time; refills pay that debt first.
    this.#tokens = Math.min(this.burst, this.#tokens + (elapsed / 1000) * this.qps) - 1;
    return this.#tokens >= 0 ? 0 : (-this.#tokens / this.qps) * 1000;
  }

  /** Does nothing: the bucket is not per item. */
  forget(_item: T): void {}

  /** Always 0: the bucket does not count per item. */
  numRequeues(_item: T): number {
    return 0;
  }
}

/** Combines limiters: the delay is the longest any of them asks for. */
export class MaxOfRateLimiter<T> implements RateLimiter<T> {
  readonly limiters: readonly RateLimiter<T>[];

  /** @param limiters - every limiter is consulted on each `when`, so each keeps its own count. */
  constructor(...limiters: RateLimiter<T>[]) {
    this.limiters = limiters;
  }

  /** {@inheritDoc RateLimiter.when} */
  when(item: T): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.when(item));
    return max;
  }

  /** {@inheritDoc RateLimiter.forget} */
  forget(item: T): void {
    for (const l of this.limiters) l.forget(item);
  }

  /** {@inheritDoc RateLimiter.numRequeues} */
  numRequeues(item: T): number {
    let max = 0;
    for (const l of this.limiters) max = Math.max(max, l.numRequeues(item));
    return max;
  }
}

/** Options of {@link defaultControllerRateLimiter}. */
export interface ControllerRateLimiterOptions {
  /** Per-item first delay (default 5 ms). */
  baseDelayMs?: number;
  /** Per-item cap (default 1000 s; the namespace controller uses 60 s). */
  maxDelayMs?: number;
  /** Overall retries per second (default 10). */
  qps?: number;
  /** Overall burst (default 100). */
  burst?: number;
}

/**
 * client-go's `DefaultControllerRateLimiter`: per-item exponential backoff (5 ms .. 1000 s) and
 * an overall 10 qps / 100 burst bucket, whichever is slower. Every figure can be overridden,
 * e.g. `{ maxDelayMs: 60_000 }` for the namespace controller's limiter.
 */
export function defaultControllerRateLimiter<T>(options: ControllerRateLimiterOptions = {}): RateLimiter<T> {
  return new MaxOfRateLimiter<T>(
    new ItemExponentialFailureRateLimiter<T>(options.baseDelayMs ?? 5, options.maxDelayMs ?? 1_000_000),
    new BucketRateLimiter<T>({ qps: options.qps ?? 10, burst: options.burst ?? 100 }),
  );
}
