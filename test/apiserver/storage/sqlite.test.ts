/** The storage conformance suite on the SQLite backend, plus what only SQLite does. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { startCompactor } from "../../../apiserver/storage/compactor.js";
import { openStorage } from "../../../apiserver/storage/open-storage.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import type { StorageEvent } from "../../../apiserver/storage/interface.js";
import { storageConformance, take } from "./conformance.js";
import { compactionConformance } from "./compaction.js";

const dirs: string[] = [];
function tempDb(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-sqlite-"));
  dirs.push(dir);
  return path.join(dir, "kubegen.db");
}
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

storageConformance("sqlite", async () => new SqliteStorage({ path: tempDb() }));

describe("sqlite watch: events at hand without waiting (takeBuffered)", () => {
  it("hands the rest of a replay page, nothing while a page is unread, then a live burst, each event once and in order", async () => {
    const s = new SqliteStorage({ path: tempDb() });
    // More than two replay pages of history (pages are 512 events).
    for (let i = 0; i < 1100; i++) await s.create(`/t/k${i}`, enc(`v${i}`));
    const ac = new AbortController();
    const w = s.watch({ prefix: "/t/", afterRevision: 1, signal: ac.signal })[Symbol.asyncIterator]() as AsyncIterator<StorageEvent> & {
      takeBuffered(): StorageEvent | undefined;
    };
    const seen: number[] = [];
    const drain = (): number => {
      let n = 0;
      for (let e = w.takeBuffered(); e !== undefined; e = w.takeBuffered()) {
        seen.push(e.revision);
        n++;
      }
      return n;
    };
    // Nothing is at hand before the first page is read.
    expect(w.takeBuffered()).toBeUndefined();
    seen.push(((await w.next()).value as StorageEvent).revision);
    expect(drain()).toBe(511); // the rest of the first page, then undefined: the next page waits for next()
    while (seen.length < 1100) {
      seen.push(((await w.next()).value as StorageEvent).revision);
      drain();
    }
    // Live: a burst of one transaction's turn, taken after one next().
    const live = Promise.all(Array.from({ length: 20 }, (_, i) => s.create(`/t/live${i}`, enc("x"))));
    await live;
    seen.push(((await w.next()).value as StorageEvent).revision);
    expect(drain()).toBe(19);
    expect(seen).toEqual(Array.from({ length: 1120 }, (_, i) => i + 2));
    ac.abort();
    await s.close();
  });
});
compactionConformance("sqlite", async () => new SqliteStorage({ path: tempDb() }));

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
/** An event as one line: type, key, revision, value, and the previous value at its revision. */
const describeEvent = (e: StorageEvent): string =>
  `${e.type} ${e.key} ${e.revision} ${dec(e.kv.value)} prev=${e.prev ? `${dec(e.prev.value)}@${e.prev.modRevision}` : "-"}`;

describe("sqlite storage", () => {
  it("answers a write only once its WAL sync is done, and shows it to nobody before", async () => {
    let release!: () => void;
    let syncs = 0;
    const s = new SqliteStorage({
      path: tempDb(),
      syncWal: () => {
        syncs++;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    try {
      const before = await s.currentRevision();
      const ac = new AbortController();
      const events = s.watch({ prefix: "/d/", afterRevision: before, signal: ac.signal })[Symbol.asyncIterator]();
      let acked = false;
      const created = s.create("/d/a", enc("x")).then((kv) => ((acked = true), kv));
      await new Promise((r) => setTimeout(r, 30));
      // Committed to SQLite, not yet synced: not answered, not readable, not the current revision.
      expect(syncs).toBe(1);
      expect(acked).toBe(false);
      let read: { key: string } | undefined | null = null;
      const got = s.get("/d/a").then((kv) => (read = kv ?? undefined));
      let listed: string[] | null = null;
      const list = s.list({ prefix: "/d/" }).then((l) => (listed = l.items.map((i) => i.key)));
      await new Promise((r) => setTimeout(r, 20));
      expect(read).toBeNull();
      expect(listed).toBeNull();
      expect(await s.currentRevision()).toBe(before);
      // A second write waits for the first sync, then goes in the next batch.
      const second = s.create("/d/b", enc("y"));
      release();
      const kv = await created;
      await Promise.all([got, list]);
      expect(read).toMatchObject({ key: "/d/a" });
      expect(listed).toEqual(["/d/a"]);
      expect((await events.next()).value).toMatchObject({ type: "PUT", key: "/d/a", revision: kv.modRevision });
      await new Promise((r) => setTimeout(r, 30));
      expect(syncs).toBe(2);
      release();
      expect((await second).modRevision).toBe(kv.modRevision + 1);
      expect(await s.currentRevision()).toBe(kv.modRevision + 1);
      ac.abort();
    } finally {
      release?.();
      await s.close();
    }
  });

  it("fails the batch and then every call when the WAL sync fails", async () => {
    const s = new SqliteStorage({ path: tempDb(), syncWal: () => Promise.reject(new Error("EIO: i/o error")) });
    try {
      await expect(s.create("/f/a", enc("x"))).rejects.toMatchObject({
        code: "Unavailable",
        message: expect.stringContaining("storage sync failed: EIO"),
      });
      await expect(s.get("/f/a")).rejects.toMatchObject({ code: "Unavailable" });
      await expect(s.create("/f/b", enc("y"))).rejects.toMatchObject({ code: "Unavailable" });
    } finally {
      await s.close();
    }
  });

  it("starts empty at revision 1 and keeps revision, data and history across a reopen", async () => {
    const file = tempDb();
    const s = new SqliteStorage({ path: file });
    expect(await s.currentRevision()).toBe(1);
    await s.create("/r/a", enc("1"));
    await s.guaranteedUpdate("/r/a", () => enc("2"));
    await s.create("/r/b", enc("3"));
    await s.compact(3);
    await s.close();

    const again = new SqliteStorage({ path: file });
    expect(await again.currentRevision()).toBe(4);
    expect((await again.list({ prefix: "/r/" })).items.map((kv) => kv.modRevision)).toEqual([3, 4]);
    await expect(again.list({ prefix: "/r/", revision: 2 })).rejects.toMatchObject({ code: "Compacted" });
    const ac = new AbortController();
    const events = await take(again.watch({ prefix: "/r/", afterRevision: 2, signal: ac.signal })[Symbol.asyncIterator](), 2);
    expect(events.map((e) => e.revision)).toEqual([3, 4]);
    ac.abort();
    const next = await again.create("/r/c", enc("4"));
    expect(next.modRevision).toBe(5);
    await again.close();
  });

  it("writes the schema version on a fresh file and refuses a file of another version, leaving it as it was", async () => {
    const fresh = tempDb();
    await new SqliteStorage({ path: fresh }).close();
    const db = new Database(fresh);
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(["kv", "log", "meta"]);
    expect(db.pragma("page_size", { simple: true })).toBe(8192);
    db.close();

    const other = tempDb();
    const old = new Database(other);
    old.pragma("user_version = 7");
    old.close();
    expect(() => new SqliteStorage({ path: other })).toThrow("storage schema version 7 is not the supported 2");
    const after = new Database(other);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual([]);
    after.close();
  });

  it("replays every value, stored once, through updates, a delete and a re-create, as the live events carried them", async () => {
    const file = tempDb();
    const s = new SqliteStorage({ path: file });
    const ac = new AbortController();
    const live = s.watch({ prefix: "/r/", afterRevision: 0, signal: ac.signal })[Symbol.asyncIterator]();
    await s.create("/r/a", enc("a1"));
    await s.guaranteedUpdate("/r/a", () => enc("a2"));
    await s.create("/r/b", enc("b1"));
    await s.guaranteedUpdate("/r/a", () => enc("a3"));
    await s.delete("/r/b");
    await s.create("/r/b", enc("b2"));
    await s.delete("/r/a");
    await s.guaranteedUpdate("/r/b", () => enc("b3"));
    const seen = (await take(live, 8)).map(describeEvent);
    expect(seen).toEqual([
      "PUT /r/a 2 a1 prev=-",
      "PUT /r/a 3 a2 prev=a1@2",
      "PUT /r/b 4 b1 prev=-",
      "PUT /r/a 5 a3 prev=a2@3",
      "DELETE /r/b 6 b1 prev=b1@4",
      "PUT /r/b 7 b2 prev=-",
      "DELETE /r/a 8 a3 prev=a3@5",
      "PUT /r/b 9 b3 prev=b2@7",
    ]);
    for (const after of [1, 4, 6]) {
      const replay = s.watch({ prefix: "/r/", afterRevision: after, signal: ac.signal })[Symbol.asyncIterator]();
      expect((await take(replay, 9 - after)).map(describeEvent)).toEqual(seen.slice(after - 1));
    }
    ac.abort();
    await s.close();
    // A value is in kv while current, then in the replacing row's prev_value: never in its own row.
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT count(*) FROM log WHERE value IS NOT NULL").pluck().get()).toBe(0);
    db.close();
  });

  it("opens a data dir of schema 1 (values in the log too), keeps every object and its history, and writes on", async () => {
    const file = tempDb();
    // What the previous version wrote for: create a (2), update a (3), create b (4), delete b (5),
    // create c (6), compaction at 3.
    const v1 = new Database(file);
    v1.pragma("journal_mode = WAL");
    v1.exec(`
      CREATE TABLE meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB NOT NULL, create_rev INTEGER NOT NULL, mod_rev INTEGER NOT NULL) WITHOUT ROWID;
      CREATE TABLE log (rev INTEGER PRIMARY KEY, key TEXT NOT NULL, deleted INTEGER NOT NULL, value BLOB, create_rev INTEGER NOT NULL,
        prev_value BLOB, prev_create_rev INTEGER, prev_mod_rev INTEGER);
      PRAGMA user_version = 1;
      INSERT INTO meta VALUES ('revision', 1), ('compacted', 3);
      INSERT INTO kv VALUES ('/r/a', CAST('a2' AS BLOB), 2, 3), ('/r/c', CAST('c1' AS BLOB), 6, 6);
      INSERT INTO log VALUES
        (3, '/r/a', 0, CAST('a2' AS BLOB), 2, CAST('a1' AS BLOB), 2, 2),
        (4, '/r/b', 0, CAST('b1' AS BLOB), 4, NULL, NULL, NULL),
        (5, '/r/b', 1, NULL, 4, CAST('b1' AS BLOB), 4, 4),
        (6, '/r/c', 0, CAST('c1' AS BLOB), 6, NULL, NULL, NULL);
    `);
    v1.close();

    const s = new SqliteStorage({ path: file });
    expect(await s.currentRevision()).toBe(6);
    const values = async (revision?: number): Promise<string[]> =>
      (await s.list({ prefix: "/r/", revision })).items.map((kv) => `${kv.key}=${new TextDecoder().decode(kv.value)}@${kv.modRevision}`);
    expect(await values()).toEqual(["/r/a=a2@3", "/r/c=c1@6"]);
    expect(await values(4)).toEqual(["/r/a=a2@3", "/r/b=b1@4"]);
    await s.guaranteedUpdate("/r/c", () => enc("c2"));
    await s.create("/r/d", enc("d1"));
    await s.guaranteedUpdate("/r/a", () => enc("a3"));
    const ac = new AbortController();
    const replay = s.watch({ prefix: "/r/", afterRevision: 3, signal: ac.signal })[Symbol.asyncIterator]();
    expect((await take(replay, 6)).map(describeEvent)).toEqual([
      "PUT /r/b 4 b1 prev=-",
      "DELETE /r/b 5 b1 prev=b1@4",
      "PUT /r/c 6 c1 prev=-",
      "PUT /r/c 7 c2 prev=c1@6",
      "PUT /r/d 8 d1 prev=-",
      "PUT /r/a 9 a3 prev=a2@3",
    ]);
    ac.abort();
    expect(await values(6)).toEqual(["/r/a=a2@3", "/r/c=c1@6"]);
    await s.compact(7);
    await s.close();

    const db = new Database(file, { readonly: true });
    expect(db.pragma("user_version", { simple: true })).toBe(2);
    // kv is a rowid table now (objects of a few KB fit in place), found by its key's index.
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'kv'").pluck().get()).toMatch(
      /id INTEGER PRIMARY KEY,\s+key TEXT NOT NULL UNIQUE/,
    );
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(["kv", "log", "meta"]);
    db.close();
    const again = new SqliteStorage({ path: file });
    expect(await again.currentRevision()).toBe(9);
    const replayAgain = again.watch({ prefix: "/r/", afterRevision: 6, signal: new AbortController().signal })[Symbol.asyncIterator]();
    expect((await take(replayAgain, 3)).map(describeEvent)).toEqual([
      "PUT /r/c 7 c2 prev=c1@6",
      "PUT /r/d 8 d1 prev=-",
      "PUT /r/a 9 a3 prev=a2@3",
    ]);
    await again.close();
  });

  it("shares one transaction among the writes of one loop turn", async () => {
    const s = new SqliteStorage({ path: tempDb() });
    const results = await Promise.allSettled([
      s.create("/r/x", enc("1")),
      s.create("/r/x", enc("2")), // loses: the first in the batch created it
      s.create("/r/y", enc("3")),
      s.delete("/r/missing"),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    const [x, , y] = results as PromiseFulfilledResult<{ modRevision: number }>[];
    // Failed writes in a batch take no revision.
    expect(y!.value.modRevision).toBe(x!.value.modRevision + 1);
    expect(await s.currentRevision()).toBe(y!.value.modRevision);
    await s.close();
  });

  it("tells its commit observer how many writes each transaction applied", async () => {
    const s = new SqliteStorage({ path: tempDb() });
    const batches: number[] = [];
    s.observeCommitBatches((n) => batches.push(n));
    // One loop turn's writes share a commit (a losing create included); a lone write is its own.
    await Promise.allSettled([s.create("/r/a", enc("1")), s.create("/r/a", enc("2")), s.create("/r/b", enc("3"))]);
    await s.create("/r/c", enc("4"));
    await s.guaranteedUpdate("/r/c", () => enc("5"));
    expect(batches).toEqual([3, 1, 1]);
    await s.close();
  });

  it("replays a long history page by page, then goes live, without gaps", async () => {
    const s = new SqliteStorage({ path: tempDb() });
    const N = 2000;
    for (let i = 0; i < N; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => s.create(`/r/k${String(i + j).padStart(5, "0")}`, enc("v"))));
    }
    const ac = new AbortController();
    const iter = s.watch({ prefix: "/r/", afterRevision: 1, signal: ac.signal })[Symbol.asyncIterator]();
    const first = await take(iter, 700);
    // Writes while the replay is under way arrive after it, in order.
    await s.create("/r/live", enc("live"));
    const rest = await take(iter, N - 700 + 1);
    const revs = [...first, ...rest].map((e) => e.revision);
    expect(revs).toEqual(Array.from({ length: N + 1 }, (_, i) => i + 2));
    ac.abort();
    await s.close();
  });

  it("a replay overtaken by compaction fails with Compacted instead of skipping events", async () => {
    const s = new SqliteStorage({ path: tempDb() });
    for (let i = 0; i < 1200; i += 100) {
      await Promise.all(Array.from({ length: 100 }, (_, j) => s.create(`/r/k${i + j}`, enc("v"))));
    }
    const ac = new AbortController();
    const iter = s.watch({ prefix: "/r/", afterRevision: 1, signal: ac.signal })[Symbol.asyncIterator]();
    await take(iter, 10);
    await s.compact(1000);
    await expect(take(iter, 1200)).rejects.toMatchObject({ code: "Compacted" });
    await s.close();
  });

  it("holds its database file exclusively", async () => {
    const file = tempDb();
    const s = new SqliteStorage({ path: file });
    expect(() => new SqliteStorage({ path: file })).toThrow(/in use by another process/);
    await s.close();
    const after = new SqliteStorage({ path: file });
    await after.close();
  });
});

describe("compactor and openStorage", () => {
  it("compacts to the revision seen one interval earlier", async () => {
    const s = new SqliteStorage({ path: ":memory:" });
    await s.create("/r/a", enc("1"));
    const ac = new AbortController();
    startCompactor(s, { intervalMs: 20, signal: ac.signal });
    await new Promise((r) => setTimeout(r, 30)); // first tick: remembers revision 2
    await s.create("/r/b", enc("2"));
    await new Promise((r) => setTimeout(r, 40)); // later ticks compact to 2, then 3
    ac.abort();
    await expect(s.list({ prefix: "/r/", revision: 1 })).rejects.toMatchObject({ code: "Compacted" });
    expect((await s.list({ prefix: "/r/", revision: 3 })).items).toHaveLength(2);
    await s.close();
  });

  it("opens the SQLite backend by config", async () => {
    const s = await openStorage({ backend: "sqlite", path: tempDb() });
    expect(await s.currentRevision()).toBe(1);
    await s.close();
  });
});

describe("sqlite compaction reclaims space", () => {
  const big = (i: number, size = 4096): Uint8Array => enc(`${i}:`.padEnd(size, "x"));
  const pages = (file: string): { free: number; total: number } => {
    const db = new Database(file, { readonly: true });
    try {
      return { free: db.pragma("freelist_count", { simple: true }) as number, total: db.pragma("page_count", { simple: true }) as number };
    } finally {
      db.close();
    }
  };

  it("gives the pages of compacted history back to the file system and empties the WAL", async () => {
    const file = tempDb();
    const s = new SqliteStorage({ path: file });
    await s.create("/r/a", big(0));
    for (let i = 1; i <= 600; i++) await s.guaranteedUpdate("/r/a", () => big(i));
    const before = fs.statSync(file).size + fs.statSync(`${file}-wal`).size;
    await s.compact(await s.currentRevision());
    const after = fs.statSync(file).size + fs.statSync(`${file}-wal`).size;
    expect(fs.statSync(`${file}-wal`).size).toBe(0);
    // 600 revisions of 4 KiB values (each kept once, as the replaced value) are gone.
    expect(before - after).toBeGreaterThan(600 * 4096);
    expect((await s.list({ prefix: "/r/" })).items.map((kv) => new TextDecoder().decode(kv.value).split(":")[0])).toEqual(["600"]);
    await s.close();
    expect(pages(file).free).toBe(0);
    // A fresh database is incremental from the start: no VACUUM was needed.
    const db = new Database(file, { readonly: true });
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(2);
    db.close();
  });

  it("converts a database made without auto_vacuum with one VACUUM once most of it is free", async () => {
    const file = tempDb();
    const legacy = new Database(file);
    legacy.pragma("journal_mode = WAL");
    legacy.exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID");
    legacy.close();
    const s = new SqliteStorage({ path: file });
    // 8 KiB values: the history must free over 1,024 pages, most of the file, for the VACUUM.
    await s.create("/r/a", big(0, 8192));
    for (let i = 1; i <= 600; i++) await s.guaranteedUpdate("/r/a", () => big(i, 8192));
    await s.compact(await s.currentRevision());
    await s.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma("auto_vacuum", { simple: true })).toBe(2);
    db.close();
    expect(pages(file).free).toBe(0);
  });
});
