/**
 * The watch cache of one resource (upstream's Cacher over a watchCache): a single storage watch
 * on the resource's key prefix keeps the current objects and a window of recent events in
 * memory, each object held as its stored bytes until a read or a watcher first needs it, then
 * decoded once and kept (lazy-object.ts). It serves watches (initial state, replay from a resourceVersion inside the
 * window, live events fanned out to every watcher through its selectors), lists and gets at
 * "any" or "not older than" a revision, and the decoded objects the store can reuse for reads
 * that go to storage. When the storage watch fails (compaction, a lost connection) the cache
 * relists and ends every watcher, which resume from their last resourceVersion.
 */
import {
  bufferedEventsOf,
  StorageError,
  type KeyValue,
  type ProgressNotice,
  type ProgressWatch,
  type Storage,
  type StorageEvent,
} from "../../storage/interface.js";
import type { KubeObject, WatchEvent } from "../rest.js";
import { INITIAL_EVENTS_END_ANNOTATION } from "../watch.js";
import { CacheWatcher, type CacheWatcherParams } from "./cache-watcher.js";
import { EventBuffer, type EventBufferOptions } from "./event-buffer.js";
import { LazyObject, withResourceVersion, type DecodeFn } from "./lazy-object.js";

export interface CacherOptions {
  storage: Storage;
  /** The resource's key prefix (every namespace). */
  prefix: string;
  /** A stored value as an object with metadata.resourceVersion = `rv`; called on an object's first use. */
  decode: DecodeFn;
  /**
   * The object already decoded for a stored value (the answer to this process's own write), if
   * any, which the store then forgets: the cache takes it when a watcher will want the object at
   * once, and keeps the bytes otherwise.
   */
  decoded?: (kv: KeyValue, rv: number) => KubeObject | undefined;
  buffer?: EventBufferOptions;
  /** Events a watcher may leave unread before it is closed (default 1,000). */
  watcherCapacity?: number;
  /** How long a request waits for the first list before going to storage instead (default 3 s). */
  readyTimeoutMs?: number;
  /**
   * How long a consistent read waits for the cache to reach the storage's revision before it
   * goes to storage instead (default 250 ms; upstream waits up to 3 s, then errs).
   */
  freshTimeoutMs?: number;
}

/** A consistent read waiting for the cache to reach a revision. */
interface FreshWaiter {
  revision: number;
  resolve(fresh: boolean): void;
  timer: NodeJS.Timeout;
}

/** One page of a paged list served by the cache. */
export interface CachePage {
  items: KubeObject[];
  /** The revision the page reads at (every page of one list reads at the first page's). */
  revision: number;
  /** Set when more items remain: the key of the page's last item, where the next page starts after. */
  lastKey?: string;
  /** Items after this page, when no selector filters the list. */
  remainingItemCount?: number;
}

/** The sorted state of the cache at one revision, never changed once taken. */
interface Snapshot {
  keys: readonly string[];
  values: readonly LazyObject[];
  /** When a page last read it (ms, monotonic). */
  usedAt: number;
}

/**
 * Snapshots for paged lists in flight: at most this many, each dropped once no page read it for
 * SNAPSHOT_IDLE_MS. A pager reads its next page within milliseconds; a token that outlives its
 * snapshot is served by storage at its revision (410 once compacted), so these bound memory only.
 */
const MAX_SNAPSHOTS = 16;
const SNAPSHOT_IDLE_MS = 30_000;

/** After a wait for freshness timed out, consistent reads skip the cache for this long. */
const FRESH_BACKOFF_MS = 5_000;

/** A current object; updated in place, so that the sorted entries stay right. */
interface Entry {
  value: LazyObject;
}

/** One change to the cached state, shared by every watcher (its objects decoded on first use). */
export interface CacheEvent {
  type: "ADDED" | "MODIFIED" | "DELETED";
  key: string;
  /** The object after the change (for DELETED, its last state at the delete's revision). */
  object: LazyObject;
  /** The object before the change (MODIFIED and DELETED). */
  prevObject: LazyObject | undefined;
  revision: number;
  /** When the cache received it (ms, monotonic). */
  receivedAt: number;
}

/** What a watcher is told about one event, shared by every watcher that is told the same. */
interface SharedEvents {
  added?: WatchEvent;
  modified?: WatchEvent;
  deleted?: WatchEvent;
  /** DELETED for a watcher the object left: its previous state at the event's revision. */
  left?: WatchEvent;
}

const RELIST_BACKOFF_MS = [100, 200, 400, 800, 1600, 3200];

/**
 * How long an object that stopped being current (updated or deleted) keeps its encodings: long
 * enough for every watcher told of it to write it from the one encoding, after which only the
 * event window holds it, and keeping its bytes would double that window's memory.
 */
export const RETIRED_ENCODINGS_MS = 5_000;

export class Cacher {
  private readonly entries = new Map<string, Entry>();
  /**
   * The same entries by namespace ("" for a cluster-scoped resource) and name, the key's parts
   * after the prefix: a GET finds its object with the request's own strings (already hashed),
   * where the full key was a new string to build and hash on every read.
   */
  private readonly byName = new Map<string, Map<string, Entry>>();
  /** The keys in order, rebuilt on the first list after a key came or went. */
  private sortedKeys: string[] | undefined;
  /** The entries in the order of sortedKeys (entries are updated in place, so this stays right). */
  private sortedEntries: Entry[] | undefined;
  /** Every event of the resource up to this revision is applied. */
  private rev = 0;
  private buffer: EventBuffer<CacheEvent>;
  /** Watchers by the prefix they watch (the resource's, or a namespace's). */
  private readonly watchers = new Map<string, Set<CacheWatcher>>();
  private readonly shared = new WeakMap<CacheEvent, SharedEvents>();
  private readonly stop = new AbortController();
  private state: "starting" | "ready" | "stopped" = "starting";
  private everReady = false;
  private readonly readyWaiters = new Set<() => void>();
  private readonly options: CacherOptions;
  /** The storage watch, when it answers progress requests (the cache can prove it is current). */
  private progressWatch: ProgressWatch | undefined;
  private readonly freshWaiters = new Set<FreshWaiter>();
  /** A progress request is in flight (its notice not yet applied). */
  private progressRequested = false;
  /** Until then (performance.now()), consistent reads go to storage: progress went unanswered. */
  private freshBackoffUntil = 0;
  /** Objects no longer current, oldest first, with when they stopped being current. */
  private retired: { obj: LazyObject; at: number }[] = [];
  private retiredHead = 0;
  private readonly now: () => number;
  /** Sorted states kept by paged lists, by revision, oldest first. */
  private readonly snapshots = new Map<number, Snapshot>();

  constructor(options: CacherOptions) {
    this.options = options;
    this.now = options.buffer?.now ?? (() => performance.now());
    this.buffer = new EventBuffer<CacheEvent>(0, options.buffer);
  }

  /** Lists and starts watching; retries with backoff until stopped. */
  start(): void {
    void this.run();
  }

  /** Ends the storage watch and every watcher. */
  close(): void {
    this.stop.abort();
    this.setState("stopped");
    this.closeWatchers();
  }

  /** The revision the cache is at: every event of the resource up to it is in memory. */
  get revision(): number {
    return this.rev;
  }

  get ready(): boolean {
    return this.state === "ready";
  }

  /** Number of open watchers (metrics, tests). */
  get watcherCount(): number {
    let n = 0;
    for (const set of this.watchers.values()) n += set.size;
    return n;
  }

  /**
   * Resolves true once the cache has its first list, false when it stops or takes too long; a
   * cache relisting after a failure answers false at once (storage serves meanwhile).
   */
  waitReady(): Promise<boolean> | boolean {
    if (this.state !== "starting" || this.everReady) return this.state === "ready";
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.readyWaiters.delete(done);
        resolve(this.state === "ready");
      };
      const timer = setTimeout(done, this.options.readyTimeoutMs ?? 3000);
      this.readyWaiters.add(done);
    });
  }

  /**
   * Whether the cache has seen every write up to `revision` (the storage's current one), asking
   * the storage watch for its progress and waiting a bounded time when it is behind. False when
   * it cannot tell in time (not ready, no progress support, no answer): storage serves the read.
   */
  waitUntilFresh(revision: number): Promise<boolean> | boolean {
    if (this.state !== "ready") return false;
    if (this.rev >= revision) return true;
    if (!this.canProveFresh) return false;
    return new Promise((resolve) => {
      const waiter: FreshWaiter = {
        revision,
        resolve,
        timer: setTimeout(() => {
          this.freshWaiters.delete(waiter);
          // The request may have been lost (a stream reopening): the next wait asks again.
          this.progressRequested = false;
          this.freshBackoffUntil = performance.now() + FRESH_BACKOFF_MS;
          resolve(false);
        }, this.options.freshTimeoutMs ?? 250),
      };
      this.freshWaiters.add(waiter);
      this.requestProgress();
    });
  }

  /** Whether the storage watch can prove the cache current (progress notices it trusts, no recent unanswered one). */
  get canProveFresh(): boolean {
    return this.state === "ready" && this.progressWatch?.supportsProgress() === true && performance.now() >= this.freshBackoffUntil;
  }

  /** One request in flight at a time; its notice asks again while waiters remain behind. */
  private requestProgress(): void {
    if (this.progressRequested || this.progressWatch === undefined) return;
    this.progressRequested = true;
    this.progressWatch.requestProgress();
  }

  /** Answers the waiters the cache's revision now satisfies (all of them, false, when `fail`). */
  private settleFreshWaiters(fail = false): void {
    if (this.freshWaiters.size === 0) return;
    for (const w of [...this.freshWaiters]) {
      if (!fail && w.revision > this.rev) continue;
      clearTimeout(w.timer);
      this.freshWaiters.delete(w);
      w.resolve(!fail);
    }
  }

  private applyProgress(notice: ProgressNotice): void {
    this.progressRequested = false;
    if (notice.revision > this.rev) this.rev = notice.revision;
    this.settleFreshWaiters();
    if (this.freshWaiters.size > 0) this.requestProgress();
  }

  /** The cached object for a stored value, when the cache holds exactly that revision of it. */
  objectFor(kv: KeyValue): KubeObject | undefined {
    const e = this.entries.get(kv.key);
    return e !== undefined && e.value.rev === kv.modRevision ? e.value.get() : undefined;
  }

  /**
   * {@link objectFor}, only when the cache decoded it already (for a watcher or a read): a
   * write's answer is not decoded here, so that the cache keeps bytes for what nobody watches.
   */
  decodedObjectFor(kv: KeyValue): KubeObject | undefined {
    const e = this.entries.get(kv.key);
    return e !== undefined && e.value.rev === kv.modRevision && e.value.decoded ? e.value.get() : undefined;
  }

  get(key: string): KubeObject | undefined {
    return this.entries.get(key)?.value.get();
  }

  /** {@link get} by the key's parts: the namespace ("" when cluster-scoped) and the name. */
  getByName(namespace: string, name: string): KubeObject | undefined {
    return this.byName.get(namespace)?.get(name)?.value.get();
  }

  /** Files (or, with no entry, removes) a key under its namespace and name. */
  private indexByName(key: string, entry: Entry | undefined): void {
    const prefix = this.options.prefix;
    const slash = key.lastIndexOf("/");
    if (slash < prefix.length - 1) return;
    const namespace = slash >= prefix.length ? key.slice(prefix.length, slash) : "";
    const name = key.slice(slash + 1);
    let names = this.byName.get(namespace);
    if (entry !== undefined) {
      if (names === undefined) this.byName.set(namespace, (names = new Map()));
      names.set(name, entry);
    } else if (names !== undefined) {
      names.delete(name);
      if (names.size === 0) this.byName.delete(namespace);
    }
  }

  /** The current keys in order and their entries, sorted again after a key came or went. */
  private sorted(): { keys: readonly string[]; entries: readonly Entry[] } {
    if (this.sortedKeys === undefined || this.sortedEntries === undefined) {
      const keys = [...this.entries.keys()].sort();
      this.sortedKeys = keys;
      this.sortedEntries = keys.map((k) => this.entries.get(k)!);
    }
    return { keys: this.sortedKeys, entries: this.sortedEntries };
  }

  /** The objects under `prefix` that pass `matches`, in key order, at {@link revision}. */
  list(prefix: string, matches: ((obj: KubeObject) => boolean) | undefined): { items: KubeObject[]; revision: number } {
    const { keys, entries } = this.sorted();
    let i = lowerBound(keys, prefix);
    const items: KubeObject[] = [];
    for (; i < keys.length; i++) {
      if (!keys[i]!.startsWith(prefix)) break;
      const obj = entries[i]!.value.get();
      if (matches === undefined || matches(obj)) items.push(obj);
    }
    return { items, revision: this.rev };
  }

  /**
   * One page of a paged list: the objects under `prefix` from `startKey` on that pass `matches`,
   * at most `limit` of them (0: all), as they were at `revision` (default: the cache's own). The
   * first page at a revision keeps the cache's sorted state at it (a snapshot), so the pages
   * after it read the same state whatever is written meanwhile, as upstream's cacher does.
   * Undefined when the cache holds no state at that revision (the caller asks storage).
   */
  listPage(
    prefix: string,
    matches: ((obj: KubeObject) => boolean) | undefined,
    opts: { limit?: number; startKey?: string; revision?: number },
  ): CachePage | undefined {
    if (this.state !== "ready") return undefined;
    const revision = opts.revision ?? this.rev;
    const kept = this.snapshots.has(revision);
    const snap = this.snapshotAt(revision);
    if (snap === undefined) return undefined;
    const { keys, values } = snap;
    const limit = opts.limit !== undefined && opts.limit > 0 ? opts.limit : 0;
    const from = opts.startKey !== undefined && opts.startKey > prefix ? opts.startKey : prefix;
    const items: KubeObject[] = [];
    let last = "";
    let i = lowerBound(keys, from);
    for (; i < keys.length && keys[i]!.startsWith(prefix); i++) {
      // A key remains after a full page, matching or not: there is more (as storage pages).
      if (limit > 0 && items.length === limit) break;
      const obj = values[i]!.get();
      if (matches === undefined || matches(obj)) {
        items.push(obj);
        last = keys[i]!;
      }
    }
    const page: CachePage = { items, revision };
    if (limit > 0 && items.length === limit && i < keys.length && keys[i]!.startsWith(prefix)) {
      page.lastKey = last;
      if (matches === undefined) page.remainingItemCount = prefixEndIndex(keys, prefix, i) - i;
    } else if (!kept) {
      // A list that fit in one page has no continuation to read the snapshot: keep none, so
      // kubectl's paged gets (limit 500) do not hold old objects alive for SNAPSHOT_IDLE_MS.
      this.snapshots.delete(revision);
    }
    return page;
  }

  /** The sorted state at `revision`: the current one (kept as a snapshot), or a snapshot kept by an earlier page. */
  private snapshotAt(revision: number): Snapshot | undefined {
    const now = this.now();
    this.pruneSnapshots(now);
    let snap = this.snapshots.get(revision);
    if (snap === undefined && revision === this.rev) {
      const { keys, entries } = this.sorted();
      // The keys array is never changed in place (a new one is sorted); the entries are, so their values are copied.
      snap = { keys, values: entries.map((e) => e.value), usedAt: now };
      this.snapshots.set(revision, snap);
      if (this.snapshots.size > MAX_SNAPSHOTS) this.snapshots.delete(this.snapshots.keys().next().value!);
    }
    if (snap !== undefined) snap.usedAt = now;
    return snap;
  }

  /** Forgets snapshots no page read for {@link SNAPSHOT_IDLE_MS}: their continue tokens go to storage. */
  private pruneSnapshots(now: number): void {
    if (this.snapshots.size === 0) return;
    for (const [rev, snap] of this.snapshots) if (now - snap.usedAt >= SNAPSHOT_IDLE_MS) this.snapshots.delete(rev);
  }

  /** Revisions the cache keeps a paged list's snapshot at (tests, diagnostics). */
  get snapshotRevisions(): number[] {
    return [...this.snapshots.keys()];
  }

  /**
   * Registers a watcher for live events after `after`: it is sent `initial` as ADDED events
   * (then the initial-events-end bookmark when asked), then the buffered events after `after`,
   * then live ones. Undefined when `after` is older than the buffered window or the cache is
   * relisting (the caller serves the watch from storage, which answers 410 when it is compacted).
   */
  watch(
    params: Omit<CacheWatcherParams, "initial" | "progress" | "onClose" | "capacity"> & {
      initial?: readonly KubeObject[];
      initialEventsEnd?: boolean;
    },
  ): CacheWatcher | undefined {
    // Relisting after a failure: storage serves until the cache is whole again.
    if (this.state !== "ready") return undefined;
    const events = this.buffer.since(params.after);
    if (events === undefined) return undefined;
    const initial: WatchEvent[] = [];
    for (const object of params.initial ?? []) initial.push({ type: "ADDED", object });
    if (params.initialEventsEnd) {
      initial.push({ type: "BOOKMARK", object: params.bookmarkObject(params.after, { [INITIAL_EVENTS_END_ANNOTATION]: "true" }) });
    }
    for (const ev of events) {
      if (!ev.key.startsWith(params.prefix)) continue;
      const out = this.translate(ev, params.matches);
      if (out) initial.push(out);
    }
    const watcher = new CacheWatcher({
      ...params,
      initial,
      capacity: this.options.watcherCapacity ?? 1000,
      progress: () => this.rev,
      onClose: (w) => {
        const set = this.watchers.get(w.prefix);
        set?.delete(w);
        if (set?.size === 0) this.watchers.delete(w.prefix);
      },
    });
    if (watcher.isClosed) return watcher;
    let set = this.watchers.get(params.prefix);
    if (!set) this.watchers.set(params.prefix, (set = new Set()));
    set.add(watcher);
    return watcher;
  }

  /** The oldest revision a watch can resume after (tests, diagnostics). */
  get windowStart(): number {
    return this.buffer.windowStart;
  }

  private setState(state: "starting" | "ready" | "stopped"): void {
    if (this.state === "stopped") return;
    this.state = state;
    if (state !== "starting") for (const w of [...this.readyWaiters]) w();
    // Relisting or stopped: nothing can be proven current until the cache is whole again.
    if (state !== "ready") this.settleFreshWaiters(true);
  }

  private async run(): Promise<void> {
    const { storage, prefix } = this.options;
    for (let attempt = 0; !this.stop.signal.aborted; attempt++) {
      try {
        const list = await storage.list({ prefix });
        if (this.stop.signal.aborted) return;
        this.replace(list.items, list.revision);
        attempt = 0;
        this.everReady = true;
        this.setState("ready");
        // The cache knows each key's previous state itself: events need not carry it.
        const watchOptions = { prefix, afterRevision: list.revision, signal: this.stop.signal, prev: false };
        const pw = storage.watchWithProgress?.(watchOptions);
        this.progressWatch = pw;
        this.progressRequested = false;
        try {
          await this.consume(pw ?? storage.watch(watchOptions));
        } finally {
          this.progressWatch = undefined;
        }
        // Ended without an error: the storage is closing (the next list says so), or relist.
      } catch (err) {
        if (this.stop.signal.aborted) return;
        // A closed storage ends the cache; anything else (compaction, a lost connection) relists.
        if (err instanceof StorageError && err.code === "Unavailable" && /closed/i.test(err.message)) {
          this.close();
          return;
        }
      }
      if (this.stop.signal.aborted) return;
      // Events may have been missed: until the relist, requests go to storage, and the watchers
      // end so that they resume from their last resourceVersion (or relist).
      this.setState("starting");
      this.closeWatchers();
      const delay = RELIST_BACKOFF_MS[Math.min(attempt, RELIST_BACKOFF_MS.length - 1)]!;
      await new Promise((r) => setTimeout(r, delay));
    }
  }

  /**
   * Applies a storage watch's events until it ends. As `for await` would, but a burst already
   * buffered (a frame's worth of another worker's writes, what one read from etcd brought) is
   * applied in one go, not a promise and a microtask turn per event.
   */
  private async consume(source: AsyncIterable<StorageEvent | ProgressNotice>): Promise<void> {
    const it = source[Symbol.asyncIterator]();
    const queue = bufferedEventsOf(it);
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      try {
        let ev: StorageEvent | ProgressNotice | undefined = r.value;
        do {
          if (ev.type === "PROGRESS") this.applyProgress(ev);
          else this.apply(ev);
        } while (queue !== undefined && (ev = queue.takeBuffered()) !== undefined);
      } catch (err) {
        // As `for await` does when its body throws: the source is told the reader stopped.
        await it.return?.();
        throw err;
      }
    }
  }

  /** Replaces the whole state with a fresh list. */
  private replace(items: KeyValue[], revision: number): void {
    this.entries.clear();
    this.byName.clear();
    for (const kv of items) {
      const entry: Entry = { value: this.lazy(kv, kv.modRevision) };
      this.entries.set(kv.key, entry);
      this.indexByName(kv.key, entry);
    }
    this.sortedKeys = undefined;
    this.snapshots.clear();
    this.rev = revision;
    this.buffer.reset(revision);
    this.retired = [];
    this.retiredHead = 0;
  }

  private apply(ev: StorageEvent): void {
    const prev = this.entries.get(ev.key);
    const now = this.now();
    let cacheEvent: CacheEvent;
    if (ev.type === "DELETE") {
      const prevObject = prev?.value;
      const object = prevObject ? LazyObject.atRevision(prevObject, ev.revision) : this.lazy(ev.kv, ev.revision);
      if (prevObject) {
        this.entries.delete(ev.key);
        this.indexByName(ev.key, undefined);
        this.sortedKeys = undefined;
        this.retire(prevObject, now);
      }
      this.retire(object, now);
      cacheEvent = { type: "DELETED", key: ev.key, object, prevObject, revision: ev.revision, receivedAt: now };
    } else {
      const object = this.lazy(ev.kv, ev.kv.modRevision);
      const prevObject = prev?.value;
      if (prev) {
        this.retire(prev.value, now);
        // In place: the sorted entries hold this entry.
        prev.value = object;
      } else {
        const entry: Entry = { value: object };
        this.entries.set(ev.key, entry);
        this.indexByName(ev.key, entry);
        this.sortedKeys = undefined;
      }
      cacheEvent = {
        type: prev ? "MODIFIED" : "ADDED",
        key: ev.key,
        object,
        prevObject,
        revision: ev.revision,
        receivedAt: now,
      };
    }
    this.rev = ev.revision;
    this.buffer.push(cacheEvent);
    this.dispatch(cacheEvent);
    this.settleFreshWaiters();
    this.releaseRetired(now);
    this.pruneSnapshots(now);
  }

  /**
   * A stored value at `rv`: its bytes until first use, or the object decoded for it already
   * (a write's answer) when a watcher is about to want it. Nobody watching, the bytes are kept
   * instead: fewer, pointer-free and smaller than the object graph, so the young-generation GC
   * copies and promotes less (creating 2 KB Pods: 9 KB promoted per create, 2.2 KB keeping
   * bytes), at the price of one decode if the object is read later.
   */
  private lazy(kv: KeyValue, rv: number): LazyObject {
    // Asked either way: the store forgets the object it kept for the cache.
    const obj = this.options.decoded?.(kv, rv);
    return obj !== undefined && this.watched(kv.key) ? LazyObject.of(obj, rv) : LazyObject.fromValue(kv, rv, this.options.decode);
  }

  /** Whether a watcher's prefix holds `key` (as {@link dispatch} picks them). */
  private watched(key: string): boolean {
    for (const prefix of this.watchers.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** Objects retired and still keeping their encodings (tests, diagnostics). */
  get retiredCount(): number {
    return this.retired.length - this.retiredHead;
  }

  private retire(obj: LazyObject, now: number): void {
    this.retired.push({ obj, at: now });
  }

  /** Releases the encodings of objects retired long enough ago; the queue is compacted as it drains. */
  private releaseRetired(now: number): void {
    const q = this.retired;
    while (this.retiredHead < q.length && now - q[this.retiredHead]!.at >= RETIRED_ENCODINGS_MS) {
      q[this.retiredHead]!.obj.release();
      q[this.retiredHead++] = undefined!;
    }
    if (this.retiredHead === q.length) {
      this.retired = [];
      this.retiredHead = 0;
    } else if (this.retiredHead > 1024 && this.retiredHead * 2 > q.length) {
      this.retired = q.slice(this.retiredHead);
      this.retiredHead = 0;
    }
  }

  private dispatch(ev: CacheEvent): void {
    for (const [prefix, set] of this.watchers) {
      if (!ev.key.startsWith(prefix)) continue;
      for (const w of set) {
        if (ev.revision <= w.after) continue;
        const out = this.translate(ev, w.matches);
        if (out) w.send(out, ev.revision);
      }
    }
  }

  /** The event as a watcher with these selectors sees it (an object leaving the selection is DELETED). */
  private translate(ev: CacheEvent, matches: ((obj: KubeObject) => boolean) | undefined): WatchEvent | undefined {
    let s = this.shared.get(ev);
    if (!s) this.shared.set(ev, (s = {}));
    if (ev.type === "DELETED") {
      if (matches && !matches(ev.object.get())) return undefined;
      return (s.deleted ??= { type: "DELETED", object: ev.object.get() });
    }
    if (ev.type === "ADDED" || !ev.prevObject) {
      if (matches && !matches(ev.object.get())) return undefined;
      return (s.added ??= { type: "ADDED", object: ev.object.get() });
    }
    if (!matches) return (s.modified ??= { type: "MODIFIED", object: ev.object.get() });
    const cur = matches(ev.object.get());
    const prev = matches(ev.prevObject.get());
    if (cur)
      return prev
        ? (s.modified ??= { type: "MODIFIED", object: ev.object.get() })
        : (s.added ??= { type: "ADDED", object: ev.object.get() });
    return prev ? (s.left ??= { type: "DELETED", object: withResourceVersion(ev.prevObject.get(), ev.revision) }) : undefined;
  }

  private closeWatchers(): void {
    for (const set of [...this.watchers.values()]) for (const w of [...set]) w.close();
    this.watchers.clear();
  }
}

/** The index of the first key from `from` on that is not under `prefix` (keys under a prefix are contiguous). */
function prefixEndIndex(keys: readonly string[], prefix: string, from: number): number {
  let lo = from;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function lowerBound(keys: readonly string[], target: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
