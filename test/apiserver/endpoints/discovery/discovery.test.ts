/** Discovery, OpenAPI, version, health and metrics endpoints. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheme } from "../../../../generated/apis/register.js";
import { openapiV3 } from "../../../../generated/openapi/index.js";
import { decodeObject } from "../../../../runtime/protobuf/envelope.js";
import { startTestServer, type TestServer } from "../../server/harness.js";

let t: TestServer;
const AGGREGATED =
  "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json";

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => t.close());

describe("discovery", () => {
  it("/api lists the core versions with the server address", async () => {
    const res = await t.request("GET", "/api");
    expect(res.json()).toEqual({
      kind: "APIVersions",
      versions: ["v1"],
      serverAddressByClientCIDRs: [{ clientCIDR: "0.0.0.0/0", serverAddress: `127.0.0.1:${t.server.port}` }],
    });
  });

  it("answers discovery in protobuf when asked (client-go's protobuf clients do)", async () => {
    const headers = { accept: "application/vnd.kubernetes.protobuf, application/json" };
    const api = await t.request("GET", "/api", { headers });
    expect(api.status).toBe(200);
    expect(api.headers["content-type"]).toBe("application/vnd.kubernetes.protobuf");
    expect(decodeObject(scheme, api.body)).toMatchObject({ kind: "APIVersions", versions: ["v1"] });
    const resources = await t.request("GET", "/api/v1", { headers });
    expect(decodeObject<{ groupVersion: string }>(scheme, resources.body).groupVersion).toBe("v1");
  });

  it("/apis, /apis/<group> and /apis/<group>/<version>", async () => {
    expect((await t.request("GET", "/apis")).json()).toEqual({
      kind: "APIGroupList",
      apiVersion: "v1",
      groups: [
        {
          name: "coordination.k8s.io",
          versions: [{ groupVersion: "coordination.k8s.io/v1", version: "v1" }],
          preferredVersion: { groupVersion: "coordination.k8s.io/v1", version: "v1" },
        },
      ],
    });
    expect((await t.request("GET", "/apis/coordination.k8s.io")).json()).toMatchObject({ kind: "APIGroup", name: "coordination.k8s.io" });
    const leases = (await t.request("GET", "/apis/coordination.k8s.io/v1")).json<{ groupVersion: string; resources: { name: string }[] }>();
    expect(leases.groupVersion).toBe("coordination.k8s.io/v1");
    expect(leases.resources.map((r) => r.name)).toEqual(["leases"]);
    expect((await t.request("GET", "/apis/apps")).status).toBe(404);
    expect((await t.request("GET", "/apis/coordination.k8s.io/v2")).status).toBe(404);
  });

  it("/api/v1 lists resources with verbs, short names and subresources", async () => {
    const list = (await t.request("GET", "/api/v1")).json<{ kind: string; resources: Record<string, unknown>[] }>();
    expect(list.kind).toBe("APIResourceList");
    const ns = list.resources.find((r) => r.name === "namespaces");
    expect(ns).toMatchObject({
      singularName: "namespace",
      namespaced: false,
      kind: "Namespace",
      verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
      shortNames: ["ns"],
    });
    expect(typeof ns!.storageVersionHash).toBe("string");
    expect(list.resources.find((r) => r.name === "namespaces/status")).toEqual({
      name: "namespaces/status",
      singularName: "",
      namespaced: false,
      kind: "Namespace",
      verbs: ["get", "patch", "update"],
    });
    expect(list.resources.find((r) => r.name === "namespaces/finalize")).toMatchObject({ verbs: ["update"] });
    expect(list.resources.find((r) => r.name === "services")).toMatchObject({ categories: ["all"], shortNames: ["svc"] });
  });

  it("serves aggregated discovery with an echoed media type, an ETag and 304", async () => {
    const res = await t.request("GET", "/api", { headers: { Accept: AGGREGATED } });
    expect(res.headers["content-type"]).toBe("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
    const doc = res.json<{
      kind: string;
      apiVersion: string;
      items: { versions: { version: string; resources: Record<string, unknown>[]; freshness: string }[] }[];
    }>();
    expect(doc.kind).toBe("APIGroupDiscoveryList");
    expect(doc.apiVersion).toBe("apidiscovery.k8s.io/v2");
    const v1 = doc.items[0]!.versions[0]!;
    expect(v1.freshness).toBe("Current");
    expect(v1.resources.find((r) => r.resource === "namespaces")).toEqual({
      resource: "namespaces",
      responseKind: { group: "", version: "v1", kind: "Namespace" },
      scope: "Cluster",
      singularResource: "namespace",
      verbs: ["create", "delete", "get", "list", "patch", "update", "watch"],
      shortNames: ["ns"],
      subresources: [
        { subresource: "finalize", responseKind: { group: "", version: "v1", kind: "Namespace" }, verbs: ["update"] },
        { subresource: "status", responseKind: { group: "", version: "v1", kind: "Namespace" }, verbs: ["get", "patch", "update"] },
      ],
    });
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9A-F]{128}"$/);
    const again = await t.request("GET", "/api", { headers: { Accept: AGGREGATED, "If-None-Match": etag } });
    expect(again.status).toBe(304);
    const apis = (await t.request("GET", "/apis", { headers: { Accept: AGGREGATED } })).json<{ items: { metadata: { name: string } }[] }>();
    expect(apis.items.map((i) => i.metadata.name)).toEqual(["coordination.k8s.io"]);
    const beta = await t.request("GET", "/apis", {
      headers: { Accept: "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList" },
    });
    expect(beta.json()).toMatchObject({ apiVersion: "apidiscovery.k8s.io/v2beta1" });
  });
});

describe("openapi", () => {
  it("/openapi/v2 with an ETag", async () => {
    const res = await t.request("GET", "/openapi/v2");
    expect(res.json()).toMatchObject({ swagger: "2.0" });
    const again = await t.request("GET", "/openapi/v2", { headers: { "If-None-Match": res.headers.etag as string } });
    expect(again.status).toBe(304);
    // The protobuf form is covered by openapi-v2-protobuf.test.ts; nothing acceptable is a 406.
    expect((await t.request("GET", "/openapi/v2", { headers: { Accept: "text/html" } })).status).toBe(406);
  });

  it("/openapi/v3 indexes every document by hash", async () => {
    const index = (await t.request("GET", "/openapi/v3")).json<{ paths: Record<string, { serverRelativeURL: string }> }>();
    expect(index.paths["api/v1"]!.serverRelativeURL).toBe(`/openapi/v3/api/v1?hash=${openapiV3["api/v1"]!.hash}`);
    const doc = await t.request("GET", index.paths["api/v1"]!.serverRelativeURL);
    expect(doc.status).toBe(200);
    expect(doc.headers["cache-control"]).toBe("public, immutable");
    expect(doc.json<{ openapi: string }>().openapi).toMatch(/^3\./);
    const stale = await t.request("GET", "/openapi/v3/api/v1?hash=OLD");
    expect(stale.status).toBe(301);
    expect(stale.headers.location).toBe(index.paths["api/v1"]!.serverRelativeURL);
    expect((await t.request("GET", "/openapi/v3/apis/nothing.example.com/v1")).status).toBe(404);
  });
});

describe("version, health and metrics", () => {
  it("/version says 1.34", async () => {
    expect((await t.request("GET", "/version")).json()).toMatchObject({ major: "1", minor: "34", gitVersion: "v1.34.0-kubegen" });
  });

  it.each(["healthz", "livez", "readyz"])("/%s, verbose, per check and with exclusions", async (endpoint) => {
    expect((await t.request("GET", `/${endpoint}`)).text).toBe("ok");
    const verbose = await t.request("GET", `/${endpoint}?verbose`);
    expect(verbose.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(verbose.text).toContain("[+]ping ok\n[+]log ok\n");
    expect(verbose.text).toContain("[+]poststarthook/start-system-namespaces-controller ok\n");
    expect(verbose.text.endsWith(`${endpoint} check passed\n`)).toBe(true);
    expect((await t.request("GET", `/${endpoint}/ping`)).text).toBe("ok");
    expect((await t.request("GET", `/${endpoint}/poststarthook/start-system-namespaces-controller`)).text).toBe("ok");
    expect((await t.request("GET", `/${endpoint}/nope`)).status).toBe(404);
    expect((await t.request("GET", `/${endpoint}?verbose&exclude=log`)).text).toContain("[+]log excluded: ok\n");
  });

  it("/readyz lists the shutdown check", async () => {
    expect((await t.request("GET", "/readyz?verbose")).text).toContain("[+]shutdown ok\n");
  });

  it("/metrics counts requests by verb, resource and code", async () => {
    await t.request("GET", "/api/v1/namespaces");
    await t.request("GET", "/api/v1/namespaces/none");
    const text = (await t.request("GET", "/metrics")).text;
    expect(text).toMatch(
      /apiserver_request_total\{verb="LIST",dry_run="",group="",version="v1",resource="namespaces",subresource="",scope="cluster",component="apiserver",code="200"\} \d+/,
    );
    expect(text).toMatch(/apiserver_request_total\{verb="GET",[^}]*resource="namespaces",[^}]*code="404"\} 1/);
    expect(text).toContain("apiserver_request_duration_seconds_bucket");
  });

  it("/ lists the paths", async () => {
    const paths = (await t.request("GET", "/")).json<{ paths: string[] }>().paths;
    expect(paths).toContain("/api");
    expect(paths).toContain("/healthz/poststarthook/start-system-namespaces-controller");
  });
});
