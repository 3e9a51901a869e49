/**
 * Periodic compaction, as upstream's apiserver runs it against etcd: every interval, compact to
 * the revision seen at the previous tick, so the history of at least one interval stays
 * available to watches resuming and paged lists continuing, and older history is dropped.
 */
import type { Storage } from "./interface.js";

export interface CompactorOptions {
  /** Upstream's default (--etcd-compaction-interval) is 5 minutes. */
  intervalMs: number;
  signal: AbortSignal;
  /** Called when a compaction fails (the next tick tries again). */
  onError?: (e: unknown) => void;
}

/** Starts compacting `storage` in the background until the signal aborts. */
export function startCompactor(storage: Storage, options: CompactorOptions): void {
  const { intervalMs, signal, onError = () => {} } = options;
  if (signal.aborted) return;
  let seen = 0;
  const tick = async (): Promise<void> => {
    try {
      const now = await storage.currentRevision();
      if (seen > 0) await storage.compact(seen);
      seen = now;
    } catch (e) {
      if (!signal.aborted) onError(e);
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}
