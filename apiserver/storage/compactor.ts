/**
 * Periodic compaction, as upstream's apiserver runs it (`--etcd-compaction-interval`, default
 * 5 minutes): every interval, compact to the revision seen at the previous tick, so the history
 * of at least one interval stays available to watches resuming and paged lists continuing, and
 * older history is dropped. A backend shared by several apiservers (etcd) runs each round through
 * `compactRound`, which lets only one of them compact per interval.
 */
import type { CompactionState, Storage } from "./interface.js";

/** Upstream's default --etcd-compaction-interval. */
export const DEFAULT_COMPACTION_INTERVAL_MS = 5 * 60_000;

export interface CompactorOptions {
  /** Milliseconds between rounds; 0 or less: no compaction. */
  intervalMs: number;
  signal: AbortSignal;
  /** Called when a round fails (the next tick tries again). */
  onError?: (e: unknown) => void;
  /** Called after a round that compacted, with the revision compacted to (logs, tests). */
  onCompacted?: (revision: number) => void;
}

/** Starts compacting `storage` in the background until the signal aborts. */
export function startCompactor(storage: Storage, options: CompactorOptions): void {
  const { intervalMs, signal, onError = () => {}, onCompacted = () => {} } = options;
  if (signal.aborted || !(intervalMs > 0)) return;
  let state: CompactionState = { time: 0, revision: 0 };
  let running = false;
  const tick = async (): Promise<void> => {
    // A slow round (a big vacuum, an unreachable etcd) is not overlapped by the next tick.
    if (running) return;
    running = true;
    try {
      const before = storage.compactedRevision?.() ?? 0;
      state = await compactionRound(storage, state);
      const after = storage.compactedRevision?.() ?? 0;
      if (after > before) onCompacted(after);
    } catch (e) {
      if (!signal.aborted) onError(e);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  signal.addEventListener("abort", () => clearInterval(timer), { once: true });
}

/** One round: the backend's shared protocol, or (a backend of one process) compact to the last round's revision. */
export async function compactionRound(storage: Storage, state: CompactionState): Promise<CompactionState> {
  if (storage.compactRound) return storage.compactRound(state);
  const now = await storage.currentRevision();
  if (state.revision > 0) await storage.compact(state.revision);
  return { time: state.time + 1, revision: now };
}
