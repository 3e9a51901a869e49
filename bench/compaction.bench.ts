/**
 * Compaction on the SQLite backend: N updates over a fixed set of keys (so history, not live
 * data, is what grows), by 16 concurrent writers, run three ways in the same process:
 *   - without compaction (what kubegen did before --etcd-compaction-interval);
 *   - with the compactor every COMPACT_EVERY_MS (auto_vacuum=INCREMENTAL, every new database);
 *   - the same on a database created without auto_vacuum (an older data dir: reclaimed by VACUUM).
 * Reported: writes/s, the database file size (with its WAL) at the end, the revisions of history
 * kept, and the longest compaction round (it runs on the event loop, in slices).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";
import { compactionRound } from "../apiserver/storage/compactor.js";
import type { CompactionState } from "../apiserver/storage/interface.js";
import { SqliteStorage } from "../apiserver/storage/sqlite/sqlite-storage.js";
import { type BenchModule, formatDuration, formatOps, printNote, printTable, runIfMain } from "./support/table.js";

const WRITES = 80_000;
const KEYS = 200;
const WRITERS = 16;
const COMPACT_EVERY_MS = 1_000;
const VALUE = Buffer.alloc(1024, 0x61);

type Mode = "none" | "incremental" | "legacy";

interface Result {
  mode: Mode;
  writesPerSec: number;
  bytes: number;
  kept: number;
  rounds: number;
  longestRoundMs: number;
  /** The longest the event loop was held up during the run (writes and compaction slices). */
  maxLoopDelayMs: number;
}

function fileBytes(file: string): number {
  let n = 0;
  for (const f of [file, `${file}-wal`]) if (fs.existsSync(f)) n += fs.statSync(f).size;
  return n;
}

async function runOne(mode: Mode, writes = WRITES): Promise<Result> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-compaction-"));
  const file = path.join(dir, "kubegen.db");
  try {
    if (mode === "legacy") {
      // A database that predates auto_vacuum: a table exists before the storage opens it.
      const db = new Database(file);
      db.pragma("journal_mode = WAL");
      db.exec("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID");
      db.close();
    }
    const s = new SqliteStorage({ path: file });
    for (let k = 0; k < KEYS; k++) await s.create(`/registry/bench/k${k}`, VALUE);
    let state: CompactionState = { time: 0, revision: 0 };
    let rounds = 0;
    let longest = 0;
    let compacting: Promise<void> = Promise.resolve();
    const timer =
      mode === "none"
        ? undefined
        : setInterval(() => {
            compacting = compacting.then(async () => {
              const t0 = performance.now();
              state = await compactionRound(s, state);
              longest = Math.max(longest, performance.now() - t0);
              rounds++;
            });
          }, COMPACT_EVERY_MS);
    let n = 0;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (n < writes) {
          const key = `/registry/bench/k${n++ % KEYS}`;
          await s.guaranteedUpdate(key, () => Buffer.concat([VALUE, Buffer.from(String(n))]));
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(timer);
    await compacting;
    delay.disable();
    const kept = (await s.currentRevision()) - (s.compactedRevision() || 1);
    await s.close();
    return {
      mode,
      writesPerSec: writes / seconds,
      bytes: fileBytes(file),
      kept,
      rounds,
      longestRoundMs: longest,
      maxLoopDelayMs: delay.max / 1e6,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(): Promise<void> {
  const results: Result[] = [];
  // Warm-up (JIT, the file system's caches): the first run would otherwise pay for them.
  await runOne("none", 5_000);
  for (const mode of ["none", "incremental", "legacy"] as const) results.push(await runOne(mode));
  const label: Record<Mode, string> = {
    none: "no compaction",
    incremental: `every ${COMPACT_EVERY_MS / 1000} s (auto_vacuum=INCREMENTAL)`,
    legacy: `every ${COMPACT_EVERY_MS / 1000} s (older file, no auto_vacuum)`,
  };
  printTable(
    `SQLite: ${WRITES.toLocaleString("en-US")} updates of ${KEYS} keys (1 KiB values), ${WRITERS} writers`,
    ["compaction", "writes/s", "file + WAL", "revisions kept", "rounds", "longest round (wall)", "max event-loop delay"],
    results.map((r) => [
      label[r.mode],
      formatOps(r.writesPerSec),
      `${(r.bytes / 1024 / 1024).toFixed(1)} MiB`,
      r.kept.toLocaleString("en-US"),
      String(r.rounds),
      r.rounds ? formatDuration(r.longestRoundMs) : "-",
      formatDuration(r.maxLoopDelayMs),
    ]),
  );
  printNote("revisions kept: newest revision minus the compaction point (each round compacts to the revision the previous round saw)");
  printNote(
    "a round drops log rows and frees pages in slices between event-loop turns: its wall time is spread over writes; the loop delay is the longest single stall",
  );
}

export const bench: BenchModule = {
  name: "compaction",
  description: "SQLite file size and history kept over N writes, with and without periodic compaction",
  run,
};

await runIfMain(import.meta.url, bench);
