/**
 * The SQLite schema: the current value of each key, and the revision log that watches replay
 * and past-revision lists read.
 *
 * - `kv`: one row per live key, found by the key's unique index (a prefix list is one range
 *   scan of it). A rowid table rather than one clustered on the key: a clustered (WITHOUT ROWID)
 *   row keeps at most ~1 KB of a 4 KB page in place, so every object over that took an overflow
 *   page of its own, most of it empty, written to the WAL and the file on each write (a 1.5 KB
 *   object cost 4.5 KB per create); a rowid row keeps up to nearly a page in place.
 * - `log`: one row per revision (the rowid), with the value it replaced (`prev_*`). Keeping the
 *   replaced value in the row lets compaction drop every row below the compaction point without
 *   keeping older rows alive: the state of a key before a revision is in that revision's row.
 *   The value a row wrote is stored once, in `kv`, while it is the key's current one; the write
 *   that replaces it moves it into its own row's `prev_value`. So a row's value is `kv`'s when
 *   the key is still at that revision, else the `prev_value` of the key's next row (found by
 *   the `log_next` index, which only updates and deletes write to). `value` is set only in rows
 *   written by schema 1 (they stay readable as they are).
 * - `meta`: the compaction point, and the newest revision as of the last compaction (the
 *   newest is otherwise the last log row's, which compaction never drops).
 */
import type Database from "better-sqlite3";

export const SCHEMA_VERSION = 2;

/**
 * Pages of a new database: 8 KB rows fit in place (see `kv`), and a commit's pages, mostly
 * the tail of `kv` and of `log` that its writes share, are as many bytes as at 4 KB. A database
 * made with another size keeps it (SQLite fixes it at creation).
 */
const PAGE_SIZE = 8192;

const KV_TABLE = `(
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  value BLOB NOT NULL,
  create_rev INTEGER NOT NULL,
  mod_rev INTEGER NOT NULL
)`;

const DDL = `
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kv ${KV_TABLE};
CREATE TABLE IF NOT EXISTS log (
  rev INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  deleted INTEGER NOT NULL,
  value BLOB,
  create_rev INTEGER NOT NULL,
  prev_value BLOB,
  prev_create_rev INTEGER,
  prev_mod_rev INTEGER
);
CREATE INDEX IF NOT EXISTS log_next ON log (key, prev_mod_rev) WHERE prev_mod_rev IS NOT NULL;
`;

/**
 * Opens the schema on a fresh or existing database: WAL with synchronous=FULL, so a commit is
 * on disk when it returns (an acknowledged write survives a crash or power loss).
 *
 * The database is locked exclusively for as long as it is open: the revision counter and the
 * watch fan-out live in this process, so a second process writing the same file would hand
 * out revisions twice. A second apiserver on the same data dir fails here, at start-up.
 */
export function prepareDatabase(db: Database.Database, file: string): void {
  // Pages freed by compaction go back to the file system a slice at a time (incremental_vacuum)
  // instead of by a whole VACUUM. This takes effect only on a fresh database, and only before
  // anything (even the switch to WAL) writes its header; an older database is converted by the
  // first VACUUM compaction runs (see SqliteStorage.reclaim).
  try {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma("auto_vacuum = INCREMENTAL");
    db.pragma("locking_mode = EXCLUSIVE");
    db.pragma("journal_mode = WAL");
    db.exec("BEGIN IMMEDIATE; COMMIT");
  } catch (e) {
    if ((e as { code?: string }).code !== "SQLITE_BUSY") throw e;
    throw new Error(`${file} is in use by another process (${(e as Error).message})`, { cause: e });
  }
  db.pragma("synchronous = FULL");
  // One transaction for the tables, the version and the first rows: each commit is an fsync
  // (synchronous=FULL), and on a fresh database three CREATE TABLEs alone were three of them.
  db.transaction(() => {
    const version = db.pragma("user_version", { simple: true }) as number;
    if (version === 1) migrateFrom1(db);
    db.exec(DDL);
    if (version === 0 || version === 1) {
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    } else if (version !== SCHEMA_VERSION) {
      throw new Error(`storage schema version ${version} is not the supported ${SCHEMA_VERSION}`);
    }
    // An empty store is at revision 1, as a fresh etcd is: the first write is revision 2, and
    // a watch after revision 1 replays every write.
    db.prepare("INSERT OR IGNORE INTO meta (name, value) VALUES ('revision', 1), ('compacted', 0)").run();
  })();
}

/**
 * Schema 1 to 2: `kv` was clustered on the key (WITHOUT ROWID), and each log row held the value
 * it wrote too. `kv` is copied into the rowid table; the log rows keep their values and read as
 * they are; the `log_next` index is built by the DDL that follows. Runs in the caller's
 * transaction: a failure leaves the database at schema 1.
 */
function migrateFrom1(db: Database.Database): void {
  db.exec(`
    CREATE TABLE kv_2 ${KV_TABLE};
    INSERT INTO kv_2 (key, value, create_rev, mod_rev) SELECT key, value, create_rev, mod_rev FROM kv ORDER BY key;
    DROP TABLE kv;
    ALTER TABLE kv_2 RENAME TO kv;
  `);
}
