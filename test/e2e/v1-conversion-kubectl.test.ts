/**
 * What upstream's v1 conversion adds, seen with the real kubectl against a spawned apiserver: a
 * `kubectl run` Pod (its serviceAccountName set by ServiceAccount admission) and a Deployment's
 * template read back with the deprecated `serviceAccount` alias; a Pod sent only the alias is
 * admitted under that account; a DaemonSet carries its template generation annotation.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";
import { runKubectl, type KubectlResult } from "../support/kubectl.js";
import { describeWithTools } from "../support/tools.js";

let dir: string;
let server: APIServerProcess;

function kubectl(...args: string[]): Promise<KubectlResult> {
  return runKubectl(path.join(dir, "kubeconfig"), args, { timeoutMs: 60_000 });
}

async function jsonpath(expr: string, ...args: string[]): Promise<string> {
  const res = await kubectl("get", ...args, "-o", `jsonpath=${expr}`);
  expect(res.stderr).toBe("");
  return res.stdout;
}

const DAEMONSET_YAML = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector: { matchLabels: { app: agent } }
  template:
    metadata: { labels: { app: agent } }
    spec:
      serviceAccount: legacy
      containers: [{ name: agent, image: busybox }]
`;

const POD_YAML = `apiVersion: v1
kind: Pod
metadata:
  name: old-client
spec:
  serviceAccount: legacy
  containers: [{ name: c, image: busybox }]
`;

describeWithTools(["kubectl"], "the fields upstream's v1 conversion fills, with kubectl", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-v1conv-e2e-"));
    server = await spawnAPIServer(dir);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("kubectl run: the Pod shows serviceAccount beside the admitted serviceAccountName", async () => {
    // ServiceAccount admission needs the namespace's `default` (no controller makes it here).
    expect((await kubectl("create", "serviceaccount", "default")).code).toBe(0);
    const run = await kubectl("run", "nginx", "--image=nginx");
    expect(run.stderr).toBe("");
    expect(await jsonpath("{.spec.serviceAccountName}/{.spec.serviceAccount}", "pod", "nginx")).toBe("default/default");
  }, 90_000);

  it("a Pod sent only the deprecated serviceAccount is admitted under that account", async () => {
    expect((await kubectl("create", "serviceaccount", "legacy")).code).toBe(0);
    const file = path.join(dir, "pod.yaml");
    writeFileSync(file, POD_YAML);
    const created = await kubectl("create", "-f", file);
    expect(created.stderr).toBe("");
    expect(await jsonpath("{.spec.serviceAccountName}/{.spec.serviceAccount}", "pod", "old-client")).toBe("legacy/legacy");
  }, 90_000);

  it("a Deployment's template gets the alias; a DaemonSet sent only the alias gets both and its template generation", async () => {
    expect((await kubectl("create", "deployment", "web", "--image=nginx")).code).toBe(0);
    const patch = await kubectl(
      "patch",
      "deployment",
      "web",
      "--type=merge",
      "-p",
      '{"spec":{"template":{"spec":{"serviceAccountName":"builder"}}}}',
    );
    expect(patch.stderr).toBe("");
    expect(await jsonpath("{.spec.template.spec.serviceAccount}", "deployment", "web")).toBe("builder");

    const file = path.join(dir, "ds.yaml");
    writeFileSync(file, DAEMONSET_YAML);
    expect((await kubectl("create", "-f", file)).code).toBe(0);
    expect(
      await jsonpath(
        "{.spec.template.spec.serviceAccountName}/{.spec.template.spec.serviceAccount}/{.metadata.annotations.deprecated\\.daemonset\\.template\\.generation}",
        "daemonset",
        "agent",
      ),
    ).toBe("legacy/legacy/1");
  }, 90_000);
});
