// A controller's run loop, the part every queue-driven controller shares (upstream's `Run`).
import { waitForCacheSync } from "../../runtime/cache/shared-index-informer.js";

/**
 * Waits for `synced`, then runs `workers` copies of `worker` (at least one) until `signal`
 * aborts. The abort shuts the queue down, so each worker finishes its item and returns; the
 * queue is shut down on every way out, a failed or aborted cache sync included.
 */
export async function runWorkers(
  queue: { shutDown(): void },
  synced: () => boolean,
  workers: number,
  signal: AbortSignal,
  worker: () => Promise<void>,
): Promise<void> {
  try {
    if (!(await waitForCacheSync(signal, synced))) return;
    const stop = (): void => queue.shutDown();
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    await Promise.all(Array.from({ length: Math.max(1, workers) }, () => worker()));
  } finally {
    queue.shutDown();
  }
}
