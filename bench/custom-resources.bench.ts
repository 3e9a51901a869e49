/**
 * Custom resources against built-ins in the same spawned `kubegen apiserver` (SQLite): creates/s
 * of CronTabs (served from a CRD: JSON storage, pruning, defaults, schema validation) beside
 * ConfigMaps at 16 and 64 clients, alternating in rounds, and the time to list 5,000 of each.
 * Target (issue 7): custom resource creates/s >= 70% of ConfigMap creates/s at 64 clients.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../test/support/apiserver-process.js";
import { CRD_PATH, cronTabCRD } from "../test/support/crontab-crd.js";
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

const CONCURRENCY = [16, 64] as const;
const ROUNDS = 3;
const ROUND_MS = 500;
const LIST_OBJECTS = 5_000;
const LIST_REPEATS = 5;
const CREATE_TARGET: Target = { min: 0.7 };

// The seed's CronTab with a minimum and a default: every write is validated and defaulted.
const CRD = cronTabCRD({
  schema: {
    openAPIV3Schema: {
      type: "object",
      properties: {
        spec: {
          type: "object",
          properties: { cronSpec: { type: "string" }, image: { type: "string" }, replicas: { type: "integer", minimum: 0, default: 1 } },
        },
      },
    },
  },
});

/** Ops/s of `op` run by `concurrency` loops for `ms`. */
async function throughput(concurrency: number, ms: number, op: () => Promise<unknown>): Promise<number> {
  let done = 0;
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
  return done / ((performance.now() - start) / 1000);
}

async function expectStatus(p: Promise<{ status: number; body: string }>, want: number, what: string): Promise<void> {
  const res = await p;
  if (res.status !== want) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
}

interface Results {
  creates: { clients: number; builtin: number; custom: number }[];
  lists: { builtin: number; custom: number };
}

async function measure(client: AdminClient): Promise<Results> {
  await expectStatus(client.request("POST", "/api/v1/namespaces", { metadata: { name: "bench" } }), 201, "namespace");
  await expectStatus(client.request("POST", CRD_PATH, CRD), 201, "CRD");
  const cts = "/apis/stable.example.com/v1/namespaces/bench/crontabs";
  const cms = "/api/v1/namespaces/bench/configmaps";
  const deadline = Date.now() + 10_000;
  while ((await client.request("GET", cts)).status !== 200) {
    if (Date.now() > deadline) throw new Error("the CRD was not served within 10 s");
    await new Promise((r) => setTimeout(r, 20));
  }
  let seq = 0;
  const name = (): string => `o-${String(seq++).padStart(7, "0")}`;
  // Same payload size on both sides: three short strings.
  const createCM = () =>
    expectStatus(
      client.request("POST", cms, {
        metadata: { name: name() },
        data: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", replicas: "1" },
      }),
      201,
      "configmap",
    );
  const createCT = () =>
    expectStatus(
      client.request("POST", cts, {
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name: name() },
        spec: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", replicas: 1 },
      }),
      201,
      "crontab",
    );
  await throughput(8, 300, createCM);
  await throughput(8, 300, createCT);
  const results: Results = { creates: [], lists: { builtin: 0, custom: 0 } };
  for (const c of CONCURRENCY) {
    const b: number[] = [];
    const u: number[] = [];
    // Alternating rounds: both kinds see the same disk and load at about the same time.
    for (let r = 0; r < ROUNDS; r++) {
      b.push(await throughput(c, ROUND_MS, createCM));
      u.push(await throughput(c, ROUND_MS, createCT));
    }
    results.creates.push({ clients: c, builtin: median(b), custom: median(u) });
  }
  // Lists: top both kinds up to the same count in a fresh namespace.
  await expectStatus(client.request("POST", "/api/v1/namespaces", { metadata: { name: "list" } }), 201, "namespace");
  let n = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (n < LIST_OBJECTS) {
        const i = n++;
        const nm = `l-${String(i).padStart(6, "0")}`;
        await expectStatus(
          client.request("POST", "/api/v1/namespaces/list/configmaps", {
            metadata: { name: nm },
            data: { cronSpec: "* * * * */5", image: "img", replicas: "1" },
          }),
          201,
          "configmap",
        );
        await expectStatus(
          client.request("POST", "/apis/stable.example.com/v1/namespaces/list/crontabs", {
            apiVersion: "stable.example.com/v1",
            kind: "CronTab",
            metadata: { name: nm },
            spec: { cronSpec: "* * * * */5", image: "img", replicas: 1 },
          }),
          201,
          "crontab",
        );
      }
    }),
  );
  const timeList = async (p: string): Promise<number> => {
    const times: number[] = [];
    for (let i = 0; i < LIST_REPEATS; i++) {
      const t0 = performance.now();
      const res = await client.request("GET", p);
      if (res.status !== 200 || res.json<{ items: unknown[] }>().items.length !== LIST_OBJECTS)
        throw new Error(`list ${p}: HTTP ${res.status}`);
      times.push(performance.now() - t0);
    }
    return median(times);
  };
  results.lists.builtin = await timeList("/api/v1/namespaces/list/configmaps");
  results.lists.custom = await timeList("/apis/stable.example.com/v1/namespaces/list/crontabs");
  return results;
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-crd-"));
  let server: APIServerProcess | undefined;
  let client: AdminClient | undefined;
  let results: Results;
  try {
    server = await spawnAPIServer(dir);
    client = new AdminClient(server.url, server.kubeconfig, 64);
    results = await measure(client);
  } finally {
    client?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    "creates/s: CronTabs (custom resource) vs ConfigMaps (built-in), same apiserver, SQLite",
    ["clients", "ConfigMaps/s", "CronTabs/s", "custom/built-in", "target"],
    results.creates.map((r) => {
      const ratio = r.custom / r.builtin;
      const t = r.clients === 64 ? checkTarget(ratio, CREATE_TARGET, "custom resource creates/s vs ConfigMaps at 64 clients") : undefined;
      return [String(r.clients), formatOps(r.builtin), formatOps(r.custom), formatRatio(ratio), t ? `${t.verdict} (${t.bound})` : "-"];
    }),
  );
  printTable(
    `list of ${LIST_OBJECTS.toLocaleString("en-US")} (JSON, no limit), median of ${LIST_REPEATS}`,
    ["kind", "median", "vs ConfigMaps"],
    [
      ["ConfigMaps", formatDuration(results.lists.builtin), "1.00x"],
      ["CronTabs", formatDuration(results.lists.custom), formatRatio(results.lists.custom / results.lists.builtin)],
    ],
  );
  printNote("CronTabs: pruned, defaulted and validated against the CRD's structural schema on every write, defaulted on every read");
}

export const bench: BenchModule = {
  name: "custom-resources",
  description: "CronTabs served from a CRD vs ConfigMaps in one spawned apiserver: creates/s at 16 and 64 clients, list of 5,000",
  run,
};

await runIfMain(import.meta.url, bench);
