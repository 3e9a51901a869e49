/**
 * NodeRestriction and AlwaysPullImages through the real apiserver (SQLite, RBAC, both plugins
 * enabled by flag): kubelets authenticate with `--token-auth-file` tokens as
 * `system:node:<name>` in `system:nodes`, RBAC grants the group upstream's `system:node` role,
 * and the plugin narrows it to what belongs to each node, with upstream's messages.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

let server: TestAPIServer;
const admin = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);
const asNode =
  (token: string) =>
  (method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> =>
    server.call(method, p, body, { authorization: `Bearer ${token}`, ...headers }, true);
const node1 = asNode("node1-token");
const node2 = asNode("node2-token");
const MERGE = { "content-type": "application/merge-patch+json" };

const PODS = "/api/v1/namespaces/default/pods";
const NODES = "/api/v1/nodes";
const LEASES = "/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases";
const RBAC = "/apis/rbac.authorization.k8s.io/v1";

const nodeObj = (name: string, labels: Record<string, string> = {}) => ({ apiVersion: "v1", kind: "Node", metadata: { name, labels } });
const pod = (name: string, spec: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, ...meta },
  spec: { containers: [{ name: "c", image: "busybox:1", imagePullPolicy: "IfNotPresent" }], ...spec },
});

let node1UID = "";
let tokenDir = "";

beforeAll(async () => {
  // A fresh temp dir holds the token file: the server reads it at start.
  tokenDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-noderestriction-"));
  const tokens = path.join(tokenDir, "tokens.csv");
  writeFileSync(
    tokens,
    [
      'node1-token,system:node:node1,uid-node1,"system:nodes"',
      'node2-token,system:node:node2,uid-node2,"system:nodes"',
      'nameless-token,system:node:,uid-x,"system:nodes"',
    ].join("\n") + "\n",
  );
  server = await startRunningServer({
    authorizationMode: "RBAC",
    tokenAuthFile: tokens,
    enableAdmissionPlugins: ["NodeRestriction", "AlwaysPullImages"],
  });
  // Upstream binds system:node to no one (the Node authorizer answers for kubelets); bind it here.
  expect(
    (
      await admin("POST", `${RBAC}/clusterrolebindings`, {
        metadata: { name: "nodes" },
        roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "system:node" },
        subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "Group", name: "system:nodes" }],
      })
    ).status,
  ).toBe(201);
  await admin("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
  await admin("POST", "/api/v1/namespaces", { metadata: { name: "kube-node-lease" } });
  const created = await admin("POST", NODES, nodeObj("node1"));
  node1UID = created.body.metadata.uid;
  await admin("POST", NODES, nodeObj("node2"));
  for (const nodeName of ["node1", "node2"]) expect((await admin("POST", PODS, pod(`on-${nodeName}`, { nodeName }))).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (tokenDir) rmSync(tokenDir, { recursive: true, force: true });
});

describe("NodeRestriction through the apiserver", () => {
  it("lets a node change its own Node but not another's, nor restricted labels or taints", async () => {
    const own = await node1("PATCH", `${NODES}/node1`, { metadata: { labels: { "node.kubernetes.io/pool": "a" } } }, MERGE);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const other = await node1("PATCH", `${NODES}/node2`, { metadata: { labels: { a: "b" } } }, MERGE);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('nodes "node2" is forbidden: node "node1" is not allowed to modify node "node2"');
    const label = await node1(
      "PATCH",
      `${NODES}/node1`,
      { metadata: { labels: { "node-restriction.kubernetes.io/trusted": "yes" } } },
      MERGE,
    );
    expect(label.status).toBe(403);
    expect(label.body.message).toBe('nodes "node1" is forbidden: is not allowed to modify labels: node-restriction.kubernetes.io/trusted');
    const taint = await node1("PATCH", `${NODES}/node1`, { spec: { taints: [{ key: "k", effect: "NoSchedule" }] } }, MERGE);
    expect(taint.status).toBe(403);
    expect(taint.body.message).toBe('nodes "node1" is forbidden: node "node1" is not allowed to modify taints');
    const status = await node2("PATCH", `${NODES}/node1/status`, { status: { phase: "Running" } }, MERGE);
    expect(status.status).toBe(403);
    expect(status.body.message).toBe('nodes "node1" is forbidden: node "node2" is not allowed to modify node "node1"');
    // The admin is no node: the plugin leaves it alone.
    expect((await server.call("PATCH", `${NODES}/node1`, { spec: { taints: [{ key: "k", effect: "NoSchedule" }] } }, MERGE)).status).toBe(
      200,
    );
  });

  it("refuses a node user without a name", async () => {
    const r = await server.call(
      "PATCH",
      `${NODES}/node2`,
      { metadata: { labels: { a: "b" } } },
      { authorization: "Bearer nameless-token", ...MERGE },
      true,
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('nodes "node2" is forbidden: could not determine node from user "system:node:"');
  });

  it("creates only its own mirror pods, and acts only on pods bound to it", async () => {
    const mirror = pod(
      "static-web-node1",
      { nodeName: "node1" },
      {
        annotations: { "kubernetes.io/config.mirror": "hash" },
        ownerReferences: [{ apiVersion: "v1", kind: "Node", name: "node1", uid: node1UID, controller: true }],
      },
    );
    const created = await node1("POST", PODS, mirror);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // AlwaysPullImages is on too.
    expect(created.body.spec.containers[0].imagePullPolicy).toBe("Always");
    const plain = await node1("POST", PODS, pod("plain", { nodeName: "node1" }));
    expect(plain.status).toBe(403);
    expect(plain.body.message).toBe(
      'pods "plain" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "node1" can only create mirror pods',
    );
    const foreign = await node2("POST", PODS, { ...mirror, metadata: { ...mirror.metadata, name: "static-2" } });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('pods "static-2" is forbidden: node "node2" can only create pods with spec.nodeName set to itself');

    const del = await node1("DELETE", `${PODS}/on-node2`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe('pods "on-node2" is forbidden: node "node1" can only delete pods with spec.nodeName set to itself');
    const evict = await node1("POST", `${PODS}/on-node2/eviction`, {
      apiVersion: "policy/v1",
      kind: "Eviction",
      metadata: { name: "on-node2" },
    });
    expect(evict.status).toBe(403);
    expect(evict.body.message).toBe('pods "on-node2" is forbidden: node node1 can only evict pods with spec.nodeName set to itself');
    const current = (await admin("GET", `${PODS}/on-node2`)).body;
    const status = await node1("PUT", `${PODS}/on-node2/status`, { ...current, status: { phase: "Running" } });
    expect(status.status).toBe(403);
    expect(status.body.message).toBe(
      'pods "on-node2" is forbidden: node "node1" can only update pod status for pods with spec.nodeName set to itself',
    );
    const own = (await admin("GET", `${PODS}/on-node1`)).body;
    const relabel = await node1("PUT", `${PODS}/on-node1/status`, { ...own, metadata: { ...own.metadata, labels: { x: "y" } } });
    expect(relabel.status).toBe(403);
    expect(relabel.body.message).toBe('pods "on-node1" is forbidden: node "node1" cannot update labels through pod status');
    const ok = await node1("PATCH", `${PODS}/on-node1/status`, { status: { message: "hello" } }, MERGE);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await node1("DELETE", `${PODS}/static-web-node1`)).status).toBe(200);
  });

  it("keeps a node to its own Lease in kube-node-lease", async () => {
    const lease = (name: string) => ({
      apiVersion: "coordination.k8s.io/v1",
      kind: "Lease",
      metadata: { name },
      spec: { holderIdentity: name },
    });
    expect((await node1("POST", LEASES, lease("node1"))).status).toBe(201);
    const other = await node1("POST", LEASES, lease("node2"));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      'leases.coordination.k8s.io "node2" is forbidden: can only access node lease with the same name as the requesting node',
    );
  });

  it("issues tokens only for its pods, and audiences only as the pod or RBAC allows", async () => {
    const uid = (await admin("GET", `${PODS}/on-node1`)).body.metadata.uid;
    const otherUID = (await admin("GET", `${PODS}/on-node2`)).body.metadata.uid;
    const request = (name: string, podUID: string, audiences?: string[]) => ({
      apiVersion: "authentication.k8s.io/v1",
      kind: "TokenRequest",
      spec: { ...(audiences && { audiences }), boundObjectRef: { apiVersion: "v1", kind: "Pod", name, uid: podUID } },
    });
    const TOKEN = "/api/v1/namespaces/default/serviceaccounts/default/token";
    const ok = await node1("POST", TOKEN, request("on-node1", uid));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.status.token).toBeTruthy();
    const other = await node1("POST", TOKEN, request("on-node2", otherUID));
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      'serviceaccounts "default" is forbidden: node requested token bound to a pod scheduled on a different node',
    );
    const unbound = await node1("POST", TOKEN, { apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec: {} });
    expect(unbound.status).toBe(403);
    expect(unbound.body.message).toBe('serviceaccounts "default" is forbidden: node requested token not bound to a pod');
    const audience = await node1("POST", TOKEN, request("on-node1", uid, ["vault"]));
    expect(audience.status).toBe(403);
    expect(audience.body.message).toBe(
      'serviceaccounts "default" is forbidden: audience "vault" not found in pod spec volume, system:node:node1 is not authorized to request tokens for this audience',
    );
    // RBAC grants the audience: the authorizer's answer lets it through.
    await admin("POST", `${RBAC}/clusterroles`, {
      metadata: { name: "vault-audience" },
      rules: [{ apiGroups: [""], resources: ["vault"], verbs: ["request-serviceaccounts-token-audience"] }],
    });
    await admin("POST", `${RBAC}/clusterrolebindings`, {
      metadata: { name: "vault-audience" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "vault-audience" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "Group", name: "system:nodes" }],
    });
    let granted: Reply | undefined;
    for (let i = 0; i < 50; i++) {
      granted = await node1("POST", TOKEN, request("on-node1", uid, ["vault"]));
      if (granted.status === 201) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(granted!.status, JSON.stringify(granted!.body)).toBe(201);
  });
});

describe("AlwaysPullImages through the apiserver", () => {
  it("stores Always for every container, and keeps it Always when an update brings a new image", async () => {
    const created = await admin("POST", PODS, pod("pull", { initContainers: [{ name: "i", image: "init:1", imagePullPolicy: "Never" }] }));
    expect(created.status).toBe(201);
    expect(created.body.spec.initContainers[0].imagePullPolicy).toBe("Always");
    expect(created.body.spec.containers[0].imagePullPolicy).toBe("Always");
    // An update bringing a new image is admitted with Always again.
    const updated = await server.call(
      "PATCH",
      `${PODS}/pull`,
      { spec: { containers: [{ name: "c", image: "busybox:2" }] } },
      {
        "content-type": "application/strategic-merge-patch+json",
      },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.spec.containers[0]).toMatchObject({ image: "busybox:2", imagePullPolicy: "Always" });
  });
});
