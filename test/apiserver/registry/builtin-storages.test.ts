/**
 * The endpoints over the real registry (buildBuiltinStorages on the in-memory storage): the
 * flows kubectl and the clients use, and bad input that must end in a 4xx with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/index.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { encodeObject } from "../../../runtime/protobuf/envelope.js";
import { startTestServer, type TestServer } from "../server/harness.js";

let t: TestServer;
const JSON_CT = { "Content-Type": "application/json" };
const post = (path: string, obj: unknown) => t.request("POST", path, { body: JSON.stringify(obj), headers: JSON_CT });

beforeAll(async () => {
  t = await startTestServer({ storages: buildBuiltinStorages(new MemoryStorage(), scheme) });
  expect((await post("/api/v1/namespaces", { metadata: { name: "reg" } })).status).toBe(201);
});
afterAll(async () => t.close());

async function count(path: string): Promise<number> {
  return (await t.request("GET", path)).json<{ items: unknown[] }>().items.length;
}

describe("over the real registry", () => {
  it("creates the system namespaces, Active", async () => {
    const table = (
      await t.request("GET", "/api/v1/namespaces", { headers: { Accept: "application/json;as=Table;v=v1;g=meta.k8s.io" } })
    ).json<{ rows: { cells: unknown[] }[] }>();
    const rows = Object.fromEntries(table.rows.map((r) => [r.cells[0], r.cells[1]]));
    expect(rows).toMatchObject({
      default: "Active",
      "kube-system": "Active",
      "kube-public": "Active",
      "kube-node-lease": "Active",
      reg: "Active",
    });
  });

  it("create, get, update (409 on a stale resourceVersion), patch, delete", async () => {
    const created = await post("/api/v1/namespaces/reg/configmaps", { metadata: { name: "c" }, data: { a: "1" } });
    expect(created.status).toBe(201);
    const rv = created.json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion;
    const ok = await t.request("PUT", "/api/v1/namespaces/reg/configmaps/c", {
      body: JSON.stringify({ metadata: { name: "c", resourceVersion: rv }, data: { a: "2" } }),
      headers: JSON_CT,
    });
    expect(ok.status).toBe(200);
    const stale = await t.request("PUT", "/api/v1/namespaces/reg/configmaps/c", {
      body: JSON.stringify({ metadata: { name: "c", resourceVersion: rv }, data: { a: "3" } }),
      headers: JSON_CT,
    });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({ reason: "Conflict" });
    const smp = await t.request("PATCH", "/api/v1/namespaces/reg/configmaps/c", {
      body: JSON.stringify({ data: { b: "x" } }),
      headers: { "Content-Type": "application/strategic-merge-patch+json" },
    });
    expect(smp.json()).toMatchObject({ data: { a: "2", b: "x" } });
    const jp = await t.request("PATCH", "/api/v1/namespaces/reg/configmaps/c", {
      body: JSON.stringify([{ op: "remove", path: "/data/a" }]),
      headers: { "Content-Type": "application/json-patch+json" },
    });
    expect(jp.json()).toMatchObject({ data: { b: "x" } });
    expect((await t.request("DELETE", "/api/v1/namespaces/reg/configmaps/c")).status).toBe(200);
    expect((await t.request("GET", "/api/v1/namespaces/reg/configmaps/c")).status).toBe(404);
  });

  it("update answers 201 when it created (where the strategy allows) and 404 where it does not", async () => {
    const put = (path: string, obj: unknown) => t.request("PUT", path, { body: JSON.stringify(obj), headers: JSON_CT });
    const ev = await put("/api/v1/namespaces/reg/events/e1", {
      metadata: { name: "e1" },
      involvedObject: { kind: "ConfigMap", name: "c", namespace: "reg" },
      reason: "Test",
    });
    expect(ev.status).toBe(201);
    expect((await put("/api/v1/namespaces/reg/configmaps/missing", { metadata: { name: "missing" } })).status).toBe(404);
  });

  it("lists with limit and continue", async () => {
    for (const n of ["l1", "l2", "l3"]) await post("/api/v1/namespaces/reg/secrets", { metadata: { name: n } });
    const page = (await t.request("GET", "/api/v1/namespaces/reg/secrets?limit=2")).json<{
      items: unknown[];
      metadata: { continue?: string };
    }>();
    expect(page.items).toHaveLength(2);
    expect(page.metadata.continue).toBeTruthy();
    const rest = (
      await t.request("GET", `/api/v1/namespaces/reg/secrets?limit=2&continue=${encodeURIComponent(page.metadata.continue!)}`)
    ).json<{ items: unknown[] }>();
    expect(rest.items).toHaveLength(1);
  });

  it("watches from a resourceVersion", async () => {
    const list = (await t.request("GET", "/api/v1/namespaces/reg/serviceaccounts")).json<{ metadata: { resourceVersion: string } }>();
    await post("/api/v1/namespaces/reg/serviceaccounts", { metadata: { name: "sa1" } });
    const w = await t.stream(
      `/api/v1/namespaces/reg/serviceaccounts?watch=1&resourceVersion=${list.metadata.resourceVersion}&timeoutSeconds=5`,
    );
    let buf = "";
    for await (const chunk of w.chunks) {
      buf += chunk.toString();
      if (buf.includes("\n")) break;
    }
    w.close();
    const ev = JSON.parse(buf.slice(0, buf.indexOf("\n")));
    expect(ev).toMatchObject({ type: "ADDED", object: { kind: "ServiceAccount", metadata: { name: "sa1" } } });
  });

  it("dry runs store nothing", async () => {
    expect((await post("/api/v1/namespaces/reg/configmaps?dryRun=All", { metadata: { name: "dry" } })).status).toBe(201);
    expect((await t.request("GET", "/api/v1/namespaces/reg/configmaps/dry")).status).toBe(404);
  });
});

describe("bad input over the real registry: a 4xx Status, nothing stored, still healthy", () => {
  const cases: [string, string, string | Uint8Array, Record<string, string>, number][] = [
    ["malformed JSON", "/api/v1/namespaces/reg/configmaps", '{"metadata": ', JSON_CT, 400],
    ["malformed YAML", "/api/v1/namespaces/reg/configmaps", "metadata: {name: [", { "Content-Type": "application/yaml" }, 400],
    [
      "malformed protobuf",
      "/api/v1/namespaces/reg/configmaps",
      Buffer.from([0x6b, 0x38, 0x73, 0x00, 0x0a, 0x7f]),
      { "Content-Type": "application/vnd.kubernetes.protobuf" },
      400,
    ],
    [
      "protobuf of another kind",
      "/api/v1/namespaces/reg/configmaps",
      encodeObject(scheme, { apiVersion: "v1", kind: "Secret", metadata: { name: "pb" } } as never),
      { "Content-Type": "application/vnd.kubernetes.protobuf" },
      400,
    ],
    [
      "a wrong kind",
      "/api/v1/namespaces/reg/configmaps",
      JSON.stringify({ apiVersion: "v1", kind: "Namespace", metadata: { name: "bad" } }),
      JSON_CT,
      400,
    ],
    [
      "a wrong apiVersion",
      "/api/v1/namespaces/reg/configmaps",
      JSON.stringify({ apiVersion: "apps/v1", kind: "ConfigMap", metadata: { name: "bad" } }),
      JSON_CT,
      400,
    ],
    ["an invalid name", "/api/v1/namespaces/reg/configmaps", JSON.stringify({ metadata: { name: "Not_Valid!" } }), JSON_CT, 422],
    ["no name at all", "/api/v1/namespaces/reg/configmaps", JSON.stringify({ data: { a: "b" } }), JSON_CT, 422],
    ["an invalid namespace name", "/api/v1/namespaces", JSON.stringify({ metadata: { name: "UPPER" } }), JSON_CT, 422],
    [
      "a body over 3 MiB",
      "/api/v1/namespaces/reg/configmaps",
      JSON.stringify({ metadata: { name: "huge" }, data: { k: "x".repeat(3_200_000) } }),
      JSON_CT,
      413,
    ],
  ];
  it.each(cases)("%s", async (_what, path, body, headers, code) => {
    const before = await count("/api/v1/namespaces/reg/configmaps");
    const res = await t.request("POST", path, { body, headers });
    expect(res.status).toBe(code);
    expect(res.json()).toMatchObject({ kind: "Status", status: "Failure", code });
    expect(await count("/api/v1/namespaces/reg/configmaps")).toBe(before);
    expect((await t.request("GET", "/readyz")).text).toBe("ok");
  });

  it.each([
    ["a bad label selector", "/api/v1/namespaces/reg/configmaps?labelSelector=%3D%3D%3D", 400],
    ["a bad field selector", "/api/v1/namespaces/reg/configmaps?fieldSelector=nonsense", 400],
    ["a bad resourceVersion", "/api/v1/namespaces/reg/configmaps?resourceVersion=xyz", 400],
    ["a bad continue token", "/api/v1/namespaces/reg/configmaps?limit=1&continue=garbage", 400],
    ["a too-old resourceVersion with Exact", "/api/v1/namespaces/reg/configmaps?resourceVersion=999999&resourceVersionMatch=Exact", 504],
  ] as const)("%s", async (_what, path, code) => {
    const res = await t.request("GET", path);
    expect(res.status).toBeGreaterThanOrEqual(400);
    if (code !== 504) expect(res.status).toBe(code);
    expect(res.status).not.toBe(500);
    expect(res.json()).toMatchObject({ kind: "Status", status: "Failure" });
  });
});
