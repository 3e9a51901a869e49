/**
 * The e2e scenario through Debian's python3-kubernetes (test/e2e/python/scenario.py): namespaces
 * and configmaps created, read, listed, patched (strategic merge and JSON patch), watched and
 * deleted against `kubegen apiserver` on SQLite. The client deserialises every response into its
 * models, so a missing required field fails here.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";
import { describeWithTools } from "../support/tools.js";

const PYTHON = "/usr/bin/python3";
const SCRIPT = path.join(import.meta.dirname, "python/scenario.py");
const WORKLOADS = path.join(import.meta.dirname, "python/workloads.py");
const run = promisify(execFile);

// Debian's python3 with its python3-kubernetes package: test/support/tools.ts probes it.
describeWithTools(["python3-kubernetes"], "python3-kubernetes against kubegen apiserver", () => {
  let dir: string;
  let server: APIServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-py-"));
    server = await spawnAPIServer(dir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("runs the scenario: create/get/list/patch/delete/watch on namespaces and configmaps", async () => {
    let stdout: string;
    try {
      ({ stdout } = await run(PYTHON, [SCRIPT, server.kubeconfig], { timeout: 60_000 }));
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`scenario.py failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`, { cause: err });
    }
    const steps = stdout.trim().split("\n");
    expect(steps).toContain("ok watch configmaps sees ADDED");
    expect(steps).toContain("ok delete namespace");
    expect(steps.at(-1)).toBe("done");
  });

  it("creates, lists, patches and watches Deployments (with scale) and Jobs", async () => {
    let stdout: string;
    try {
      ({ stdout } = await run(PYTHON, [WORKLOADS, server.kubeconfig], { timeout: 60_000 }));
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string };
      throw new Error(`workloads.py failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`, { cause: err });
    }
    const steps = stdout.trim().split("\n");
    expect(steps).toEqual([
      "ok create deployment",
      "ok list deployments",
      "ok patch deployment",
      "ok deployment scale subresource",
      "ok watch jobs sees ADDED",
      "ok patch job",
      "ok job template immutable",
      "ok list jobs",
      "done",
    ]);
  });
});
