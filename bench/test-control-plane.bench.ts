/**
 * The test control plane (framework/testing: apiserver + controller-manager in this process on a
 * temporary folder, CRDs installed and established) from start to ready, against `kubegen up`
 * spawned as a process from start to its first 200 from /readyz, each on a fresh data folder:
 *   - first start in this process: the modules are loaded and the PKI is created (as the first
 *     test of a test file pays);
 *   - later starts (median of 7): the PKI of the first is reused, as every further control plane
 *     of a test process does; CRDs: the Widget and CronTab examples' manifests;
 *   - stop: controllers, apiserver, and the folder removed.
 * Peer: envtest starts downloaded etcd and kube-apiserver binaries (several seconds, no
 * controllers); it is not run here. Target (issue 18): ready in under 0.5 s.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AdminClient, spawnAPIServer } from "../test/support/apiserver-process.js";
import { type BenchModule, checkTarget, formatRatio, median, printNote, printTable, runIfMain, type Target } from "./support/table.js";

const READY_TARGET: Target = { max: 500, unit: "ms" };
const CRDS = ["examples/widget/generated/crds", "examples/crontab/generated/crds"];
const RUNS = 7;

async function poll(fn: () => Promise<boolean>, intervalMs: number, timeoutMs: number): Promise<void> {
  const start = performance.now();
  while (!(await fn())) {
    if (performance.now() - start > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

async function kubegenUpReadyMs(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-up-"));
  const spawned = performance.now();
  const up = await spawnAPIServer(dir, { command: "up" });
  const client = new AdminClient(up.url, up.kubeconfig, 4);
  try {
    await poll(async () => (await client.request("GET", "/readyz")).status === 200, 5, 30_000);
    return performance.now() - spawned;
  } finally {
    client.close();
    await up.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function run(): Promise<void> {
  const t0 = performance.now();
  const { startControlPlane } = await import("../framework/testing/index.js");
  const first = await startControlPlane({ crds: CRDS });
  const firstMs = performance.now() - t0;
  await first.stop();
  const ready: number[] = [];
  const stops: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    const cp = await startControlPlane({ crds: CRDS });
    ready.push(performance.now() - t);
    t = performance.now();
    await cp.stop();
    stops.push(performance.now() - t);
    t = performance.now();
    const plain = await startControlPlane();
    bare.push(performance.now() - t);
    await plain.stop();
  }
  const up = [await kubegenUpReadyMs(), await kubegenUpReadyMs()];
  const readyMs = median(ready);
  const upMs = median(up);
  const r = checkTarget(readyMs, READY_TARGET, "test control plane start -> ready (2 CRDs)");
  printTable(
    "test control plane (framework/testing) vs kubegen up: start -> ready, fresh data folder each",
    ["measure", "value", "vs kubegen up", "target", "verdict"],
    [
      [
        `startControlPlane, 2 CRDs established: start -> ready (median of ${RUNS})`,
        `${Math.round(readyMs)} ms`,
        `${formatRatio(upMs / readyMs)} faster`,
        r.bound,
        r.verdict,
      ],
      [
        `startControlPlane, no CRDs (median of ${RUNS})`,
        `${Math.round(median(bare))} ms`,
        `${formatRatio(upMs / median(bare))} faster`,
        "",
        "",
      ],
      [
        "startControlPlane, first in the process (modules loaded, PKI created)",
        `${Math.round(firstMs)} ms`,
        `${formatRatio(upMs / firstMs)} faster`,
        "",
        "",
      ],
      [`stop(): controllers, apiserver, folder removed (median of ${RUNS})`, `${Math.round(median(stops))} ms`, "", "", ""],
      ["kubegen up (process spawned, PKI created): spawn -> /readyz ok (median of 2)", `${Math.round(upMs)} ms`, "1.0x", "", ""],
    ],
  );
  printNote("Ready means: apiserver serving, default namespace present, controllers running, every CRD Established and served.");
}

export const bench: BenchModule = {
  name: "test-control-plane",
  description: "startControlPlane (in-process apiserver + controller-manager + CRDs) start -> ready vs kubegen up spawn -> /readyz",
  run,
};

await runIfMain(import.meta.url, bench);
