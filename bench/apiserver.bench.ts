/**
 * The apiserver end to end, spawned as `kubegen apiserver` in this run on SQLite and on etcd, over
 * keep-alive HTTPS with the admin client certificate from DIR/kubeconfig (creates and gets through
 * a cheap load client, bench/support/load-client.ts, so the bench's own CPU does not crowd out the
 * server's on a small machine):
 *   - ConfigMap creates/s at 1, 16 and 64 concurrent clients, beside the raw backend's own durable
 *     writes/s measured in alternating rounds on the same disk (better-sqlite3 single-row INSERTs,
 *     one WAL synchronous=FULL transaction each; etcd3 puts at the same concurrency), and at 16
 *     and 64 clients on SQLite the create floor in alternating rounds: the floor server in create mode
 *     (bench/support/floor-server.ts: our TLS setup, JSON.parse of the body, its bytes inserted
 *     into SQLite through the same group commit and fdatasync'd WAL, the bytes one of our creates
 *     answered), its CPU per create and ours minus it;
 *   - get p50/p99 at 1, 16 and 64 concurrent clients; on etcd, beside the 16-client row, etcd's own
 *     range p99 at 16 in flight (one key, a linearizable range as our consistent GET's revision
 *     check is) and the same GETs at resourceVersion=0 (our HTTP path alone, no etcd read),
 *     measured in alternating rounds with ours; on both, beside the 16-client row, the floor: a
 *     minimal node:https server with our TLS setup answering the bytes one of our GETs answered
 *     (bench/support/floor-server.ts), in alternating rounds with ours;
 *   - a list of 10,000 ConfigMaps (JSON, no limit: a consistent read), and the same list at
 *     resourceVersion=0 (served by the watch cache);
 *   - the apiserver process's CPU time per create and per get (from /proc), a figure that drifts
 *     less than throughput when the machine is shared;
 *   - 1,000 watchers (SQLite), each event's delivery latency from the moment its create was sent.
 * Targets (issue 5, TARGETS.md): creates/s >= 50% of raw at 64 clients, get p99 at 16 clients < 5 ms
 * (SQLite; restated against the floor too: < max(5 ms, floor p99 x 2)) and <= etcd's own range
 * p99 (etcd; restated against the floor and etcd's read in series, see SERIES_NOTE), list of
 * 10,000 < 150 ms, 1,000 watchers all receiving an event within 100 ms (p99);
 * issue #20: server CPU per get <= 100 µs and per create <= 150 µs at 16 clients (the create floor's
 * CPU printed beside it: the budget is above the floor, so it is not restated).
 *
 * KUBEGEN_BENCH_BACKENDS=sqlite (or etcd) runs one backend only, for quicker iterations;
 * KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the spawned server;
 * KUBEGEN_BENCH_APISERVER_ONLY=creates leaves out everything but the create rounds, =gets
 * everything but the warm-up creates and the get rounds, =watchers the warm-up creates and the
 * watchers (SQLite only). The server starts with the launcher's node flags (bin/kubegen.js's
 * shebang), as users start it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Etcd3 } from "etcd3";
import { EtcdKVClient } from "../apiserver/storage/etcd/kv-client.js";
import { etcdAvailable, type EtcdServer, startEtcd } from "../test/apiserver/storage/etcd-server.js";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../test/support/apiserver-process.js";
import { startFloorServer } from "./support/floor-server.js";
import { LoadClient, loadClientFor, loadClientOptions, type LoadResponse } from "./support/load-client.js";
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
import { processCpuMs, runQueueWaitMs, selfCpuMs } from "./support/process-cpu.js";
import { benchNodeArgs, launcherNodeArgs } from "./support/node-args.js";

const CONCURRENCY = [1, 16, 64] as const;
const ROUNDS = 5;
const ROUND_MS = 400;
const GET_MS = 600;
const LIST_OBJECTS = 10_000;
const WATCHERS = 1_000;
const WATCH_EVENTS = 5;
/** The payload both sides write: about a small ConfigMap's size. */
const DATA = { k: "v".repeat(200) };
const RAW_VALUE = Buffer.alloc(512, 0x61);

/**
 * KUBEGEN_BENCH_APISERVER_ONLY=creates runs the create rounds alone (no gets, list or watchers):
 * a profile of the create path with nothing else in it.
 */
const CREATES_ONLY = process.env.KUBEGEN_BENCH_APISERVER_ONLY === "creates";
/**
 * KUBEGEN_BENCH_APISERVER_ONLY=gets runs the warm-up creates and the get rounds alone (no create
 * rounds, list or watchers): quick A/B runs of the read path.
 */
const GETS_ONLY = process.env.KUBEGEN_BENCH_APISERVER_ONLY === "gets";
/**
 * KUBEGEN_BENCH_APISERVER_ONLY=watchers: the watcher rows alone, on a server warmed up by the
 * same creates as in the full run (A/B runs of the fan-out in seconds, not a minute).
 */
const WATCHERS_ONLY = process.env.KUBEGEN_BENCH_APISERVER_ONLY === "watchers";

/** Creates before the measured rounds. */
const WARM_UP_CREATES = 3_000;

const CREATE_TARGET: Target = { min: 0.5 };
const GET_P99_MS = 5;
const GET_P99_TARGET: Target = { max: GET_P99_MS, unit: "ms" };
/**
 * The SQLite p99 target restated against the floor measured in the same run (a minimal node:https
 * server answering the same bytes at the same 16 in flight): p99 < max(5 ms, floor p99 x 2). On a
 * quiet machine the floor's p99 is well under 2.5 ms and the 5 ms stands; when other processes
 * take the CPUs both tails stretch with the run-queue wait, and ours, doing real work per request
 * (auth, routing, a storage read, encoding) in slices that can each be preempted, may take twice
 * the floor's stall but no more.
 */
const FLOOR_FACTOR = 2;
/** Issue #20: server CPU per GET and per create at 16 clients. */
const GET_CPU_TARGET: Target = { max: 0.1, unit: "ms" };
const CREATE_CPU_TARGET: Target = { max: 0.15, unit: "ms" };
const LIST_TARGET: Target = { max: 150, unit: "ms" };
const WATCH_TARGET: Target = { max: 100, unit: "ms" };

interface Latency {
  p50: number;
  p99: number;
}

/**
 * Why the etcd GET target is restated: a GET without resourceVersion is a linearizable read.
 * Upstream's kube-apiserver answers it from etcd (a quorum range) whatever etcd's version; a watch
 * cache can answer it alone only once it has proved itself current through a progress notice, and
 * etcd sends those in order with its events only from 3.4.31 (upstream trusts them from there;
 * Debian's etcd here is older). So every consistent GET is one HTTPS exchange and one etcd read in
 * series, and no server can beat their sum.
 */
const SERIES_NOTE =
  "restated limit (etcd): a consistent GET needs an HTTPS exchange and a linearizable etcd read in series (upstream reads etcd for every GET without resourceVersion; a watch cache may answer alone only when etcd's progress notices are ordered with its events, 3.4.31+, and this etcd is older): the p99 of floor + etcd's own, from 200,000 pairs of their samples in the same rounds";

function percentiles(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99) };
}

/**
 * Percentiles of `a + b` for independent draws from two measured latency distributions (a fixed
 * number of pairs chosen by a seeded generator, so a run's figure does not depend on chance).
 */
function inSeries(a: number[], b: number[], pairs = 200_000): Latency {
  let seed = 0x9e3779b9;
  const next = (n: number): number => {
    // xorshift32: cheap, fixed sequence.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) % n;
  };
  const sums = new Array<number>(pairs);
  for (let i = 0; i < pairs; i++) sums[i] = a[next(a.length)]! + b[next(b.length)]!;
  return percentiles(sums);
}

/**
 * Ops/s of `op` run by `concurrency` loops for `ms`; each call gets a fresh sequence number and
 * its loop's index (loop i drives load connection i).
 */
async function throughput(concurrency: number, ms: number, op: (n: number, loop: number) => Promise<unknown>): Promise<number> {
  let n = 0;
  let done = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      while (performance.now() < end) {
        await op(n++, loop);
        done++;
      }
    }),
  );
  return done / ((performance.now() - start) / 1000);
}

async function expectStatus(p: Promise<{ status: number; body: string | Buffer }>, want: number, what: string): Promise<void> {
  const res = await p;
  if (res.status !== want) throw new Error(`${what}: HTTP ${res.status} ${res.body.toString().slice(0, 300)}`);
}

interface Backend {
  name: "sqlite" | "etcd";
  /** The raw backend's writes/s at this concurrency, for `ms`. */
  rawWrites(concurrency: number, ms: number): Promise<number>;
  /** etcd only: each client's range latencies (ms) of `key` at this concurrency, for `ms`. */
  rawRanges?: (key: string, concurrency: number, ms: number) => Promise<{ lean: number[]; etcd3: number[] }>;
  close(): Promise<void>;
}

/** better-sqlite3 alone in the same temp dir as the apiserver's database. */
function rawSqlite(dir: string): Backend {
  const db = new Database(path.join(dir, "raw.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec("CREATE TABLE kv (key TEXT PRIMARY KEY, value BLOB NOT NULL) WITHOUT ROWID");
  const insert = db.prepare("INSERT INTO kv (key, value) VALUES (?, ?)");
  let next = 0;
  return {
    name: "sqlite",
    // Synchronous: one writer whatever the concurrency, each INSERT its own fsync'd transaction.
    rawWrites: async (_c, ms) => {
      let n = 0;
      const start = performance.now();
      while (performance.now() - start < ms) {
        insert.run(`/registry/raw/k${next++}`, RAW_VALUE);
        n++;
      }
      return n / ((performance.now() - start) / 1000);
    },
    close: async () => void db.close(),
  };
}

/** Latencies (ms) of `op` run by `concurrency` loops for `ms`. */
async function latencies(concurrency: number, ms: number, op: () => Promise<unknown>): Promise<number[]> {
  const lat: number[] = [];
  await throughput(concurrency, ms, async () => {
    const t0 = performance.now();
    await op();
    lat.push(performance.now() - t0);
  });
  return lat;
}

function rawEtcd(endpoint: string): Backend {
  const client = new Etcd3({ hosts: endpoint });
  // Ranges through our lean gRPC client too: the etcd3 client spends about a millisecond of CPU
  // per call in this process, which at 16 in flight queues calls behind each other and shows as
  // latency that is not etcd's; ours costs a few tens of µs, so its p99 is nearer etcd's own.
  const lean = new EtcdKVClient([endpoint], 30_000);
  let round = 0;
  return {
    name: "etcd",
    rawWrites: (c, ms) => {
      const r = round++;
      return throughput(c, ms, (n) => client.put(`/raw/r${r}/${n}`).value(RAW_VALUE).exec());
    },
    rawRanges: async (key, c, ms) => {
      const k = Buffer.from(key);
      const leanLat = await latencies(c, ms / 2, () => lean.range({ key: k }));
      const etcd3Lat = await latencies(c, ms / 2, () => client.get(key).buffer());
      return { lean: leanLat, etcd3: etcd3Lat };
    },
    close: async () => {
      lean.close();
      client.close();
    },
  };
}

interface Results {
  creates: {
    backend: string;
    clients: number;
    raw: number;
    ours: number;
    cpuMs: number;
    clientCpuMs: number;
    /** At 16 and 64 clients: the create floor (bench/support/floor-server.ts) in the same rounds. */
    floor?: { ops: number; cpuMs: number };
  }[];
  gets: {
    backend: string;
    clients: number;
    lat: Latency;
    cpuMs: number;
    clientCpuMs: number;
    /** etcd's own range latency at the same concurrency, through our lean client and the etcd3 client. */
    peer?: { lean: Latency; etcd3: Latency };
    /**
     * With the peer: GETs at resourceVersion=0 in the same rounds (the watch cache answers, no
     * etcd read), the HTTP path a consistent GET adds to etcd's read; and their server CPU per get.
     */
    cacheOnly?: { lat: Latency; cpuMs: number };
    /** With the peer and the floor: the floor's and etcd's own latencies in series (see SERIES_NOTE). */
    series?: Latency;
    /** At 16 clients: the floor (bench/support/floor-server.ts) in the same rounds, and its CPU per request. */
    floor?: { lat: Latency; cpuMs: number };
    /** Run-queue wait per get of the server's main thread and of this process (a shared machine's share of the tail). */
    waitMs: number;
    clientWaitMs: number;
  }[];
  lists: { backend: string; items: number; ms: number; rv0Ms: number; cpuMs: number; rv0CpuMs: number }[];
  watch?: { watchers: number; deliveries: number; missing: number; lat: Latency; connectMs: number; cpuMs: number };
}

async function createNamespace(client: AdminClient, name: string): Promise<void> {
  await expectStatus(client.request("POST", "/api/v1/namespaces", { metadata: { name } }), 201, `create namespace ${name}`);
}

async function benchCreatesAndReads(
  backend: Backend,
  server: APIServerProcess,
  client: AdminClient,
  load: LoadClient,
  results: Results,
): Promise<void> {
  const ns = "bench";
  const cms = `/api/v1/namespaces/${ns}/configmaps`;
  const pid = server.child.pid;
  await createNamespace(client, ns);
  let seq = 0;
  // The body as text around the name: no JSON.stringify per request.
  const data = JSON.stringify(DATA);
  const create = (_n: number, loop: number) =>
    expectStatus(
      load.connections[loop]!.request("POST", cms, `{"metadata":{"name":"cm-${String(seq++).padStart(6, "0")}"},"data":${data}}`),
      201,
      "create",
    );
  await load.connect();
  // Warm-up by count, not time: the JIT needs a few thousand creates, and on a loaded machine
  // 200 ms made ~150, so the rounds that followed measured the warm-up.
  await Promise.all(
    Array.from({ length: 8 }, async (_, loop) => {
      while (seq < WARM_UP_CREATES) await create(0, loop);
    }),
  );
  if (WATCHERS_ONLY) return;
  await backend.rawWrites(1, 100);
  // The create floor stores in SQLite: it is the SQLite rows' floor (etcd's writes are etcd's).
  const createFloor = GETS_ONLY || backend.name !== "sqlite" ? undefined : await startCreateFloor(server, load, cms, data);
  try {
    for (const c of GETS_ONLY ? [] : CONCURRENCY) {
      // Raw and ours alternate in short rounds and medians are compared: the disk's fsync latency
      // drifts on a shared machine, and both should see the same disk at the same time.
      const raw: number[] = [];
      const ours: number[] = [];
      const floorOps: number[] = [];
      let cpu = 0;
      let clientCpu = 0;
      let ops = 0;
      let floorCpu = 0;
      let floorDone = 0;
      for (let r = 0; r < ROUNDS; r++) {
        raw.push(await backend.rawWrites(c, ROUND_MS));
        const [cpu0, self0, seq0] = [processCpuMs(pid), selfCpuMs(), seq];
        ours.push(await throughput(c, ROUND_MS, create));
        cpu += processCpuMs(pid) - cpu0;
        clientCpu += selfCpuMs() - self0;
        ops += seq - seq0;
        if (!createFloor || c === 1) continue;
        // The floor right after ours, at the same clients: the apiserver idles meanwhile.
        const [floorCpu0, floorSeq0] = [processCpuMs(createFloor.server.pid), createFloor.seq];
        floorOps.push(await throughput(c, ROUND_MS, createFloor.create));
        floorCpu += processCpuMs(createFloor.server.pid) - floorCpu0;
        floorDone += createFloor.seq - floorSeq0;
      }
      results.creates.push({
        backend: backend.name,
        clients: c,
        raw: median(raw),
        ours: median(ours),
        cpuMs: cpu / ops,
        clientCpuMs: clientCpu / ops,
        ...(floorDone > 0 && { floor: { ops: median(floorOps), cpuMs: floorCpu / floorDone } }),
      });
    }
  } finally {
    createFloor?.load.close();
    await createFloor?.server.stop();
  }

  if (CREATES_ONLY) return;
  const existing = seq;
  const cmName = (n: number) => `cm-${String(n % existing).padStart(6, "0")}`;
  const floor = await startFloor(server, load, `${cms}/${cmName(0)}`);
  try {
    for (const c of CONCURRENCY) results.gets.push(await benchGets(backend, server, load, floor, c, ns, cms, cmName));
  } finally {
    floor.load.close();
    await floor.server.stop();
  }

  if (GETS_ONLY) return;
  // Exactly 10,000 ConfigMaps in a namespace of their own (the create rounds made however many
  // their speed allowed), then list them.
  const listNs = "bench-list";
  const listCms = `/api/v1/namespaces/${listNs}/configmaps`;
  await createNamespace(client, listNs);
  let filled = 0;
  await Promise.all(
    Array.from({ length: 64 }, async (_, loop) => {
      while (filled < LIST_OBJECTS) {
        const name = `cm-${String(filled++).padStart(6, "0")}`;
        await expectStatus(
          load.connections[loop]!.request("POST", listCms, `{"metadata":{"name":"${name}"},"data":${data}}`),
          201,
          "create",
        );
      }
    }),
  );
  let items = 0;
  /** Median wall time and mean server CPU per list. */
  const listTimes = async (query: string): Promise<{ ms: number; cpuMs: number }> => {
    const times: number[] = [];
    let cpu = 0;
    for (let i = 0; i < 6; i++) {
      const cpu0 = processCpuMs(pid);
      const t0 = performance.now();
      const res = await client.request("GET", listCms + query);
      const ms = performance.now() - t0;
      if (i > 0) cpu += processCpuMs(pid) - cpu0;
      if (res.status !== 200) throw new Error(`list: HTTP ${res.status}`);
      const n = res.json<{ items: unknown[] }>().items.length;
      if (items !== 0 && n !== items) throw new Error(`list${query}: ${n} items, expected ${items}`);
      items = n;
      if (i > 0) times.push(ms); // the first is a warm-up
    }
    return { ms: median(times), cpuMs: cpu / times.length };
  };
  const consistent = await listTimes("");
  const rv0 = await listTimes("?resourceVersion=0");
  results.lists.push({ backend: backend.name, items, ms: consistent.ms, rv0Ms: rv0.ms, cpuMs: consistent.cpuMs, rv0CpuMs: rv0.cpuMs });
}

interface Floor {
  server: { pid: number; stop(): Promise<void> };
  load: LoadClient;
}

/** A response's header names and values as sent, but Date (the floor's Node adds its own). */
function headersOf(res: LoadResponse): [string, string][] {
  return res.head
    .split("\r\n")
    .slice(1)
    .map((line): [string, string] => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()])
    .filter(([name]) => name.toLowerCase() !== "date");
}

/** The create floor and the creates (fresh names) its load client sends, one per call. */
interface CreateFloor extends Floor {
  seq: number;
  create: (n: number, loop: number) => Promise<void>;
}

/**
 * The floor server in create mode: it stores each body in SQLite as ours does (group commit,
 * fdatasync'd WAL) and answers what one of our creates answered; 64 load connections to it,
 * warmed up by as many creates as ours.
 */
async function startCreateFloor(server: APIServerProcess, load: LoadClient, cms: string, data: string): Promise<CreateFloor> {
  const sample = await load.connections[0]!.request("POST", cms, `{"metadata":{"name":"floor-sample"},"data":${data}}`);
  if (sample.status !== 201) throw new Error(`create floor-sample: HTTP ${sample.status}`);
  const floorServer = await startFloorServer(
    server.dataDir,
    { status: 201, headers: headersOf(sample), body: sample.body },
    { store: path.join(server.dataDir, "floor-creates.db") },
  );
  const floorLoad = new LoadClient({ ...loadClientOptions(server), port: floorServer.port }, Math.max(...CONCURRENCY));
  await floorLoad.connect();
  const floor: CreateFloor = {
    server: floorServer,
    load: floorLoad,
    seq: 0,
    create: (_n, loop) =>
      expectStatus(
        floorLoad.connections[loop]!.request(
          "POST",
          cms,
          `{"metadata":{"name":"cm-${String(floor.seq++).padStart(6, "0")}"},"data":${data}}`,
        ),
        201,
        "floor create",
      ),
  };
  await Promise.all(
    Array.from({ length: 8 }, async (_, loop) => {
      while (floor.seq < WARM_UP_CREATES) await floor.create(0, loop);
    }),
  );
  return floor;
}

/** The floor server, answering what a GET of `path` answered, with 16 load connections to it. */
async function startFloor(server: APIServerProcess, load: LoadClient, path: string): Promise<Floor> {
  const sample = await load.connections[0]!.request("GET", path);
  if (sample.status !== 200) throw new Error(`get ${path}: HTTP ${sample.status}`);
  const floorServer = await startFloorServer(server.dataDir, { headers: headersOf(sample), body: sample.body });
  const floorLoad = new LoadClient({ ...loadClientOptions(server), port: floorServer.port }, 16);
  await floorLoad.connect();
  // Warmed up as the apiserver is by its creates: the JIT, then measured.
  let warm = 0;
  await Promise.all(
    floorLoad.connections.map(async (conn) => {
      while (warm++ < WARM_UP_CREATES) await expectStatus(conn.request("GET", path), 200, "floor warm-up");
    }),
  );
  return { server: floorServer, load: floorLoad };
}

/**
 * GETs of one ConfigMap by name at `c` clients. At 16 clients, in alternating rounds (the
 * machine's load drifts), samples pooled: ours, the floor's, and on etcd the same GETs at
 * resourceVersion=0 and etcd's own ranges; elsewhere one round of ours.
 */
async function benchGets(
  backend: Backend,
  server: APIServerProcess,
  load: LoadClient,
  floor: Floor,
  c: number,
  ns: string,
  cms: string,
  cmName: (n: number) => string,
): Promise<Results["gets"][number]> {
  const pid = server.child.pid;
  const lat: number[] = [];
  const peerLean: number[] = [];
  const peerEtcd3: number[] = [];
  const cacheOnly: number[] = [];
  const floorLat: number[] = [];
  let cacheOnlyCpu = 0;
  let floorCpu = 0;
  let cpu = 0;
  let clientCpu = 0;
  let wait = 0;
  let clientWait = 0;
  const peer = c === 16 ? backend.rawRanges : undefined;
  const rounds = c === 16 ? ROUNDS : 1;
  for (let r = 0; r < rounds; r++) {
    const [cpu0, self0, wait0, selfWait0] = [processCpuMs(pid), selfCpuMs(), runQueueWaitMs(pid), runQueueWaitMs("self")];
    await throughput(c, GET_MS / rounds, async (n, loop) => {
      const t0 = performance.now();
      await expectStatus(load.connections[loop]!.request("GET", `${cms}/${cmName(n)}`), 200, "get");
      lat.push(performance.now() - t0);
    });
    cpu += processCpuMs(pid) - cpu0;
    clientCpu += selfCpuMs() - self0;
    wait += runQueueWaitMs(pid) - wait0;
    clientWait += runQueueWaitMs("self") - selfWait0;
    if (c !== 16) continue;
    // The floor right after ours: the apiserver idles meanwhile, as the floor does in our rounds.
    const floorCpu0 = processCpuMs(floor.server.pid);
    await throughput(c, GET_MS / rounds, async (n, loop) => {
      const t0 = performance.now();
      await expectStatus(floor.load.connections[loop]!.request("GET", `${cms}/${cmName(n)}`), 200, "floor get");
      floorLat.push(performance.now() - t0);
    });
    floorCpu += processCpuMs(floor.server.pid) - floorCpu0;
    if (peer) {
      // Our path alone, then etcd's own: the server idles in the peer's rounds before each of ours.
      const cpu1 = processCpuMs(pid);
      await throughput(c, GET_MS / rounds, async (n, loop) => {
        const t0 = performance.now();
        await expectStatus(
          load.connections[loop]!.request("GET", `${cms}/${cmName(n)}?resourceVersion=0`),
          200,
          "get at resourceVersion=0",
        );
        cacheOnly.push(performance.now() - t0);
      });
      cacheOnlyCpu += processCpuMs(pid) - cpu1;
      const p = await peer(`/registry/core/configmaps/${ns}/${cmName(r)}`, c, GET_MS / rounds);
      peerLean.push(...p.lean);
      peerEtcd3.push(...p.etcd3);
    }
  }
  return {
    backend: backend.name,
    clients: c,
    lat: percentiles(lat),
    cpuMs: cpu / lat.length,
    clientCpuMs: clientCpu / lat.length,
    waitMs: wait / lat.length,
    clientWaitMs: clientWait / lat.length,
    ...(floorLat.length > 0 && { floor: { lat: percentiles(floorLat), cpuMs: floorCpu / floorLat.length } }),
    ...(peer && {
      peer: { lean: percentiles(peerLean), etcd3: percentiles(peerEtcd3) },
      cacheOnly: { lat: percentiles(cacheOnly), cpuMs: cacheOnlyCpu / cacheOnly.length },
    }),
    ...(peer && floorLat.length > 0 && { series: inSeries(floorLat, peerLean) }),
  };
}

/** A row under a backend's 16-client gets: the same GETs served another way (`label`). */
function subRow(backend: string, label: string, m: { lat: Latency; cpuMs: number }): string[] {
  return [backend, label, formatDuration(m.lat.p50), formatDuration(m.lat.p99), "-", "-", formatDuration(m.cpuMs), "-"];
}

/** The row under each backend's 16-client gets: the floor's. */
function floorRow(backend: string, floor: { lat: Latency; cpuMs: number }): string[] {
  return subRow(backend, "16, floor (node:https, same answer)", floor);
}

/**
 * The row under etcd's 16-client gets: the same GETs at resourceVersion=0 (the watch cache
 * answers, no etcd read), our HTTP path alone, which a consistent GET runs besides etcd's read.
 */
function cacheOnlyRow(cacheOnly: { lat: Latency; cpuMs: number }): string[] {
  return subRow("etcd", "16, resourceVersion=0 (no etcd read)", cacheOnly);
}

/** 1,000 watches on one namespace; WATCH_EVENTS creates, each delivery timed from the create's send. */
async function benchWatchers(server: APIServerProcess, client: AdminClient, results: Results): Promise<void> {
  const ns = "bench-watch";
  const cms = `/api/v1/namespaces/${ns}/configmaps`;
  await createNamespace(client, ns);
  const rv = (await client.request("GET", cms)).json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion;
  // A client of its own: one connection per watch, with no cap on sockets.
  const watchClient = new AdminClient(server.url, server.kubeconfig, Infinity);
  const sent = new Map<string, number>();
  const received: number[] = [];
  const seen = new Map<string, number>();
  const handles: { close(): void }[] = [];
  const t0 = performance.now();
  try {
    for (let i = 0; i < WATCHERS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, WATCHERS - i) }, () =>
          watchClient.watch(`${cms}?watch=1&resourceVersion=${rv}`, (ev) => {
            const name = (ev.object.metadata as { name?: string } | undefined)?.name;
            const at = name ? sent.get(name) : undefined;
            if (ev.type !== "ADDED" || !name || at === undefined) return;
            received.push(performance.now() - at);
            seen.set(name, (seen.get(name) ?? 0) + 1);
          }),
        ),
      );
      handles.push(...batch);
    }
    const connectMs = performance.now() - t0;
    const cpu0 = processCpuMs(server.child.pid);
    for (let e = 0; e < WATCH_EVENTS; e++) {
      const name = `watched-${e}`;
      sent.set(name, performance.now());
      await expectStatus(client.request("POST", cms, { metadata: { name }, data: DATA }), 201, "create watched");
      const deadline = performance.now() + 5_000;
      while ((seen.get(name) ?? 0) < WATCHERS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    }
    const deliveries = [...seen.values()].reduce((a, b) => a + b, 0);
    const watchCpuMs = (processCpuMs(server.child.pid) - cpu0) / Math.max(1, deliveries);
    // Deliveries that never came count as infinitely late.
    const lat = percentiles([...received, ...Array<number>(WATCHERS * WATCH_EVENTS - deliveries).fill(Infinity)]);
    results.watch = { watchers: WATCHERS, deliveries, missing: WATCHERS * WATCH_EVENTS - deliveries, lat, connectMs, cpuMs: watchCpuMs };
  } finally {
    for (const h of handles) h.close();
    watchClient.close();
  }
}

async function runBackend(which: "sqlite" | "etcd", results: Results): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kubegen-bench-apiserver-${which}-`));
  let etcd: EtcdServer | undefined;
  let server: APIServerProcess | undefined;
  let backend: Backend | undefined;
  let client: AdminClient | undefined;
  let load: LoadClient | undefined;
  try {
    if (which === "etcd") etcd = await startEtcd();
    // KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
    // Started as users start it (bin/kubegen.js's shebang flags), as the pods bench does.
    const nodeArgs = [...launcherNodeArgs(), ...benchNodeArgs()];
    server = await spawnAPIServer(dir, { ...(etcd && { etcd: etcd.endpoint }), nodeArgs });
    backend = etcd ? rawEtcd(etcd.endpoint) : rawSqlite(dir);
    client = new AdminClient(server.url, server.kubeconfig, 64);
    load = loadClientFor(server, Math.max(...CONCURRENCY));
    await benchCreatesAndReads(backend, server, client, load, results);
    if (which === "sqlite" && !CREATES_ONLY && !GETS_ONLY) await benchWatchers(server, client, results);
  } finally {
    client?.close();
    load?.close();
    await backend?.close();
    await server?.stop();
    await etcd?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(): Promise<void> {
  const results: Results = { creates: [], gets: [], lists: [] };
  const only = process.env.KUBEGEN_BENCH_BACKENDS?.split(",").map((b) => b.trim());
  if (!only || only.includes("sqlite") || WATCHERS_ONLY) await runBackend("sqlite", results);
  if (WATCHERS_ONLY) printNote("etcd: skipped (KUBEGEN_BENCH_APISERVER_ONLY=watchers)");
  else if (only && !only.includes("etcd")) printNote(`etcd: skipped (KUBEGEN_BENCH_BACKENDS=${only.join(",")})`);
  else if (etcdAvailable()) await runBackend("etcd", results);
  else printNote("etcd: /usr/bin/etcd is missing (apt install etcd-server); the etcd rows are skipped");

  if (!GETS_ONLY && !WATCHERS_ONLY) printCreates(results);
  if (!WATCHERS_ONLY) printGets(results);
  if (GETS_ONLY || CREATES_ONLY) return;
  printListsAndWatch(results);
}

function printCreates(results: Results): void {
  printTable(
    "apiserver creates/s (ConfigMaps over HTTPS) vs the raw backend's durable writes/s",
    [
      "backend",
      "clients",
      "raw writes/s",
      "apiserver creates/s",
      "apiserver/raw",
      "target",
      "server CPU/create",
      "bench CPU/create",
      "floor creates/s",
      "floor CPU/create",
      "ours minus the floor's",
    ],
    results.creates.map((r) => {
      const ratio = r.ours / r.raw;
      const t = r.clients === 64 ? checkTarget(ratio, CREATE_TARGET, `${r.backend}: apiserver creates/s at 64 clients vs raw`) : undefined;
      return [
        r.backend,
        String(r.clients),
        formatOps(r.raw),
        formatOps(r.ours),
        formatRatio(ratio),
        t ? `${t.verdict} (${t.bound})` : "-",
        formatDuration(r.cpuMs),
        formatDuration(r.clientCpuMs),
        r.floor ? formatOps(r.floor.ops) : "-",
        r.floor ? formatDuration(r.floor.cpuMs) : "-",
        r.floor ? formatDuration(r.cpuMs - r.floor.cpuMs) : "-",
      ];
    }),
  );
  printNote("raw sqlite: better-sqlite3 in this process, one INSERT per WAL synchronous=FULL transaction, sequential (it is synchronous)");
  printNote("raw etcd: etcd3 client puts at the same number in flight; both alternate with the apiserver in rounds, medians shown");
  printNote(
    "load: one kept-alive TLS connection per client, pre-built request text, responses parsed to status and length (bench/support/load-client.ts); bench CPU is this process's per request",
  );
  if (results.creates.some((r) => r.floor)) {
    printNote(
      "create floor (SQLite, 16 and 64 clients): the floor server (bench/support/floor-server.ts) reading each body, JSON.parse'ing it and inserting its bytes into SQLite through the same group commit (one WAL transaction per event-loop turn, synchronous=NORMAL, fdatasync in the thread pool, answered once synced), answering the bytes one of our creates answered; in rounds alternating with ours, at the same clients",
    );
  }
}

function printGets(results: Results): void {
  if (CREATES_ONLY) {
    printCpuTargets(results);
    return;
  }
  printTable(
    "apiserver get latency (one ConfigMap by name)",
    ["backend", "clients", "p50", "p99", "etcd's own range p50 / p99", "target", "server CPU/get", "bench CPU/get"],
    results.gets.flatMap((g) => {
      let target = "-";
      if (g.clients === 16 && g.backend === "sqlite") {
        const t = checkTarget(g.lat.p99, GET_P99_TARGET, "sqlite: get p99 at 16 clients");
        target = `${t.verdict} (< ${GET_P99_MS} ms)`;
        if (g.floor) {
          const bound = Math.max(GET_P99_MS, g.floor.lat.p99 * FLOOR_FACTOR);
          const f = checkTarget(
            g.lat.p99,
            { max: bound, unit: "ms" },
            `sqlite: get p99 at 16 clients vs max(5 ms, floor p99 x ${FLOOR_FACTOR})`,
          );
          target += `; vs the floor: ${f.verdict} (< max(${GET_P99_MS} ms, ${FLOOR_FACTOR} x ${formatDuration(g.floor.lat.p99)}) = ${formatDuration(bound)})`;
        }
      } else if (g.clients === 16 && g.peer) {
        // The peer is etcd's own p99 through our lean client (the etcd3 client's adds its own CPU).
        const own = g.peer.lean.p99;
        const t = checkTarget(g.lat.p99, { max: own, unit: "ms" }, "etcd: get p99 at 16 clients vs etcd's own range p99");
        target = `${t.verdict} (<= etcd's own ${formatDuration(own)})${own > GET_P99_MS ? `; etcd's own is above ${GET_P99_MS} ms` : ""}`;
        if (g.series) {
          const s = checkTarget(
            g.lat.p99,
            { max: g.series.p99, unit: "ms" },
            "etcd: get p99 at 16 clients vs the floor and etcd's own in series (restated)",
          );
          target += `; restated vs floor + etcd's own in series: ${s.verdict} (<= ${formatDuration(g.series.p99)})`;
        }
      }
      const peer = g.peer
        ? `${formatDuration(g.peer.lean.p50)} / ${formatDuration(g.peer.lean.p99)} (etcd3 client: ${formatDuration(g.peer.etcd3.p50)} / ${formatDuration(g.peer.etcd3.p99)})`
        : "-";
      const row = [
        g.backend,
        String(g.clients),
        formatDuration(g.lat.p50),
        formatDuration(g.lat.p99),
        peer,
        target,
        formatDuration(g.cpuMs),
        formatDuration(g.clientCpuMs),
      ];
      return [row, ...(g.cacheOnly ? [cacheOnlyRow(g.cacheOnly)] : []), ...(g.floor ? [floorRow(g.backend, g.floor)] : [])];
    }),
  );
  printNote(
    "floor: a minimal node:https server in its own process (bench/support/floor-server.ts) with the apiserver's certificate, client-certificate request and TLS options, answering every request with the head and body one of our GETs answered, at the same 16 in flight, in rounds alternating with ours: the latency and CPU Node and this machine cost before any of our code",
  );
  for (const g of results.gets.filter((x) => x.clients === 16)) {
    printNote(
      `${g.backend}, 16 clients: run-queue wait (runnable, no CPU free) per get: the server's main thread ${formatDuration(g.waitMs)}, the bench's ${formatDuration(g.clientWaitMs)}; the share of the tail that is the shared machine`,
    );
  }
  printCpuTargets(results);
  if (results.gets.some((g) => g.peer)) {
    printNote(
      "resourceVersion=0: the same GETs answered by the watch cache, in the same rounds (before etcd's own): our HTTP path alone (TLS, filters, the handler, the answer), which a consistent GET runs besides etcd's linearizable read; how the gap between ours and etcd's own splits between the two",
    );
    printNote(
      "etcd's own: linearizable ranges of one key at 16 in flight from this process, alternating in rounds with ours; through our lean gRPC client (apiserver/storage/etcd/kv-client.ts, the verdict's peer) and the etcd3 client (whose ~1 ms of CPU per call in this process adds queueing that is not etcd's)",
    );
    printNote(SERIES_NOTE);
  }
}

/** Issue #20's CPU targets: server CPU per get and per create at 16 clients. */
function printCpuTargets(results: Results): void {
  const cpuRows = [
    ...results.gets
      .filter((g) => g.clients === 16)
      .map((g) => ({ backend: g.backend, what: "get", cpuMs: g.cpuMs, target: GET_CPU_TARGET, floorMs: g.floor?.cpuMs })),
    ...results.creates
      .filter((r) => r.clients === 16)
      .map((r) => ({ backend: r.backend, what: "create", cpuMs: r.cpuMs, target: CREATE_CPU_TARGET, floorMs: r.floor?.cpuMs })),
  ];
  printTable(
    "apiserver server CPU per request at 16 clients (issue #20)",
    ["backend", "request", "server CPU", "target", "the floor's, same rounds", "ours minus the floor's"],
    cpuRows.map((r) => {
      const t = checkTarget(r.cpuMs, r.target, `${r.backend}: server CPU per ${r.what} at 16 clients`);
      const floor = r.floorMs === undefined ? "-" : formatDuration(r.floorMs);
      const ours = r.floorMs === undefined ? "-" : formatDuration(r.cpuMs - r.floorMs);
      const target = `${t.verdict} (<= ${formatDuration(r.target.max!)})`;
      return [r.backend, r.what, formatDuration(r.cpuMs), target, floor, ours];
    }),
  );
  printNote(
    "CPU per request grows when other processes share the CPUs (caches, sibling hyperthreads), the floor's as ours: ours minus the floor's, in the same rounds, is what our code costs",
  );
}

function printListsAndWatch(results: Results): void {
  printTable(
    "apiserver list (JSON, no limit)",
    [
      "backend",
      "objects",
      "consistent (no resourceVersion)",
      "target",
      "server CPU/list",
      "resourceVersion=0 (watch cache)",
      "server CPU/list",
    ],
    results.lists.map((l) => {
      const t = checkTarget(l.ms, LIST_TARGET, `${l.backend}: list of ${LIST_OBJECTS} objects`);
      return [
        l.backend,
        l.items.toLocaleString("en-US"),
        formatDuration(l.ms),
        `${t.verdict} (< ${LIST_TARGET.max} ms)`,
        formatDuration(l.cpuMs),
        formatDuration(l.rv0Ms),
        formatDuration(l.rv0CpuMs),
      ];
    }),
  );
  printNote(
    "a consistent list is answered from the watch cache when it is at storage's current revision, else from storage reusing the cache's decoded objects",
  );

  const w = results.watch;
  if (w) {
    const t = checkTarget(w.lat.p99, WATCH_TARGET, `sqlite: ${w.watchers} watchers, event delivery p99`);
    printTable(
      `${w.watchers.toLocaleString("en-US")} watchers (SQLite), ${WATCH_EVENTS} events each`,
      ["watchers", "deliveries", "missing", "p50", "p99", "target", "connect all", "server CPU/delivery"],
      [
        [
          String(w.watchers),
          String(w.deliveries),
          String(w.missing),
          formatDuration(w.lat.p50),
          formatDuration(w.lat.p99),
          `${t.verdict} (< ${WATCH_TARGET.max} ms)`,
          formatDuration(w.connectMs),
          formatDuration(w.cpuMs),
        ],
      ],
    );
    printNote("latency: from sending the create to each watcher parsing its ADDED event (client and server share the machine)");
  }
}

export const bench: BenchModule = {
  name: "apiserver",
  description:
    "kubegen apiserver over HTTPS on SQLite and etcd: creates/s vs raw backend writes, get p50/p99, list of 10,000, 1,000 watchers",
  run,
};

await runIfMain(import.meta.url, bench);
