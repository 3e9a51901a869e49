/**
 * Deep copy: generated deepCopyX against a hand-written copy (the ceiling), rfdc,
 * structuredClone and a JSON round trip, on five realistic objects. Every copier is checked to
 * return an equal object sharing no mutable object with its input before it is timed.
 */
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import rfdc from "rfdc";
import { Bench } from "tinybench";
import { deepCopyCustomResourceDefinition } from "../generated/apis/apiextensions/v1/index.js";
import { deepCopyConfigMap, deepCopyEndpoints, deepCopyNamespace, deepCopyService } from "../generated/apis/core/v1/index.js";
import {
  copyConfigMap,
  copyCustomResourceDefinition,
  copyEndpoints,
  copyNamespace,
  copyService,
} from "./fixtures/hand-written-copy.js";
import { benchObjects, type BenchObjects } from "./fixtures/objects.js";
import {
  beginBench,
  type BenchModule,
  checkTarget,
  formatDuration,
  formatOps,
  formatPercent,
  formatRatio,
  formatTarget,
  printNote,
  printTable,
  type Target,
} from "./support/table.js";

type Copier = (src: never) => unknown;

/** Time budget per copier and object (tinybench `time`, ms). */
const TIME_MS = 350;
const WARMUP_MS = 100;
/** Each tinybench sample runs the copier this long (ms), so timer overhead stays far below 1%. */
const SAMPLE_MS = 0.25;

const rfdcClone = rfdc();

const PEERS = ["hand-written", "rfdc", "structuredClone", "JSON round trip"] as const;
type Peer = (typeof PEERS)[number];

interface Case {
  object: keyof BenchObjects;
  ours: Copier;
  hand: Copier;
}

const CASES: Case[] = [
  { object: "Namespace", ours: deepCopyNamespace, hand: copyNamespace },
  { object: "Service", ours: deepCopyService, hand: copyService },
  { object: "Endpoints", ours: deepCopyEndpoints, hand: copyEndpoints },
  { object: "ConfigMap", ours: deepCopyConfigMap, hand: copyConfigMap },
  { object: "CustomResourceDefinition", ours: deepCopyCustomResourceDefinition, hand: copyCustomResourceDefinition },
];

/** ours/peer targets: the targets doc's (stricter) and the issue's floor. */
const TARGETS: { peer: Peer; label: string; target: Target }[] = [
  { peer: "hand-written", label: "vs hand-written", target: { min: 0.8 } },
  { peer: "rfdc", label: "vs rfdc (target)", target: { min: 3 } },
  { peer: "rfdc", label: "vs rfdc (issue floor)", target: { min: 1.5 } },
  { peer: "structuredClone", label: "vs structuredClone (target)", target: { min: 20 } },
  { peer: "structuredClone", label: "vs structuredClone (issue floor)", target: { min: 5 } },
];

/** Fails unless `copy` is a deep copy of `src`: equal, and no object or array of `src` reused. */
function assertDeepCopy(name: string, src: unknown, copy: unknown): void {
  assert.deepStrictEqual(copy, src, `${name}: copy differs from its input`);
  const inputs = new Set<object>();
  const collect = (v: unknown): void => {
    if (v === null || typeof v !== "object" || inputs.has(v)) return;
    inputs.add(v);
    for (const x of Object.values(v)) collect(x);
  };
  collect(src);
  const check = (v: unknown, path: string): void => {
    if (v === null || typeof v !== "object") return;
    assert.ok(!inputs.has(v), `${name}: copy shares ${path || "the root"} with its input`);
    for (const [k, x] of Object.entries(v)) check(x, `${path}.${k}`);
  };
  check(copy, "");
}

/**
 * A loop calling `copy(src)` `n` times. Each copier gets its own compiled loop (a fresh function
 * via `new Function`), so call-site feedback from one copier never slows another down.
 */
type Loop = (copy: Copier, src: unknown, n: number) => unknown;
function makeLoop(): Loop {
  return new Function("copy", "src", "n", "let out; for (let i = 0; i < n; i++) out = copy(src); return out;") as Loop;
}

let sink: unknown;

/** How many copies make one sample of about SAMPLE_MS; also warms the copier up. */
function batchSize(loop: Loop, copy: Copier, src: unknown): number {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    sink = loop(copy, src, n);
    const dt = performance.now() - t0;
    if (dt >= 5) return Math.max(1, Math.round((n * SAMPLE_MS) / dt));
    n *= 2;
  }
}

interface Measured {
  opsPerSecond: number;
  rme: number;
}

async function measure(object: string, src: unknown, copiers: [string, Copier][]): Promise<Map<string, Measured>> {
  const bench = new Bench({ name: object, time: TIME_MS, warmupTime: WARMUP_MS, iterations: 16, throws: true });
  const batches = new Map<string, number>();
  for (const [name, copy] of copiers) {
    const loop = makeLoop();
    const n = batchSize(loop, copy, src);
    batches.set(name, n);
    bench.add(name, () => {
      sink = loop(copy, src, n);
    });
  }
  await bench.run();
  const out = new Map<string, Measured>();
  for (const task of bench.tasks) {
    const r = task.result;
    if (r.state !== "completed") throw new Error(`${object}/${task.name}: ${r.state}`);
    const n = batches.get(task.name)!;
    out.set(task.name, { opsPerSecond: (n * 1000) / r.period, rme: r.latency.rme });
  }
  return out;
}

async function run(): Promise<void> {
  beginBench("deepcopy");
  const objects = benchObjects();
  const summary: string[][] = [];
  for (const c of CASES) {
    const src = objects[c.object];
    const copiers: [string, Copier][] = [
      ["ours (generated)", c.ours],
      ["hand-written", c.hand],
      ["rfdc", rfdcClone as Copier],
      ["structuredClone", ((o: unknown) => structuredClone(o)) as Copier],
      ["JSON round trip", ((o: unknown) => JSON.parse(JSON.stringify(o))) as Copier],
    ];
    for (const [name, copy] of copiers) assertDeepCopy(`${c.object}/${name}`, src, (copy as (o: unknown) => unknown)(src));

    const m = await measure(c.object, src, copiers);
    const ours = m.get("ours (generated)")!.opsPerSecond;
    printTable(
      `deepcopy: ${c.object} (${JSON.stringify(src).length.toLocaleString("en-US")} bytes of JSON)`,
      ["copier", "ops/s", "time/op", "rme", "ours/this"],
      copiers.map(([name]) => {
        const r = m.get(name)!;
        return [name, formatOps(r.opsPerSecond), formatDuration(1000 / r.opsPerSecond), formatPercent(r.rme), formatRatio(ours / r.opsPerSecond)];
      }),
    );
    summary.push([
      c.object,
      ...TARGETS.map(({ peer, label, target }) => {
        const ratio = ours / m.get(peer)!.opsPerSecond;
        return `${formatRatio(ratio)} ${checkTarget(ratio, target, `${c.object} ${label}`).verdict}`;
      }),
    ]);
  }
  printTable(
    "deepcopy: targets (ours/peer ops/s)",
    ["object", ...TARGETS.map(({ label, target }) => `${label} ${formatTarget(target)}`)].map((h, i) =>
      i === 0 ? h : { header: h, align: "right" as const },
    ),
    summary,
  );
  printNote(`tinybench, ${TIME_MS} ms per copier after ${WARMUP_MS} ms warm-up; each sample runs ~${SAMPLE_MS} ms of copies, ops/s = copies / total time.`);
  printNote("Inputs went through JSON.parse, as objects decoded by a server do. Every copier was first checked to return an equal copy sharing no object with its input.");
  if (sink === Symbol.for("never")) console.log(sink);
}

export const bench: BenchModule = {
  name: "deepcopy",
  description: "generated deepCopyX vs hand-written, rfdc, structuredClone, JSON round trip",
  run,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
