/**
 * Informer initial sync against `kubegen apiserver` (a child process on SQLite) holding 10,000
 * ConfigMaps: our generated ConfigMap informer beside @kubernetes/client-node's `makeInformer`,
 * same objects, same server. For each: the time from start until its cache holds every object,
 * and the heap it retains (heapUsed after gc with the informer holding its cache, minus a
 * baseline after gc before it started). Each informer is measured in processes of its own,
 * started with --expose-gc (this file again, with `--measure`): one warm-up run for the JIT,
 * then two measured runs; three rounds alternate the informers, and the best run counts. Own
 * processes because client-node's informer keeps its whole cache reachable after `stop()`
 * (16 MB a run here): in a shared process every later run, of any informer, would work on a
 * heap grown by the earlier ones.
 * Targets (issues 4 and 20): ours at least 2x faster and at most half the retained heap; at most
 * 2x the floor, also restated against floor + parse (see FLOOR_TARGET).
 *
 * Where ours spends its time beyond floor + parse (session 12; CPU per sync of the same list
 * body from a file, load 12-18, so figures are +-30%): the cache's replace (keys, map) 3-9 ms;
 * compaction 1-2 ms once its code is optimised, 12-26 ms in a run where it is cold or
 * deoptimised (a full gc between runs drops the hidden classes it was optimised for, and the
 * bench's measured runs show ours' CPU 10-15 ms above compact: false); the first scavenge,
 * which copies every parsed object the cache keeps, 6-15 ms (less when compaction has run
 * first: the dropped trees are not copied). Measured and not kept: compacting after the sync in
 * slices (the scavenge then copies the uncompacted objects, and compacting promoted objects
 * costs more: the sync was no faster and the CPU to its end higher), a text-level dedupe of
 * fieldsV1 before JSON.parse (the smaller text parsed no faster), JSON.stringify keys for trees
 * (their garbage brings a scavenge forward), a leaf-inlined tree matcher, compacting all before
 * keying, indexed loops in the compactor, keeping the previous run's objects alive across the
 * gc (no difference beyond noise).
 * Session 14: the cache keeps a JSON list undecoded (runtime/rest/json-list-scan.ts splits the
 * body into item texts, checking it as JSON.parse would; each object is decoded on first read),
 * so a sync is receive + scan; the ours-handler row decodes every object for its handler, and
 * the list() column is the decoding a lazily decoded cache defers to its first full read.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import https from "node:https";
import { fileURLToPath } from "node:url";
import * as k8s from "@kubernetes/client-node";
import YAML from "yaml";
import type { ConfigMap } from "../generated/apis/core/v1/index.js";
import { Clientset } from "../generated/clientset/index.js";
import { SharedInformerFactory } from "../generated/informers/index.js";
import { stripManagedFields } from "../runtime/cache/index.js";
import { MEDIA_TYPE_PROTOBUF, type RestConfig } from "../runtime/rest/index.js";
import { spawnAPIServer } from "../test/support/apiserver-process.js";
import { type BenchModule, checkTarget, formatDuration, formatRatio, printNote, printTable, type Target } from "./support/table.js";

const OBJECTS = 10_000;
const CONCURRENCY = 32;
const NAMESPACE = "bench-informer";
/** Rounds of measuring processes, one per informer each round, and runs measured in each. */
const ROUNDS = 3;
const RUNS_PER_PROCESS = 2;
const RUNS = ROUNDS * RUNS_PER_PROCESS;
const SYNC_TARGET: Target = { min: 2 };
const HEAP_TARGET: Target = { max: 0.5 };
/**
 * The "<= 2x the floor", and the same bound restated against the physical limit
 * (TARGETS.md): an informer must both receive the list and parse it, and the floor's client
 * thread is already busy nearly the whole time it receives (its client CPU is close to its wall
 * time), so the limit is the floor plus JSON.parse of the floor's own body, one after the other.
 */
const FLOOR_TARGET: Target = { max: 2 };
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), "..");

/**
 * ours: the generated informer as shipped: the client's defaults (JSON, QPS 5, burst 10; the
 * first list asks resourceVersion=0 with limit=500 as client-go's reflector does, so a server
 * without a watch cache answers in 20 pages, each through the limiter) and the cache's lossless
 * compaction; ours-uncompacted: the same with `compact: false`; ours-unthrottled: qps -1, as
 * client-node has no client-side limiter; ours-protobuf: unthrottled, protobuf; ours-strip: the
 * defaults plus the (lossy) `stripManagedFields` transform many controllers set; ours-pipelined:
 * the defaults with the first list in pipelined pages of 2,000 (`pipelinedPageSize`, whose first page warms
 * a second connection for the next ones); ours-handler: the defaults with an add handler (it
 * decodes every listed object to call it; synced once the handler has seen them all); floor: the full
 * list at resourceVersion=0 fetched over HTTPS without decoding, which no informer can beat.
 */
type Informer =
  | "ours"
  | "ours-handler"
  | "ours-uncompacted"
  | "ours-unthrottled"
  | "ours-protobuf"
  | "ours-strip"
  | "ours-pipelined"
  | "client-node"
  | "floor";
const LABELS: Record<Informer, string> = {
  ours: "kubegen informer (defaults: JSON, QPS 5, compact)",
  "ours-handler": "kubegen informer (defaults) + an add handler",
  "ours-uncompacted": "kubegen informer (defaults, compact: false)",
  "ours-unthrottled": "kubegen informer (JSON, unthrottled)",
  "ours-protobuf": "kubegen informer (protobuf, unthrottled)",
  "ours-strip": "kubegen informer (defaults + stripManagedFields)",
  "ours-pipelined": "kubegen informer (defaults, pipelined pages of 2,000)",
  "client-node": "@kubernetes/client-node makeInformer",
  floor: "floor: GET the full list, bytes only",
};
interface Measurement {
  informer: Informer;
  syncMs: number;
  /** CPU time of the informer's process from start to synced (user + system). */
  cpuMs: number;
  retainedBytes: number;
  objects: number;
  /** The floor only: CPU time of JSON.parse of the body it fetched, alone, after the sync. */
  parseMs?: number;
  /** Ours and client-node: CPU time of the first full list of the cache after the sync (ours decodes what no one read yet). */
  listMs?: number;
  /** The retained heap again after that list (ours: every object decoded). */
  retainedAfterListBytes?: number;
}

/** A ConfigMap of a few hundred bytes, labelled and annotated as real ones are. */
function configMap(i: number): ConfigMap {
  const id = String(i).padStart(5, "0");
  return {
    metadata: {
      name: `cm-${id}`,
      labels: { app: "bench", shard: String(i % 16) },
      annotations: { "bench.kubegen.io/owner": `team-${i % 7}` },
    },
    data: {
      "config.yaml": `key: value-${id}\nreplicas: ${i % 5}\n`,
      "settings.json": JSON.stringify({ id, enabled: i % 2 === 0, tags: ["a", "b", "c"] }),
    },
  };
}

async function fill(cs: Clientset): Promise<void> {
  await cs
    .coreV1()
    .namespaces()
    .create({ metadata: { name: NAMESPACE } });
  const cms = cs.coreV1().configMaps(NAMESPACE);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < OBJECTS) await cms.create(configMap(next++));
    }),
  );
}

// ---- the measuring child (node --expose-gc) ----

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) throw new Error("run with node --expose-gc");
  for (let i = 0; i < 3; i++) g();
}

/** heapUsed after full collections. */
function settledHeap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

/** Resolves once `ready()` holds, checking every millisecond. */
async function poll(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((r) => setTimeout(r, 1));
}

interface Running {
  count(): number;
  stop(): Promise<void>;
  /** Measured after the sync and the heap: the floor's JSON.parse of what it fetched. */
  parseMs?(): number;
  /** Measured after the sync and the heap: a full list of the cache (what a lister's list() does). */
  listAll?(): readonly unknown[];
}

/** Builds the client (before the baseline), then returns a starter. */
function prepare(informer: Informer, kubeconfig: string): () => Running {
  if (informer === "client-node") {
    const kc = new k8s.KubeConfig();
    kc.loadFromFile(kubeconfig);
    const api = kc.makeApiClient(k8s.CoreV1Api);
    return () => {
      const inf = k8s.makeInformer(kc, "/api/v1/configmaps", () => api.listConfigMapForAllNamespaces());
      inf.on("error", (err: unknown) => console.error(`client-node informer: ${String(err)}`));
      void inf.start();
      return { count: () => inf.list().length, stop: () => inf.stop(), listAll: () => inf.list() };
    };
  }
  if (informer === "floor") return () => rawList(kubeconfig);
  const overrides: Partial<RestConfig> =
    informer === "ours-protobuf" ? { qps: -1, contentType: MEDIA_TYPE_PROTOBUF } : informer === "ours-unthrottled" ? { qps: -1 } : {};
  const cs = Clientset.fromKubeconfig({ path: kubeconfig }, overrides);
  return () => {
    const factory = new SharedInformerFactory(cs, {
      reflector: {
        onError: (err) => console.error(`informer: ${String(err)}`),
        ...(informer === "ours-pipelined" && { pipelinedPageSize: 2000 }),
      },
      ...(informer === "ours-uncompacted" && { compact: false }),
      ...(informer === "ours-strip" && { transform: stripManagedFields }),
    });
    const inf = factory.coreV1().configMaps().informer();
    let added = 0;
    const reg = informer === "ours-handler" ? inf.addEventHandler({ onAdd: () => void added++ }) : undefined;
    factory.start();
    return {
      // size(), not list().length: list() decodes every object, which a sync does not.
      count: () => (!inf.hasSynced() ? 0 : reg === undefined ? inf.getStore().size() : reg.hasSynced() ? added : 0),
      listAll: () => inf.getStore().list(),
      stop: async () => {
        await factory.shutdown();
        cs.restClient.close();
      },
    };
  };
}

/** The full list over HTTPS with the admin certificate, bytes counted and dropped. */
function rawList(kubeconfig: string): Running {
  const cfg = YAML.parse(fs.readFileSync(kubeconfig, "utf8")) as {
    clusters: { cluster: Record<string, string> }[];
    users: { user: Record<string, string> }[];
  };
  const b64 = (s: string | undefined): Buffer => Buffer.from(s ?? "", "base64");
  const url = new URL(`${cfg.clusters[0]!.cluster.server}/api/v1/configmaps?resourceVersion=0`);
  let count = 0;
  const req = https.get(
    url,
    {
      headers: { Accept: "application/json" },
      ca: b64(cfg.clusters[0]!.cluster["certificate-authority-data"]),
      cert: b64(cfg.users[0]!.user["client-certificate-data"]),
      key: b64(cfg.users[0]!.user["client-key-data"]),
    },
    (res) => {
      // Kept (not decoded) for parseMs, measured after the sync.
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => (count = OBJECTS));
    },
  );
  const chunks: Buffer[] = [];
  req.on("error", (err) => console.error(`floor: ${String(err)}`));
  return {
    count: () => count,
    stop: async () => void req.destroy(),
    parseMs: () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const c0 = process.cpuUsage();
      const list = JSON.parse(text) as { items: unknown[] };
      const cpu = process.cpuUsage(c0);
      if (list.items.length < OBJECTS) throw new Error(`floor: the list held ${list.items.length} objects`);
      return (cpu.user + cpu.system) / 1000;
    },
  };
}

async function measure(informer: Informer, kubeconfig: string): Promise<Measurement> {
  let start: (() => Running) | undefined = prepare(informer, kubeconfig);
  const baseline = settledHeap();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const running = start();
  // Dropped so that the preparation's garbage is collectable before the heap is measured.
  // eslint-disable-next-line no-useless-assignment
  start = undefined;
  await poll(() => running.count() >= OBJECTS);
  const syncMs = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const retainedBytes = settledHeap() - baseline;
  const objects = running.count();
  const parseMs = running.parseMs?.();
  let listMs: number | undefined;
  let retainedAfterListBytes: number | undefined;
  if (running.listAll) {
    const l0 = process.cpuUsage();
    const n = running.listAll().length;
    const l = process.cpuUsage(l0);
    if (n < OBJECTS) throw new Error(`${informer}: list() returned ${n} objects`);
    listMs = (l.user + l.system) / 1000;
    retainedAfterListBytes = settledHeap() - baseline;
  }
  await running.stop();
  return {
    informer,
    syncMs,
    cpuMs,
    retainedBytes,
    objects,
    ...(parseMs !== undefined && { parseMs }),
    ...(listMs !== undefined && { listMs, retainedAfterListBytes }),
  };
}

async function measureMain(kubeconfig: string, informer: Informer, runs: number): Promise<void> {
  const results: Measurement[] = [];
  // The first run warms the JIT and is not reported.
  for (let run = 0; run <= runs; run++) {
    const m = await measure(informer, kubeconfig);
    if (run > 0) results.push(m);
    // Let closed sockets and stopped streams go before the next baseline.
    await new Promise((r) => setTimeout(r, 200));
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
  // Stopped informers may leave sockets closing; the result is out.
  process.exit(0);
}

// ---- the runner's side ----

/**
 * Node flags for the measuring processes, e.g. KUBEGEN_BENCH_INFORMER_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=/tmp/prof" for a CPU profile of each informer's runs (a profiler slows them: the
 * figures of such a run are for reading the profile, not for the table).
 */
const CHILD_NODE_ARGS = process.env.KUBEGEN_BENCH_INFORMER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];

function runMeasuringChild(kubeconfig: string, informer: Informer, runs: number): Promise<Measurement[]> {
  const args = [...CHILD_NODE_ARGS, "--expose-gc", "--import", "tsx", SELF, "--measure", kubeconfig, informer, String(runs)];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code !== 0) return reject(new Error(`measuring process exited with ${code}: ${out}`));
      try {
        resolve(JSON.parse(last) as Measurement[]);
      } catch {
        reject(new Error(`measuring process printed no result: ${out}`));
      }
    });
  });
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-informer-"));
  const server = await spawnAPIServer(dir);
  try {
    const cs = Clientset.fromKubeconfig({ path: server.kubeconfig }, { qps: -1 });
    const t0 = performance.now();
    await fill(cs);
    cs.restClient.close();
    printNote(
      `created ${OBJECTS.toLocaleString("en-US")} ConfigMaps at concurrency ${CONCURRENCY} in ${formatDuration(performance.now() - t0)}`,
    );

    const order: Informer[] = [
      "ours",
      "ours-handler",
      "ours-uncompacted",
      "ours-unthrottled",
      "ours-protobuf",
      "ours-strip",
      "ours-pipelined",
      "client-node",
      "floor",
    ];
    const all: Measurement[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const informer of order) all.push(...(await runMeasuringChild(server.kubeconfig, informer, RUNS_PER_PROCESS)));
    }
    const best = (informer: Informer): Measurement => {
      const mine = all.filter((m) => m.informer === informer);
      for (const m of mine) if (m.objects < OBJECTS) throw new Error(`${informer} cached ${m.objects} of ${OBJECTS} objects`);
      return {
        informer,
        syncMs: Math.min(...mine.map((m) => m.syncMs)),
        cpuMs: Math.min(...mine.map((m) => m.cpuMs)),
        retainedBytes: Math.min(...mine.map((m) => m.retainedBytes)),
        objects: mine[0]!.objects,
        ...(informer === "floor" && { parseMs: Math.min(...mine.map((m) => m.parseMs ?? Infinity)) }),
        ...(mine[0]!.listMs !== undefined && {
          listMs: Math.min(...mine.map((m) => m.listMs ?? Infinity)),
          retainedAfterListBytes: Math.min(...mine.map((m) => m.retainedAfterListBytes ?? Infinity)),
        }),
      };
    };
    const results = order.map(best);
    const by = (i: Informer): Measurement => results.find((m) => m.informer === i)!;
    const theirs = by("client-node");
    printTable(
      `initial sync of ${OBJECTS.toLocaleString("en-US")} ConfigMaps (best of ${RUNS} runs each)`,
      ["informer", "sync", "client CPU", "retained heap", "list() after sync (CPU)", "heap after list()", "runs (sync / heap)"],
      results.map((m) => [
        LABELS[m.informer],
        formatDuration(m.syncMs),
        formatDuration(m.cpuMs),
        m.informer === "floor" ? "-" : mb(m.retainedBytes),
        m.listMs === undefined ? "-" : formatDuration(m.listMs),
        m.retainedAfterListBytes === undefined ? "-" : mb(m.retainedAfterListBytes),
        all
          .filter((x) => x.informer === m.informer)
          .map((x) => `${formatDuration(x.syncMs)} / ${mb(x.retainedBytes)}`)
          .join(", "),
      ]),
    );
    // The targets are checked on the informer as shipped (default client config); the other
    // rows show what each setting changes.
    const ours = by("ours");
    const floor = by("floor");
    const speed = theirs.syncMs / ours.syncMs;
    const heap = ours.retainedBytes / theirs.retainedBytes;
    const s = checkTarget(speed, SYNC_TARGET, "informer sync: client-node time / ours >= 2x");
    const h = checkTarget(heap, HEAP_TARGET, "informer retained heap: ours / client-node <= 0.5x");
    // Best floor plus best parse, each the best of its own runs as every other column: the
    // lower (stricter) limit of the two ways to add them.
    const limitMs = floor.syncMs + floor.parseMs!;
    const fastestFloor = all.filter((m) => m.informer === "floor").reduce((a, b) => (b.syncMs < a.syncMs ? b : a));
    const f = checkTarget(ours.syncMs / floor.syncMs, FLOOR_TARGET, "informer sync: ours / floor <= 2x");
    const fp = checkTarget(ours.syncMs / limitMs, FLOOR_TARGET, "informer sync: ours / (floor + parse) <= 2x");
    const info = (i: Informer): string[][] => [
      [`sync speed, ${LABELS[i]}`, formatRatio(theirs.syncMs / by(i).syncMs), "(info)", "-"],
      [`retained heap, ${LABELS[i]}`, formatRatio(by(i).retainedBytes / theirs.retainedBytes), "(info)", "-"],
    ];
    printTable(
      "targets: ours against client-node",
      ["measure", "ratio", "target", "verdict"],
      [
        ["sync speed: client-node time / ours", formatRatio(speed), s.bound, s.verdict],
        ["retained heap: ours / client-node", formatRatio(heap), h.bound, h.verdict],
        ...info("ours-handler"),
        ["client CPU: client-node / ours with an add handler", formatRatio(theirs.cpuMs / by("ours-handler").cpuMs), "(info)", "-"],
        [
          "sync + first list() CPU: client-node / ours",
          formatRatio((theirs.cpuMs + theirs.listMs!) / (ours.cpuMs + ours.listMs!)),
          "(info)",
          "-",
        ],
        [
          "retained heap after list(): ours / client-node",
          formatRatio(ours.retainedAfterListBytes! / theirs.retainedAfterListBytes!),
          "(info)",
          "-",
        ],
        ...info("ours-uncompacted"),
        ...info("ours-unthrottled"),
        ...info("ours-protobuf"),
        ...info("ours-strip"),
        ...info("ours-pipelined"),
        ["client CPU: ours / ours-pipelined", formatRatio(ours.cpuMs / by("ours-pipelined").cpuMs), "(info)", "-"],
        // CPU time is stretched less than wall time by a loaded machine: the sync ratio's steadier companion.
        ["client CPU: client-node / ours", formatRatio(theirs.cpuMs / ours.cpuMs), "(info)", "-"],
        ["floor's share of client-node's sync", formatRatio(by("floor").syncMs / theirs.syncMs), "(info)", "-"],
        ["sync: ours / floor (issue 20)", formatRatio(ours.syncMs / floor.syncMs), f.bound, f.verdict],
        ["sync: ours / (floor + JSON.parse of its body), the restated limit", formatRatio(ours.syncMs / limitMs), fp.bound, fp.verdict],
        // CPU is stretched less by load than wall time (which the parse, timed in CPU, is not): the steadier companion.
        ["client CPU: ours / (floor's + JSON.parse's)", formatRatio(ours.cpuMs / (floor.cpuMs + floor.parseMs!)), "(info)", "-"],
        // The evidence for the restatement, from the floor's fastest run: near 1x, its thread
        // has no idle time in which to parse while it receives.
        ["floor's client CPU / its sync, fastest floor run", formatRatio(fastestFloor.cpuMs / fastestFloor.syncMs), "(info)", "-"],
      ],
    );
    printNote(
      `JSON.parse alone of the floor's body (CPU, best run): ${formatDuration(floor.parseMs!)}; the floor plus that parse, done one after the other: ${formatDuration(floor.syncMs + floor.parseMs!)} = ${formatRatio((floor.syncMs + floor.parseMs!) / floor.syncMs)} the floor`,
    );
    printNote(
      "sync = start until the cache holds every object (with an add handler: until the handler saw them all); heap = heapUsed after gc holding the cache minus before start",
    );
    printNote(
      "list() after sync = CPU of the first full list of the cache once synced: ours decodes (and compacts) there the objects a lazily decoded cache kept as text",
    );
    printNote(
      "client CPU = the informer process's CPU time (user + system) from start to synced, best run: what load on the machine stretches least",
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "informer",
  description: `initial sync time and retained heap of an informer over ${OBJECTS.toLocaleString("en-US")} ConfigMaps: ours vs @kubernetes/client-node`,
  run,
};

if (process.argv[1] === SELF && process.argv[2] === "--measure") {
  await measureMain(process.argv[3]!, process.argv[4] as Informer, Number(process.argv[5] ?? 1));
}
