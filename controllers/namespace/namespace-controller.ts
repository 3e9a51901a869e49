/**
 * The namespace controller: watches Namespaces, queues those being deleted after a grace
 * period, and has workers empty and finalize them through the {@link NamespacedResourcesDeleter}.
 */
import type { Namespace } from "../../generated/apis/core/v1/index.js";
import type { NamespaceInterface } from "../../generated/clientset/typed/core/v1/namespace.js";
import type { NamespaceInformer } from "../../generated/informers/core/v1/namespace.js";
import type { NamespaceLister } from "../../generated/listers/core/v1/namespace.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { BucketRateLimiter, ItemExponentialFailureRateLimiter, MaxOfRateLimiter } from "../../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../../runtime/workqueue/rate-limiting-queue.js";
import { runWorkers } from "../controller/workers.js";
import {
  NamespacedResourcesDeleter,
  ResourcesRemainingError,
  type DiscoverResourcesFn,
  type ListPodsFn,
  type MetadataInterface,
} from "./deleter.js";

/**
 * How long a deleted namespace waits before it is processed: time for every apiserver's
 * lifecycle admission to see the deletion and refuse new content, and for last-moment creations
 * to become visible, so that the cleanup finds them.
 */
export const NAMESPACE_DELETION_GRACE_PERIOD_MS = 5_000;

export interface NamespaceControllerOptions {
  /** The namespaces client (of a clientset with raised QPS: this controller is chatty). */
  nsClient: NamespaceInterface;
  metadataClient: MetadataInterface;
  discoverResources: DiscoverResourcesFn;
  /** Lists a namespace's Pods, to wait out their grace periods; absent: no wait. */
  listPods?: ListPodsFn;
  informer: NamespaceInformer;
  /** How often every cached namespace is re-examined (`--namespace-sync-period`); 0 for never. */
  resyncPeriodMs: number;
  /** The spec.finalizers token to remove (`kubernetes`). */
  finalizerToken?: string;
  /** The wait before a deleted namespace is processed; 5 s upstream, 0 allowed for tests. */
  deletionGracePeriodMs?: number;
  /** Told about failed passes (they are retried). */
  onError?: (err: unknown) => void;
  /** Controller events; `level` is klog's verbosity (0 when absent). */
  log?: (line: string, level?: number) => void;
}

/** The namespace controller (kube-controller-manager's `namespace-controller`). */
export class NamespaceController {
  /** Per item 5 ms doubling to 60 s, and 10 retries a second overall (burst 100), whichever is slower. */
  readonly queue = new RateLimitingQueue<string>(
    new MaxOfRateLimiter<string>(
      new ItemExponentialFailureRateLimiter<string>(5, 60_000),
      new BucketRateLimiter<string>({ qps: 10, burst: 100 }),
    ),
  );
  readonly deleter: NamespacedResourcesDeleter;
  readonly #lister: NamespaceLister;
  readonly #synced: () => boolean;
  readonly #graceMs: number;
  readonly #onError: (err: unknown) => void;
  readonly #log: (line: string, level?: number) => void;

  constructor(options: NamespaceControllerOptions) {
    this.#graceMs = options.deletionGracePeriodMs ?? NAMESPACE_DELETION_GRACE_PERIOD_MS;
    this.#onError = options.onError ?? (() => {});
    this.#log = options.log ?? (() => {});
    this.deleter = new NamespacedResourcesDeleter({
      nsClient: options.nsClient,
      metadataClient: options.metadataClient,
      discoverResources: options.discoverResources,
      ...(options.listPods && { listPods: options.listPods }),
      finalizerToken: options.finalizerToken ?? "kubernetes",
      onError: this.#onError,
    });
    const informer = options.informer.informer();
    const registration = informer.addEventHandler(
      {
        onAdd: (ns) => this.#enqueue(ns),
        onUpdate: (_old, ns) => this.#enqueue(ns),
      },
      { resyncPeriodMs: options.resyncPeriodMs },
    );
    this.#lister = options.informer.lister();
    this.#synced = () => informer.hasSynced() && registration.hasSynced();
  }

  /** Only namespaces being deleted are queued, each after the grace period. */
  #enqueue(ns: Namespace): void {
    if (!ns.metadata?.deletionTimestamp) return;
    this.queue.addAfter(ns.metadata.name ?? "", this.#graceMs);
  }

  /** Waits for the cache, runs `workers` workers until `signal` aborts, then drains them. */
  async run(workers: number, signal: AbortSignal): Promise<void> {
    this.#log("Starting namespace controller");
    try {
      await runWorkers(this.queue, this.#synced, workers, signal, () => this.#worker(signal));
    } finally {
      this.#log("Shutting down namespace controller");
    }
  }

  async #worker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { item: key, shutdown } = await this.queue.get();
      if (shutdown) return;
      try {
        await this.#sync(key, signal);
        this.queue.forget(key);
      } catch (err) {
        if (signal.aborted) {
          // Shutting down: the abort is not a failure to report.
        } else if (err instanceof ResourcesRemainingError) {
          const seconds = Math.floor(err.estimate / 2) + 1;
          this.#log(`Content remaining in namespace ${key}, waiting ${seconds} seconds`, 4);
          this.queue.addAfter(key, seconds * 1000);
        } else {
          // Retry with backoff rather than wait for the next resync.
          this.queue.addRateLimited(key);
          this.#onError(
            new Error(`deletion of namespace ${key} failed: ${err instanceof Error ? err.message : String(err)}`, { cause: err }),
          );
        }
      } finally {
        this.queue.done(key);
      }
    }
  }

  async #sync(key: string, signal: AbortSignal): Promise<void> {
    const started = performance.now();
    try {
      let ns: Namespace;
      try {
        ns = this.#lister.get(key);
      } catch (err) {
        if (isNotFound(err)) {
          this.#log(`Namespace has been deleted ${key}`, 2);
          return;
        }
        throw err;
      }
      await this.deleter.delete(ns.metadata?.name ?? key, signal);
    } finally {
      this.#log(`Finished syncing namespace ${JSON.stringify(key)} (${Math.round(performance.now() - started)} ms)`, 4);
    }
  }
}
