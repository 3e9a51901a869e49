/**
 * The watch cache's window of recent events: a ring buffer in revision order that grows (up to a
 * bound) while events are still fresh when they would be evicted, as upstream's watchCache does,
 * so that a burst of writes does not push clients that are only seconds behind out of the window,
 * and shrinks again, as upstream's does, once its newest quarter is stale.
 */
/** What the buffer needs of an event: its revision and when it came. */
export interface BufferedEvent {
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

export class EventBuffer<E extends BufferedEvent> {
  private ring: (E | undefined)[];
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
    this.ring = new Array<E | undefined>(this.minCapacity);
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

  push(ev: E): void {
    if (this.count === this.ring.length) this.resizeFor(this.now());
    if (this.count === this.ring.length) this.evict(1);
    this.ring[(this.start + this.count) % this.ring.length] = ev;
    this.count++;
  }

  /** Events with a revision above `after`, oldest first; undefined when `after` is before the window. */
  since(after: number): E[] | undefined {
    if (after < this.evictedThrough) return undefined;
    // Binary search for the first event above `after`.
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid).revision <= after) lo = mid + 1;
      else hi = mid;
    }
    const out: E[] = new Array<E>(this.count - lo);
    for (let i = lo; i < this.count; i++) out[i - lo] = this.at(i);
    return out;
  }

  /** Forgets every event; the window starts again at `revision` (after a relist). */
  reset(revision: number): void {
    this.ring = new Array<E | undefined>(this.minCapacity);
    this.start = 0;
    this.count = 0;
    this.evictedThrough = revision;
  }

  private at(i: number): E {
    return this.ring[(this.start + i) % this.ring.length]!;
  }

  /**
   * Upstream's resize rule, checked when the buffer is full: double while even the oldest event
   * is fresh; halve (dropping the oldest half) once the newest quarter is all stale, so that a
   * burst's capacity, and the events it holds, is given back when the rate falls.
   */
  private resizeFor(now: number): void {
    const capacity = this.ring.length;
    if (now - this.at(0).receivedAt < this.freshMs) {
      if (capacity < this.maxCapacity) this.resize(Math.min(this.maxCapacity, capacity * 2));
      return;
    }
    const quarter = Math.max(1, Math.floor(capacity / 4));
    if (capacity > this.minCapacity && now - this.at(this.count - quarter).receivedAt > this.freshMs) {
      this.resize(Math.max(this.minCapacity, Math.floor(capacity / 2)));
    }
  }

  /** Drops the `n` oldest events; the window starts after the last of them. */
  private evict(n: number): void {
    for (let i = 0; i < n; i++) {
      this.evictedThrough = this.ring[this.start]!.revision;
      this.ring[this.start] = undefined;
      this.start = (this.start + 1) % this.ring.length;
    }
    this.count -= n;
  }

  /** A new ring of `capacity`; when it is smaller than the events held, the oldest are dropped. */
  private resize(capacity: number): void {
    if (this.count > capacity) this.evict(this.count - capacity);
    const next = new Array<E | undefined>(capacity);
    for (let i = 0; i < this.count; i++) next[i] = this.at(i);
    this.ring = next;
    this.start = 0;
  }
}
