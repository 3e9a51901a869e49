/** A token-bucket rate limiter (qps, burst) whose waiters are served first come, first served. */
import { DEFAULT_BURST, DEFAULT_QPS } from "./config.js";

/** Something a request waits on before each attempt. */
export interface RateLimiter {
  /**
   * Resolves when the caller may send one request. Rejects with the signal's reason when
   * `signal` aborts first, and then gives the token back.
   */
  wait(signal?: AbortSignal): Promise<void>;
}

/** A limiter that never waits (rate limiting disabled). */
export const UNLIMITED: RateLimiter = { wait: async (signal) => signal?.throwIfAborted() };

/**
 * A token bucket: `burst` tokens at most, refilled at `qps` per second. Each `wait` reserves
 * the next token at once and sleeps until it is due, so waiters are served in call order and
 * nothing polls. The bucket starts full, as client-go's does.
 */
export class TokenBucketRateLimiter implements RateLimiter {
  private tokens: number;
  private last: number;

  /**
   * @param qps tokens added per second (must be > 0)
   * @param burst bucket size (at least 1)
   * @param now the clock, in milliseconds; tests may pass their own
   */
  constructor(
    readonly qps: number,
    readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(qps > 0)) throw new RangeError(`qps must be positive, got ${qps}`);
    if (!(burst >= 1)) throw new RangeError(`burst must be at least 1, got ${burst}`);
    this.tokens = burst;
    this.last = now();
  }

  /** Takes a token if one is available now, without waiting. */
  tryAccept(): boolean {
    this.advance();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  async wait(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.advance();
    // Tokens may go negative: each waiter owns the slot its reservation put it in.
    this.tokens -= 1;
    if (this.tokens >= 0) return;
    const delayMs = (-this.tokens / this.qps) * 1000;
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        clearTimeout(timer);
        this.tokens += 1; // hand the reservation back
        reject(signal!.reason);
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, Math.ceil(delayMs));
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  private advance(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.qps);
    this.last = t;
  }
}

/** The limiter a config asks for: client-go's defaults (5 qps, burst 10) when unset, none for negative qps. */
export function rateLimiterFor(config: { qps?: number; burst?: number; rateLimiter?: RateLimiter }): RateLimiter {
  if (config.rateLimiter) return config.rateLimiter;
  const qps = config.qps === undefined || config.qps === 0 ? DEFAULT_QPS : config.qps;
  if (qps < 0) return UNLIMITED;
  const burst = config.burst === undefined || config.burst === 0 ? DEFAULT_BURST : config.burst;
  return new TokenBucketRateLimiter(qps, Math.max(1, burst));
}
