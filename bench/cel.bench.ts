/**
 * CEL validation cost in one spawned `kubegen apiserver` (SQLite): creates/s of a custom resource
 * whose schema carries 10 x-kubernetes-validations rules (lists, strings, regex, quantity, IP,
 * transition-free) beside the same resource without rules, alternating rounds at 16 clients; the
 * ratio is the median of the rounds' pairwise ratios.
 * Target (issue 19): with rules >= 0.7x without. The apiserver's CPU time per create (from
 * /proc, Linux) is printed beside: on a loaded machine it is the steadier comparison.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../test/support/apiserver-process.js";
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
import { processCpuMs } from "./support/process-cpu.js";

const CLIENTS = 16;
const ROUNDS = 6;
const ROUND_MS = 700;
const WARMUP_ROUNDS = Number(process.env.CEL_WARMUP ?? 2);
const TARGET: Target = { min: 0.7 };

const RULES = [
  { rule: "self.minReplicas <= self.replicas", message: "replicas should be greater than or equal to minReplicas" },
  { rule: "self.replicas <= 100" },
  { rule: "self.image.startsWith('registry.example.com/')" },
  { rule: "self.name.matches('^[a-z][a-z0-9-]*$')" },
  { rule: "self.ports.all(p, p > 0 && p < 65536)" },
  { rule: "self.ports.isSorted()" },
  { rule: "size(self.tags) <= 8 && self.tags.all(t, size(t) <= 16)" },
  { rule: "isQuantity(self.memory) && quantity(self.memory).isLessThan(quantity('4Gi'))" },
  { rule: "isIP(self.address)", messageExpression: "'not an IP: ' + self.address" },
  { rule: "!has(self.mode) || self.mode in ['a', 'b', 'c']" },
];

function crd(plural: string, kind: string, rules: unknown[]): Record<string, unknown> {
  const spec = {
    type: "object",
    "x-kubernetes-validations": rules,
    properties: {
      minReplicas: { type: "integer" },
      replicas: { type: "integer" },
      image: { type: "string", maxLength: 256 },
      name: { type: "string", maxLength: 63 },
      ports: { type: "array", maxItems: 16, items: { type: "integer" } },
      tags: { type: "array", maxItems: 8, items: { type: "string", maxLength: 32 } },
      memory: { type: "string", maxLength: 16 },
      address: { type: "string", maxLength: 64 },
      mode: { type: "string", maxLength: 8 },
    },
  };
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${plural}.bench.example.com` },
    spec: {
      group: "bench.example.com",
      scope: "Namespaced",
      names: { plural, kind, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", properties: { spec } } } }],
    },
  };
}

interface Round {
  perSecond: number;
  /** Server CPU microseconds per operation. */
  cpu: number;
}

async function throughput(concurrency: number, ms: number, op: () => Promise<unknown>, pid?: number): Promise<Round> {
  let done = 0;
  const cpu0 = processCpuMs(pid) * 1000;
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await op();
        done++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - start) / 1000), cpu: (processCpuMs(pid) * 1000 - cpu0) / done };
}

interface Result {
  plain: number;
  rules: number;
  /** The median over rounds of each round pair's ratio: a load burst moves one pair, not the verdict. */
  ratio: number;
  plainCPU: number;
  rulesCPU: number;
  cpuRatio: number;
}

async function measure(client: AdminClient, pid: number | undefined): Promise<Result> {
  const ok = async (p: Promise<{ status: number; body: string }>, want: number, what: string): Promise<void> => {
    const res = await p;
    if (res.status !== want) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  };
  await ok(client.request("POST", "/api/v1/namespaces", { metadata: { name: "bench" } }), 201, "namespace");
  await ok(client.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd("plains", "Plain", [])), 201, "CRD");
  await ok(client.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd("ruleds", "Ruled", RULES)), 201, "CRD");
  for (const p of ["plains", "ruleds"]) {
    const deadline = Date.now() + 10_000;
    while ((await client.request("GET", `/apis/bench.example.com/v1/namespaces/bench/${p}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error("the CRD was not served within 10 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  let seq = 0;
  const spec = {
    minReplicas: 1,
    replicas: 3,
    image: "registry.example.com/app:v1",
    name: "web-1",
    ports: [80, 443, 8080],
    tags: ["a", "b"],
    memory: "512Mi",
    address: "10.0.0.1",
    mode: "a",
  };
  const create = (plural: string, kind: string) => () =>
    ok(
      client.request("POST", `/apis/bench.example.com/v1/namespaces/bench/${plural}`, {
        apiVersion: "bench.example.com/v1",
        kind,
        metadata: { name: `o-${seq++}` },
        spec,
      }),
      201,
      kind,
    );
  const plain = create("plains", "Plain");
  const ruled = create("ruleds", "Ruled");
  // Both paths warm until the JIT has settled: a short warm-up measures the rules' cold code.
  for (let i = 0; i < WARMUP_ROUNDS; i++) {
    await throughput(CLIENTS, ROUND_MS, plain);
    await throughput(CLIENTS, ROUND_MS, ruled);
  }
  const a: Round[] = [];
  const b: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(await throughput(CLIENTS, ROUND_MS, plain, pid));
    b.push(await throughput(CLIENTS, ROUND_MS, ruled, pid));
  }
  return {
    plain: median(a.map((x) => x.perSecond)),
    rules: median(b.map((x) => x.perSecond)),
    ratio: median(a.map((x, i) => b[i]!.perSecond / x.perSecond)),
    plainCPU: median(a.map((x) => x.cpu)),
    rulesCPU: median(b.map((x) => x.cpu)),
    cpuRatio: median(a.map((x, i) => x.cpu / b[i]!.cpu)),
  };
}

function formatMicros(us: number): string {
  return Number.isFinite(us) ? `${Math.round(us)} us` : "-";
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-cel-"));
  let server: APIServerProcess | undefined;
  let client: AdminClient | undefined;
  let r: Result;
  try {
    server = await spawnAPIServer(dir);
    client = new AdminClient(server.url, server.kubeconfig, CLIENTS);
    r = await measure(client, server.child.pid);
  } finally {
    client?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratio = r.ratio;
  const t = checkTarget(ratio, TARGET, "creates/s with 10 CEL rules vs without");
  printTable(
    `creates/s of a custom resource with 10 CEL rules vs none, ${CLIENTS} clients, same apiserver, SQLite`,
    ["", "without rules", "with 10 rules", "ratio", "target"],
    [
      ["creates/s", formatOps(r.plain), formatOps(r.rules), formatRatio(ratio), `${t.verdict} (${t.bound})`],
      ["apiserver CPU per create", formatMicros(r.plainCPU), formatMicros(r.rulesCPU), formatRatio(r.cpuRatio), "-"],
    ],
  );
  printNote("rules compiled once per CRD version (@bufbuild/cel), run on every create");
}

export const bench: BenchModule = {
  name: "cel",
  description: "creates/s of a custom resource with 10 CEL rules vs without, one spawned apiserver",
  run,
};

await runIfMain(import.meta.url, bench);
