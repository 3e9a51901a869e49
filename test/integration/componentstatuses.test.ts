/** ComponentStatuses as upstream serves them: computed on every read, get and list only, with the v1.19 deprecation warning. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildBuiltinStorages } from "../../apiserver/registry/builtin.js";
import { httpsProbe, type ComponentProbe } from "../../apiserver/registry/resources/componentstatuses/storage.js";
import { MemoryStorage } from "../../apiserver/storage/memory.js";
import { startTestServer, type TestServer } from "../apiserver/server/harness.js";
import { scheme } from "../apiserver/registry/helpers.js";

const probes: Record<string, ComponentProbe> = {
  "etcd-0": async () => ({ healthy: true, message: "ok" }),
  scheduler: async () => ({
    healthy: false,
    message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused',
  }),
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    storages: buildBuiltinStorages(new MemoryStorage(), scheme, { watchCache: false, componentProbes: probes }),
  });
});
afterAll(async () => {
  await t.close();
});

describe("ComponentStatuses", () => {
  it("lists and gets the probed components, with the deprecation warning", async () => {
    const list = await t.request("GET", "/api/v1/componentstatuses");
    expect(list.status).toBe(200);
    expect(list.headers.warning).toBe('299 - "v1 ComponentStatus is deprecated in v1.19+"');
    const items = list.json<{ items: { metadata: { name: string }; conditions: unknown[] }[] }>().items;
    expect(items.map((i) => [i.metadata.name, i.conditions])).toEqual([
      ["etcd-0", [{ type: "Healthy", status: "True", message: "ok" }]],
      [
        "scheduler",
        [
          {
            type: "Healthy",
            status: "False",
            message: 'Get "https://127.0.0.1:10259/healthz": dial tcp 127.0.0.1:10259: connect: connection refused',
          },
        ],
      ],
    ]);
    const one = await t.request("GET", "/api/v1/componentstatuses/etcd-0");
    expect(one.json()).toMatchObject({ kind: "ComponentStatus", apiVersion: "v1", metadata: { name: "etcd-0" } });
    const missing = await t.request("GET", "/api/v1/componentstatuses/nope");
    expect(missing.status).toBe(404);
  });

  it("refuses every other verb with 405, and discovery lists only get and list", async () => {
    const create = await t.request("POST", "/api/v1/componentstatuses", {
      body: JSON.stringify({ apiVersion: "v1", kind: "ComponentStatus", metadata: { name: "x" } }),
      headers: { "content-type": "application/json" },
    });
    expect(create.status).toBe(405);
    expect(create.json()).toMatchObject({ reason: "MethodNotAllowed" });
    expect((await t.request("DELETE", "/api/v1/componentstatuses/etcd-0")).status).toBe(405);
    expect((await t.request("GET", "/api/v1/componentstatuses?watch=true")).status).toBe(405);
    const discovery = (await t.request("GET", "/api/v1")).json<{ resources: { name: string; verbs: string[] }[] }>();
    expect(discovery.resources.find((r) => r.name === "componentstatuses")?.verbs).toEqual(["get", "list"]);
  });

  it("reports a component that does not answer as unhealthy, with the request's error", async () => {
    // Port 1 on loopback: nothing listens there.
    const r = await httpsProbe("127.0.0.1", 1, "/healthz")();
    expect(r).toEqual({ healthy: false, message: 'Get "https://127.0.0.1:1/healthz": dial tcp 127.0.0.1:1: connect: connection refused' });
  });
});
