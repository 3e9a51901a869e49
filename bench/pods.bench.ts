/**
 * Pods against ConfigMaps in the same spawned `kubegen apiserver` (SQLite): creates/s of a
 * realistic ~2 KB Pod (two containers with ports, env, resources, probes, mounts, volumes:
 * defaulted, validated, QoS computed on every create) beside ConfigMaps of the same size, at 64
 * clients, alternating in rounds. Target (issue 16): Pod creates/s >= 70% of ConfigMap creates/s.
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
import { benchNodeArgs, launcherNodeArgs } from "./support/node-args.js";

const CLIENTS = 64;
const ROUNDS = 5;
const ROUND_MS = 1000;
/** Creates of each kind before the rounds: the JIT needs thousands, and 300 ms made a few hundred on a loaded machine. */
const WARM_UP_CREATES = 3000;
const TARGET: Target = { min: 0.7 };

/** A Pod as a Deployment's template would give it: what controllers create most. */
export function pod(name: string): Record<string, unknown> {
  const probe = { httpGet: { path: "/healthz", port: "http" }, initialDelaySeconds: 5, periodSeconds: 10 };
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      labels: { app: "bench", tier: "web", "app.kubernetes.io/version": "1.2.3" },
      annotations: { "prometheus.io/scrape": "true", "prometheus.io/port": "9090" },
    },
    spec: {
      serviceAccountName: "default",
      containers: [
        {
          name: "web",
          image: "registry.example.com/team/web-frontend:1.2.3",
          args: ["--listen=:8080", "--metrics=:9090", "--log-level=info"],
          ports: [
            { name: "http", containerPort: 8080 },
            { name: "metrics", containerPort: 9090 },
          ],
          env: [
            { name: "MODE", value: "production" },
            { name: "POD_NAME", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } },
            { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } },
          ],
          resources: { requests: { cpu: "250m", memory: "256Mi" }, limits: { cpu: "1", memory: "512Mi" } },
          livenessProbe: probe,
          readinessProbe: probe,
          volumeMounts: [
            { name: "config", mountPath: "/etc/web" },
            { name: "cache", mountPath: "/var/cache/web" },
          ],
        },
        {
          name: "sidecar",
          image: "registry.example.com/platform/log-shipper:4.5",
          resources: { requests: { cpu: "50m", memory: "64Mi" }, limits: { cpu: "100m", memory: "128Mi" } },
          volumeMounts: [{ name: "cache", mountPath: "/var/cache/web", readOnly: true }],
        },
      ],
      volumes: [
        { name: "config", configMap: { name: "web-config" } },
        { name: "cache", emptyDir: {} },
      ],
      nodeSelector: { "kubernetes.io/os": "linux" },
      tolerations: [{ key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" }],
    },
  };
}

interface Round {
  /** creates/s */
  rate: number;
  /** The server's CPU per create, µs. */
  cpuPerOp: number | undefined;
}

async function round(pid: number | undefined, op: () => Promise<unknown>): Promise<Round> {
  const cpu0 = processCpuMs(pid);
  const done = { n: 0 };
  const rate = await throughput(CLIENTS, ROUND_MS, op, done);
  const cpuMs = processCpuMs(pid) - cpu0;
  return { rate, cpuPerOp: Number.isNaN(cpuMs) || done.n === 0 ? undefined : (cpuMs * 1000) / done.n };
}

async function throughput(concurrency: number, ms: number, op: () => Promise<unknown>, count = { n: 0 }): Promise<number> {
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
  count.n = done;
  return done / ((performance.now() - start) / 1000);
}

/** Runs `op` WARM_UP_CREATES times, 8 at a time: warm-up by count, not time. */
async function warmUp(op: () => Promise<unknown>): Promise<void> {
  let started = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (started++ < WARM_UP_CREATES) await op();
    }),
  );
}

async function expectStatus(p: Promise<{ status: number; body: string }>, want: number, what: string): Promise<void> {
  const res = await p;
  if (res.status !== want) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
}

interface Results {
  pods: number;
  configMaps: number;
  podCPU: number | undefined;
  configMapCPU: number | undefined;
  podBytes: number;
}

async function measure(client: AdminClient, pid: number | undefined): Promise<Results> {
  await expectStatus(client.request("POST", "/api/v1/namespaces", { metadata: { name: "bench" } }), 201, "namespace");
  // `kubegen apiserver` alone runs no serviceaccount controller, and the ServiceAccount admission
  // plugin refuses a Pod whose service account does not exist (as upstream's).
  const sa = await client.request("POST", "/api/v1/namespaces/bench/serviceaccounts", { metadata: { name: "default" } });
  if (sa.status !== 201 && sa.status !== 409) throw new Error(`serviceaccount: HTTP ${sa.status} ${sa.body.slice(0, 300)}`);
  let seq = 0;
  const name = (): string => `o-${String(seq++).padStart(7, "0")}`;
  const podBytes = JSON.stringify(pod("o-0000000")).length;
  // A ConfigMap carrying as many bytes as the Pod.
  const filler = "x".repeat(podBytes - 120);
  const createPod = () => expectStatus(client.request("POST", "/api/v1/namespaces/bench/pods", pod(name())), 201, "pod");
  const createCM = () =>
    expectStatus(
      client.request("POST", "/api/v1/namespaces/bench/configmaps", {
        metadata: { name: name(), labels: { app: "bench" } },
        data: { payload: filler },
      }),
      201,
      "configmap",
    );
  await warmUp(createCM);
  await warmUp(createPod);
  const p: Round[] = [];
  const c: Round[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    c.push(await round(pid, createCM));
    p.push(await round(pid, createPod));
  }
  const cpu = (rs: Round[]) => (rs.every((r) => r.cpuPerOp !== undefined) ? median(rs.map((r) => r.cpuPerOp!)) : undefined);
  return {
    pods: median(p.map((r) => r.rate)),
    configMaps: median(c.map((r) => r.rate)),
    podCPU: cpu(p),
    configMapCPU: cpu(c),
    podBytes,
  };
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-pods-"));
  let server: APIServerProcess | undefined;
  let client: AdminClient | undefined;
  let results: Results;
  // The server as users start it (bin/kubegen.js's shebang flags); KUBEGEN_BENCH_NODE_ARGS="--cpu-prof
  // --cpu-prof-dir=/tmp/prof" profiles it, and a flag given there again overrides the launcher's.
  const nodeArgs = [...launcherNodeArgs(), ...benchNodeArgs()];
  try {
    server = await spawnAPIServer(dir, { nodeArgs });
    client = new AdminClient(server.url, server.kubeconfig, CLIENTS);
    results = await measure(client, server.child.pid);
  } finally {
    client?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratio = results.pods / results.configMaps;
  const t = checkTarget(ratio, TARGET, "Pod creates/s vs ConfigMaps at 64 clients");
  printTable(
    `creates/s at ${CLIENTS} clients: Pods (${results.podBytes} B JSON) vs ConfigMaps of the same size, same apiserver, SQLite`,
    ["kind", "creates/s", "server CPU/create", "vs ConfigMaps", "target"],
    [
      ["ConfigMaps", formatOps(results.configMaps), formatCPU(results.configMapCPU), "1.00x", "-"],
      ["Pods", formatOps(results.pods), formatCPU(results.podCPU), formatRatio(ratio), `${t.verdict} (${t.bound})`],
    ],
  );
  printNote(
    "Pods: defaulted (SetDefaults_Pod), validated (containers, ports, env, probes, resources, mounts), status and QoS set on every create",
  );
  printNote(`server started as users start it: node ${[...launcherNodeArgs(), "bin/kubegen.js"].join(" ")} apiserver`);
  printNote(
    `${WARM_UP_CREATES} creates of each kind first (warm-up by count), then ${ROUNDS} alternating rounds of ${ROUND_MS} ms; medians`,
  );
}

const formatCPU = (us: number | undefined): string => (us === undefined ? "-" : `${Math.round(us)} µs`);

export const bench: BenchModule = {
  name: "pods",
  description: "Pods (a realistic 2 KB spec) vs ConfigMaps of the same size in one spawned apiserver: creates/s at 64 clients",
  run,
};

await runIfMain(import.meta.url, bench);
