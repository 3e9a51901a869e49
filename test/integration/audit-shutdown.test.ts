/**
 * The audit log loses no event at a graceful shutdown: `kubegen apiserver` buffers a turn's
 * events before writing them, and SIGTERM writes what is buffered before the process exits.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AdminClient, spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";

let dir: string | undefined;
let up: APIServerProcess | undefined;
let client: AdminClient | undefined;

afterAll(async () => {
  client?.close();
  await up?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("audit log at shutdown", () => {
  it("every request answered before SIGTERM has its ResponseComplete event in the log", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-audit-shutdown-"));
    const policy = path.join(dir, "policy.yaml");
    const log = path.join(dir, "audit.log");
    fs.writeFileSync(policy, "apiVersion: audit.k8s.io/v1\nkind: Policy\nomitStages: [RequestReceived]\nrules:\n- level: Metadata\n");
    up = await spawnAPIServer(path.join(dir, "data"), {
      extraArgs: ["--endpoint-reconciler-type", "none", "--audit-policy-file", policy, "--audit-log-path", log],
    });
    client = new AdminClient(up.url, up.kubeconfig, 16);
    const N = 300;
    const statuses = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        client!.request("GET", "/api/v1/namespaces/default", undefined, { "Audit-Id": `shutdown-${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Straight to SIGTERM: the last turn's events may still be buffered.
    client.close();
    client = undefined;
    expect(await up.stop()).toBe(0);
    up = undefined;
    const complete = new Set(
      fs
        .readFileSync(log, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as { auditID: string; stage: string })
        .filter((e) => e.stage === "ResponseComplete" && e.auditID.startsWith("shutdown-"))
        .map((e) => e.auditID),
    );
    expect(complete.size).toBe(N);
  });
});
