/**
 * The real kubectl against `kubegen apiserver --enable-admission-plugins
 * NodeRestriction,AlwaysPullImages` (RBAC, a `--token-auth-file`): a kubeconfig with a node's
 * token (`system:node:node1` in `system:nodes`) labels its own Node, and is refused another's,
 * restricted labels, taints and non-mirror Pods with upstream's messages; Pods the admin makes
 * pull Always.
 */
import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { runKubectl } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: NodeRestriction and AlwaysPullImages with a node's kubeconfig", () => {
  const e2e = kubectlServer("kubegen-e2e-node-restriction-", {
    spawn: (dir) => {
      const tokens = path.join(dir, "tokens.csv");
      // Written before the server starts: it reads the file once.
      writeFileSync(tokens, 'node1-token,system:node:node1,uid-node1,"system:nodes"\n');
      return {
        extraArgs: [
          "--authorization-mode",
          "RBAC",
          "--token-auth-file",
          tokens,
          "--enable-admission-plugins",
          "NodeRestriction,AlwaysPullImages",
        ],
      };
    },
    setup: async () => {
      await e2e.ok("create", "serviceaccount", "default");
      // Upstream's Node authorizer answers for kubelets; here RBAC's system:node role does.
      await e2e.ok("create", "clusterrolebinding", "nodes", "--clusterrole=system:node", "--group=system:nodes");
      for (const name of ["node1", "node2"])
        await e2e.ok("apply", "-f", e2e.file(`${name}.json`, JSON.stringify({ apiVersion: "v1", kind: "Node", metadata: { name } })));
    },
  });
  const { kubectl } = e2e;

  /** kubectl with node1's kubeconfig: the admin's cluster, node1's token. */
  let nodeConfig = "";
  const asNode = async (...args: string[]) => {
    if (!nodeConfig) {
      nodeConfig = path.join(e2e.dir, "node1.kubeconfig");
      copyFileSync(e2e.kubeconfig, nodeConfig);
      for (const step of [
        ["config", "set-credentials", "node1", "--token=node1-token"],
        ["config", "set-context", "--current", "--user=node1"],
      ]) {
        const r = await runKubectl(nodeConfig, step);
        expect(r.code, r.stderr).toBe(0);
      }
    }
    return runKubectl(nodeConfig, args, { timeoutMs: 60_000 });
  };

  it("the node is who its kubeconfig says, and may label its own Node", async () => {
    const who = await asNode("auth", "whoami", "-o", "jsonpath={.status.userInfo.username}");
    expect(who.code, who.stderr).toBe(0);
    expect(who.stdout).toBe("system:node:node1");
    const label = await asNode("label", "node", "node1", "node.kubernetes.io/pool=blue");
    expect(label.code, label.stderr).toBe(0);
    expect((await kubectl("get", "node", "node1", "-o", "jsonpath={.metadata.labels.node\\.kubernetes\\.io/pool}")).stdout).toBe("blue");
  });

  it("refuses another Node, restricted labels and taints with upstream's messages", async () => {
    const other = await asNode("label", "node", "node2", "team=x");
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain('nodes "node2" is forbidden: node "node1" is not allowed to modify node "node2"');
    const restricted = await asNode("label", "node", "node1", "node-restriction.kubernetes.io/trusted=yes");
    expect(restricted.code).not.toBe(0);
    expect(restricted.stderr).toContain(
      'nodes "node1" is forbidden: is not allowed to modify labels: node-restriction.kubernetes.io/trusted',
    );
    const taint = await asNode("taint", "node", "node1", "dedicated=x:NoSchedule");
    expect(taint.code).not.toBe(0);
    expect(taint.stderr).toContain('nodes "node1" is forbidden: node "node1" is not allowed to modify taints');
    // The admin is not restricted.
    const admin = await kubectl("label", "node", "node2", "team=x");
    expect(admin.code, admin.stderr).toBe(0);
  });

  it("refuses a Pod that is not a mirror pod; the admin's Pods pull Always", async () => {
    const run = await asNode("run", "web", "--image=nginx:1", "--overrides", JSON.stringify({ spec: { nodeName: "node1" } }));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      'pods "web" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "node1" can only create mirror pods',
    );
    const made = await kubectl("run", "app", "--image=nginx:1", "--image-pull-policy=IfNotPresent");
    expect(made.code, made.stderr).toBe(0);
    expect((await kubectl("get", "pod", "app", "-o", "jsonpath={.spec.containers[0].imagePullPolicy}")).stdout).toBe("Always");
  });
});
