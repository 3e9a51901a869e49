/**
 * A controller: a rate-limited queue of reconcile requests and the workers that call the
 * reconciler (controller-runtime's `controller.Controller`). A reconciler returns
 * `{ requeueAfter }` to be called again later, or throws to be retried with per-key backoff.
 */
import { waitForCacheSync } from "../runtime/cache/shared-index-informer.js";
import { splitMetaNamespaceKey } from "../runtime/cache/keys.js";
import { defaultControllerRateLimiter, type RateLimiter } from "../runtime/workqueue/rate-limiters.js";
import { RateLimitingQueue } from "../runtime/workqueue/rate-limiting-queue.js";
import { objectKey } from "./kind.js";
import type { ControllerMetrics } from "./metrics.js";

/** What to reconcile: one object of the controller's `for` kind, by namespace and name. */
export interface Request {
  /** "" for cluster-scoped kinds. */
  readonly namespace: string;
  readonly name: string;
}

/** What a reconcile asks for next. An empty result (or none) means done until the next event. */
export interface Result {
  /** Be called again after this many milliseconds (the backoff of the key is reset). */
  requeueAfter?: number;
  /** Be called again after the rate limiter's backoff, without counting as an error. */
  requeue?: boolean;
}

/** What a reconcile call gets beside its request. */
export interface ReconcileContext {
  /** Aborts when the manager stops; pass it to client calls. */
  readonly signal: AbortSignal;
  /** The controller's name. */
  readonly controller: string;
  /** How many times this request was retried since it last succeeded. */
  readonly retries: number;
  log(line: string): void;
}

export type ReconcileFunc = (req: Request, ctx: ReconcileContext) => Promise<Result | void> | Result | void;

/** A function, or an object with a `reconcile` method. */
export type Reconciler = ReconcileFunc | { reconcile: ReconcileFunc };

export interface ControllerOptions {
  /** Workers reconciling different keys at once (default 1); a key is never reconciled twice at once. */
  maxConcurrentReconciles?: number;
  /** Retry spacing for thrown errors and `requeue: true` (default: 5 ms doubling to 1000 s, and 10/s overall). */
  rateLimiter?: RateLimiter<string>;
  /** Waited for before the workers start (default 2 minutes); the controller fails after it. */
  cacheSyncTimeoutMs?: number;
}

/** Thrown by `start` when the caches did not sync in time. */
export class CacheSyncTimeoutError extends Error {}

export class Controller {
  readonly queue: RateLimitingQueue<string>;
  readonly #reconcile: ReconcileFunc;
  readonly #workers: number;
  readonly #syncTimeoutMs: number;
  #synced: (() => boolean)[] = [];
  #started = false;

  constructor(
    readonly name: string,
    reconciler: Reconciler,
    options: ControllerOptions,
    private readonly metrics: ControllerMetrics,
    private readonly log: (line: string) => void,
    private readonly onError: (err: unknown) => void,
  ) {
    this.#reconcile = typeof reconciler === "function" ? reconciler : (req, ctx) => reconciler.reconcile(req, ctx);
    this.#workers = options.maxConcurrentReconciles ?? 1;
    if (!Number.isInteger(this.#workers) || this.#workers < 1)
      throw new Error(`controller ${name}: maxConcurrentReconciles must be a positive integer`);
    this.#syncTimeoutMs = options.cacheSyncTimeoutMs ?? 120_000;
    this.queue = new RateLimitingQueue<string>(options.rateLimiter ?? defaultControllerRateLimiter<string>());
    metrics.maxConcurrent.set({ controller: name }, this.#workers);
  }

  /** Adds a cache to wait for before the workers start (the builder adds every watched informer's). */
  waitFor(hasSynced: () => boolean): void {
    this.#synced.push(hasSynced);
  }

  /** Queues a request (duplicates waiting in the queue collapse into one). */
  enqueue(req: Request): void {
    this.queue.add(objectKey(req.namespace, req.name));
    this.metrics.queueAdds.inc({ name: this.name, controller: this.name });
    this.metrics.queueDepth.set({ name: this.name, controller: this.name }, this.queue.len());
  }

  /** Queues a request after `delayMs`. */
  enqueueAfter(req: Request, delayMs: number): void {
    this.queue.addAfter(objectKey(req.namespace, req.name), delayMs);
  }

  /**
   * Waits for the caches, then runs the workers until `signal` aborts; then stops taking new
   * requests and resolves once the reconciles in flight have finished.
   */
  async start(signal: AbortSignal): Promise<void> {
    if (this.#started) throw new Error(`controller ${this.name} was already started`);
    this.#started = true;
    const onAbort = (): void => this.queue.shutDown();
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      const timeout = AbortSignal.any([signal, AbortSignal.timeout(this.#syncTimeoutMs)]);
      const synced = await waitForCacheSync(timeout, ...this.#synced);
      if (signal.aborted) return;
      if (!synced) throw new CacheSyncTimeoutError(`controller ${this.name}: timed out waiting for cache to be synced`);
      this.log(`Starting workers controller=${this.name} worker count=${this.#workers}`);
      await Promise.all(Array.from({ length: this.#workers }, () => this.#worker(signal)));
    } finally {
      signal.removeEventListener("abort", onAbort);
      this.queue.shutDown();
    }
  }

  async #worker(signal: AbortSignal): Promise<void> {
    for (;;) {
      const { item: key, shutdown } = await this.queue.get();
      if (shutdown) return;
      if (signal.aborted) {
        // Stopping: reconciles in flight finish, queued ones are not started.
        this.queue.done(key);
        continue;
      }
      this.metrics.queueDepth.set({ name: this.name, controller: this.name }, this.queue.len());
      this.metrics.activeWorkers.inc({ controller: this.name });
      const end = this.metrics.reconcileTime.startTimer({ controller: this.name });
      try {
        await this.#process(key, signal);
      } finally {
        end();
        this.metrics.activeWorkers.dec({ controller: this.name });
        this.queue.done(key);
      }
    }
  }

  async #process(key: string, signal: AbortSignal): Promise<void> {
    const { namespace, name } = splitMetaNamespaceKey(key);
    const ctx: ReconcileContext = {
      signal,
      controller: this.name,
      retries: this.queue.numRequeues(key),
      log: (line) => this.log(`${this.name} ${key}: ${line}`),
    };
    let result: Result | void;
    try {
      result = await this.#reconcile({ namespace, name }, ctx);
    } catch (err) {
      if (signal.aborted) return; // stopping: the failure is the shutdown's, not the object's
      this.metrics.reconcileErrors.inc({ controller: this.name });
      this.metrics.reconcileTotal.inc({ controller: this.name, result: "error" });
      this.onError(
        new Error(`Reconciler error controller=${this.name} key=${key}: ${err instanceof Error ? err.message : String(err)}`, {
          cause: err,
        }),
      );
      this.queue.addRateLimited(key);
      return;
    }
    if (result?.requeueAfter !== undefined && result.requeueAfter > 0) {
      this.queue.forget(key);
      this.queue.addAfter(key, result.requeueAfter);
      this.metrics.reconcileTotal.inc({ controller: this.name, result: "requeue_after" });
    } else if (result?.requeue) {
      this.queue.addRateLimited(key);
      this.metrics.reconcileTotal.inc({ controller: this.name, result: "requeue" });
    } else {
      this.queue.forget(key);
      this.metrics.reconcileTotal.inc({ controller: this.name, result: "success" });
    }
  }
}
