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
 * KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles every server process (the
 * workers inherit the primary's node arguments); each server writes into its own DIR/workers-N.
 */
import fs from "node:fs";
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
import { processCpuMs, selfCpuMs } from "./support/process-cpu.js";
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
    busy: cpuMs / 1000 / seconds / os.cpus().length,
  };
}

/** CPU per request over every process of the run: the server's and the load client's. */
function allCpuUs(r: Row): number {
  return r.primaryUs + r.workersUs + r.clientUs;
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-workers-"));
  const servers: Server[] = [];
  try {
    servers.push(await start(dir, 1), await start(dir, 2));
    // Warm-up: the JIT, and objects for the gets.
    for (const s of servers) await round(s, WARM_UP_MS, create);
    const rounds = new Map<string, Round[]>();
    const add = (key: string, r: Round): void => void rounds.set(key, [...(rounds.get(key) ?? []), r]);
    for (let i = 0; i < ROUNDS; i++) {
      for (const s of servers) add(`create ${s.workers}`, await round(s, ROUND_MS, create));
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
        "CPU ceiling/s",
        "server syscalls/req",
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
        formatOps((os.cpus().length * 1e6) / allCpuUs(r)),
        r.syscalls.toFixed(2),
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
    }
    printTable("--workers: grows with workers", ["what", "2 vs 1", "target", "verdict"], verdicts);
    printNote(
      `load average ${os.loadavg()[0]!.toFixed(2)}; the load client runs on the same ${os.cpus().length} CPUs. "CPU ceiling/s" is what` +
        " the CPUs give at that CPU per request (server and load client): 2 workers beat 1 only where their ceiling passes the one" +
        " process's rate, whose main thread is one core. With --workers 2 the primary's CPU per request is what one core caps:" +
        ' requests/s <= 1 s / primary CPU per request, whatever the worker count. "server syscalls/req": read and write' +
        " calls of every server process (/proc/PID/io), the socket round trips a request costs (each wakes a process).",
    );
  } finally {
    for (const s of servers) {
      s.load.close();
      await s.proc.stop(60_000);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "workers",
  description: "--workers 1 vs 2: creates/s and gets/s at 64 clients, server CPU per request split primary / workers",
  run,
};

await runIfMain(import.meta.url, bench);
