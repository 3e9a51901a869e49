// A small keyed loop over namespaces: each active namespace is synced by a function that makes
// sure something exists in it; failures retry with per-item backoff. The serviceaccount and
// root-ca-cert-publisher controllers share it.
import type { Namespace } from "../../generated/apis/core/v1/index.js";
import type { NamespaceInformer } from "../../generated/informers/core/v1/namespace.js";
import { runWorkers } from "../controller/workers.js";
import { ItemExponentialFailureRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";

export interface NamespaceLoopOptions {
  name: string;
  namespaces: NamespaceInformer;
  /** Makes the namespace's object exist; throws to retry. */
  sync(namespace: string, signal: AbortSignal): Promise<void>;
  /** Other informers whose sync the loop waits for. */
  synced?: (() => boolean)[];
  onError: (err: unknown) => void;
  log?: (line: string) => void;
}

export class NamespaceLoop {
  readonly queue = new RateLimitingQueue<string>(new ItemExponentialFailureRateLimiter<string>(5, 60_000));
  readonly #synced: () => boolean;

  constructor(private readonly options: NamespaceLoopOptions) {
    const informer = options.namespaces.informer();
    const reg = informer.addEventHandler({
      onAdd: (ns) => this.enqueueNamespace(ns),
      onUpdate: (_old, ns) => this.enqueueNamespace(ns),
    });
    this.#synced = () => informer.hasSynced() && reg.hasSynced() && (options.synced ?? []).every((s) => s());
  }

  /** Terminating namespaces get nothing new (the apiserver would refuse it anyway). */
  enqueueNamespace(ns: Namespace): void {
    if (ns.metadata?.deletionTimestamp || ns.status?.phase === "Terminating") return;
    if (ns.metadata?.name) this.queue.add(ns.metadata.name);
  }

  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.options.log?.(`Starting ${this.options.name}`);
    await runWorkers(this.queue, this.#synced, workers, signal, () => this.#worker(signal));
  }

  async #worker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { item, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.options.sync(item, signal);
        this.queue.forget(item);
      } catch (err) {
        if (!signal.aborted) {
          this.queue.addRateLimited(item);
          this.options.onError(
            new Error(`${this.options.name}: syncing namespace ${item} failed: ${err instanceof Error ? err.message : String(err)}`, {
              cause: err,
            }),
          );
        }
      } finally {
        this.queue.done(item);
      }
    }
  }
}
