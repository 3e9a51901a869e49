// One event handler of a shared informer, with its own queue so it sees events in order alone.
import { Fifo } from "../workqueue/fifo.js";
import type { DeletedFinalStateUnknown } from "./keys.js";

/**
 * Callbacks for changes to an informer's objects (client-go's `ResourceEventHandler`). Objects
 * are the cached ones, shared with every other handler and lister: never modify them. A handler
 * may return a promise; the next event for that handler waits for it, other handlers do not.
 */
export interface ResourceEventHandler<T> {
  /**
   * An object appeared. `isInInitialList` is true for objects of the informer's first list and
   * for the synthetic adds a handler registered late receives for what is already cached.
   */
  onAdd?(obj: T, isInInitialList: boolean): void | Promise<void>;
  /** An object changed, or a resync replays it (then `oldObj === newObj`). */
  onUpdate?(oldObj: T, newObj: T): void | Promise<void>;
  /**
   * An object was deleted. A delete learnt from a relist, not from the watch, arrives as a
   * {@link DeletedFinalStateUnknown} carrying the last known state.
   */
  onDelete?(obj: T | DeletedFinalStateUnknown<T>): void | Promise<void>;
}

/** One queued call of a handler. */
export type Notification<T> =
  { kind: "add"; obj: T; initial: boolean } | { kind: "update"; old: T; obj: T } | { kind: "delete"; obj: T | DeletedFinalStateUnknown<T> };

/**
 * Delivers notifications to one handler in order. The buffer is unbounded, as client-go's is:
 * a slow handler falls behind (and holds memory) instead of slowing the informer or its peers.
 */
export class ProcessorListener<T> {
  #queue = new Fifo<Notification<T>>();
  #draining = false;
  #stopped = false;
  /** Notifications ever queued and ever delivered, for `hasSynced`. */
  #enqueued = 0;
  #delivered = 0;
  /** The count of notifications that make up this handler's initial view; unset until known. */
  #syncMark: number | undefined;
  /** When this handler is next due for a resync (ms, monotonic). */
  nextResync = Infinity;

  /**
   * @param handler - the callbacks.
   * @param resyncPeriodMs - how often every cached object is replayed to it; 0 for never.
   * @param onError - told when a callback throws or rejects.
   */
  constructor(
    readonly handler: ResourceEventHandler<T>,
    readonly resyncPeriodMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  /** Queues a notification; delivery starts on a later microtask, never inside the caller. */
  add(n: Notification<T>): void {
    if (this.#stopped) return;
    this.#queue.push(n);
    this.#enqueued++;
    if (!this.#draining) {
      this.#draining = true;
      queueMicrotask(() => void this.#drain());
    }
  }

  /** Records that everything queued so far makes up the handler's initial view. */
  markSynced(): void {
    this.#syncMark ??= this.#enqueued;
  }

  /** Whether the handler has been called for its whole initial view. */
  hasSynced(): boolean {
    return this.#syncMark !== undefined && this.#delivered >= this.#syncMark;
  }

  /** Stops delivery and drops what is queued. */
  stop(): void {
    this.#stopped = true;
    this.#queue.clear();
  }

  async #drain(): Promise<void> {
    try {
      for (let n = this.#queue.shift(); n !== undefined && !this.#stopped; n = this.#queue.shift()) {
        try {
          const r: unknown = this.#call(n);
          // Only a promise is waited for; synchronous handlers run back to back.
          if (typeof (r as PromiseLike<void> | undefined)?.then === "function") await r;
        } catch (err) {
          this.onError(err);
        }
        this.#delivered++;
      }
    } finally {
      this.#draining = false;
    }
  }

  #call(n: Notification<T>): void | Promise<void> {
    const h = this.handler;
    switch (n.kind) {
      case "add":
        return h.onAdd?.(n.obj, n.initial);
      case "update":
        return h.onUpdate?.(n.old, n.obj);
      case "delete":
        return h.onDelete?.(n.obj);
    }
  }
}
