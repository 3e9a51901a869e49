/**
 * Watches on the SQLite backend: committed batches fan out in process to subscribers (a hub fed
 * by the group commit), and a watch that starts in the past first replays the revision log, a
 * page at a time as the watcher pulls, then hands over to its live events.
 */
import type Database from "better-sqlite3";
import { compactedError } from "../errors.js";
import { EventQueue } from "../event-queue.js";
import type { KeyValue, ProgressNotice, StorageEvent } from "../interface.js";

interface Subscriber {
  prefix: string;
  /** Only events after this revision (the replay covers the ones before). */
  after: number;
  queue: EventQueue<StorageEvent | ProgressNotice>;
}

/** The live side: every committed event goes to each subscriber whose prefix it matches. */
export class WatchHub {
  private subscribers = new Set<Subscriber>();
  /**
   * Subscribers whose prefix ends with "/" (every watch cache's, most watches'), by prefix: an
   * event finds them through its key's own "/"-ended prefixes, a few lookups, where testing
   * every subscriber (one watch cache per resource) cost each write a pass over them all.
   */
  private readonly byPrefix = new Map<string, Set<Subscriber>>();
  /** Subscribers with any other prefix, tested one by one. */
  private readonly others = new Set<Subscriber>();

  subscribe(s: Subscriber): void {
    this.subscribers.add(s);
    if (!s.prefix.endsWith("/")) {
      this.others.add(s);
      return;
    }
    let set = this.byPrefix.get(s.prefix);
    if (!set) this.byPrefix.set(s.prefix, (set = new Set()));
    set.add(s);
  }

  unsubscribe(s: Subscriber): void {
    if (!this.subscribers.delete(s)) return;
    if (this.others.delete(s)) return;
    const set = this.byPrefix.get(s.prefix);
    if (set?.delete(s) && set.size === 0) this.byPrefix.delete(s.prefix);
  }

  get size(): number {
    return this.subscribers.size;
  }

  publish(event: StorageEvent): void {
    const key = event.key;
    if (this.byPrefix.size > 0) {
      for (let i = key.indexOf("/"); i >= 0; i = key.indexOf("/", i + 1)) {
        const set = this.byPrefix.get(key.slice(0, i + 1));
        if (set) for (const s of set) if (event.revision > s.after) s.queue.push(event);
      }
    }
    for (const s of this.others) if (event.revision > s.after && key.startsWith(s.prefix)) s.queue.push(event);
  }

  /**
   * A progress notice to one subscriber. Commits publish their events in the same synchronous
   * step that makes them durable, so every event up to `revision` is queued before the notice.
   */
  notifyProgress(s: Subscriber, revision: number): void {
    if (this.subscribers.has(s)) s.queue.push({ type: "PROGRESS", revision: Math.max(revision, s.after) });
  }

  /** Ends every watch (the storage is closing). */
  closeAll(): void {
    for (const s of [...this.subscribers]) s.queue.end();
    this.subscribers.clear();
    this.byPrefix.clear();
    this.others.clear();
  }
}

/** A log row read in raw mode. */
type LogRow = [
  rev: number,
  key: string,
  deleted: number,
  value: Buffer | null,
  createRev: number,
  prevValue: Buffer | null,
  prevCreateRev: number | null,
  prevModRev: number | null,
];

/** Rows read per replay page: large enough to amortise the query, small enough to stay light. */
const REPLAY_PAGE = 512;

/** The event a log row records. */
export function eventOf(row: LogRow): StorageEvent {
  const [rev, key, deleted, value, createRev, prevValue, prevCreateRev, prevModRev] = row;
  const prev: KeyValue | undefined =
    prevModRev === null ? undefined : { key, value: prevValue!, createRevision: prevCreateRev!, modRevision: prevModRev };
  if (deleted) {
    return { type: "DELETE", key, kv: { key, value: prevValue!, createRevision: createRev, modRevision: rev }, prev, revision: rev };
  }
  const kv = { key, value: value!, createRevision: createRev, modRevision: rev };
  return prev ? { type: "PUT", key, kv, prev, revision: rev } : { type: "PUT", key, kv, revision: rev };
}

export interface SqliteWatchInit {
  db: Database.Database;
  hub: WatchHub;
  prefix: string;
  /** The prefix's range end; undefined for the whole keyspace. */
  end: string | undefined;
  /** The log revisions to replay, inclusive (an empty window when replayFrom > replayTo). */
  replayFrom: number;
  replayTo: number;
  /** Live events start after this revision (>= replayTo). */
  liveAfter: number;
  /** The current compaction point: a replay that falls behind it fails with "Compacted". */
  compactedAt: () => number;
  signal: AbortSignal;
}

export class SqliteWatch implements AsyncIterableIterator<StorageEvent | ProgressNotice> {
  /** A watch that fails on its first pull (compacted revision, closed storage). */
  static failed(error: unknown): AsyncIterable<StorageEvent> {
    const q = new EventQueue<StorageEvent>();
    q.fail(error);
    return q;
  }

  private readonly live: EventQueue<StorageEvent | ProgressNotice>;
  private readonly sub: Subscriber;
  private replayed: StorageEvent[] = [];
  private replayIndex = 0;
  private nextRev: number;
  private readonly lastRev: number;
  private readPage: Database.Statement | undefined;

  constructor(private readonly init: SqliteWatchInit) {
    const { hub, prefix, signal } = init;
    this.nextRev = init.replayFrom;
    this.lastRev = init.replayTo;
    const onAbort = (): void => this.live.end();
    const sub: Subscriber = { prefix, after: init.liveAfter, queue: undefined! };
    this.sub = sub;
    this.live = new EventQueue<StorageEvent | ProgressNotice>(() => {
      hub.unsubscribe(sub);
      signal.removeEventListener("abort", onAbort);
      this.stopReplay();
    });
    sub.queue = this.live;
    if (signal.aborted) {
      this.live.end();
      return;
    }
    hub.subscribe(sub);
    signal.addEventListener("abort", onAbort, { once: true });
  }

  /** Queues a notice at `revision` (the durable one) after the events already published. */
  requestProgress(revision: number): void {
    this.init.hub.notifyProgress(this.sub, revision);
  }

  next(): Promise<IteratorResult<StorageEvent | ProgressNotice>> {
    if (this.replayIndex < this.replayed.length) {
      return Promise.resolve({ value: this.replayed[this.replayIndex++]!, done: false });
    }
    if (this.nextRev <= this.lastRev && !this.live.closed) {
      try {
        this.loadPage();
      } catch (e) {
        this.live.failNow(e);
        return this.live.next();
      }
      if (this.replayIndex < this.replayed.length) {
        return Promise.resolve({ value: this.replayed[this.replayIndex++]!, done: false });
      }
    }
    return this.live.next();
  }

  /**
   * The next event at hand without waiting (undefined when none is): the rest of the replay page
   * read, then, once the replay is done, what the live queue holds. A reader that got one from
   * {@link next} takes a group commit's burst without a promise each; a replay page not read yet
   * waits for next().
   */
  takeBuffered(): StorageEvent | ProgressNotice | undefined {
    if (this.replayIndex < this.replayed.length) return this.replayed[this.replayIndex++];
    if (this.nextRev <= this.lastRev && !this.live.closed) return undefined;
    return this.live.takeBuffered();
  }

  return(): Promise<IteratorResult<StorageEvent | ProgressNotice>> {
    this.stopReplay();
    return this.live.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<StorageEvent | ProgressNotice> {
    return this;
  }

  private stopReplay(): void {
    this.replayed = [];
    this.replayIndex = 0;
    this.nextRev = this.lastRev + 1;
  }

  /** Reads the next page of the replay window from the log. */
  private loadPage(): void {
    const compacted = this.init.compactedAt();
    if (this.nextRev < compacted) throw compactedError(this.init.prefix, this.nextRev - 1, compacted);
    this.readPage ??= this.init.db
      .prepare(
        // A row's value is kv's while the key is at that revision, else the prev_value of the
        // key's next row (schema.ts); rows of schema 1 carry it themselves.
        "SELECT rev, key, deleted, CASE WHEN deleted THEN NULL ELSE coalesce(value, " +
          "(SELECT kv.value FROM kv WHERE kv.key = l.key AND kv.mod_rev = l.rev), " +
          "(SELECT n.prev_value FROM log n WHERE n.key = l.key AND n.prev_mod_rev = l.rev AND n.prev_mod_rev IS NOT NULL)) END, " +
          "create_rev, prev_value, prev_create_rev, prev_mod_rev FROM log l " +
          `WHERE rev >= ? AND rev <= ? AND key >= ?${this.init.end === undefined ? "" : " AND key < ?"} ` +
          `ORDER BY rev LIMIT ${REPLAY_PAGE}`,
      )
      .raw(true);
    const params: unknown[] = [this.nextRev, this.lastRev, this.init.prefix];
    if (this.init.end !== undefined) params.push(this.init.end);
    const rows = this.readPage.all(...params) as LogRow[];
    this.replayed = rows.map(eventOf);
    this.replayIndex = 0;
    this.nextRev = rows.length < REPLAY_PAGE ? this.lastRev + 1 : rows[rows.length - 1]![0] + 1;
  }
}
