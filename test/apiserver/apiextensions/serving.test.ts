/** Custom resources served from CRDs: established, every verb, discovery, serving again after a restart, watch. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { startTestServer, type TestServer } from "../server/harness.js";
import { createEstablished, cronTabCRD, json, startCRDServer } from "./support.js";

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
});
afterAll(async () => {
  await t.server.shutdown();
});

const CT = "/apis/stable.example.com/v1/namespaces/ns1/crontabs";

describe("a CRD", () => {
  it("gets its names accepted and becomes Established (the cleanup finalizer comes with the first delete)", async () => {
    const crd = await createEstablished(t, cronTabCRD());
    const status = crd.status as {
      acceptedNames: Record<string, unknown>;
      conditions: { type: string; status: string; reason: string; message: string }[];
    };
    expect(status.acceptedNames).toEqual({
      plural: "crontabs",
      singular: "crontab",
      shortNames: ["ct"],
      kind: "CronTab",
      listKind: "CronTabList",
    });
    const byType = Object.fromEntries(status.conditions.map((c) => [c.type, c]));
    expect(byType.NamesAccepted).toMatchObject({ status: "True", reason: "NoConflicts", message: "no conflicts found" });
    expect(byType.Established).toMatchObject({
      status: "True",
      reason: "InitialNamesAccepted",
      message: "the initial names have been accepted",
    });
    expect((crd.metadata as { finalizers?: string[] }).finalizers).toBeUndefined();
  });

  it("serves every verb on its objects", async () => {
    const created = await t.request(
      "POST",
      CT,
      json({
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name: "my-new-cron-object" },
        spec: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", replicas: 1 },
      }),
    );
    expect(created.status).toBe(201);
    const obj = created.json<{ metadata: { generation: number; uid: string; namespace: string; resourceVersion: string } }>();
    expect(obj.metadata.generation).toBe(1);
    expect(obj.metadata.namespace).toBe("ns1");
    const got = await t.request("GET", `${CT}/my-new-cron-object`);
    expect(got.json()).toMatchObject({ apiVersion: "stable.example.com/v1", kind: "CronTab", spec: { replicas: 1 } });
    const list = (await t.request("GET", CT)).json<{ kind: string; items: unknown[] }>();
    expect(list.kind).toBe("CronTabList");
    expect(list.items).toHaveLength(1);
    const all = (await t.request("GET", "/apis/stable.example.com/v1/crontabs")).json<{ items: unknown[] }>();
    expect(all.items).toHaveLength(1);
    const patched = await t.request("PATCH", `${CT}/my-new-cron-object`, {
      body: JSON.stringify({ spec: { replicas: 3 } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ spec: { replicas: 3 }, metadata: { generation: 2 } });
    const sel = (await t.request("GET", `${CT}?fieldSelector=metadata.name%3Dnope`)).json<{ items: unknown[] }>();
    expect(sel.items).toHaveLength(0);
    const bad = await t.request("GET", `${CT}?fieldSelector=spec.image%3Dx`);
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ reason: "BadRequest", message: "field label not supported: spec.image" });
    // Strategic merge patch is not for custom resources.
    const smp = await t.request("PATCH", `${CT}/my-new-cron-object`, {
      body: "{}",
      headers: { "Content-Type": "application/strategic-merge-patch+json" },
    });
    expect(smp.status).toBe(415);
    const del = await t.request("DELETE", `${CT}/my-new-cron-object`);
    expect(del.status).toBe(200);
    expect((await t.request("GET", `${CT}/my-new-cron-object`)).status).toBe(404);
  });

  it("is in discovery with its short names, singular name and verbs", async () => {
    const rl = (await t.request("GET", "/apis/stable.example.com/v1")).json<{ resources: Record<string, unknown>[] }>();
    expect(rl.resources[0]).toMatchObject({
      name: "crontabs",
      singularName: "crontab",
      namespaced: true,
      kind: "CronTab",
      shortNames: ["ct"],
    });
    const groups = (await t.request("GET", "/apis")).json<{ groups: { name: string; preferredVersion: { version: string } }[] }>();
    expect(groups.groups.find((g) => g.name === "stable.example.com")?.preferredVersion.version).toBe("v1");
    const agg = await t.request("GET", "/apis", {
      headers: { Accept: "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList" },
    });
    const items = agg.json<{
      items: { metadata: { name: string }; versions: { resources: { resource: string; shortNames: string[] }[] }[] }[];
    }>().items;
    const group = items.find((i) => i.metadata.name === "stable.example.com");
    expect(group?.versions[0]?.resources[0]).toMatchObject({ resource: "crontabs", shortNames: ["ct"] });
  });
});

describe("after a restart", () => {
  it("serves established CRDs as soon as the server has started (crd-informer-synced)", async () => {
    const storage = new MemoryStorage();
    const first = await startTestServer({ storages: buildBuiltinStorages(storage, scheme) });
    await first.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
    await createEstablished(first, cronTabCRD());
    expect(
      (
        await first.request(
          "POST",
          CT,
          json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: "kept" }, spec: {} }),
        )
      ).status,
    ).toBe(201);
    await first.server.shutdown();
    const second = await startTestServer({ storages: buildBuiltinStorages(storage, scheme) });
    try {
      expect(second.server.hooks.postStartHookNames()).toEqual(
        expect.arrayContaining(["start-apiextensions-controllers", "crd-informer-synced"]),
      );
      const got = await second.request("GET", `${CT}/kept`);
      expect(got.status).toBe(200);
      expect((await second.request("GET", "/readyz/poststarthook/crd-informer-synced")).text).toBe("ok");
    } finally {
      await second.server.shutdown();
    }
  });
});

describe("watch", () => {
  it("streams custom objects in the requested version", async () => {
    const s = await t.stream(`${CT}?watch=1&timeoutSeconds=5`);
    expect(s.status).toBe(200);
    await t.request(
      "POST",
      CT,
      json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: "watched" }, spec: { cronSpec: "x" } }),
    );
    let text = "";
    for await (const chunk of s.chunks) {
      text += chunk.toString();
      if (text.includes("watched")) break;
    }
    s.close();
    const ev = JSON.parse(
      text
        .trim()
        .split("\n")
        .find((l) => l.includes("watched"))!,
    ) as { type: string; object: { apiVersion: string; kind: string } };
    expect(ev).toMatchObject({ type: "ADDED", object: { apiVersion: "stable.example.com/v1", kind: "CronTab" } });
  });
});

describe("media types", () => {
  it("answers JSON when protobuf is preferred, 406 for protobuf alone, and 415 for protobuf bodies", async () => {
    const pbFirst = await t.request("GET", CT, { headers: { Accept: "application/vnd.kubernetes.protobuf, application/json" } });
    expect(pbFirst.status).toBe(200);
    expect(pbFirst.headers["content-type"]).toBe("application/json");
    const pbOnly = await t.request("GET", CT, { headers: { Accept: "application/vnd.kubernetes.protobuf" } });
    expect(pbOnly.status).toBe(406);
    expect(pbOnly.json()).toMatchObject({ reason: "NotAcceptable" });
    // Metadata-only protobuf is a meta type, which protobuf can carry.
    const meta = await t.request("GET", CT, {
      headers: { Accept: "application/vnd.kubernetes.protobuf;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1,application/json" },
    });
    expect(meta.status).toBe(200);
    expect(meta.headers["content-type"]).toBe("application/vnd.kubernetes.protobuf");
    const body = await t.request("POST", CT, {
      body: Buffer.from("k8s\0"),
      headers: { "Content-Type": "application/vnd.kubernetes.protobuf" },
    });
    expect(body.status).toBe(415);
  });
});

describe("discovery caching", () => {
  it("changes the aggregated document and its ETag when a CRD is installed", async () => {
    const AGG = { Accept: "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList" };
    const before = await t.request("GET", "/apis", { headers: AGG });
    const etag = before.headers.etag as string;
    expect((await t.request("GET", "/apis", { headers: { ...AGG, "If-None-Match": etag } })).status).toBe(304);
    await createEstablished(t, {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "fresh.cache.example.com" },
      spec: {
        group: "cache.example.com",
        scope: "Cluster",
        names: { plural: "fresh", kind: "Fresh" },
        versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
      },
    });
    const after = await t.request("GET", "/apis", { headers: { ...AGG, "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.text).toContain('"cache.example.com"');
  });
});
