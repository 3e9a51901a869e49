/**
 * Server-side apply of a custom resource with list-map conditions against a ConfigMap, in the
 * same spawned `kubegen apiserver` (SQLite): creates/s (POST) and applies/s (PATCH with
 * application/apply-patch+yaml, each apply changing one value of an object its client owns) at
 * 16 clients, alternating in rounds. Target (issue 23): custom resource applies/s >= 70% of
 * ConfigMap applies/s. The server's CPU per operation (from /proc) sits beside the rates: it moves
 * less than wall time when other work shares the CPUs.
 * KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the spawned server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../test/support/apiserver-process.js";
import { CRD_PATH } from "../test/support/crontab-crd.js";
import { processCpuMs } from "./support/process-cpu.js";
import {
  type BenchModule,
  checkTarget,
  formatOps,
  formatRatio,
  median,
  printNote,
  printTable,
  runIfMain,
  type Target,
} from "./support/table.js";
import { benchNodeArgs } from "./support/node-args.js";

const CLIENTS = 16;
const ROUNDS = 3;
const ROUND_MS = 500;
const APPLY_TARGET: Target = { min: 0.7 };

const CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "gadgets.bench.example.com" },
  spec: {
    group: "bench.example.com",
    scope: "Namespaced",
    names: { plural: "gadgets", singular: "gadget", kind: "Gadget" },
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: "object",
            properties: {
              spec: {
                type: "object",
                properties: {
                  conditions: {
                    type: "array",
                    "x-kubernetes-list-type": "map",
                    "x-kubernetes-list-map-keys": ["type"],
                    items: {
                      type: "object",
                      properties: { type: { type: "string" }, status: { type: "string" }, reason: { type: "string" } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

async function throughput(concurrency: number, ms: number, op: (worker: number) => Promise<unknown>, count = { n: 0 }): Promise<number> {
  let done = 0;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      while (performance.now() < end) {
        await op(w);
        done++;
      }
    }),
  );
  count.n = done;
  return done / ((performance.now() - start) / 1000);
}

/** One measured round: ops/s and the server's CPU per op in µs (NaN without /proc). */
async function round(pid: number | undefined, op: (worker: number) => Promise<unknown>): Promise<[number, number]> {
  const cpu0 = processCpuMs(pid);
  const done = { n: 0 };
  const rate = await throughput(CLIENTS, ROUND_MS, op, done);
  return [rate, done.n === 0 ? Number.NaN : ((processCpuMs(pid) - cpu0) * 1000) / done.n];
}

async function expectStatus(p: Promise<{ status: number; body: string }>, want: number[], what: string): Promise<void> {
  const res = await p;
  if (!want.includes(res.status)) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
}

interface Rates {
  builtin: number;
  custom: number;
  /** The server's CPU per op, µs (NaN without /proc). */
  builtinCPU: number;
  customCPU: number;
}

interface Results {
  creates: Rates;
  applies: Rates;
}

async function measure(client: AdminClient, pid: number | undefined): Promise<Results> {
  await expectStatus(client.request("POST", "/api/v1/namespaces", { metadata: { name: "bench" } }), [201], "namespace");
  await expectStatus(client.request("POST", CRD_PATH, CRD), [201], "CRD");
  const gadgets = "/apis/bench.example.com/v1/namespaces/bench/gadgets";
  const cms = "/api/v1/namespaces/bench/configmaps";
  const deadline = Date.now() + 10_000;
  while ((await client.request("GET", gadgets)).status !== 200) {
    if (Date.now() > deadline) throw new Error("the CRD was not served within 10 s");
    await new Promise((r) => setTimeout(r, 20));
  }
  let seq = 0;
  const name = (): string => `o-${String(seq++).padStart(7, "0")}`;
  const conditions = (n: number) => [
    { type: "Ready", status: n % 2 ? "True" : "False", reason: `r${n}` },
    { type: "Synced", status: "True", reason: "ok" },
    { type: "Healthy", status: "True", reason: "ok" },
  ];
  const gadget = (nm: string, n: number) => ({
    apiVersion: "bench.example.com/v1",
    kind: "Gadget",
    metadata: { name: nm },
    spec: { conditions: conditions(n) },
  });
  // About the same payload on both sides: three entries of three short strings.
  const configMap = (nm: string, n: number) => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: nm },
    data: { ready: `${n % 2 ? "True" : "False"}/r${n}`, synced: "True/ok", healthy: "True/ok" },
  });
  const createCM = () => expectStatus(client.request("POST", cms, configMap(name(), 0)), [201], "configmap");
  const createCR = () => expectStatus(client.request("POST", gadgets, gadget(name(), 0)), [201], "gadget");
  const applyHeaders = { "Content-Type": "application/apply-patch+yaml" };
  const counters = new Array<number>(CLIENTS).fill(0);
  const applyCM = (w: number) =>
    expectStatus(
      client.request("PATCH", `${cms}/apply-${w}?fieldManager=bench`, configMap(`apply-${w}`, ++counters[w]!), applyHeaders),
      [200, 201],
      "configmap apply",
    );
  const applyCR = (w: number) =>
    expectStatus(
      client.request("PATCH", `${gadgets}/apply-${w}?fieldManager=bench`, gadget(`apply-${w}`, ++counters[w]!), applyHeaders),
      [200, 201],
      "gadget apply",
    );
  await throughput(8, 300, createCM);
  await throughput(8, 300, createCR);
  await throughput(CLIENTS, 300, applyCM);
  await throughput(CLIENTS, 300, applyCR);
  const c = { b: [] as number[], u: [] as number[], bc: [] as number[], uc: [] as number[] };
  const a = { b: [] as number[], u: [] as number[], bc: [] as number[], uc: [] as number[] };
  const push = (into: number[], cpu: number[], [rate, us]: [number, number]): void => {
    into.push(rate);
    cpu.push(us);
  };
  // Alternating rounds: both kinds see the same disk and load at about the same time.
  for (let r = 0; r < ROUNDS; r++) {
    push(c.b, c.bc, await round(pid, createCM));
    push(c.u, c.uc, await round(pid, createCR));
    push(a.b, a.bc, await round(pid, applyCM));
    push(a.u, a.uc, await round(pid, applyCR));
  }
  const rates = (x: typeof c): Rates => ({
    builtin: median(x.b),
    custom: median(x.u),
    builtinCPU: median(x.bc),
    customCPU: median(x.uc),
  });
  return { creates: rates(c), applies: rates(a) };
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-apply-"));
  let server: APIServerProcess | undefined;
  let client: AdminClient | undefined;
  let results: Results;
  const nodeArgs = benchNodeArgs();
  try {
    server = await spawnAPIServer(dir, { nodeArgs });
    client = new AdminClient(server.url, server.kubeconfig, 64);
    results = await measure(client, server.child.pid);
  } finally {
    client?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratio = results.applies.custom / results.applies.builtin;
  const t = checkTarget(ratio, APPLY_TARGET, "custom resource applies/s vs ConfigMaps");
  printTable(
    `Gadgets (custom resource, list-map conditions) vs ConfigMaps, same apiserver, SQLite, ${CLIENTS} clients`,
    ["operation", "ConfigMaps/s", "Gadgets/s", "custom/built-in", "target", "server CPU/op (ConfigMap, Gadget)"],
    [
      [
        "create (POST)",
        formatOps(results.creates.builtin),
        formatOps(results.creates.custom),
        formatRatio(results.creates.custom / results.creates.builtin),
        "-",
        formatCPU(results.creates),
      ],
      [
        "server-side apply (PATCH)",
        formatOps(results.applies.builtin),
        formatOps(results.applies.custom),
        formatRatio(ratio),
        `${t.verdict} (${t.bound})`,
        formatCPU(results.applies),
      ],
    ],
  );
  printNote(
    "each apply changes one value of an object its client owns: every apply is a write, merged by the kind's schema, with managedFields updated",
  );
}

const formatCPU = (r: Rates): string =>
  Number.isNaN(r.builtinCPU) || Number.isNaN(r.customCPU) ? "-" : `${Math.round(r.builtinCPU)} µs, ${Math.round(r.customCPU)} µs`;

export const bench: BenchModule = {
  name: "apply",
  description:
    "server-side apply of a custom resource with list-map conditions vs a ConfigMap in one spawned apiserver: creates/s and applies/s",
  run,
};

await runIfMain(import.meta.url, bench);
