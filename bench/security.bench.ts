/**
 * The cost of security, on two `kubegen apiserver` processes spawned in this run (SQLite):
 * RBAC with an audit log at Metadata level, against AlwaysAllow without audit. The caller is an
 * ordinary user (a `--token-auth-file` token, bound to `edit` in its namespace by a RoleBinding)
 * so that RBAC's rules are really evaluated (system:masters would short-cut them). Measured:
 * ConfigMap creates per second (32 concurrent clients) and the p99 of GETs of them (8 clients).
 * Target (issue 17): RBAC + audit at >= 0.85x of AlwaysAllow on both.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AdminClient, spawnAPIServer, type APIServerProcess } from "../test/support/apiserver-process.js";
import { benchNodeArgs } from "./support/node-args.js";
import { type BenchModule, checkTarget, formatOps, formatRatio, printNote, printTable, runIfMain, type Target } from "./support/table.js";

const CREATES = 1_500;
const GETS = 3_000;
const TOKEN = "bench-token-0123456789";
const NS = "bench";
const TARGET: Target = { min: 0.85, unit: "x" };

interface Figures {
  createsPerSecond: number;
  getP99Ms: number;
}

async function pool(n: number, concurrency: number, f: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await f(next++);
    }),
  );
}

async function measure(dir: string, extraArgs: string[]): Promise<Figures> {
  let up: APIServerProcess | undefined;
  let admin: AdminClient | undefined;
  try {
    up = await spawnAPIServer(dir, {
      // KUBEGEN_BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles both servers.
      nodeArgs: benchNodeArgs(),
      extraArgs: ["--endpoint-reconciler-type", "none", "--token-auth-file", path.join(path.dirname(dir), "tokens.csv"), ...extraArgs],
    });
    admin = new AdminClient(up.url, up.kubeconfig, 32);
    const client = admin;
    const auth = { Authorization: `Bearer ${TOKEN}` };
    if ((await client.request("POST", "/api/v1/namespaces", { metadata: { name: NS } })).status !== 201)
      throw new Error("create namespace");
    const rb = await client.request("POST", `/apis/rbac.authorization.k8s.io/v1/namespaces/${NS}/rolebindings`, {
      metadata: { name: "bench-edit" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "edit" },
      subjects: [{ kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "bench-user" }],
    });
    if (rb.status !== 201) throw new Error(`rolebinding: ${rb.status} ${rb.body}`);
    // Until the binding (and under AlwaysAllow, nothing) lets the user in.
    for (let i = 0; i < 100; i++) {
      if ((await client.request("GET", `/api/v1/namespaces/${NS}/configmaps`, undefined, auth)).status === 200) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const body = (i: number) => ({ metadata: { name: `cm-${i}` }, data: { k: "v".repeat(100) } });
    const start = performance.now();
    await pool(CREATES, 32, async (i) => {
      const res = await client.request("POST", `/api/v1/namespaces/${NS}/configmaps`, body(i), auth);
      if (res.status !== 201) throw new Error(`create: ${res.status} ${res.body}`);
    });
    const createsPerSecond = CREATES / ((performance.now() - start) / 1000);
    const latencies: number[] = [];
    await pool(GETS, 8, async (i) => {
      const t = performance.now();
      const res = await client.request("GET", `/api/v1/namespaces/${NS}/configmaps/cm-${i % CREATES}`, undefined, auth);
      latencies.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`get: ${res.status} ${res.body}`);
    });
    latencies.sort((a, b) => a - b);
    return { createsPerSecond, getP99Ms: latencies[Math.floor(latencies.length * 0.99)]! };
  } finally {
    admin?.close();
    await up?.stop();
  }
}

async function run(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-security-"));
  try {
    fs.writeFileSync(path.join(root, "tokens.csv"), `${TOKEN},bench-user,u-1\n`);
    fs.writeFileSync(
      path.join(root, "audit-policy.yaml"),
      "apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n",
    );
    // Two rounds, alternating, best of each: the first process of a run pays for warming up.
    const best = (a: Figures | undefined, b: Figures): Figures =>
      a ? { createsPerSecond: Math.max(a.createsPerSecond, b.createsPerSecond), getP99Ms: Math.min(a.getP99Ms, b.getP99Ms) } : b;
    let open: Figures | undefined;
    let secured: Figures | undefined;
    for (let round = 0; round < 2; round++) {
      open = best(open, await measure(path.join(root, `open-${round}`), ["--authorization-mode", "AlwaysAllow"]));
      secured = best(
        secured,
        await measure(path.join(root, `secured-${round}`), [
          "--authorization-mode",
          "RBAC",
          "--audit-policy-file",
          path.join(root, "audit-policy.yaml"),
          "--audit-log-path",
          path.join(root, `secured-audit-${round}.log`),
        ]),
      );
    }
    const auditLines = fs.readFileSync(path.join(root, "secured-audit-1.log"), "utf8").split("\n").length - 1;
    if (!open || !secured) throw new Error("nothing measured");
    const c = checkTarget(secured.createsPerSecond / open.createsPerSecond, TARGET, "security: creates/s, RBAC + audit vs AlwaysAllow");
    const g = checkTarget(open.getP99Ms / secured.getP99Ms, TARGET, "security: get p99, RBAC + audit vs AlwaysAllow (inverse ratio)");
    printTable(
      "security: RBAC + audit (Metadata) vs AlwaysAllow without audit, kubegen apiserver on SQLite, same run",
      ["measure", "AlwaysAllow, no audit", "RBAC + audit", "ratio", "target", "verdict"],
      [
        [
          `ConfigMap creates/s (32 clients, ${CREATES})`,
          formatOps(open.createsPerSecond),
          formatOps(secured.createsPerSecond),
          formatRatio(secured.createsPerSecond / open.createsPerSecond),
          c.bound,
          c.verdict,
        ],
        [
          `GET p99 (8 clients, ${GETS})`,
          `${open.getP99Ms.toFixed(2)} ms`,
          `${secured.getP99Ms.toFixed(2)} ms`,
          formatRatio(open.getP99Ms / secured.getP99Ms),
          g.bound,
          g.verdict,
        ],
      ],
    );
    printNote(
      `The caller is a token user bound to \`edit\` (RBAC evaluates its rules on every request); the audit log got ${auditLines.toLocaleString("en-US")} events.`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "security",
  description: "creates/s and get p99 with RBAC + audit (Metadata) vs AlwaysAllow without audit, same run (target >= 0.85x)",
  run,
};

await runIfMain(import.meta.url, bench);
