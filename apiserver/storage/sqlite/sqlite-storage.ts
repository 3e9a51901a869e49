/**
 * The embedded storage backend: one SQLite database (better-sqlite3) owned by this process, with
 * the current value of every key, a revision log for watches and past-revision reads, and group
 * commit so concurrent writes share a durable transaction.
 *
 * Durability is synchronous=FULL's (the WAL is synced before a write is acknowledged), but the
 * sync runs in the thread pool rather than blocking the event loop: SQLite commits with
 * synchronous=NORMAL, then the WAL file is fdatasync'd, then callers are answered and watchers
 * told. Until then nobody reads the batch: reads wait for the sync in flight, and the revision
 * readers see (`durable`) moves only once it is done.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import { decodeContinue, encodeContinue } from "../continue-token.js";
import { guaranteedUpdateLoop } from "../guaranteed-update.js";
import { closedError, compactedError, keyExists, keyNotFound, preconditionFailed, tooLargeRevision } from "../errors.js";
import { GroupCommit } from "../group-commit.js";
import {
  type KeyValue,
  type ListOptions,
  type ListResult,
  type Preconditions,
  type ProgressWatch,
  type Storage,
  StorageError,
  type StorageEvent,
  type UpdateFn,
  type WatchOptions,
} from "../interface.js";
import { prefixEnd } from "../key-range.js";
import { prepareDatabase } from "./schema.js";
import { SqliteWatch, WatchHub } from "./watch.js";

export interface SqliteStorageOptions {
  /** The database file (created when missing); ":memory:" keeps nothing. */
  path: string;
  /** How the WAL is made durable after a commit (default: fdatasync in the thread pool); tests slow it down or fail it. */
  syncWal?: (fd: number) => Promise<void>;
}

const fdatasync = (fd: number): Promise<void> =>
  new Promise((resolve, reject) => fs.fdatasync(fd, (err) => (err ? reject(err) : resolve())));

/** A write as the group commit applies it; each is checked inside the batch's transaction. */
type WriteOp =
  | { kind: "create"; key: string; value: Uint8Array }
  /** Writes when the key's modRevision is `expect` (0: the key must be missing). */
  | { kind: "put"; key: string; value: Uint8Array; expect: number }
  /** Deletes when the key exists and, if `expect` is set, its modRevision is `expect`. */
  | { kind: "delete"; key: string; expect: number | undefined };

type WriteResult = { ok: true; event: StorageEvent } | { ok: false; code: "KeyExists" | "KeyNotFound" | "Conflict" | "Stale"; key: string };

/** A create's answer: the stored key-value, or the key's existence as an error. */
function createdKeyValue(r: WriteResult): KeyValue {
  if (!r.ok) throw keyExists(r.key);
  return r.event.kv;
}

/** A `kv` row read in raw mode: key, value, create_rev, mod_rev. */
type KvRow = [string, Buffer, number, number];

const PAGE_ALL = -1;

function toKeyValue(row: KvRow): KeyValue {
  return { key: row[0], value: row[1], createRevision: row[2], modRevision: row[3] };
}

export class SqliteStorage implements Storage {
  private readonly db: Database.Database;
  private readonly writes: GroupCommit<WriteOp, WriteResult>;
  private readonly hub = new WatchHub();
  /** The newest committed revision (the last log row's). */
  private revision: number;
  /** The newest revision synced to disk: what reads, watches and currentRevision see. */
  private durable: number;
  /** The WAL file, synced after each commit (undefined: SQLite syncs itself, FULL). */
  private walFd: number | undefined;
  /** Set when a sync failed: what was committed may not be on disk, so nothing goes on. */
  private failure: StorageError | undefined;
  /** Reads and watches before this revision fail with "Compacted" (mirrors meta.compacted). */
  private compacted: number;
  private closed = false;
  private readonly stmt;
  /** Range statements by shape (at the newest revision or a past one; bounded above or not). */
  private readonly rangeStatements = new Map<string, Database.Statement>();

  constructor(options: SqliteStorageOptions) {
    // No busy wait: the file is ours alone (see prepareDatabase), so a lock means another owner.
    this.db = new Database(options.path, { timeout: 0 });
    try {
      prepareDatabase(this.db, options.path);
    } catch (e) {
      this.db.close();
      throw e;
    }
    const db = this.db;
    this.stmt = {
      get: db.prepare("SELECT key, value, create_rev, mod_rev FROM kv WHERE key = ?").raw(true),
      insert: db.prepare("INSERT INTO kv (key, value, create_rev, mod_rev) VALUES (?, ?, ?, ?)"),
      /** A create's insert: no row changed when the key exists (no read first). */
      insertNew: db.prepare("INSERT OR IGNORE INTO kv (key, value, create_rev, mod_rev) VALUES (?, ?, ?, ?)"),
      update: db.prepare("UPDATE kv SET value = ?, mod_rev = ? WHERE key = ?"),
      remove: db.prepare("DELETE FROM kv WHERE key = ?"),
      log: db.prepare("INSERT INTO log VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
      meta: db.prepare("SELECT value FROM meta WHERE name = ?").pluck(true),
      setMeta: db.prepare("UPDATE meta SET value = ? WHERE name = ?"),
      minLogRev: db.prepare("SELECT min(rev) FROM log").pluck(true),
      maxLogRev: db.prepare("SELECT max(rev) FROM log").pluck(true),
      dropLog: db.prepare("DELETE FROM log WHERE rev >= ? AND rev < ?"),
      freePages: db.prepare("PRAGMA freelist_count").pluck(true),
      pageCount: db.prepare("PRAGMA page_count").pluck(true),
    };
    // The newest revision is the last log row's; meta keeps it too for a log emptied by
    // compaction. (Not writing meta on every commit saves a page per fsync.)
    this.revision = Math.max(this.stmt.meta.get("revision") as number, (this.stmt.maxLogRev.get() as number | null) ?? 0);
    this.durable = this.revision;
    this.walFd = openWal(options.path);
    if (this.walFd !== undefined) db.pragma("synchronous = NORMAL");
    this.compacted = this.stmt.meta.get("compacted") as number;
    const batch = db.transaction((ops: WriteOp[]) => this.applyBatch(ops));
    this.writes = new GroupCommit<WriteOp, WriteResult>(
      (ops) => {
        const before = this.revision;
        try {
          return batch(ops);
        } catch (e) {
          this.revision = before;
          throw new StorageError("Unavailable", "", `storage write failed: ${(e as Error).message}`);
        }
      },
      (results) => {
        // One batch commits at a time: the newest revision is this batch's.
        this.durable = this.revision;
        for (const r of results) if (r.ok) this.hub.publish(r.event);
      },
      this.walFd === undefined ? undefined : () => this.syncWal(options.syncWal ?? fdatasync),
    );
    // A compaction interrupted by a crash leaves rows below the recorded point; finish it.
    this.stmt.dropLog.run(0, this.compacted);
  }

  /** Not async: the group commit's promise, mapped once (a create is every write's hot path). */
  create(key: string, value: Uint8Array): Promise<KeyValue> {
    try {
      this.checkOpen(key);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.writes.submit({ kind: "create", key, value }).then(createdKeyValue);
  }

  async get(key: string): Promise<KeyValue | undefined> {
    this.checkOpen(key);
    await this.writes.durable();
    this.checkOpen(key);
    return this.read(key);
  }

  async list(options: ListOptions): Promise<ListResult> {
    this.checkOpen(options.prefix);
    await this.writes.durable();
    this.checkOpen(options.prefix);
    const { prefix, predicate } = options;
    let start = prefix;
    let revision = options.revision ?? 0;
    if (options.continue) {
      const c = decodeContinue(options.continue, prefix);
      start = c.startKey;
      // A token offered after compaction (revision -1) continues at the newest revision.
      revision = Math.max(0, c.revision);
    }
    if (revision === 0) revision = this.durable;
    this.checkReadable(revision, prefix);

    const end = prefixEnd(prefix);
    const limit = options.limit && options.limit > 0 ? options.limit : 0;
    const atNewest = revision === this.durable;
    const page = this.rangeStatement(atNewest, end !== undefined, "page");
    const params = { start, end, rev: revision, limit: PAGE_ALL };

    let rows: KvRow[];
    let more = false;
    if (!predicate) {
      params.limit = limit ? limit + 1 : PAGE_ALL;
      rows = page.all(params) as KvRow[];
      if (limit && rows.length > limit) {
        more = true;
        rows.length = limit;
      }
    } else {
      rows = [];
      for (const row of page.iterate(params) as IterableIterator<KvRow>) {
        if (limit && rows.length === limit) {
          more = true; // a key remains after the page, matching or not (as etcd's `more`)
          break;
        }
        if (predicate(toKeyValue(row))) rows.push(row);
      }
    }

    const result: ListResult = { items: rows.map(toKeyValue), revision };
    if (more) {
      const last = rows[rows.length - 1]![0];
      result.continue = encodeContinue(last, prefix, revision);
      if (!predicate) {
        const count = this.rangeStatement(atNewest, end !== undefined, "count");
        result.remainingItemCount = count.get({ start: last + "\0", end, rev: revision }) as number;
      }
    }
    return result;
  }

  async guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options: { preconditions?: Preconditions; ignoreNotFound?: boolean } = {},
  ): Promise<KeyValue> {
    this.checkOpen(key);
    return guaranteedUpdateLoop(key, update, options, {
      read: async () => {
        // Reads see only durable writes: wait for those in flight, then read.
        await this.writes.durable();
        this.checkOpen(key);
        return this.read(key);
      },
      swap: async (current, value) => {
        this.checkOpen(key);
        const r = await this.writes.submit({ kind: "put", key, value, expect: current?.modRevision ?? 0 });
        return r.ok ? { ok: true, kv: r.event.kv } : { ok: false };
      },
    });
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    this.checkOpen(key);
    const r = await this.writes.submit({ kind: "delete", key, expect: options.preconditions?.revision });
    if (r.ok) return r.event.kv;
    if (r.code === "KeyNotFound") throw keyNotFound(key);
    throw preconditionFailed(key, options.preconditions?.revision ?? 0, this.read(key)?.modRevision ?? 0);
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    // Without requestProgress nothing but events is ever queued.
    return this.openWatch(options) as AsyncIterable<StorageEvent>;
  }

  watchWithProgress(options: WatchOptions): ProgressWatch {
    const w = this.openWatch(options);
    return {
      [Symbol.asyncIterator]: () => w[Symbol.asyncIterator](),
      // Everything durable has been published to the watch already: the notice is exact.
      requestProgress: () => {
        if (w instanceof SqliteWatch) w.requestProgress(this.durable);
      },
      supportsProgress: () => true,
    };
  }

  private openWatch(options: WatchOptions): SqliteWatch | AsyncIterable<StorageEvent> {
    const { prefix, afterRevision, signal } = options;
    if (this.closed) return SqliteWatch.failed(closedError(prefix));
    if (afterRevision > 0 && afterRevision + 1 < this.compacted) {
      return SqliteWatch.failed(compactedError(prefix, afterRevision, this.compacted));
    }
    // Subscribing and fixing the replay window happen in one synchronous step: no commit can
    // fall between them, so replay (after, newest] and live events (> newest) meet exactly.
    // Revisions still syncing are not replayed: they come live once durable.
    const from = afterRevision > 0 ? afterRevision : this.durable;
    return new SqliteWatch({
      db: this.db,
      hub: this.hub,
      prefix,
      end: prefixEnd(prefix),
      replayFrom: from + 1,
      replayTo: this.durable,
      liveAfter: Math.max(from, this.durable),
      compactedAt: () => this.compacted,
      signal,
    });
  }

  observeCommitBatches(observer: (writes: number) => void): void {
    this.writes.onBatch = observer;
  }

  async currentRevision(): Promise<number> {
    this.checkOpen("");
    return this.durable;
  }

  committedRevision(): number | undefined {
    // Writes are acknowledged only once durable: nothing past it can have been answered.
    return this.failure || this.closed ? undefined : this.durable;
  }

  async compact(revision: number): Promise<void> {
    this.checkOpen("");
    if (revision <= this.compacted) return;
    if (revision > this.durable) {
      throw tooLargeRevision("", revision, this.durable);
    }
    const low = (this.stmt.minLogRev.get() as number | null) ?? revision;
    // Record the point first: reads and watches below it fail from now on. The rows below are
    // then garbage, dropped in slices so a long history does not stall the event loop.
    this.db.transaction(() => {
      this.stmt.setMeta.run(revision, "compacted");
      this.stmt.setMeta.run(this.revision, "revision");
    })();
    this.compacted = revision;
    // ~2,000 rows (a few MB of pages) per slice: a few ms each on the event loop.
    const SLICE = 2_000;
    for (let from = low; from < revision; from += SLICE) {
      this.stmt.dropLog.run(from, Math.min(from + SLICE, revision));
      if (from + SLICE < revision) await new Promise((r) => setImmediate(r));
      if (this.closed) return;
    }
    await this.reclaim();
  }

  compactedRevision(): number {
    return this.compacted;
  }

  /**
   * Gives the pages compaction freed back to the file system, then empties the WAL. With
   * auto_vacuum=INCREMENTAL (every database this version created) the free pages are released
   * a slice at a time between event-loop turns; an older database is converted by one VACUUM,
   * run only once the free pages are most of the file (then it pays for itself).
   */
  private async reclaim(): Promise<void> {
    // 4 MiB a slice whatever the page size (8 KB since schema 2; older databases keep 4 KB).
    const SLICE_PAGES = Math.max(1, (4 << 20) / (this.db.pragma("page_size", { simple: true }) as number));
    const mode = this.db.pragma("auto_vacuum", { simple: true }) as number;
    if (mode === 2) {
      for (;;) {
        if (this.closed) return;
        const free = this.stmt.freePages.get() as number;
        if (free === 0) break;
        this.db.pragma(`incremental_vacuum(${Math.min(free, SLICE_PAGES)})`);
        if (free <= SLICE_PAGES) break;
        await new Promise((r) => setImmediate(r));
      }
    } else {
      const free = this.stmt.freePages.get() as number;
      const pages = this.stmt.pageCount.get() as number;
      if (free > 1024 && free * 2 > pages) {
        await this.writes.durable();
        if (this.closed) return;
        // auto_vacuum was set when the database was opened: the VACUUM makes it incremental.
        this.db.exec("VACUUM");
      }
    }
    // Every committed batch is on disk before the WAL is emptied into the database file.
    await this.writes.durable();
    if (this.closed) return;
    this.db.pragma("wal_checkpoint(TRUNCATE)");
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Writes already accepted are committed and synced before the database closes.
    await this.writes.drain().catch(() => undefined);
    this.hub.closeAll();
    this.db.close();
    if (this.walFd !== undefined) fs.closeSync(this.walFd);
  }

  /** Syncs the WAL; a failure stops the store (see `failure`). */
  private async syncWal(sync: (fd: number) => Promise<void>): Promise<void> {
    try {
      await sync(this.walFd!);
    } catch (err) {
      this.failure ??= new StorageError("Unavailable", "", `storage sync failed: ${(err as Error).message}`);
      throw this.failure;
    }
  }

  /** The newest value of a key, read synchronously (so it is the newest committed one). */
  private read(key: string): KeyValue | undefined {
    const row = this.stmt.get.get(key) as KvRow | undefined;
    return row && toKeyValue(row);
  }

  private checkOpen(key: string): void {
    if (this.failure) throw this.failure;
    if (this.closed) throw closedError(key);
  }

  private checkReadable(revision: number, key: string): void {
    if (revision > this.durable) {
      throw tooLargeRevision(key, revision, this.durable);
    }
    if (revision < this.compacted) throw compactedError(key, revision, this.compacted);
  }

  /**
   * A range over [start, end) at a revision. At the newest revision it reads `kv` alone; at a
   * past revision R it is `kv` rows unchanged since R plus, for every key written after R, the
   * value it had at R: the `prev_*` of its first log row after R (the only row after R whose
   * prev_mod_rev is <= R).
   */
  private rangeStatement(atNewest: boolean, bounded: boolean, shape: "page" | "count"): Database.Statement {
    const id = `${atNewest}/${bounded}/${shape}`;
    let s = this.rangeStatements.get(id);
    if (s) return s;
    const upper = bounded ? " AND key < @end" : "";
    const current = `SELECT key, value, create_rev, mod_rev FROM kv WHERE key >= @start${upper}`;
    const select = atNewest
      ? current
      : `${current} AND mod_rev <= @rev UNION ALL ` +
        `SELECT key, prev_value, prev_create_rev, prev_mod_rev FROM log ` +
        `WHERE rev > @rev AND prev_mod_rev <= @rev AND key >= @start${upper}`;
    const sql = shape === "page" ? `${select} ORDER BY key LIMIT @limit` : `SELECT count(*) FROM (${select})`;
    s = this.db.prepare(sql);
    s = shape === "page" ? s.raw(true) : s.pluck(true);
    this.rangeStatements.set(id, s);
    return s;
  }

  /** Applies a batch inside its transaction; revisions are taken in order, one per success. */
  private applyBatch(ops: WriteOp[]): WriteResult[] {
    const { get, insert, insertNew, update, remove, log } = this.stmt;
    const results: WriteResult[] = [];
    for (const op of ops) {
      if (op.kind === "create") {
        // The insert itself says whether the key exists: one statement fewer than reading first.
        const rev = this.revision + 1;
        if (insertNew.run(op.key, op.value, rev, rev).changes === 0) {
          results.push({ ok: false, code: "KeyExists", key: op.key });
          continue;
        }
        this.revision = rev;
        // The value is stored once, in kv (see schema.ts).
        log.run(rev, op.key, 0, null, rev, null, null, null);
        const kv = { key: op.key, value: op.value, createRevision: rev, modRevision: rev };
        results.push({ ok: true, event: { type: "PUT", key: op.key, kv, revision: rev } });
        continue;
      }
      const row = get.get(op.key) as KvRow | undefined;
      if (op.kind === "delete") {
        if (!row) {
          results.push({ ok: false, code: "KeyNotFound", key: op.key });
          continue;
        }
        if (op.expect !== undefined && op.expect !== row[3]) {
          results.push({ ok: false, code: "Conflict", key: op.key });
          continue;
        }
        const rev = ++this.revision;
        remove.run(op.key);
        log.run(rev, op.key, 1, null, row[2], row[1], row[2], row[3]);
        const prev = toKeyValue(row);
        const kv = { key: op.key, value: row[1], createRevision: row[2], modRevision: rev };
        results.push({ ok: true, event: { type: "DELETE", key: op.key, kv, prev, revision: rev } });
        continue;
      }
      if ((row?.[3] ?? 0) !== op.expect) {
        results.push({ ok: false, code: "Stale", key: op.key });
        continue;
      }
      const rev = ++this.revision;
      if (row) {
        update.run(op.value, rev, op.key);
        log.run(rev, op.key, 0, null, row[2], row[1], row[2], row[3]);
        const kv = { key: op.key, value: op.value, createRevision: row[2], modRevision: rev };
        results.push({ ok: true, event: { type: "PUT", key: op.key, kv, prev: toKeyValue(row), revision: rev } });
      } else {
        insert.run(op.key, op.value, rev, rev);
        log.run(rev, op.key, 0, null, rev, null, null, null);
        const kv = { key: op.key, value: op.value, createRevision: rev, modRevision: rev };
        results.push({ ok: true, event: { type: "PUT", key: op.key, kv, revision: rev } });
      }
    }
    return results;
  }
}

/**
 * The WAL file of a database in WAL mode, opened for syncing; undefined for an in-memory
 * database or when it cannot be opened (SQLite then syncs at each commit itself).
 */
function openWal(path: string): number | undefined {
  if (path === ":memory:" || path === "") return undefined;
  try {
    return fs.openSync(`${path}-wal`, "r");
  } catch {
    return undefined;
  }
}
