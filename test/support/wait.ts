/**
 * Waiting for a condition in tests, on vitest's `vi.waitFor` (which polls, and under fake timers
 * advances them): one helper instead of a loop copied into every file.
 */
import { vi } from "vitest";

/** Resolves once `cond()` is true; fails after `ms` naming `what`. */
export function until(cond: () => boolean | Promise<boolean>, ms = 10_000, what = "condition"): Promise<void> {
  return vi.waitFor(
    async () => {
      if (!(await cond())) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    },
    { timeout: ms, interval: 5 },
  );
}

/** Resolves with `fn()`'s first value that is neither undefined nor false; fails after `ms` naming `what`. */
export function eventually<T>(what: string, fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (v === undefined || v === false) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      return v;
    },
    { timeout: ms, interval: 50 },
  );
}

/** Resolves with `fn()`'s first value that `ok` accepts; fails after `ms` showing the last value. */
export function eventuallyWhere<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const v = await fn();
      if (!ok(v)) throw new Error(`condition not met in ${ms} ms; last value ${JSON.stringify(v)}`);
      return v;
    },
    { timeout: ms, interval: 25 },
  );
}
