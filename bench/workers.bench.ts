/**
 * `kubegen apiserver --workers N` (issue 20 item 3): gets/s and creates/s at 64 clients with one
 * process (`--workers 1`, the request path and storage in one process) against a primary owning
 * SQLite with 2 worker processes serving the port. Both servers run through the whole bench and
 * are measured in alternating rounds, so a change in the machine's load hits both alike. Beside
 * throughput: server CPU per request, split into the primary (storage, group commit, the storage
 * protocol) and the workers (TLS, HTTP, authentication, encoding), and the load client's own.
 * The primary's CPU per request bounds how far more workers can go: it is one core.
 *
 * On a machine with as few CPUs as this one's 2, shared with the load client, more workers can
 * only pay if a request's CPU over all processes (load client included) stays below what the
 * CPUs give per request of the single process: the bench prints that ceiling, and checks the
 * multi-process path's CPU per request against the single process's (the restated target).
 *
 * Two physical limits are measured in the same run, beside the rounds: the disk's group-commit
 * ceiling (better-sqlite3 alone, batches of 64 INSERTs each one fsync'd transaction, on the
 * bench's disk: no server can commit creates faster at 64 in flight) and the CPUs the machine
 * left us (our processes' CPU plus the machine's idle time in the 2-worker rounds; other sessions
 * share it). Where they sit below 1.1x the one process's rate the target is restated against
 * them (TARGETS.md), in a row of its own beside the unchanged one.
 *
 * KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles every server process (the
 * workers inherit the primary's node arguments); each server writes into its own DIR/workers-N.
 */
import fs from "node:fs";
import Database from "better-sqlite3";
import os from "node:os";
import path from "node:path";
import { AdminClient, type APIServerProcess, spawnAPIServer, workerPidsOf } from "../test/support/apiserver-process.js";
import { type LoadClient, loadClientFor } from "./support/load-client.js";
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
import { machineIdleMs, mainThreadCpuMs, processCpuMs, selfCpuMs } from "./support/process-cpu.js";
import { benchNodeArgs } from "./support/node-args.js";

const CLIENTS = 64;
const ROUNDS = 5;
const ROUND_MS = 1_000;
const DATA = JSON.stringify({ k: "v".repeat(200) });
const GROWS: Target = { min: 1.1 };
/** Total CPU per create (server processes and load client), 2 workers against 1. */
const CPU_OVERHEAD: Target = { max: 1.3 };
/** The JIT warms up in every process: the 2-worker server has three. */
const WARM_UP_MS = 5_000;
/**
 * And at least this many creates per process serving them: the JIT warms by calls, not time, and
 * each of 2 workers sees half the creates. On a loaded machine 5 s was a few thousand creates per
 * worker, and the workers still compiled through the measured rounds (--trace-opt: 369
 * optimizations after the warm-up against the one process's 26). Idle, 5 s is several times this.
 */
const WARM_UP_CREATES_PER_WORKER = 15_000;
/** The restated target: 2 workers reach this share of the physical limit where it is below 1.1x one process. */
const OF_LIMIT = 0.9;

interface Server {
  workers: number;
  proc: APIServerProcess;
  load: LoadClient;
  seq: number;
}

interface Round {
  ops: number;
  primaryCpuMs: number;
  workersCpuMs: number;
  clientCpuMs: number;
  /** read and write syscalls of the server's processes (socket I/O: each is a wake-up somewhere). */
  syscalls: number;
  /** CPU time the machine left idle in the round (other sessions' processes use the rest). */
  idleMs: number;
  /** Server CPU off the processes' main threads: the JIT compiling, GC helpers, the libuv pool (fsync). */
  offMainCpuMs: number;
  seconds: number;
}

/** read(2)- and write(2)-family calls a process made so far (/proc/PID/io; NaN where missing). */
function syscallsOf(pid: number): number {
  try {
    const io = fs.readFileSync(`/proc/${pid}/io`, "utf8");
    return Number(/^syscr: (\d+)/m.exec(io)?.[1]) + Number(/^syscw: (\d+)/m.exec(io)?.[1]);
  } catch {
    return Number.NaN;
  }
}

const CMS = "/api/v1/namespaces/bench/configmaps";
const name = (n: number): string => `cm-${String(n).padStart(6, "0")}`;

/** `op` on every connection for `ms`, with CPU split by process. */
async function round(s: Server, ms: number, op: (s: Server, loop: number, n: number) => Promise<void>): Promise<Round> {
  const primary = s.proc.child.pid!;
  const workers = s.workers > 1 ? workerPidsOf(primary) : [];
  const sum = (pids: number[]): number => pids.reduce((a, p) => a + processCpuMs(p), 0);
  const [p0, w0, c0] = [processCpuMs(primary), sum(workers), selfCpuMs()];
  const servers = [primary, ...workers];
  const calls = (): number => servers.reduce((a, p) => a + syscallsOf(p), 0);
  const sys0 = calls();
  const idle0 = machineIdleMs();
  const offMain = (): number => servers.reduce((a, p) => a + processCpuMs(p) - mainThreadCpuMs(p), 0);
  const off0 = offMain();
  let ops = 0;
  let n = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    s.load.connections.map(async (_, loop) => {
      while (performance.now() < end) {
        await op(s, loop, n++);
        ops++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  return {
    ops,
    seconds,
    primaryCpuMs: processCpuMs(primary) - p0,
    workersCpuMs: sum(workers) - w0,
    clientCpuMs: selfCpuMs() - c0,
    syscalls: calls() - sys0,
    idleMs: machineIdleMs() - idle0,
    offMainCpuMs: offMain() - off0,
  };
}

/**
 * The disk's group-commit ceiling at CLIENTS in flight: better-sqlite3 alone (WAL,
 * synchronous=FULL), each transaction CLIENTS INSERTs of a create's size and one fsync, in a
 * database beside the servers'. A server whose every create waits in one commit can do no better.
 */
function rawGroupCommit(dir: string): { round(ms: number): number; close(): void } {
  const db = new Database(path.join(dir, "raw-group-commit.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID");
  const insert = db.prepare("INSERT INTO kv (key, value) VALUES (?, ?)");
  const value = Buffer.alloc(400, 1);
  const batch = db.transaction((first: number) => {
    for (let i = 0; i < CLIENTS; i++) insert.run(`/registry/raw/${first + i}`, value);
  });
  let next = 0;
  return {
    round(ms) {
      const start = performance.now();
      let n = 0;
      while (performance.now() - start < ms) {
        batch(next);
        next += CLIENTS;
        n += CLIENTS;
      }
      return n / ((performance.now() - start) / 1000);
    },
    close: () => db.close(),
  };
}

async function create(s: Server, loop: number): Promise<void> {
  const res = await s.load.connections[loop]!.request("POST", CMS, `{"metadata":{"name":"${name(s.seq++)}"},"data":${DATA}}`);
  if (res.status !== 201) throw new Error(`create: HTTP ${res.status} ${res.body.toString().slice(0, 200)}`);
}

async function get(s: Server, loop: number, n: number): Promise<void> {
  const res = await s.load.connections[loop]!.request("GET", `${CMS}/${name(n % s.seq)}`);
  if (res.status !== 200) throw new Error(`get: HTTP ${res.status} ${res.body.toString().slice(0, 200)}`);
}

/** KUBEGEN_BENCH_NODE_ARGS for the server of `workers`, a profile directory made its own. */
function nodeArgsFor(workers: number): string[] {
  const args = benchNodeArgs();
  return args.map((a) => (a.startsWith("--cpu-prof-dir=") ? `${a}/workers-${workers}` : a));
}

async function start(dir: string, workers: number): Promise<Server> {
  const proc = await spawnAPIServer(path.join(dir, `w${workers}`), {
    extraArgs: ["--workers", String(workers)],
    nodeArgs: nodeArgsFor(workers),
  });
  const admin = new AdminClient(proc.url, proc.kubeconfig);
  const ns = await admin.request("POST", "/api/v1/namespaces", { metadata: { name: "bench" } });
  admin.close();
  if (ns.status !== 201) throw new Error(`namespace: HTTP ${ns.status}`);
  const load = loadClientFor(proc, CLIENTS);
  await load.connect();
  return { workers, proc, load, seq: 0 };
}

interface Row {
  what: string;
  workers: number;
  perSecond: number;
  primaryUs: number;
  workersUs: number;
  clientUs: number;
  syscalls: number;
  /** Share of the machine's CPUs the server and load client used together. */
  busy: number;
  /** CPUs our processes had or could have had (their CPU plus the machine's idle time), on average. */
  available: number;
  offMainUs: number;
}

function summarise(what: string, workers: number, rounds: Round[]): Row {
  const ops = rounds.reduce((a, r) => a + r.ops, 0);
  const per = (f: (r: Round) => number): number => (rounds.reduce((a, r) => a + f(r), 0) * 1000) / ops;
  const seconds = rounds.reduce((a, r) => a + r.seconds, 0);
  const cpuMs = rounds.reduce((a, r) => a + r.primaryCpuMs + r.workersCpuMs + r.clientCpuMs, 0);
  return {
    what,
    workers,
    perSecond: median(rounds.map((r) => r.ops / r.seconds)),
    primaryUs: per((r) => r.primaryCpuMs),
    workersUs: per((r) => r.workersCpuMs),
    clientUs: per((r) => r.clientCpuMs),
    syscalls: per((r) => r.syscalls) / 1000,
    offMainUs: per((r) => r.offMainCpuMs),
    busy: cpuMs / 1000 / seconds / os.cpus().length,
    available: (cpuMs + rounds.reduce((a, r) => a + r.idleMs, 0)) / 1000 / seconds,
  };
}

/**
 * Requests/s the CPUs left to us allow 2 workers at the CPU per request the other target allows
 * (1.3x the one process's): the CPUs available in the 2-worker rounds over that CPU per request.
 * Not their measured CPU per create, so that a costlier path does not lower its own bar.
 */
function cpuLimit(one: Row, two: Row): number {
  return (two.available * 1e6) / ((CPU_OVERHEAD.max ?? 1) * allCpuUs(one));
}

/** The lower of the two limits: the disk's group commit and the CPUs available. */
function physicalLimit(one: Row, two: Row, disk: number): { what: string; perSecond: number } {
  const cpu = cpuLimit(one, two);
  return cpu <= disk ? { what: "the CPUs available", perSecond: cpu } : { what: "the disk's group commit", perSecond: disk };
}

/** CPU per request over every process of the run: the server's and the load client's. */
function allCpuUs(r: Row): number {
  return r.primaryUs + r.workersUs + r.clientUs;
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-workers-"));
  const servers: Server[] = [];
  const raw = rawGroupCommit(dir);
  const rawRates: number[] = [];
  try {
    servers.push(await start(dir, 1), await start(dir, 2));
    // Warm-up: the JIT, and objects for the gets.
    for (const s of servers) {
      await round(s, WARM_UP_MS, create);
      while (s.seq < WARM_UP_CREATES_PER_WORKER * s.workers) await round(s, ROUND_MS, create);
    }
    const rounds = new Map<string, Round[]>();
    const add = (key: string, r: Round): void => void rounds.set(key, [...(rounds.get(key) ?? []), r]);
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of servers) add(`create ${s.workers}`, await round(s, ROUND_MS, create));
      rawRates.push(raw.round(ROUND_MS / 2));
      for (const s of servers) add(`get ${s.workers}`, await round(s, ROUND_MS, get));
    }
    const rows: Row[] = [];
    for (const what of ["create", "get"])
      for (const s of servers) rows.push(summarise(what, s.workers, rounds.get(`${what} ${s.workers}`)!));
    const us = (v: number): string => formatDuration(v / 1000);
    printTable(
      `--workers: requests/s at ${CLIENTS} clients (SQLite; ${os.cpus().length} CPUs)`,
      [
        "request",
        "workers",
        "per second",
        "server CPU/req",
        "primary",
        "workers' CPU/req",
        "load client CPU/req",
        "all CPU/req",
        "CPUs busy",
        "CPUs available",
        "CPU ceiling/s",
        "server syscalls/req",
        "off main threads/req",
      ],
      rows.map((r) => [
        r.what,
        r.workers === 1 ? "1 (one process)" : `${r.workers} (+ primary)`,
        formatOps(r.perSecond),
        us(r.primaryUs + r.workersUs),
        us(r.primaryUs),
        r.workers === 1 ? "-" : us(r.workersUs),
        us(r.clientUs),
        us(allCpuUs(r)),
        `${(r.busy * 100).toFixed(0)}%`,
        r.available.toFixed(2),
        formatOps((os.cpus().length * 1e6) / allCpuUs(r)),
        r.syscalls.toFixed(2),
        us(r.offMainUs),
      ]),
    );
    const verdicts: string[][] = [];
    for (const what of ["create", "get"]) {
      const [one, two] = [rows.find((r) => r.what === what && r.workers === 1)!, rows.find((r) => r.what === what && r.workers === 2)!];
      const ratio = two.perSecond / one.perSecond;
      const t = checkTarget(ratio, GROWS, `${what}s/s grow with workers (2 vs 1)`);
      verdicts.push([`${what}s/s, 2 workers vs 1`, formatRatio(ratio), t.bound, t.verdict]);
      if (what === "create") {
        const cpu = allCpuUs(two) / allCpuUs(one);
        const c = checkTarget(cpu, CPU_OVERHEAD, "total CPU per create (server + load client), 2 workers vs 1");
        verdicts.push(["total CPU per create, 2 workers vs 1", formatRatio(cpu), c.bound, c.verdict]);
      }
      // Gets commit nothing: only the CPUs bound them.
      const limit =
        what === "create" ? physicalLimit(one, two, median(rawRates)) : { what: "the CPUs available", perSecond: cpuLimit(one, two) };
      const goal = Math.min((GROWS.min ?? 1) * one.perSecond, OF_LIMIT * limit.perSecond);
      const restated = checkTarget(
        two.perSecond / goal,
        { min: 1 },
        `${what}s/s, 2 workers vs min(1.1x one process, 90% of the physical limit)`,
      );
      verdicts.push([
        `${what}s/s, 2 workers vs min(1.1x one process, ${OF_LIMIT * 100}% of ${limit.what}: ${formatOps(limit.perSecond)})`,
        formatRatio(two.perSecond / goal),
        restated.bound,
        restated.verdict,
      ]);
    }
    printTable("--workers: grows with workers", ["what", "2 vs 1", "target", "verdict"], verdicts);
    const cpuRow = (what: string): string[] => {
      const [one, two] = [rows.find((r) => r.what === what && r.workers === 1)!, rows.find((r) => r.what === what && r.workers === 2)!];
      return [
        `${what}s: CPUs, ${two.available.toFixed(2)} available / (${CPU_OVERHEAD.max}x the one process's CPU per ${what})`,
        formatOps(cpuLimit(one, two)),
      ];
    };
    printTable(
      "--workers: physical limits on requests/s, measured in the same run",
      ["limit", "per second"],
      [
        [
          `creates: disk, group commit, better-sqlite3 alone, ${CLIENTS} INSERTs per fsync'd transaction (median)`,
          formatOps(median(rawRates)),
        ],
        cpuRow("create"),
        cpuRow("get"),
      ],
    );
    printNote(
      `load average ${os.loadavg()[0]!.toFixed(2)}; the load client runs on the same ${os.cpus().length} CPUs. "CPU ceiling/s" is what` +
        " the CPUs give at that CPU per request (server and load client): 2 workers beat 1 only where their ceiling passes the one" +
        " process's rate, whose main thread is one core. With --workers 2 the primary's CPU per request is what one core caps:" +
        ' requests/s <= 1 s / primary CPU per request, whatever the worker count. "server syscalls/req": read and write' +
        " calls of every server process (/proc/PID/io), the socket round trips a request costs (each wakes a process)." +
        ' "off main threads/req": server CPU on threads other than the main ones (the JIT compiling, GC helpers, the fsync in' +
        " libuv's pool): high in the 2-worker rows while the workers still compile.",
    );
  } finally {
    for (const s of servers) {
      s.load.close();
      await s.proc.stop(60_000);
    }
    raw.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "workers",
  description: "--workers 1 vs 2: creates/s and gets/s at 64 clients, server CPU per request split primary / workers",
  run,
};

await runIfMain(import.meta.url, bench);
