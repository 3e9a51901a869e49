/**
 * A compiled-in group whose kinds have no protobuf codec (a user's types without +protobuf
 * numbers): the apiserver stores and serves it as JSON, as it does a custom resource, instead of
 * failing every create for want of a codec; and the group's own strategy code, given through
 * CompiledAPIGroup.strategies, runs on top of the default strategy.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fieldErrors, FieldPath, type Strategy } from "../../../apiserver/index.js";
import { runAPIServer } from "../../../apiserver/server/run.js";
import { Scheme } from "../../../runtime/scheme.js";
import { AdminClient } from "../../support/apiserver-process.js";

const GV = { group: "gadgets.example.org", version: "v1" };
const BASE = "/apis/gadgets.example.org/v1/namespaces/default/gadgets";

function gadgetScheme(): Scheme {
  const scheme = new Scheme();
  const copy = (obj: never): unknown => structuredClone(obj);
  scheme.addKnownTypes(
    GV,
    [
      { kind: "Gadget", deepCopy: copy },
      { kind: "GadgetList", deepCopy: copy },
    ],
    [
      {
        plural: "gadgets",
        singular: "gadget",
        kind: "Gadget",
        listKind: "GadgetList",
        namespaced: true,
        verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
        shortNames: [],
        categories: [],
        subresources: [],
        printerColumns: [],
      },
    ],
  );
  return scheme;
}

let dataDir = "";
let server: Awaited<ReturnType<typeof runAPIServer>>;
let client: AdminClient;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-compiled-json-"));
  // The group's own rules: a default colour, and at most 10 of anything.
  const gadgets = (base: Strategy): Strategy => ({
    ...base,
    defaults(obj) {
      base.defaults?.(obj);
      const spec = (obj.spec ?? {}) as { colour?: string };
      obj.spec = { ...spec, colour: spec.colour ?? "red" };
    },
    validate(obj) {
      const size = (obj.spec as { size?: number } | undefined)?.size ?? 0;
      const own = size > 10 ? [fieldErrors.invalid(FieldPath.of("spec", "size"), size, "must be at most 10")] : [];
      return [...(base.validate?.(obj) ?? []), ...own];
    },
  });
  server = await runAPIServer({
    dataDir,
    securePort: 0,
    bindAddress: "127.0.0.1",
    apiGroups: [{ scheme: gadgetScheme(), strategies: { gadgets } }],
    log: () => {},
  });
  client = new AdminClient(server.url, server.kubeconfig);
});

afterAll(async () => {
  client?.agent.destroy();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("a compiled-in kind without a protobuf codec", () => {
  it("is created, read, listed, patched and deleted in JSON", async () => {
    const created = await client.request("POST", BASE, {
      apiVersion: "gadgets.example.org/v1",
      kind: "Gadget",
      metadata: { name: "g1" },
      spec: { size: 2 },
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      kind: "Gadget",
      metadata: { name: "g1", namespace: "default" },
      spec: { size: 2, colour: "red" },
    });
    const got = await client.request("GET", `${BASE}/g1`);
    expect(got.json()).toMatchObject({ spec: { size: 2 } });
    const patched = await client.request("PATCH", `${BASE}/g1`, { spec: { size: 5 } }, { "Content-Type": "application/merge-patch+json" });
    expect(patched.status, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ spec: { size: 5 } });
    const listed = await client.request("GET", BASE);
    expect(listed.json<{ items: { metadata: { name: string } }[] }>().items.map((i) => i.metadata.name)).toEqual(["g1"]);
    expect((await client.request("DELETE", `${BASE}/g1`)).status).toBe(200);
    expect((await client.request("GET", `${BASE}/g1`)).status).toBe(404);
  });

  it("offers no strategic merge patch (as for a custom resource)", async () => {
    await client.request("POST", BASE, { apiVersion: "gadgets.example.org/v1", kind: "Gadget", metadata: { name: "g2" } });
    const res = await client.request(
      "PATCH",
      `${BASE}/g2`,
      { spec: { size: 1 } },
      { "Content-Type": "application/strategic-merge-patch+json" },
    );
    expect(res.status).toBe(415);
  });

  it("runs the group's strategy hook on top of the default strategy: its validation refuses with 422 and stores nothing", async () => {
    const res = await client.request("POST", BASE, {
      apiVersion: "gadgets.example.org/v1",
      kind: "Gadget",
      metadata: { name: "g3" },
      spec: { size: 11 },
    });
    expect(res.status).toBe(422);
    expect(res.json<{ message: string }>().message).toContain("spec.size: Invalid value: 11: must be at most 10");
    expect((await client.request("GET", `${BASE}/g3`)).status).toBe(404);
    // The default strategy's own checks still run (metadata.name).
    const badName = await client.request("POST", BASE, {
      apiVersion: "gadgets.example.org/v1",
      kind: "Gadget",
      metadata: { name: "Not_A_Name" },
    });
    expect(badName.status).toBe(422);
  });
});
