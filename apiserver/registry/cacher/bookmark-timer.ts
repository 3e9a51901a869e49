/**
 * When a watch sends its bookmarks, as upstream's cache watchers do: roughly every interval (a
 * minute), and once more 2 s before the watch's deadline, so a client whose watch times out
 * resumes from a recent revision instead of the one it started at.
 */

/** How long before the deadline the last bookmark goes out (upstream: 2 s). */
export const BOOKMARK_BEFORE_DEADLINE_MS = 2_000;
/** The longest delay a Node timer takes (a longer one fires at once). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A timer's delay, clamped to what setTimeout takes. */
export function timerDelay(ms: number): number {
  return Math.min(Math.max(0, ms), MAX_TIMER_MS);
}

/**
 * Calls `fire` at each bookmark time until the returned function is called: every `intervalMs`,
 * and at `timeoutMs - 2 s` from now when a timeout is given (nothing after that).
 */
export function scheduleBookmarks(intervalMs: number, timeoutMs: number | undefined, fire: () => void): () => void {
  const start = performance.now();
  const last = timeoutMs !== undefined && timeoutMs > 0 ? start + timeoutMs - BOOKMARK_BEFORE_DEADLINE_MS : Infinity;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (): void => {
    const now = performance.now();
    const at = Math.min(now + intervalMs, last);
    // A deadline 2 s away or less leaves no time for a bookmark worth sending.
    if (at <= now || stopped) return;
    timer = setTimeout(
      () => {
        fire();
        // The deadline's bookmark was the last one.
        if (at < last) arm();
      },
      timerDelay(at - now),
    );
  };
  arm();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
