/**
 * The real kubectl against `kubegen apiserver` (spawned with a `--token-auth-file`) for the rules
 * of issue #16 closed in session 18: the deprecated node-label warnings of a StorageClass,
 * CSIStorageCapacity and RuntimeClass reach `kubectl apply` as `Warning:` lines, on create and
 * update; a TokenReview of a static token answers with its user.
 */
import path from "node:path";
import { writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: deprecated node-label warnings and TokenReview (session 18)", () => {
  const { kubectl, json, file } = kubectlServer("kubegen-e2e-labels18-", {
    spawn: (dir) => {
      const tokens = path.join(dir, "tokens.csv");
      writeFileSync(tokens, 'static-token,alice,uid-alice,"dev,ops"\n');
      return { extraArgs: ["--token-auth-file", tokens] };
    },
  });
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));

  it("kubectl apply of a StorageClass shows the allowedTopologies warning, again on update", async () => {
    const sc = (reclaim?: string) => ({
      apiVersion: "storage.k8s.io/v1",
      kind: "StorageClass",
      metadata: { name: "zonal", labels: reclaim ? { v: "2" } : {} },
      provisioner: "csi.example.com",
      allowedTopologies: [{ matchLabelExpressions: [{ key: "failure-domain.beta.kubernetes.io/zone", values: ["a"] }] }],
    });
    const warning =
      'Warning: allowedTopologies[0].matchLabelExpressions[0].key: deprecated since v1.17; use "topology.kubernetes.io/zone" instead';
    const made = await kubectl("apply", "-f", manifest("sc1", sc()));
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toContain(warning);
    const updated = await kubectl("apply", "-f", manifest("sc2", sc("x")));
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.stderr).toContain(warning);
  });

  it("a RuntimeClass's and a CSIStorageCapacity's warnings reach kubectl", async () => {
    const rc = await kubectl(
      "apply",
      "-f",
      manifest("rc", {
        apiVersion: "node.k8s.io/v1",
        kind: "RuntimeClass",
        metadata: { name: "gvisor" },
        handler: "runsc",
        scheduling: { nodeSelector: { "node-role.kubernetes.io/master": "" } },
      }),
    );
    expect(rc.code, rc.stderr).toBe(0);
    expect(rc.stderr).toContain('Warning: scheduling.nodeSelector: use "node-role.kubernetes.io/control-plane" instead');
    const csc = await kubectl(
      "apply",
      "-f",
      manifest("csc", {
        apiVersion: "storage.k8s.io/v1",
        kind: "CSIStorageCapacity",
        metadata: { name: "cap", namespace: "default" },
        storageClassName: "zonal",
        nodeTopology: { matchLabels: { "beta.kubernetes.io/os": "linux" } },
      }),
    );
    expect(csc.code, csc.stderr).toBe(0);
    expect(csc.stderr).toContain(
      'Warning: nodeTopology.matchLabels.beta.kubernetes.io/os: deprecated since v1.14; use "kubernetes.io/os" instead',
    );
  });

  it("kubectl create of a TokenReview for a static token answers with its user", async () => {
    const tr = (token: string) => manifest(`tr-${token}`, { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } });
    const good = await json("create", "-f", tr("static-token"));
    expect(good.status).toMatchObject({
      authenticated: true,
      user: { username: "alice", uid: "uid-alice", groups: ["dev", "ops", "system:authenticated"] },
    });
    expect(good.status.audiences).toEqual(["https://kubernetes.default.svc.cluster.local"]);
    const bad = await json("create", "-f", tr("nobody"));
    expect(bad.status).toEqual({ user: {}, error: "invalid bearer token" });
  });
});
