// Exponential backoff with jitter, and a sleep that an AbortSignal cuts short.

/** Options of a {@link Backoff}. */
export interface BackoffOptions {
  /** The first delay (default 800 ms, as client-go's reflector). */
  initialMs?: number;
  /** The cap (default 30 s). */
  maxMs?: number;
  /** The growth per failure (default 2). */
  factor?: number;
  /** Up to this fraction of the delay is added at random (default 1.0: up to double). */
  jitter?: number;
}

/**
 * Delays that grow with each consecutive failure until `reset`. Jitter spreads the retries of
 * many clients that failed at the same moment (a restarted apiserver) so they do not return in
 * lockstep.
 */
export class Backoff {
  readonly initialMs: number;
  readonly maxMs: number;
  readonly factor: number;
  readonly jitter: number;
  #failures = 0;

  /** @param options - the shape of the curve. */
  constructor(options: BackoffOptions = {}) {
    this.initialMs = options.initialMs ?? 800;
    this.maxMs = options.maxMs ?? 30_000;
    this.factor = options.factor ?? 2;
    this.jitter = options.jitter ?? 1;
  }

  /** The delay before the next attempt; each call counts one more failure. */
  next(): number {
    const base = Math.min(this.maxMs, this.initialMs * this.factor ** this.#failures);
    this.#failures++;
    return Math.min(this.maxMs, base * (1 + Math.random() * this.jitter));
  }

  /** Starts over from `initialMs`, after a success. */
  reset(): void {
    this.#failures = 0;
  }

  /** How many failures have been counted since the last reset. */
  get failures(): number {
    return this.#failures;
  }
}

/** Waits `ms` milliseconds, or less when `signal` aborts; never rejects. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
