/**
 * `--authorization-mode=Node,RBAC` through the real apiserver (SQLite): kubelets authenticate with
 * `--token-auth-file` tokens as `system:node:<name>` in `system:nodes`, nothing binds them a
 * role (as upstream), and the Node authorizer grants what their Pods relate them to, following
 * Pods as they are scheduled and deleted.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";
import { until } from "../../support/wait.js";

let server: TestAPIServer;
let tokenDir = "";
const admin = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);
const asNode =
  (token: string) =>
  (method: string, p: string, body?: unknown): Promise<Reply> =>
    server.call(method, p, body, { authorization: `Bearer ${token}` }, true);
const node1 = asNode("node1-token");
const node2 = asNode("node2-token");

const NS = "/api/v1/namespaces/default";
const pod = (name: string, nodeName: string) => ({
  metadata: { name },
  spec: {
    nodeName,
    containers: [{ name: "c", image: "busybox:1", envFrom: [{ configMapRef: { name: "app-config" } }] }],
    volumes: [{ name: "creds", secret: { secretName: "app-secret" } }],
  },
});

beforeAll(async () => {
  tokenDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-node-authz-"));
  const tokens = path.join(tokenDir, "tokens.csv");
  writeFileSync(
    tokens,
    ['node1-token,system:node:node1,uid-node1,"system:nodes"', 'node2-token,system:node:node2,uid-node2,"system:nodes"'].join("\n") + "\n",
  );
  server = await startRunningServer({ authorizationMode: "Node,RBAC", tokenAuthFile: tokens });
  await admin("POST", `${NS}/serviceaccounts`, { metadata: { name: "default" } });
  expect((await admin("POST", `${NS}/secrets`, { metadata: { name: "app-secret" }, stringData: { k: "v" } })).status).toBe(201);
  expect((await admin("POST", `${NS}/configmaps`, { metadata: { name: "app-config" }, data: { k: "v" } })).status).toBe(201);
  expect((await admin("POST", `${NS}/secrets`, { metadata: { name: "unrelated" }, stringData: { k: "v" } })).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  if (tokenDir) rmSync(tokenDir, { recursive: true, force: true });
});

describe("the Node authorizer through the apiserver", () => {
  it("gives a node the Secrets and ConfigMaps of the Pods bound to it, and only while they are", async () => {
    expect((await node1("GET", `${NS}/secrets/app-secret`)).status).toBe(403);
    expect((await admin("POST", `${NS}/pods`, pod("web", "node1"))).status).toBe(201);
    await until(async () => (await node1("GET", `${NS}/secrets/app-secret`)).status === 200, 10_000, "node1 to read app-secret");
    expect((await node1("GET", `${NS}/configmaps/app-config`)).status).toBe(200);

    const other = await node2("GET", `${NS}/secrets/app-secret`);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(
      'secrets "app-secret" is forbidden: User "system:node:node2" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node \'node2\' and this object',
    );
    const unrelated = await node1("GET", `${NS}/secrets/unrelated`);
    expect(unrelated.status).toBe(403);
    expect(unrelated.body.message).toContain("no relationship found between node 'node1' and this object");
    expect((await node1("GET", `${NS}/secrets`)).status).toBe(403);

    expect((await admin("DELETE", `${NS}/pods/web?gracePeriodSeconds=0`)).status).toBe(200);
    await until(async () => (await node1("GET", `${NS}/secrets/app-secret`)).status === 403, 10_000, "node1 to lose app-secret");
  });

  it("lists Pods only with a field selector naming the node, and reads only its own Node", async () => {
    expect((await admin("POST", `${NS}/pods`, pod("api", "node2"))).status).toBe(201);
    const scoped = await node2("GET", "/api/v1/pods?fieldSelector=spec.nodeName%3Dnode2");
    expect(scoped.status).toBe(200);
    expect(scoped.body.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(["api"]);
    const all = await node2("GET", "/api/v1/pods");
    expect(all.status).toBe(403);
    expect(all.body.message).toContain("can only list/watch pods with spec.nodeName field selector");
    expect((await node1("GET", "/api/v1/pods?fieldSelector=spec.nodeName%3Dnode2")).status).toBe(403);

    expect((await admin("POST", "/api/v1/nodes", { metadata: { name: "node1" } })).status).toBe(201);
    expect((await node1("GET", "/api/v1/nodes/node1")).status).toBe(200);
    expect((await node1("GET", "/api/v1/nodes?fieldSelector=metadata.name%3Dnode1")).status).toBe(200);
    const others = await node1("GET", "/api/v1/nodes");
    expect(others.status).toBe(403);
    expect(others.body.message).toContain("node 'node1' cannot read all nodes, only its own Node object");
  });

  it("answers access reviews for nodes, field selectors included", async () => {
    const review = (fieldSelector?: { rawSelector: string }) =>
      admin("POST", "/apis/authorization.k8s.io/v1/subjectaccessreviews", {
        spec: {
          user: "system:node:node2",
          groups: ["system:nodes"],
          resourceAttributes: { verb: "list", resource: "pods", version: "v1", ...(fieldSelector && { fieldSelector }) },
        },
      });
    expect((await review()).body.status.allowed).toBe(false);
    expect((await review({ rawSelector: "spec.nodeName=node2" })).body.status.allowed).toBe(true);
  });
});
