/**
 * Soak: mixed load against a `kubegen up`-like control plane (apiserver on SQLite in a temp dir
 * and the controller-manager, in a child process) for 10 minutes by default: writers creating,
 * updating and deleting ConfigMaps, Secrets and Leases; 100 watchers that each reconnect every
 * few seconds from their last resourceVersion; a shared informer for every built-in kind. Every
 * 10 s a row: the server's memory as found and right after a full GC (RSS, V8 heap used and
 * total, external), the events its watch caches hold, its open file descriptors, its watchers
 * (the watch caches' count) and event listeners (on the server's own emitters), its active
 * handles, and the writes' p99 latency in the period.
 *
 * Targets (issue 12): RSS after warm-up grows < 10% to the end of the load. Warm-up is two of
 * the watch caches' event windows (2 x 75 s, upstream's eventFreshDuration): a cache keeps every
 * event of its last 75 s, and at a steady write rate its buffer grows (doubling) until the window
 * is full, so memory measured before then is not yet the steady state. Growth against the first
 * minute is printed too, without a verdict;
 * once the clients have gone, the server holds no more watchers, listeners or fds than before
 * the load started. The RSS and heap targets are checked on the memory left right after a full
 * GC (what the server retains); memory as found (which includes garbage V8 collects when its own
 * heuristics say so) is printed beside them, without a verdict.
 *
 *   npm run bench -- soak                       # 10 minutes
 *   SOAK_DURATION=2m npm run bench -- soak      # or --duration=2m; warm-up is min(150 s, half)
 *   SOAK_COMPACTION_INTERVAL=30s                # compaction that often (default: the server's 5 min)
 *   SOAK_WRITE_RATE=150                         # writes/s in all (0: unpaced)
 *   SOAK_GC=0                                   # no forced GC before each probe
 *   SOAK_EXEC_ARGV="--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp"   # server flags, for diagnosis
 */
import { fork, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { EventEmitter } from "node:events";
import { fileURLToPath } from "node:url";
import { Clientset } from "../generated/clientset/index.js";
import { SharedInformerFactory } from "../generated/informers/index.js";
import { AdminClient } from "../test/support/apiserver-process.js";
import { type BenchModule, checkTarget, formatDuration, printNote, printTable, runIfMain, type Target } from "./support/table.js";

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");
const NAMESPACE = "soak";
const WATCHERS = 100;
const WRITERS = 6;
/** Objects each writer keeps at most (it deletes its oldest beyond this). */
const PER_WRITER = 60;
/**
 * Writes per second, all writers together (SOAK_WRITE_RATE; 0: as fast as the server answers).
 * A steady rate, so that the end is compared with the warm-up under the same load: the watch
 * caches keep 75 s of events (as upstream's), so their memory follows the write rate, and an
 * unpaced load's rate follows the machine's (other processes), not the server's.
 */
const WRITE_RATE = Number(process.env.SOAK_WRITE_RATE ?? 150);
const SAMPLE_MS = 10_000;
const RSS_TARGET: Target = { max: 1.1 };
const LEAK_TARGET: Target = { max: 0 };

/** The server's memory at one moment (bytes). */
interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Anonymous memory (V8's heap, malloc) and file-backed pages (code, mapped files) of the RSS. */
  rssAnon: number;
  rssFile: number;
}

/** What the server process reports about itself. */
interface Probe {
  /** Memory as found: it includes garbage V8 has not collected yet. */
  found: Memory;
  /** Memory right after a full GC (the server runs with --expose-gc): what the process retains. */
  retained: Memory;
  fds: number;
  /** The SQLite database and its WAL, bytes. */
  dbBytes: number;
  watchers: number;
  /** Events the watch caches hold (their windows of recent events), and room for them. */
  cachedEvents: number;
  cachedEventCapacity: number;
  listeners: number;
  handles: number;
  /** Active handles and requests by type (Timeout, TCPSocketWrap, ...). */
  handleTypes: Record<string, number>;
}

interface Sample extends Probe {
  t: number;
  writes: number;
  p99: number;
  clientWatchers: number;
  reconnects: number;
}

/** `10m`, `90s`, `120000` (ms) -> ms. */
export function parseDuration(s: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(s.trim());
  if (!m) throw new Error(`soak: cannot read duration ${JSON.stringify(s)} (e.g. 10m, 90s)`);
  const n = Number(m[1]);
  return n * ({ ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] ?? "ms"] ?? 1);
}

function durationMs(): number {
  const arg = process.argv.find((a) => a.startsWith("--duration="))?.slice("--duration=".length);
  const i = process.argv.indexOf("--duration");
  const value = arg ?? (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.SOAK_DURATION;
  return value ? parseDuration(value) : 10 * 60_000;
}

// ---------------------------------------------------------------------------------------------
// The server process (this file again, with --serve DIR)

/** Objects reachable from `roots` through own properties, a few levels deep, that `pick` takes. */
function objectsUnder<T>(roots: unknown[], pick: (v: object) => v is T & object, depth = 4): T[] {
  const seen = new Set<unknown>();
  const found: T[] = [];
  let level: unknown[] = roots;
  for (let d = 0; d <= depth && level.length; d++) {
    const next: unknown[] = [];
    for (const v of level) {
      if (typeof v !== "object" || v === null || seen.has(v)) continue;
      seen.add(v);
      if (pick(v)) found.push(v);
      if (Buffer.isBuffer(v) || ArrayBuffer.isView(v)) continue;
      const values = v instanceof Map ? [...v.values()] : v instanceof Set ? [...v] : Array.isArray(v) ? v : Object.values(v);
      for (const x of values) if (typeof x === "object" && x !== null) next.push(x);
    }
    level = next;
  }
  return found;
}

/** Whether the server collects garbage before each probe measures (SOAK_GC=0: it does not). */
const forcedGC = (): boolean => process.env.SOAK_GC !== "0";

/** The process's memory: V8's and Node's figures, and the RSS split as /proc/self/status has it. */
function memory(): Memory {
  const mem = process.memoryUsage();
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  return {
    rss: mem.rss,
    heapUsed: mem.heapUsed,
    heapTotal: mem.heapTotal,
    external: mem.external,
    arrayBuffers: mem.arrayBuffers,
    rssAnon: kb("RssAnon"),
    rssFile: kb("RssFile") + kb("RssShmem"),
  };
}

async function serve(dataDir: string): Promise<void> {
  const { runAPIServer } = await import("../apiserver/server/run.js");
  const { ControllerManager } = await import("../controllers/controller-manager/controller-manager.js");
  const { loadKubeconfig } = await import("../runtime/rest/kubeconfig.js");
  // The watch caches, to count their watchers (the server has no watcher gauge): each one is
  // recorded as it starts.
  const { Cacher } = await import("../apiserver/registry/cacher/cacher.js");
  const cachers = new Set<InstanceType<typeof Cacher>>();
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the instance as `this` below
  const startCacher = Cacher.prototype.start;
  Cacher.prototype.start = function (this: InstanceType<typeof Cacher>, ...args: Parameters<typeof startCacher>) {
    cachers.add(this);
    return startCacher.apply(this, args);
  };
  // SOAK_COMPACTION_INTERVAL (e.g. 30s): compaction as often as that (issue 24's bounded-file
  // check); unset, the server's default (5 minutes).
  const compaction = process.env.SOAK_COMPACTION_INTERVAL;
  const running = await runAPIServer({
    dataDir,
    securePort: 0,
    bindAddress: "127.0.0.1",
    log: () => {},
    ...(compaction ? { etcdCompactionIntervalMs: parseDuration(compaction) } : {}),
  });
  const manager = new ControllerManager({ restConfig: loadKubeconfig({ path: running.kubeconfig }), log: () => {}, onError: () => {} });
  void manager.start();
  const probe = (): Probe => {
    const emitters = objectsUnder([running, manager, process], (v): v is EventEmitter => v instanceof EventEmitter);
    const handleTypes: Record<string, number> = {};
    for (const t of process.getActiveResourcesInfo()) handleTypes[t] = (handleTypes[t] ?? 0) + 1;
    const found = memory();
    // A full collection first, so that garbage V8 has not got round to (its heap grows lazily,
    // by its own heuristics) does not count as growth: what is left is what the server holds.
    (globalThis as { gc?: () => void }).gc?.();
    return {
      found,
      retained: memory(),
      fds: readdirSync("/proc/self/fd").length,
      dbBytes: ["kubegen.db", "kubegen.db-wal"].reduce(
        (n, f) => n + (existsSync(path.join(dataDir, f)) ? statSync(path.join(dataDir, f)).size : 0),
        0,
      ),
      watchers: [...cachers].reduce((n, c) => n + c.watcherCount, 0),
      cachedEvents: [...cachers].reduce((n, c) => n + c["buffer"].size, 0),
      cachedEventCapacity: [...cachers].reduce((n, c) => n + c["buffer"].capacity, 0),
      listeners: emitters.reduce((n, e) => n + e.eventNames().reduce((m, name) => m + e.listenerCount(name), 0), 0),
      handles: process.getActiveResourcesInfo().length,
      handleTypes,
    };
  };
  process.on("message", (msg: { probe?: number; stop?: boolean }) => {
    if (msg.probe !== undefined) process.send!({ probe: msg.probe, value: probe() });
    if (msg.stop) {
      void manager
        .stop()
        .then(() => running.stop())
        .finally(() => process.exit(0));
    }
  });
  process.send!({ ready: { url: running.url, kubeconfig: running.kubeconfig } });
}

class ServerProcess {
  private nextProbe = 0;
  private readonly waiting = new Map<number, (p: Probe) => void>();

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly kubeconfig: string,
  ) {
    child.on("message", (m: { probe?: number; value?: Probe }) => {
      if (m.probe !== undefined) {
        this.waiting.get(m.probe)?.(m.value!);
        this.waiting.delete(m.probe);
      }
    });
  }

  static start(dataDir: string): Promise<ServerProcess> {
    const child = fork(SELF, ["--serve", dataDir], {
      cwd: ROOT,
      // --expose-gc: each probe collects before it measures what is retained (SOAK_GC=0: not,
      // to watch V8's own heap sizing; "after GC" is then as found). SOAK_EXEC_ARGV adds
      // flags for diagnosis (e.g. --heapsnapshot-signal=SIGUSR2).
      execArgv: [
        "--import",
        "tsx",
        ...(forcedGC() ? ["--expose-gc"] : []),
        ...(process.env.SOAK_EXEC_ARGV ?? "").split(" ").filter(Boolean),
      ],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new Promise((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`soak server exited with ${code}`)));
      child.once("message", (m: { ready?: { url: string; kubeconfig: string } }) => {
        if (m.ready) resolve(new ServerProcess(child, m.ready.url, m.ready.kubeconfig));
      });
    });
  }

  probe(): Promise<Probe> {
    const id = this.nextProbe++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.send({ probe: id });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 15_000);
      this.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.send({ stop: true });
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The load

/** Write latencies of the current period. */
class Latencies {
  private values: number[] = [];
  total = 0;
  errors = 0;

  add(ms: number): void {
    this.values.push(ms);
    this.total++;
  }

  /** The period's count and p99, and a new period. */
  take(): { count: number; p99: number } {
    const v = this.values.sort((a, b) => a - b);
    this.values = [];
    return { count: v.length, p99: v.length ? v[Math.min(v.length - 1, Math.floor(v.length * 0.99))]! : NaN };
  }
}

async function writer(client: AdminClient, id: number, stop: AbortSignal, lat: Latencies, rate: number): Promise<void> {
  const kinds = [
    {
      path: `/api/v1/namespaces/${NAMESPACE}/configmaps`,
      make: (name: string, i: number) => ({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name, labels: { writer: String(id) } },
        data: { i: String(i), blob: "x".repeat(200 + (i % 400)) },
      }),
    },
    {
      path: `/api/v1/namespaces/${NAMESPACE}/secrets`,
      make: (name: string, i: number) => ({ apiVersion: "v1", kind: "Secret", metadata: { name }, stringData: { i: String(i) } }),
    },
    {
      path: `/apis/coordination.k8s.io/v1/namespaces/${NAMESPACE}/leases`,
      make: (name: string, i: number) => ({
        apiVersion: "coordination.k8s.io/v1",
        kind: "Lease",
        metadata: { name },
        spec: { holderIdentity: `w${id}-${i}`, leaseDurationSeconds: 15 },
      }),
    },
  ];
  const live: { path: string; name: string }[] = [];
  let i = 0;
  const timed = async (method: string, p: string, body?: unknown): Promise<number> => {
    const t0 = performance.now();
    const r = await client.request(method, p, body, method === "PATCH" ? { "Content-Type": "application/merge-patch+json" } : {});
    lat.add(performance.now() - t0);
    if (r.status >= 400 && r.status !== 404 && r.status !== 409) lat.errors++;
    return r.status;
  };
  // One round is a create, an update and (once the bound is reached) a delete: three writes.
  const roundMs = rate > 0 ? (3 * 1000) / rate : 0;
  let next = performance.now();
  while (!stop.aborted) {
    if (roundMs > 0) {
      // Paced without catching up: a round late starts the schedule again from now.
      next = Math.max(next + roundMs, performance.now());
      await new Promise((r) => setTimeout(r, next - performance.now()));
      if (stop.aborted) break;
    }
    const k = kinds[i % kinds.length]!;
    const name = `w${id}-${i}`;
    await timed("POST", k.path, k.make(name, i));
    live.push({ path: k.path, name });
    // Updates to a few live objects, then the oldest beyond the bound deleted.
    const target = live[Math.floor(Math.random() * live.length)]!;
    await timed("PATCH", `${target.path}/${target.name}`, { metadata: { annotations: { "soak/i": String(i) } } });
    while (live.length > PER_WRITER) {
      const old = live.shift()!;
      await timed("DELETE", `${old.path}/${old.name}`);
    }
    i++;
  }
  for (const o of live) await client.request("DELETE", `${o.path}/${o.name}`);
}

/** A watcher that reconnects every 3-15 s from the last resourceVersion it saw. */
async function churningWatcher(
  client: AdminClient,
  n: number,
  stop: AbortSignal,
  stopped: Promise<unknown>,
  counts: { open: number; reconnects: number },
): Promise<void> {
  const kinds = ["configmaps", "secrets"];
  let rv = "";
  while (!stop.aborted) {
    const resource = kinds[n % kinds.length]!;
    const p = `/api/v1/namespaces/${NAMESPACE}/${resource}?watch=true&allowWatchBookmarks=true${rv ? `&resourceVersion=${rv}` : ""}`;
    let handle: Awaited<ReturnType<AdminClient["watch"]>>;
    try {
      handle = await client.watch(p, (ev) => {
        const v = (ev.object.metadata as { resourceVersion?: string } | undefined)?.resourceVersion;
        if (ev.type === "ERROR") rv = "";
        else if (v) rv = v;
      });
    } catch {
      rv = "";
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    counts.open++;
    const life = 3000 + Math.random() * 12_000;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([handle.ended, new Promise((r) => (timer = setTimeout(r, life))), stopped]);
    clearTimeout(timer);
    handle.close();
    counts.open--;
    counts.reconnects++;
  }
}

/** An informer for every built-in kind, from one shared factory. */
function startInformers(kubeconfig: string): { factory: SharedInformerFactory; cs: Clientset; kinds: number } {
  const cs = Clientset.fromKubeconfig({ path: kubeconfig }, { qps: -1 });
  const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
  let kinds = 0;
  for (const group of [factory.coreV1(), factory.coordinationV1(), factory.rbacV1(), factory.apiextensionsV1()]) {
    const proto = Object.getPrototypeOf(group) as Record<string, unknown>;
    for (const method of Object.getOwnPropertyNames(proto)) {
      if (method === "constructor") continue;
      const typed = (group as unknown as Record<string, () => { informer(): unknown }>)[method]!.call(group);
      typed.informer();
      kinds++;
    }
  }
  factory.start();
  return { factory, cs, kinds };
}

const mb = (b: number): string => (b / 1024 / 1024).toFixed(1);

/**
 * Probes until the server's watchers, listeners and fds hold still for three probes a second
 * apart, at most `ms`: on a loaded machine the controllers' informers open their watches late,
 * and a baseline taken before that would count them as leaked at the end.
 */
async function settled(server: ServerProcess, ms: number): Promise<Probe> {
  const deadline = Date.now() + ms;
  let last = await server.probe();
  for (let same = 0; same < 3 && Date.now() < deadline;) {
    await new Promise((r) => setTimeout(r, 1000));
    const p = await server.probe();
    same = p.watchers === last.watchers && p.listeners === last.listeners && p.fds === last.fds ? same + 1 : 0;
    last = p;
  }
  return last;
}

async function waitUntil(fn: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !(await fn())) await new Promise((r) => setTimeout(r, 250));
}

/** Two event windows of the watch caches (75 s each, as upstream's): the buffers are full by then. */
const WARMUP_MS = 2 * 75_000;
/** The first minute, against which growth is printed for information. */
const FIRST_MINUTE_MS = 60_000;

async function run(): Promise<void> {
  const duration = durationMs();
  const warmup = Math.min(WARMUP_MS, duration / 2);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-soak-"));
  const server = await ServerProcess.start(dataDir);
  const setup = new AdminClient(server.url, server.kubeconfig, 8);
  try {
    const ns = await setup.request("POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: NAMESPACE } });
    if (ns.status !== 201) throw new Error(`soak: creating namespace: ${ns.status} ${ns.body}`);
    // Let the controllers' own start-up (their informers' watches) settle before the idle baseline.
    await new Promise((r) => setTimeout(r, 3000));
    const idleBefore = await settled(server, 60_000);

    const stop = new AbortController();
    const stopped = new Promise((r) => stop.signal.addEventListener("abort", r, { once: true }));
    const lat = new Latencies();
    const writeClient = new AdminClient(server.url, server.kubeconfig, WRITERS + 2);
    const watchClient = new AdminClient(server.url, server.kubeconfig, WATCHERS + 8);
    const counts = { open: 0, reconnects: 0 };
    const informers = startInformers(server.kubeconfig);
    const tasks = [
      ...Array.from({ length: WRITERS }, (_v, i) => writer(writeClient, i, stop.signal, lat, WRITE_RATE / WRITERS)),
      ...Array.from({ length: WATCHERS }, (_v, i) => churningWatcher(watchClient, i, stop.signal, stopped, counts)),
    ];

    const samples: Sample[] = [];
    const t0 = performance.now();
    console.log(
      `  soak: ${formatDuration(duration)} of load, warm-up ${formatDuration(warmup)}, ${WRITERS} writers (${WRITE_RATE > 0 ? `${WRITE_RATE} writes/s in all` : "unpaced"}), ${WATCHERS} watchers, ${informers.kinds} informers; a row every ${SAMPLE_MS / 1000} s`,
    );
    while (performance.now() - t0 < duration) {
      await new Promise((r) => setTimeout(r, Math.min(SAMPLE_MS, duration - (performance.now() - t0))));
      const p = await server.probe();
      const { count, p99 } = lat.take();
      const s: Sample = {
        ...p,
        t: performance.now() - t0,
        writes: count,
        p99,
        clientWatchers: counts.open,
        reconnects: counts.reconnects,
      };
      samples.push(s);
      const [f, r] = [s.found, s.retained];
      console.log(
        `  t=${(s.t / 1000).toFixed(0)}s rss ${mb(f.rss)} MB (after GC ${mb(r.rss)}: heap ${mb(r.heapUsed)}/${mb(r.heapTotal)} external ${mb(r.external)} anon ${mb(r.rssAnon)} file ${mb(r.rssFile)}) events ${s.cachedEvents}/${s.cachedEventCapacity} db ${mb(s.dbBytes)} MB fds ${s.fds} watchers ${s.watchers} listeners ${s.listeners} handles ${s.handles} writes ${s.writes} p99 ${formatDuration(s.p99)}`,
      );
    }

    stop.abort();
    await Promise.all(tasks);
    await informers.factory.shutdown();
    informers.cs.restClient.close();
    writeClient.close();
    watchClient.close();
    // Give the server its time to see every connection go.
    let idleAfter = await server.probe();
    await waitUntil(async () => {
      idleAfter = await server.probe();
      return idleAfter.watchers <= idleBefore.watchers && idleAfter.fds <= idleBefore.fds && idleAfter.listeners <= idleBefore.listeners;
    }, 30_000);

    printTable(
      "soak: the server over time (memory as found, then right after a full GC)",
      [
        "t",
        "RSS MB",
        "RSS after GC",
        "heap used / total after GC",
        "external after GC",
        "cached events",
        "db MB",
        "fds",
        "watchers (server)",
        "watchers (clients)",
        "reconnects",
        "listeners",
        "handles",
        "writes",
        "write p99",
      ],
      samples.map((s) => [
        `${(s.t / 1000).toFixed(0)} s`,
        mb(s.found.rss),
        mb(s.retained.rss),
        `${mb(s.retained.heapUsed)} / ${mb(s.retained.heapTotal)}`,
        mb(s.retained.external),
        `${s.cachedEvents} / ${s.cachedEventCapacity}`,
        mb(s.dbBytes),
        String(s.fds),
        String(s.watchers),
        String(s.clientWatchers),
        String(s.reconnects),
        String(s.listeners),
        String(s.handles),
        String(s.writes),
        formatDuration(s.p99),
      ]),
    );

    // Warm-up ends at the first sample at or after it; "the end" is the mean of the last three
    // samples (one sample is one GC's luck).
    const base = samples.find((s) => s.t >= warmup - 1000) ?? samples[0]!;
    const tail = samples.slice(-3);
    const endOf = (f: (s: Sample) => number): number => tail.reduce((n, s) => n + f(s), 0) / tail.length;
    const rows: string[][] = [];
    const summary: string[] = [];
    const growth = (what: string, f: (s: Sample) => number, target: Target | undefined): void => {
      const end = endOf(f);
      const ratio = end / f(base);
      const pct = `${((ratio - 1) * 100).toFixed(1)}%`;
      const verdict = target ? checkTarget(ratio, target, `soak: ${what} growth after warm-up < 10%`).verdict : "-";
      rows.push([`${what}, end of load / end of warm-up`, `${mb(end)} / ${mb(f(base))} MB`, pct, target ? "< 10%" : "-", verdict]);
      summary.push(`${what} ${mb(f(base))} MB at the end of warm-up, ${mb(end)} MB at the end: ${pct}${target ? ` ${verdict}` : ""}`);
    };
    // The targets are on what the server retains: V8 collects lazily and sizes its heap by its
    // own heuristics, so memory as found includes garbage; it is shown, without a verdict.
    const retained = forcedGC() ? "after a full GC" : "with no forced GC (SOAK_GC=0)";
    growth(`RSS ${retained}`, (s) => s.retained.rss, RSS_TARGET);
    growth(`heap used ${retained}`, (s) => s.retained.heapUsed, RSS_TARGET);
    growth("RSS as found (with uncollected garbage)", (s) => s.found.rss, undefined);
    growth("heap used as found", (s) => s.found.heapUsed, undefined);
    // For information: growth against the first minute, before the event windows filled.
    const minuteOne = samples.find((s) => s.t >= FIRST_MINUTE_MS - 1000);
    if (minuteOne && minuteOne.t < base.t) {
      const end = endOf((s) => s.retained.rss);
      const pct = `${((end / minuteOne.retained.rss - 1) * 100).toFixed(1)}%`;
      rows.push([
        `RSS ${retained}, end of load / first minute (window filling)`,
        `${mb(end)} / ${mb(minuteOne.retained.rss)} MB`,
        pct,
        "-",
        "-",
      ]);
    }
    if (process.env.SOAK_COMPACTION_INTERVAL) {
      // With compaction the file holds about one interval of history: it rises within each
      // round and falls at each compaction, so the peaks are compared: the last interval's
      // against the warm-up's.
      const interval = parseDuration(process.env.SOAK_COMPACTION_INTERVAL);
      const last = samples.at(-1)!.t;
      const peak = (xs: Sample[]): number => Math.max(1, ...xs.map((x) => x.dbBytes));
      const endDb = peak(samples.filter((x) => x.t >= last - interval));
      const warmDb = peak(samples.filter((x) => x.t <= base.t));
      const dbRatio = endDb / warmDb;
      const dbCheck = checkTarget(dbRatio, RSS_TARGET, "soak: SQLite file peak growth after warm-up < 10% (compaction on)");
      rows.push([
        `SQLite file peak (compaction every ${process.env.SOAK_COMPACTION_INTERVAL}), last interval / warm-up`,
        `${mb(endDb)} / ${mb(warmDb)} MB`,
        `${((dbRatio - 1) * 100).toFixed(1)}%`,
        "< 10%",
        dbCheck.verdict,
      ]);
    }
    for (const [what, key] of [
      ["watchers held once the clients left", "watchers"],
      ["event listeners once the clients left", "listeners"],
      ["open fds once the clients left", "fds"],
    ] as const) {
      const extra = idleAfter[key] - idleBefore[key];
      const c = checkTarget(extra, LEAK_TARGET, `soak: no leaked ${key}`);
      rows.push([what, `${idleAfter[key]} (before the load: ${idleBefore[key]})`, String(extra), "0 more", c.verdict]);
      summary.push(`${key} ${idleBefore[key]} before the load, ${idleAfter[key]} once the clients left: ${c.verdict}`);
    }
    const types = (p: Probe): string =>
      Object.entries(p.handleTypes)
        .sort()
        .map(([t, n]) => `${t} ${n}`)
        .join(", ");
    rows.push([
      "active handles once the clients left",
      `${idleAfter.handles} (before: ${idleBefore.handles})`,
      String(idleAfter.handles - idleBefore.handles),
      "-",
      "-",
    ]);
    printTable("soak: targets", ["what", "measured", "growth", "target", "verdict"], rows);
    printNote(`server handles by type, before the load: ${types(idleBefore)}; after: ${types(idleAfter)}`);
    printNote(
      `${lat.total} writes (${lat.errors} answered 4xx/5xx other than 404/409), ${counts.reconnects} watch reconnects; every figure reported by the server process (RSS as /proc/self/status counts it), memory both as found and ${forcedGC() ? "right after a full GC (gc(), --expose-gc)" : "again without a forced GC (SOAK_GC=0)"}`,
    );
    printNote(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")} on ${os.cpus().length} CPUs`,
    );
    // The watch caches hold 75 s of events, so memory follows the write rate: say whether the
    // end was measured under the warm-up's load.
    // Over the samples' own periods (the last one may be short).
    const rateOf = (xs: Sample[]): number => {
      const before = samples[samples.indexOf(xs[0]!) - 1]?.t ?? 0;
      return (xs.reduce((n, x) => n + x.writes, 0) / (xs.at(-1)!.t - before)) * 1000;
    };
    const warmRate = rateOf(samples.filter((x) => x.t <= base.t).slice(-3));
    const endRate = rateOf(tail);
    const steady = Math.abs(endRate / warmRate - 1) <= 0.2;
    summary.push(
      `writes/s achieved: ${warmRate.toFixed(0)} at the end of warm-up, ${endRate.toFixed(0)} at the end (asked ${WRITE_RATE > 0 ? WRITE_RATE : "unpaced"}); ` +
        `cached events ${base.cachedEvents} then ${tail.at(-1)!.cachedEvents}` +
        (steady ? "" : ": the load was not steady (the machine's), so the memory comparison is not at equal load"),
    );
    for (const line of summary) printNote(line);
  } finally {
    setup.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "soak",
  description:
    "10 minutes of mixed load (writes, 100 reconnecting watchers, an informer per kind): RSS, fds, watchers, listeners over time",
  run,
};

if (process.argv[2] === "--serve") await serve(process.argv[3]!);
else await runIfMain(import.meta.url, bench);
