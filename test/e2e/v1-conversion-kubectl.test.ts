/**
 * What upstream's v1 conversion adds, seen with the real kubectl against a spawned apiserver: a
 * `kubectl run` Pod (its serviceAccountName set by ServiceAccount admission) and a Deployment's
 * template read back with the deprecated `serviceAccount` alias; a Pod sent only the alias is
 * admitted under that account; a DaemonSet carries its template generation annotation.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools, toolAvailable } from "../support/tools.js";

const { kubectl, file: writeFile } = kubectlServer("kubegen-v1conv-e2e-", { enabled: toolAvailable("kubectl") });

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
  it("kubectl run: the Pod shows serviceAccount beside the admitted serviceAccountName", async () => {
    // ServiceAccount admission needs the namespace's `default` (no controller makes it here).
    expect((await kubectl("create", "serviceaccount", "default")).code).toBe(0);
    const run = await kubectl("run", "nginx", "--image=nginx");
    expect(run.stderr).toBe("");
    expect(await jsonpath("{.spec.serviceAccountName}/{.spec.serviceAccount}", "pod", "nginx")).toBe("default/default");
  }, 90_000);

  it("a Pod sent only the deprecated serviceAccount is admitted under that account", async () => {
    expect((await kubectl("create", "serviceaccount", "legacy")).code).toBe(0);
    const file = writeFile("pod.yaml", POD_YAML);
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

    const file = writeFile("ds.yaml", DAEMONSET_YAML);
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
