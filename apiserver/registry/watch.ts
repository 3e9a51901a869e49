/**
 * Turns a storage watch into API watch events: PUT/DELETE become ADDED/MODIFIED/DELETED as
 * seen through the watcher's selectors (an object leaving the selection is DELETED, as
 * upstream's cacher sends it), with initial ADDED events, periodic bookmarks, a timeout, and an
 * ERROR event carrying a Status when storage fails (410 Expired for a compacted revision).
 */
import type { Status } from "../../api/meta/v1/types.js";
import { asStatusError, newInternalError, newResourceExpired } from "../../runtime/rest/errors.js";
import { StorageError, type KeyValue, type Storage, type StorageEvent } from "../storage/interface.js";
import type { KubeObject, WatchEvent } from "./rest.js";
import { scheduleBookmarks, timerDelay } from "./cacher/bookmark-timer.js";
import { watchExpiredMessage } from "./cacher/read-semantics.js";

/** The annotation upstream puts on the bookmark that ends a watch's initial events. */
export const INITIAL_EVENTS_END_ANNOTATION = "k8s.io/initial-events-end";

export interface WatchParams {
  storage: Storage;
  prefix: string;
  /** Events after this revision are sent. */
  afterRevision: number;
  /** Objects to send as ADDED before live events (a watch from "" or "0"). */
  initial?: KubeObject[];
  /** Send a bookmark marking the end of the initial events (sendInitialEvents=true). */
  initialEventsEnd?: boolean;
  /** The object a stored value decodes to, with metadata.resourceVersion = `rv`. */
  decode(kv: KeyValue, rv: number): KubeObject;
  matches(obj: KubeObject): boolean;
  /** Empty object of the kind carrying only metadata (what a bookmark sends). */
  bookmarkObject(rv: number, annotations?: Record<string, string>): KubeObject;
  /** Milliseconds between bookmarks; undefined: no bookmarks. */
  bookmarkIntervalMs?: number;
  timeoutMs?: number;
  signal: AbortSignal;
}

function statusObject(status: Status): KubeObject {
  return status as unknown as KubeObject;
}

/** The ERROR event for a storage failure during a watch. */
function errorEvent(err: unknown, afterRevision: number): WatchEvent {
  if (err instanceof StorageError && err.code === "Compacted") {
    return { type: "ERROR", object: statusObject(newResourceExpired(watchExpiredMessage(afterRevision, err.compactRevision)).status) };
  }
  const status = asStatusError(err)?.status ?? newInternalError(err).status;
  return { type: "ERROR", object: statusObject(status) };
}

/** A queue the producers push into and the consumer drains; closing ends the stream. */
class EventQueue {
  private readonly items: WatchEvent[] = [];
  private wake: (() => void) | undefined;
  closed = false;

  push(ev: WatchEvent): void {
    if (this.closed) return;
    this.items.push(ev);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  get idle(): boolean {
    return this.items.length === 0;
  }

  async next(): Promise<WatchEvent | undefined> {
    while (this.items.length === 0) {
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    return this.items.shift();
  }
}

/** Translates one storage event for a watcher, or undefined when the watcher does not see it. */
export function translateEvent(ev: StorageEvent, params: Pick<WatchParams, "decode" | "matches">): WatchEvent | undefined {
  if (ev.type === "DELETE") {
    const obj = params.decode(ev.kv, ev.revision);
    return params.matches(obj) ? { type: "DELETED", object: obj } : undefined;
  }
  const cur = params.decode(ev.kv, ev.kv.modRevision);
  const curPasses = params.matches(cur);
  if (!ev.prev) return curPasses ? { type: "ADDED", object: cur } : undefined;
  const prev = params.decode(ev.prev, ev.revision);
  const prevPasses = params.matches(prev);
  if (curPasses) return { type: prevPasses ? "MODIFIED" : "ADDED", object: cur };
  // The object left the selection: the watcher sees it deleted, in its previous state.
  return prevPasses ? { type: "DELETED", object: prev } : undefined;
}

/** Starts a watch; iterate the result to receive events. Breaking out of the loop stops it. */
export function startWatch(params: WatchParams): AsyncIterable<WatchEvent> {
  return {
    [Symbol.asyncIterator]: () => {
      const queue = new EventQueue();
      const inner = new AbortController();
      let lastRevision = params.afterRevision;
      const timers: NodeJS.Timeout[] = [];
      let stopBookmarks: (() => void) | undefined;
      const stop = (): void => {
        inner.abort();
        for (const t of timers) clearTimeout(t);
        stopBookmarks?.();
        queue.close();
      };
      const onAbort = (): void => stop();
      if (params.signal.aborted) stop();
      params.signal.addEventListener("abort", onAbort);

      for (const obj of params.initial ?? []) queue.push({ type: "ADDED", object: obj });
      if (params.initialEventsEnd) {
        queue.push({
          type: "BOOKMARK",
          object: params.bookmarkObject(lastRevision, { [INITIAL_EVENTS_END_ANNOTATION]: "true" }),
        });
      }

      void (async () => {
        try {
          for await (const ev of params.storage.watch({
            prefix: params.prefix,
            afterRevision: params.afterRevision,
            signal: inner.signal,
          })) {
            lastRevision = Math.max(lastRevision, ev.revision);
            const out = translateEvent(ev, params);
            if (out) queue.push(out);
          }
        } catch (err) {
          if (!inner.signal.aborted) queue.push(errorEvent(err, params.afterRevision));
        }
        queue.close();
      })();

      if (params.bookmarkIntervalMs !== undefined && params.bookmarkIntervalMs > 0) {
        stopBookmarks = scheduleBookmarks(params.bookmarkIntervalMs, params.timeoutMs, () => {
          // A bookmark promises every event up to its revision was sent, so it waits for the queue to drain.
          if (queue.idle && lastRevision > 0) queue.push({ type: "BOOKMARK", object: params.bookmarkObject(lastRevision) });
        });
      }
      if (params.timeoutMs !== undefined && params.timeoutMs > 0) timers.push(setTimeout(stop, timerDelay(params.timeoutMs)));

      const finish = (): IteratorResult<WatchEvent> => {
        params.signal.removeEventListener("abort", onAbort);
        stop();
        return { done: true, value: undefined };
      };
      return {
        async next(): Promise<IteratorResult<WatchEvent>> {
          const ev = await queue.next();
          if (ev === undefined) return finish();
          return { done: false, value: ev };
        },
        async return(): Promise<IteratorResult<WatchEvent>> {
          return finish();
        },
      };
    },
  };
}

/**
 * An iterator whose source is opened asynchronously on the first pull. Unlike an async
 * generator, `return()` takes effect at once even while a `next()` is pending (a generator
 * queues it behind that pull), which is what ends a watch when its consumer goes away.
 */
export function deferredIterator<T>(open: () => Promise<AsyncIterator<T>>): AsyncIterableIterator<T> {
  let source: Promise<AsyncIterator<T>> | undefined;
  /** The source once open: later pulls go straight to it (no async hop of our own per event). */
  let opened: AsyncIterator<T> | undefined;
  let done = false;
  const end = (): IteratorResult<T> => ({ done: true, value: undefined });
  const it: AsyncIterableIterator<T> = {
    next() {
      if (done) return Promise.resolve(end());
      if (opened !== undefined) return opened.next();
      return (source ??= open()).then((inner) => {
        opened = inner;
        return done ? end() : inner.next();
      });
    },
    async return() {
      if (!done) {
        done = true;
        if (source) void source.then((inner) => inner.return?.()).catch(() => undefined);
      }
      return end();
    },
    [Symbol.asyncIterator]: () => it,
  };
  return it;
}
