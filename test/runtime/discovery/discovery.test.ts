/** Discovery, metadata and dynamic clients against an in-process fake of the API's discovery and resource endpoints. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DiscoveryClient, DynamicClient, GroupDiscoveryFailedError, MetadataClient } from "../../../runtime/discovery/index.js";
import { withItemTypeMeta } from "../../../runtime/discovery/dynamic-client.js";
import { RestClient } from "../../../runtime/rest/index.js";
import { json, startServer, status, type TestServer } from "../rest/test-server.js";

let server: TestServer;
let client: RestClient;

beforeEach(async () => {
  server = await startServer();
  client = new RestClient({ server: server.url, qps: -1, maxRetries: 0 });
});

afterEach(async () => {
  client.close();
  await server.close();
});

const res = (name: string, namespaced: boolean, kind: string, verbs = ["get", "list", "watch", "delete", "deletecollection"]) => ({
  name,
  singularName: "",
  namespaced,
  kind,
  verbs,
});

const DISCOVERY: Record<string, unknown> = {
  "/api": { kind: "APIVersions", versions: ["v1"], serverAddressByClientCIDRs: [] },
  "/apis": {
    kind: "APIGroupList",
    groups: [
      {
        name: "apps",
        versions: [
          { groupVersion: "apps/v1", version: "v1" },
          { groupVersion: "apps/v1beta1", version: "v1beta1" },
        ],
        preferredVersion: { groupVersion: "apps/v1", version: "v1" },
      },
      {
        name: "widgets.example.com",
        versions: [
          { groupVersion: "widgets.example.com/v1", version: "v1" },
          { groupVersion: "widgets.example.com/v2", version: "v2" },
        ],
        preferredVersion: { groupVersion: "widgets.example.com/v2", version: "v2" },
      },
    ],
  },
  "/api/v1": {
    kind: "APIResourceList",
    groupVersion: "v1",
    resources: [
      res("namespaces", false, "Namespace"),
      res("namespaces/finalize", false, "Namespace"),
      res("pods", true, "Pod"),
      res("pods/status", true, "Pod"),
      res("configmaps", true, "ConfigMap"),
    ],
  },
  "/apis/apps/v1": { kind: "APIResourceList", groupVersion: "apps/v1", resources: [res("deployments", true, "Deployment")] },
  "/apis/apps/v1beta1": {
    kind: "APIResourceList",
    groupVersion: "apps/v1beta1",
    resources: [res("deployments", true, "Deployment"), res("oldthings", true, "OldThing")],
  },
  "/apis/widgets.example.com/v1": {
    kind: "APIResourceList",
    groupVersion: "widgets.example.com/v1",
    resources: [res("widgets", true, "Widget"), res("gadgets", false, "Gadget")],
  },
  "/apis/widgets.example.com/v2": {
    kind: "APIResourceList",
    groupVersion: "widgets.example.com/v2",
    resources: [res("widgets", true, "Widget")],
  },
};

function serveDiscovery(overrides: Record<string, unknown> = {}): void {
  const docs = { ...DISCOVERY, ...overrides };
  server.handle((req, r) => {
    const doc = docs[new URL(req.url!, "http://x").pathname];
    if (doc === undefined) json(r, 404, status(404, "NotFound", "the server could not find the requested resource"));
    else if (doc === 500) json(r, 503, status(503, "ServiceUnavailable", "the server is currently unable to handle the request"));
    else json(r, 200, doc);
  });
}

const names = (lists: Array<{ groupVersion: string; resources: Array<{ name: string }> }>) =>
  lists.map((l) => [l.groupVersion, l.resources.map((r) => r.name)]);

describe("DiscoveryClient", () => {
  it("lists the core group first, then /apis", async () => {
    serveDiscovery();
    const groups = await new DiscoveryClient(client).serverGroups();
    expect(groups.groups.map((g) => [g.name, g.preferredVersion?.groupVersion])).toEqual([
      ["", "v1"],
      ["apps", "apps/v1"],
      ["widgets.example.com", "widgets.example.com/v2"],
    ]);
  });

  it("tolerates a server without /api or /apis", async () => {
    serveDiscovery({ "/apis": undefined });
    expect((await new DiscoveryClient(client).serverGroups()).groups.map((g) => g.name)).toEqual([""]);
  });

  it("reads one group version, and an empty core v1 on 404", async () => {
    serveDiscovery({ "/api/v1": undefined });
    const d = new DiscoveryClient(client);
    expect(names([await d.serverResourcesForGroupVersion("apps/v1beta1")])).toEqual([["apps/v1beta1", ["deployments", "oldthings"]]]);
    expect(await d.serverResourcesForGroupVersion("v1")).toMatchObject({ groupVersion: "v1", resources: [] });
    await expect(d.serverResourcesForGroupVersion("nope/v1")).rejects.toMatchObject({ code: 404 });
    await expect(d.serverResourcesForGroupVersion("")).rejects.toThrow("groupVersion shouldn't be empty");
  });

  it("picks each resource's preferred version, dropping subresources", async () => {
    serveDiscovery();
    const preferred = await new DiscoveryClient(client).serverPreferredResources();
    expect(names(preferred)).toEqual([
      ["v1", ["namespaces", "pods", "configmaps"]],
      ["apps/v1", ["deployments"]],
      ["apps/v1beta1", ["oldthings"]],
      ["widgets.example.com/v1", ["gadgets"]],
      ["widgets.example.com/v2", ["widgets"]],
    ]);
  });

  it("serverPreferredNamespacedResources keeps namespaced resources with their verbs", async () => {
    serveDiscovery();
    const namespaced = await new DiscoveryClient(client).serverPreferredNamespacedResources();
    expect(names(namespaced)).toEqual([
      ["v1", ["pods", "configmaps"]],
      ["apps/v1", ["deployments"]],
      ["apps/v1beta1", ["oldthings"]],
      ["widgets.example.com/v2", ["widgets"]],
    ]);
    expect(namespaced[0]!.resources[0]!.verbs).toContain("deletecollection");
  });

  it("reports failed group versions with the partial result", async () => {
    serveDiscovery({ "/apis/apps/v1beta1": 500 });
    const err = await new DiscoveryClient(client).serverPreferredNamespacedResources().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GroupDiscoveryFailedError);
    const e = err as GroupDiscoveryFailedError;
    expect([...e.groups.keys()]).toEqual(["apps/v1beta1"]);
    expect(e.message).toMatch(/^unable to retrieve the complete list of server APIs: apps\/v1beta1: /);
    expect(names(e.resources)).toEqual([
      ["v1", ["pods", "configmaps"]],
      ["apps/v1", ["deployments"]],
      ["widgets.example.com/v2", ["widgets"]],
    ]);
  });
});

describe("MetadataClient", () => {
  const cm = (name: string) => ({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name, namespace: "ns", resourceVersion: "7" },
    data: { big: "x".repeat(100) },
  });

  it("asks for PartialObjectMetadata and returns it", async () => {
    server.handle((req, r) => {
      const list = req.headers["accept"]!.includes("as=PartialObjectMetadataList");
      if (list)
        json(r, 200, {
          apiVersion: "meta.k8s.io/v1",
          kind: "PartialObjectMetadataList",
          metadata: { resourceVersion: "9" },
          items: [{ apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata", metadata: { name: "a" } }],
        });
      else json(r, 200, { apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata", metadata: { name: "a" } });
    });
    const m = new MetadataClient(client).resource({ group: "", version: "v1", resource: "configmaps" }).namespace("ns");
    const list = await m.list({ labelSelector: "app=web", limit: 100 });
    expect(list).toEqual({
      apiVersion: "meta.k8s.io/v1",
      kind: "PartialObjectMetadataList",
      metadata: { resourceVersion: "9" },
      items: [{ apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata", metadata: { name: "a" } }],
    });
    expect((await m.get("a")).metadata?.name).toBe("a");
    const [l, g] = server.requests;
    expect(l!.url.pathname).toBe("/api/v1/namespaces/ns/configmaps");
    expect(Object.fromEntries(l!.url.searchParams)).toEqual({ labelSelector: "app=web", limit: "100" });
    expect(l!.headers["accept"]).toBe("application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1, application/json");
    expect(g!.url.pathname).toBe("/api/v1/namespaces/ns/configmaps/a");
    expect(g!.headers["accept"]).toBe("application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1, application/json");
  });

  it("reduces whole objects from a server without the conversion", async () => {
    server.handle((req, r) => {
      if (req.url!.includes("/configmaps/")) json(r, 200, cm("a"));
      else json(r, 200, { apiVersion: "v1", kind: "ConfigMapList", metadata: { resourceVersion: "9" }, items: [cm("a"), cm("b")] });
    });
    const m = new MetadataClient(client).resource({ group: "", version: "v1", resource: "configmaps" });
    expect(await m.namespace("ns").get("a")).toEqual({
      apiVersion: "meta.k8s.io/v1",
      kind: "PartialObjectMetadata",
      metadata: cm("a").metadata,
    });
    const list = await m.list();
    expect(list.kind).toBe("PartialObjectMetadataList");
    expect(list.items.map((i) => [i.kind, i.metadata?.name])).toEqual([
      ["PartialObjectMetadata", "a"],
      ["PartialObjectMetadata", "b"],
    ]);
    expect(server.requests[1]!.url.pathname).toBe("/api/v1/configmaps");
  });

  it("deletes one object and collections with DeleteOptions", async () => {
    server.handle((_req, r) => json(r, 200, { kind: "Status", apiVersion: "v1", status: "Success" }));
    const m = new MetadataClient(client).resource({ group: "apps", version: "v1", resource: "deployments" }).namespace("doomed");
    await m.delete("web", { options: { propagationPolicy: "Background", preconditions: { uid: "u1" } } });
    await m.deleteCollection({ options: { propagationPolicy: "Foreground" }, listOptions: { labelSelector: "x" } });
    const [one, all] = server.requests;
    expect([one!.method, one!.url.pathname]).toEqual(["DELETE", "/apis/apps/v1/namespaces/doomed/deployments/web"]);
    expect(JSON.parse(one!.body.toString())).toEqual({
      apiVersion: "v1",
      kind: "DeleteOptions",
      propagationPolicy: "Background",
      preconditions: { uid: "u1" },
    });
    expect([all!.method, all!.url.pathname, all!.url.search]).toEqual([
      "DELETE",
      "/apis/apps/v1/namespaces/doomed/deployments",
      "?labelSelector=x",
    ]);
    expect(JSON.parse(all!.body.toString())).toMatchObject({ propagationPolicy: "Foreground" });
  });

  it("surfaces API errors", async () => {
    server.handle((_req, r) => json(r, 404, status(404, "NotFound", 'configmaps "a" not found')));
    await expect(
      new MetadataClient(client).resource({ group: "", version: "v1", resource: "configmaps" }).namespace("ns").get("a"),
    ).rejects.toMatchObject({ reason: "NotFound" });
  });

  it("watches metadata", async () => {
    server.handle((_req, r) => {
      r.writeHead(200, { "Content-Type": "application/json" });
      r.end(
        `${JSON.stringify({ type: "ADDED", object: cm("a") })}\n${JSON.stringify({ type: "ERROR", object: status(410, "Expired", "old") })}\n`,
      );
    });
    const events = [];
    for await (const ev of new MetadataClient(client)
      .resource({ group: "", version: "v1", resource: "configmaps" })
      .watch({ resourceVersion: "5" }))
      events.push(ev);
    expect(events).toEqual([
      { type: "ADDED", object: { apiVersion: "meta.k8s.io/v1", kind: "PartialObjectMetadata", metadata: cm("a").metadata } },
      { type: "ERROR", object: status(410, "Expired", "old") },
    ]);
    expect(server.requests[0]!.url.search).toBe("?resourceVersion=5&watch=1");
  });
});

describe("DynamicClient", () => {
  const widget = { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w1", namespace: "ns" }, spec: { size: 3 } };

  it("speaks JSON for every verb, even when the config prefers protobuf", async () => {
    const pbClient = new RestClient({ server: server.url, qps: -1, contentType: "application/vnd.kubernetes.protobuf" });
    server.handle((req, r, body) => {
      if (req.method === "GET" && new URL(req.url!, "http://x").pathname.endsWith("/widgets"))
        json(r, 200, { apiVersion: "example.com/v1", kind: "WidgetList", items: [widget] });
      else if (req.method === "DELETE") json(r, 200, { kind: "Status", apiVersion: "v1", status: "Success" });
      else
        json(
          r,
          200,
          body.length > 0 &&
            req.headers["content-type"] !== "application/apply-patch+yaml" &&
            req.headers["content-type"] !== "application/json-patch+json"
            ? JSON.parse(body.toString())
            : widget,
        );
    });
    try {
      const w = new DynamicClient(pbClient).resource({ group: "example.com", version: "v1", resource: "widgets" }).namespace("ns");
      expect(await w.create(widget, { fieldManager: "me", dryRun: ["All"] })).toEqual(widget);
      expect(await w.get("w1")).toEqual(widget);
      expect((await w.list({ labelSelector: "a=b" })).items).toEqual([widget]);
      await w.update({ ...widget, spec: { size: 4 } });
      await w.updateStatus({ ...widget, status: { ready: true } });
      await w.patch("w1", "application/json-patch+json", [{ op: "replace", path: "/spec/size", value: 5 }]);
      await w.apply(widget, { fieldManager: "me", force: true });
      await w.get("w1", { subresource: "scale" });
      await w.delete("w1", { options: { gracePeriodSeconds: 0 } });
      await w.deleteCollection({ listOptions: { fieldSelector: "metadata.name=w1" } });
      const seen = server.requests.map(
        (r) => `${r.method} ${r.url.pathname}${r.url.search} ${r.headers["content-type"] ?? "-"} ${r.headers["accept"]}`,
      );
      expect(seen).toEqual([
        "POST /apis/example.com/v1/namespaces/ns/widgets?fieldManager=me&dryRun=All application/json application/json",
        "GET /apis/example.com/v1/namespaces/ns/widgets/w1 - application/json",
        "GET /apis/example.com/v1/namespaces/ns/widgets?labelSelector=a%3Db - application/json",
        "PUT /apis/example.com/v1/namespaces/ns/widgets/w1 application/json application/json",
        "PUT /apis/example.com/v1/namespaces/ns/widgets/w1/status application/json application/json",
        "PATCH /apis/example.com/v1/namespaces/ns/widgets/w1 application/json-patch+json application/json",
        "PATCH /apis/example.com/v1/namespaces/ns/widgets/w1?fieldManager=me&force=true application/apply-patch+yaml application/json",
        "GET /apis/example.com/v1/namespaces/ns/widgets/w1/scale - application/json",
        "DELETE /apis/example.com/v1/namespaces/ns/widgets/w1 application/json application/json",
        "DELETE /apis/example.com/v1/namespaces/ns/widgets?fieldSelector=metadata.name%3Dw1 - application/json",
      ]);
      expect(JSON.parse(server.requests[5]!.body.toString())).toEqual([{ op: "replace", path: "/spec/size", value: 5 }]);
      expect(JSON.parse(server.requests[8]!.body.toString())).toEqual({ apiVersion: "v1", kind: "DeleteOptions", gracePeriodSeconds: 0 });
    } finally {
      pbClient.close();
    }
  });

  it("addresses cluster-scoped and core resources, and refuses updates without a name", async () => {
    server.handle((_req, r) => json(r, 200, {}));
    const d = new DynamicClient(client);
    await d.resource({ group: "", version: "v1", resource: "namespaces" }).get("kube-system");
    await d.resource({ group: "rbac.authorization.k8s.io", version: "v1", resource: "clusterroles" }).get("a:b");
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      "/api/v1/namespaces/kube-system",
      "/apis/rbac.authorization.k8s.io/v1/clusterroles/a%3Ab",
    ]);
    expect(() => d.resource({ group: "", version: "v1", resource: "namespaces" }).update({ kind: "Namespace" })).toThrow("metadata.name");
  });

  it("watches unstructured objects", async () => {
    server.handle((_req, r) => {
      r.writeHead(200, { "Content-Type": "application/json" });
      r.end(`${JSON.stringify({ type: "ADDED", object: widget })}\n`);
    });
    const events = [];
    for await (const ev of new DynamicClient(client)
      .resource({ group: "example.com", version: "v1", resource: "widgets" })
      .watch({ allowWatchBookmarks: true }))
      events.push(ev);
    expect(events).toEqual([{ type: "ADDED", object: widget }]);
    expect(server.requests[0]!.url.pathname).toBe("/apis/example.com/v1/widgets");
  });
});

describe("withItemTypeMeta", () => {
  it("gives items of a built-in list the list's apiVersion and kind, keeping what items carry", () => {
    const list = withItemTypeMeta({
      apiVersion: "v1",
      kind: "ConfigMapList",
      items: [{ metadata: { name: "a" } }, { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "b" } }],
    });
    expect(list.items.map((i) => [i.apiVersion, i.kind])).toEqual([
      ["v1", "ConfigMap"],
      ["example.com/v1", "Widget"],
    ]);
  });
});
