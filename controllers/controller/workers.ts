// A controller's run loop, the part every queue-driven controller shares (upstream's `Run`).
import { waitForCacheSync } from "../../runtime/cache/shared-index-informer.js";
import type { QueueGetResult } from "../../runtime/workqueue/queue.js";

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

/** The queue a {@link retryingWorker} drains. */
export interface RetryQueue<T> {
  get(): Promise<QueueGetResult<T>>;
  done(item: T): void;
  forget(item: T): void;
  addRateLimited(item: T): void;
  numRequeues(item: T): number;
}

/**
 * One worker of upstream's usual loop: take a key, sync it, forget it on success; on failure
 * requeue it rate-limited up to `maxRetries` times (then drop it) and report the error as
 * `describe(item): message`. Returns when the queue shuts down.
 */
export async function retryingWorker<T>(
  queue: RetryQueue<T>,
  signal: AbortSignal,
  maxRetries: number,
  sync: (item: T) => Promise<void>,
  onError: (err: Error) => void,
  describe: (item: T) => string,
): Promise<void> {
  for (;;) {
    const got = await queue.get();
    if (got.shutdown) return;
    const item = got.item;
    try {
      await sync(item);
      queue.forget(item);
    } catch (err) {
      if (!signal.aborted) {
        if (queue.numRequeues(item) < maxRetries) queue.addRateLimited(item);
        else queue.forget(item);
        onError(new Error(`${describe(item)}: ${err instanceof Error ? err.message : String(err)}`, { cause: err }));
      }
    } finally {
      queue.done(item);
    }
  }
}
