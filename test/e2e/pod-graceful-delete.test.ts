/**
 * Graceful Pod deletion with the real kubectl against `kubegen up`, as upstream without a
 * kubelet: `kubectl delete pod` of a Pod scheduled to an existing Node leaves it Terminating in
 * `kubectl get pods` (deletionTimestamp 30 s ahead); `--grace-period=0 --force` removes it, with
 * kubectl's warning; a Pod no Node was given goes at once.
 */
import { expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

const NS = "grace";

const e2e = kubectlServer("kubegen-pod-grace-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none"] },
  setup: async () => {
    await e2e.ok("create", "namespace", NS);
    // Pods need the namespace's `default` ServiceAccount, which the serviceaccount controller makes.
    await eventually(`serviceaccount ${NS}/default`, async () => (await kubectl("-n", NS, "get", "serviceaccount", "default")).code === 0);
    // A Node that exists but runs no kubelet: its Pods are neither stopped nor collected.
    await e2e.ok("apply", "-f", e2e.file("node.json", JSON.stringify({ apiVersion: "v1", kind: "Node", metadata: { name: "node-1" } })));
  },
});
const { kubectl, ok } = e2e;

const pod = (name: string, nodeName?: string) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: NS },
  spec: { ...(nodeName && { nodeName }), containers: [{ name: "app", image: "nginx" }] },
});
const apply = (name: string, obj: unknown) => ok("apply", "-f", e2e.file(`${name}.json`, JSON.stringify(obj)));

describeWithTools(["kubectl"], "kubectl: graceful Pod deletion", () => {
  it("a scheduled Pod shows Terminating; --grace-period=0 --force removes it with kubectl's warning", async () => {
    await apply("web", pod("web", "node-1"));
    // --wait=false: kubectl would otherwise wait for a Pod no kubelet will ever stop.
    expect(await ok("-n", NS, "delete", "pod", "web", "--wait=false")).toContain('pod "web" deleted');
    const row = (await ok("-n", NS, "get", "pods", "--no-headers")).trim().split(/\s+/);
    expect(row[0]).toBe("web");
    expect(row[2]).toBe("Terminating");
    const meta = JSON.parse(await ok("-n", NS, "get", "pod", "web", "-o", "jsonpath={.metadata}")) as Record<string, unknown>;
    expect(meta.deletionGracePeriodSeconds).toBe(30);
    expect(Date.parse(String(meta.deletionTimestamp)) - Date.now()).toBeGreaterThan(15_000);

    // Still there a moment later: nothing on node-1 stops it.
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await kubectl("-n", NS, "get", "pod", "web")).code).toBe(0);

    const forced = await kubectl("-n", NS, "delete", "pod", "web", "--grace-period=0", "--force");
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain(
      "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.",
    );
    expect(forced.stdout).toContain('pod "web" force deleted');
    expect((await kubectl("-n", NS, "get", "pod", "web")).stderr).toContain('pods "web" not found');
  }, 60_000);

  it("a Pod with no node is deleted at once (kubectl's wait returns)", async () => {
    await apply("pending", pod("pending"));
    expect(await ok("-n", NS, "delete", "pod", "pending", "--timeout=20s")).toContain('pod "pending" deleted');
    expect((await kubectl("-n", NS, "get", "pod", "pending")).stderr).toContain('pods "pending" not found');
  }, 60_000);
});
