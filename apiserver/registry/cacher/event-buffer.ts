/**
 * The watch cache's window of recent events: a ring buffer in revision order that grows (up to a
 * bound) while events are still fresh when they would be evicted, as upstream's watchCache does,
 * so that a burst of writes does not push clients that are only seconds behind out of the window.
 */
import type { KubeObject } from "../rest.js";

/** One change to the cached state, decoded once and shared by every watcher. */
export interface CacheEvent {
  type: "ADDED" | "MODIFIED" | "DELETED";
  key: string;
  /** The object after the change (for DELETED, its last state at the delete's revision). */
  object: KubeObject;
  /** The object before the change (MODIFIED and DELETED). */
  prevObject: KubeObject | undefined;
  revision: number;
  /** When the cache received it (ms, monotonic): decides whether the buffer grows or evicts. */
  receivedAt: number;
}

export interface EventBufferOptions {
  /** Starting and smallest capacity (upstream: 100). */
  minCapacity?: number;
  /** The bound growth stops at. */
  maxCapacity?: number;
  /** An event younger than this is kept by growing the buffer instead of evicting it (upstream: 75 s). */
  freshMs?: number;
  now?: () => number;
}

export class EventBuffer {
  private ring: (CacheEvent | undefined)[];
  private start = 0;
  private count = 0;
  /** Every event at or below this revision has left the buffer (or predates the cache). */
  private evictedThrough: number;
  private readonly minCapacity: number;
  private readonly maxCapacity: number;
  private readonly freshMs: number;
  private readonly now: () => number;

  constructor(startRevision: number, options: EventBufferOptions = {}) {
    this.minCapacity = Math.max(1, options.minCapacity ?? 100);
    this.maxCapacity = Math.max(this.minCapacity, options.maxCapacity ?? 100 * 1024);
    this.freshMs = options.freshMs ?? 75_000;
    this.now = options.now ?? (() => performance.now());
    this.ring = new Array<CacheEvent | undefined>(this.minCapacity);
    this.evictedThrough = startRevision;
  }

  get capacity(): number {
    return this.ring.length;
  }

  get size(): number {
    return this.count;
  }

  /** The oldest revision a watch may start after and still be served every event from here. */
  get windowStart(): number {
    return this.evictedThrough;
  }

  push(ev: CacheEvent): void {
    if (this.count === this.ring.length) {
      const oldest = this.ring[this.start]!;
      if (this.ring.length < this.maxCapacity && this.now() - oldest.receivedAt < this.freshMs) {
        this.resize(Math.min(this.maxCapacity, this.ring.length * 2));
      } else {
        this.evictedThrough = oldest.revision;
        this.ring[this.start] = undefined;
        this.start = (this.start + 1) % this.ring.length;
        this.count--;
      }
    } else if (this.count > 0 && this.ring.length > this.minCapacity && this.count < this.ring.length / 4) {
      // Mostly empty after a burst: give the memory back, keeping room to double again.
      const oldest = this.ring[this.start]!;
      if (this.now() - oldest.receivedAt >= this.freshMs) this.resize(Math.max(this.minCapacity, this.ring.length / 2));
    }
    this.ring[(this.start + this.count) % this.ring.length] = ev;
    this.count++;
  }

  /** Events with a revision above `after`, oldest first; undefined when `after` is before the window. */
  since(after: number): CacheEvent[] | undefined {
    if (after < this.evictedThrough) return undefined;
    // Binary search for the first event above `after`.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).revision <= after) lo = mid + 1;
      else hi = mid;
    }
    const out: CacheEvent[] = new Array<CacheEvent>(this.count - lo);
    for (let i = lo; i < this.count; i++) out[i - lo] = this.at(i);
    return out;
  }

  /** Forgets every event; the window starts again at `revision` (after a relist). */
  reset(revision: number): void {
    this.ring = new Array<CacheEvent | undefined>(this.minCapacity);
    this.start = 0;
    this.count = 0;
    this.evictedThrough = revision;
  }

  private at(i: number): CacheEvent {
    return this.ring[(this.start + i) % this.ring.length]!;
  }

  private resize(capacity: number): void {
    const next = new Array<CacheEvent | undefined>(capacity);
    for (let i = 0; i < this.count; i++) next[i] = this.at(i);
    this.ring = next;
    this.start = 0;
  }
}
