/**
 * The SQLite schema: the current value of each key, and the revision log that watches replay
 * and past-revision lists read.
 *
 * - `kv`: one row per live key (clustered on the key, so a prefix list is one range scan).
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

const DDL = `
CREATE TABLE IF NOT EXISTS meta (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS kv (
  key TEXT PRIMARY KEY,
  value BLOB NOT NULL,
  create_rev INTEGER NOT NULL,
  mod_rev INTEGER NOT NULL
) WITHOUT ROWID;
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
    db.exec(DDL);
    const version = db.pragma("user_version", { simple: true }) as number;
    // Schema 1 wrote each value into its log row too; its rows keep them and read as they are.
    // Going to 2 is the log_next index (the DDL above builds it) and the version.
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
