/**
 * crd-autoregistration against a spawned apiserver: creating a CRD registers a Local APIService
 * for each group-version it serves (automanaged, Available), and deleting the CRD removes it. And
 * kube-apiserver-autoregistration's own: every built-in group-version's, there once the server is.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";

const CRD = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: "gizmos.autoreg.example.com" },
  spec: {
    group: "autoreg.example.com",
    scope: "Namespaced",
    names: { plural: "gizmos", singular: "gizmo", kind: "Gizmo", listKind: "GizmoList" },
    versions: [
      { name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } },
      { name: "v1alpha1", served: false, storage: false, schema: { openAPIV3Schema: { type: "object" } } },
    ],
  },
};
const APISERVICES = "/apis/apiregistration.k8s.io/v1/apiservices";

let dir: string;
let server: APIServerProcess;
let client: AdminClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-crd-autoreg-"));
  server = await spawnAPIServer(dir);
  client = new AdminClient(server.url, server.kubeconfig, 2);
});

afterAll(async () => {
  client?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("kube-apiserver-autoregistration", () => {
  it("has registered every built-in group-version with a priority (automanaged onstart) when the server is ready", async () => {
    const r = await client.request("GET", `${APISERVICES}?labelSelector=kube-aggregator.kubernetes.io/automanaged%3Donstart`);
    expect(r.status).toBe(200);
    const items = (JSON.parse(r.body) as { items: { metadata: { name: string }; spec: Record<string, unknown> }[] }).items;
    const byName = new Map(items.map((a) => [a.metadata.name, a.spec]));
    expect(byName.get("v1.")).toMatchObject({ version: "v1", groupPriorityMinimum: 18000, versionPriority: 1 });
    expect(byName.get("v1.apps")).toMatchObject({ group: "apps", version: "v1", groupPriorityMinimum: 17800, versionPriority: 15 });
    expect(byName.has("v1.rbac.authorization.k8s.io")).toBe(true);
    expect(byName.has("v1.flowcontrol.apiserver.k8s.io")).toBe(true);
    expect(items.length).toBeGreaterThan(20);
  });
});

describe("crd-autoregistration", () => {
  it("registers a CRD's served group-versions as Local APIServices and removes them with the CRD", async () => {
    expect((await client.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", CRD)).status).toBe(201);
    let apiService: {
      metadata: { labels?: Record<string, string> };
      spec: Record<string, unknown>;
      status?: { conditions?: { type: string; status: string; reason: string }[] };
    } = { metadata: {}, spec: {} };
    await eventually("v1.autoreg.example.com to be Available", async () => {
      const r = await client.request("GET", `${APISERVICES}/v1.autoreg.example.com`);
      if (r.status !== 200) return false;
      apiService = JSON.parse(r.body) as typeof apiService;
      return apiService.status?.conditions?.some((c) => c.type === "Available" && c.status === "True") ?? false;
    });
    expect(apiService.metadata.labels).toEqual({ "kube-aggregator.kubernetes.io/automanaged": "true" });
    expect(apiService.spec).toMatchObject({
      group: "autoreg.example.com",
      version: "v1",
      groupPriorityMinimum: 1000,
      versionPriority: 100,
    });
    expect(apiService.spec.service).toBeUndefined();
    expect(apiService.status?.conditions?.find((c) => c.type === "Available")?.reason).toBe("Local");
    // Not served, not registered.
    expect((await client.request("GET", `${APISERVICES}/v1alpha1.autoreg.example.com`)).status).toBe(404);

    expect((await client.request("DELETE", `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${CRD.metadata.name}`)).status).toBe(
      200,
    );
    await eventually(
      "v1.autoreg.example.com to go",
      async () => (await client.request("GET", `${APISERVICES}/v1.autoreg.example.com`)).status === 404,
    );
  });
});
