/**
 * One client's watch on a watch cache: its initial events, then the cache's events that pass its
 * selectors, queued up to a bound; a watcher that falls further behind is closed (the client
 * re-watches from its last resourceVersion, or relists) rather than buffering without limit.
 */
import type { KubeObject, WatchEvent } from "../rest.js";
import { scheduleBookmarks, timerDelay } from "./bookmark-timer.js";

export interface CacheWatcherParams {
  /** Keys this watcher sees (the resource's root, or one namespace's). */
  prefix: string;
  /** Undefined: every object passes (no selectors). */
  matches: ((obj: KubeObject) => boolean) | undefined;
  /** Live events at or below this revision are not sent (the initial state or the client has them). */
  after: number;
  /** Sent before live events: the initial state as ADDED events and buffered events replayed. */
  initial?: readonly WatchEvent[];
  bookmarkObject(rv: number, annotations?: Record<string, string>): KubeObject;
  /** Milliseconds between bookmarks; undefined: no bookmarks. One more goes out 2 s before the timeout. */
  bookmarkIntervalMs?: number;
  timeoutMs?: number;
  /** Events that may wait unread before the watcher is closed. */
  capacity: number;
  /** The revision the cache has seen every event up to (what a bookmark can promise). */
  progress(): number;
  signal: AbortSignal;
  /** Runs once when the watcher ends, whatever ended it. */
  onClose(watcher: CacheWatcher): void;
}

export class CacheWatcher implements AsyncIterableIterator<WatchEvent> {
  readonly prefix: string;
  readonly matches: ((obj: KubeObject) => boolean) | undefined;
  /** The newest revision handed to this watcher (events or initial state). */
  private lastRevision: number;
  private initial: readonly WatchEvent[];
  private initialIndex = 0;
  private queue: WatchEvent[] = [];
  private head = 0;
  private waiting: ((r: IteratorResult<WatchEvent>) => void) | undefined;
  private closed = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private stopBookmarks: (() => void) | undefined;
  private readonly onAbort = (): void => this.close();

  constructor(private readonly params: CacheWatcherParams) {
    this.prefix = params.prefix;
    this.matches = params.matches;
    this.lastRevision = params.after;
    this.initial = params.initial ?? [];
    if (params.signal.aborted) {
      this.close();
      return;
    }
    params.signal.addEventListener("abort", this.onAbort, { once: true });
    if (params.bookmarkIntervalMs !== undefined && params.bookmarkIntervalMs > 0) {
      this.stopBookmarks = scheduleBookmarks(params.bookmarkIntervalMs, params.timeoutMs, () => this.bookmark());
    }
    if (params.timeoutMs !== undefined && params.timeoutMs > 0)
      this.timers.push(setTimeout(() => this.close(), timerDelay(params.timeoutMs)));
  }

  /** The revision below which this watcher wants no live events. */
  get after(): number {
    return this.params.after;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Queues an event (the cache already translated it for this watcher's selectors). */
  send(ev: WatchEvent, revision: number): void {
    if (this.closed) return;
    if (revision > this.lastRevision) this.lastRevision = revision;
    const w = this.waiting;
    if (w && this.initialIndex >= this.initial.length && this.head === this.queue.length) {
      this.waiting = undefined;
      w({ value: ev, done: false });
      return;
    }
    if (this.queue.length - this.head >= this.params.capacity) {
      // Too far behind: end the stream instead of holding an unbounded backlog (as upstream's
      // cacher closes unresponsive watchers); the client resumes from its last resourceVersion.
      this.close();
      return;
    }
    this.queue.push(ev);
  }

  /** Ends the stream; pending events are dropped. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.stopBookmarks?.();
    this.params.signal.removeEventListener("abort", this.onAbort);
    this.queue = [];
    this.head = 0;
    this.initial = [];
    this.params.onClose(this);
    const w = this.waiting;
    this.waiting = undefined;
    w?.({ value: undefined, done: true });
  }

  next(): Promise<IteratorResult<WatchEvent>> {
    if (this.closed) return Promise.resolve({ value: undefined, done: true });
    if (this.initialIndex < this.initial.length) {
      return Promise.resolve({ value: this.initial[this.initialIndex++]!, done: false });
    }
    if (this.head < this.queue.length) {
      const ev = this.queue[this.head]!;
      this.queue[this.head++] = undefined!;
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      }
      return Promise.resolve({ value: ev, done: false });
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<WatchEvent>> {
    this.close();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<WatchEvent> {
    return this;
  }

  /** A bookmark promises every event up to its revision was sent, so it waits for an empty queue. */
  private bookmark(): void {
    if (this.closed || this.initialIndex < this.initial.length || this.head < this.queue.length) return;
    const rv = Math.max(this.lastRevision, this.params.progress());
    if (rv <= 0) return;
    this.lastRevision = rv;
    this.send({ type: "BOOKMARK", object: this.params.bookmarkObject(rv) }, rv);
  }
}
