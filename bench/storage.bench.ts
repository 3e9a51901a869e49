/**
 * Storage backends, beside the raw clients they are built on, in one run:
 *   - SQLite: better-sqlite3 single-row inserts, one fsync'd (WAL, synchronous=FULL)
 *     transaction per write, on the same disk, against our SqliteStorage creates (group commit)
 *     at 1, 16 and 64 concurrent writers;
 *   - etcd (Debian's etcd started here): etcd3 client puts against our EtcdStorage creates
 *     (a compare-and-swap transaction each) at the same concurrency;
 *   - reads at the storage layer: a list of 10,000 objects, get latency at 16 concurrent readers.
 * Targets (TARGETS.md): our creates/s >= 50% of the raw backend's writes/s (SQLite: at 64
 * writers; etcd: at each concurrency). The apiserver's own figures are measured by its bench;
 * these are the storage layer's share.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Etcd3 } from "etcd3";
import { EtcdStorage } from "../apiserver/storage/etcd/etcd-storage.js";
import type { Storage } from "../apiserver/storage/interface.js";
import { SqliteStorage } from "../apiserver/storage/sqlite/sqlite-storage.js";
import { etcdAvailable, startEtcd } from "../test/apiserver/storage/etcd-server.js";
import {
  type BenchModule,
  checkTarget,
  formatDuration,
  formatOps,
  formatRatio,
  median,
  printNote,
  printTable,
  runIfMain,
  type Target,
} from "./support/table.js";

const CONCURRENCY = [1, 16, 64] as const;
const ROUNDS = 3;
const ROUND_MS = 400;
/** About the size of a small object in enveloped protobuf (a ConfigMap with a few keys). */
const VALUE = Buffer.alloc(512, 0x61);
const CREATE_TARGET: Target = { min: 0.5 };
const LIST_OBJECTS = 10_000;
/** The storage layer's share of the apiserver's 150 ms for a list of 10,000 objects. */
const LIST_TARGET: Target = { max: 50, unit: "ms" };

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-bench-${prefix}-`));
}

/** Ops/s of `op` run by `concurrency` loops for `ms`; each call gets a fresh sequence number. */
async function throughput(concurrency: number, ms: number, op: (n: number) => Promise<unknown>): Promise<number> {
  let n = 0;
  let done = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await op(n++);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

interface RawSqlite {
  db: Database.Database;
  insert: Database.Statement;
  next: number;
}

/** better-sqlite3 alone: a table like ours, WAL with synchronous=FULL. */
function openRawSqlite(file: string): RawSqlite {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID");
  return { db, insert: db.prepare("INSERT INTO kv (key, value) VALUES (?, ?)"), next: 0 };
}

/** Writes/s of single-row INSERTs, each its own (autocommit, fsync'd) transaction. */
function rawSqliteWrites(raw: RawSqlite, ms: number): number {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) {
    raw.insert.run(`/registry/raw/k${raw.next++}`, VALUE);
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}

async function fill(s: Storage, prefix: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, count - i) }, (_, j) => s.create(`${prefix}obj-${String(i + j).padStart(6, "0")}`, VALUE)),
    );
  }
}

/** Median ms of a full list of `prefix`, over 5 runs after a warm-up. */
async function listTime(s: Storage, prefix: string): Promise<{ ms: number; items: number }> {
  let items = (await s.list({ prefix })).items.length;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    items = (await s.list({ prefix })).items.length;
    times.push(performance.now() - t0);
  }
  return { ms: median(times), items };
}

/** p50 and p99 ms of gets by 16 concurrent readers over the keys under `prefix`. */
async function getLatency(s: Storage, prefix: string, count: number): Promise<{ p50: number; p99: number }> {
  const lat: number[] = [];
  await throughput(16, 500, async (n) => {
    const t0 = performance.now();
    await s.get(`${prefix}obj-${String(n % count).padStart(6, "0")}`);
    lat.push(performance.now() - t0);
  });
  lat.sort((a, b) => a - b);
  return { p50: lat[Math.floor(lat.length * 0.5)]!, p99: lat[Math.floor(lat.length * 0.99)]! };
}

interface Row {
  backend: string;
  concurrency: number;
  raw: number;
  ours: number;
}

async function benchSqlite(rows: Row[], reads: string[][]): Promise<void> {
  const dir = tempDir("sqlite");
  try {
    const s = new SqliteStorage({ path: path.join(dir, "kubegen.db") });
    const raw = openRawSqlite(path.join(dir, "raw.db"));
    // Raw and ours alternate in short rounds, medians compared: the disk's fsync latency drifts
    // a lot on a shared machine, and both should see the same disk.
    for (const c of CONCURRENCY) {
      const rawRates: number[] = [];
      const ourRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        rawRates.push(rawSqliteWrites(raw, ROUND_MS));
        ourRates.push(await throughput(c, ROUND_MS, (n) => s.create(`/registry/bench/c${c}/r${round}/${n}`, VALUE)));
      }
      rows.push({ backend: "sqlite", concurrency: c, raw: median(rawRates), ours: median(ourRates) });
    }
    await fill(s, "/registry/list/", LIST_OBJECTS);
    const list = await listTime(s, "/registry/list/");
    const get = await getLatency(s, "/registry/list/", LIST_OBJECTS);
    const t = checkTarget(list.ms, LIST_TARGET, `sqlite: list of ${LIST_OBJECTS} objects (storage part)`);
    reads.push([
      "sqlite",
      String(list.items),
      formatDuration(list.ms),
      `${t.verdict} (${t.bound})`,
      formatDuration(get.p50),
      formatDuration(get.p99),
    ]);
    await s.close();
    raw.db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function benchEtcd(rows: Row[], reads: string[][]): Promise<void> {
  const server = await startEtcd();
  const raw = new Etcd3({ hosts: server.endpoint });
  const s = new EtcdStorage({ endpoints: [server.endpoint] });
  try {
    await raw.put("/warm-up").value("x");
    await s.create("/registry/warm-up", VALUE);
    for (const c of CONCURRENCY) {
      // Raw and ours alternate in short rounds, medians compared: both see the same machine.
      const rawRates: number[] = [];
      const ourRates: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        rawRates.push(await throughput(c, ROUND_MS, (n) => raw.put(`/registry/raw/c${c}/r${round}/${n}`).value(VALUE).exec()));
        ourRates.push(await throughput(c, ROUND_MS, (n) => s.create(`/registry/bench/c${c}/r${round}/${n}`, VALUE)));
      }
      rows.push({ backend: "etcd", concurrency: c, raw: median(rawRates), ours: median(ourRates) });
    }
    await fill(s, "/registry/list/", LIST_OBJECTS);
    const list = await listTime(s, "/registry/list/");
    const get = await getLatency(s, "/registry/list/", LIST_OBJECTS);
    reads.push(["etcd", String(list.items), formatDuration(list.ms), "-", formatDuration(get.p50), formatDuration(get.p99)]);
  } finally {
    await s.close();
    raw.close();
    await server.stop();
  }
}

async function run(): Promise<void> {
  const rows: Row[] = [];
  const reads: string[][] = [];
  await benchSqlite(rows, reads);
  if (etcdAvailable()) await benchEtcd(rows, reads);
  else printNote("etcd: /usr/bin/etcd is missing (apt install etcd-server); the etcd rows are skipped");

  printTable(
    "creates/s: our storage vs the raw backend's durable writes/s",
    ["backend", "writers", "raw writes/s", "ours creates/s", "ours/raw", "target"],
    rows.map((r) => {
      const ratio = r.ours / r.raw;
      // Raw SQLite is one writer whatever the column says (better-sqlite3 is synchronous); the
      // target is checked at 64.
      const checked = r.backend === "etcd" || r.concurrency === 64;
      const t = checked ? checkTarget(ratio, CREATE_TARGET, `${r.backend}: creates/s at ${r.concurrency} writers vs raw`) : undefined;
      return [
        r.backend,
        String(r.concurrency),
        formatOps(r.raw),
        formatOps(r.ours),
        formatRatio(ratio),
        t ? `${t.verdict} (${t.bound})` : "-",
      ];
    }),
  );
  printNote("raw sqlite: better-sqlite3, one INSERT per WAL synchronous=FULL transaction (sequential; it is synchronous)");
  printNote("raw etcd: etcd3 client puts at the same number of requests in flight; ours: a create transaction each");
  printTable("reads at the storage layer", ["backend", "objects", "list all", "list target", "get p50 (16)", "get p99 (16)"], reads);
}

export const bench: BenchModule = {
  name: "storage",
  description: "SQLite and etcd storage creates/s vs raw better-sqlite3 / etcd3 writes; list and get at the storage layer",
  run,
};

await runIfMain(import.meta.url, bench);
