/** Wire shape of list items: bare for built-in kinds (as upstream), typed for custom resources, single GETs and watch events. */
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeJSON } from "../../../apiserver/endpoints/serializers.js";
import { decodeObject } from "../../../runtime/protobuf/envelope.js";
import { scheme } from "../../../generated/apis/register.js";
import { markShared } from "../../../apiserver/registry/cacher/shared-encoding.js";
import type { TestServer } from "../server/harness.js";
import { createEstablished, cronTabCRD, json, startCRDServer } from "../apiextensions/support.js";

type Item = Record<string, unknown> & { metadata: { name: string } };
type List = { kind: string; apiVersion: string; metadata: { continue?: string; resourceVersion?: string }; items: Item[] };

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  for (const n of ["tm1", "tm2", "tm3"]) {
    const res = await t.request(
      "POST",
      "/api/v1/namespaces/default/configmaps",
      json({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: n }, data: { k: n } }),
    );
    expect(res.status).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

function expectBare(list: List, kind: string, apiVersion: string, names: string[]): void {
  expect(list.kind).toBe(kind);
  expect(list.apiVersion).toBe(apiVersion);
  expect(list.items.map((i) => i.metadata.name)).toEqual(names);
  for (const item of list.items) {
    expect(Object.keys(item)).not.toContain("kind");
    expect(Object.keys(item)).not.toContain("apiVersion");
  }
}

describe("lists of built-in kinds", () => {
  it("leave kind and apiVersion off the items when served from the watch cache", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/default/configmaps?resourceVersion=0");
    expect(res.status).toBe(200);
    // The items open with metadata: nothing of the type meta is left behind.
    expect(res.text).toMatch(/"items":\[\{"metadata":/);
    expectBare(res.json<List>(), "ConfigMapList", "v1", ["tm1", "tm2", "tm3"]);
    // A second list reuses the cached bytes and is the same.
    expect((await t.request("GET", "/api/v1/namespaces/default/configmaps?resourceVersion=0")).text).toBe(res.text);
  });

  it("leave them off when served from storage, page by page", async () => {
    const first = (await t.request("GET", "/api/v1/namespaces/default/configmaps?limit=2")).json<List>();
    expectBare(first, "ConfigMapList", "v1", ["tm1", "tm2"]);
    expect(first.metadata.continue).toBeTruthy();
    const rest = (
      await t.request("GET", `/api/v1/namespaces/default/configmaps?limit=2&continue=${encodeURIComponent(first.metadata.continue!)}`)
    ).json<List>();
    expectBare(rest, "ConfigMapList", "v1", ["tm3"]);
  });

  it("leave them off in pretty JSON and in YAML", async () => {
    const pretty = (await t.request("GET", "/api/v1/namespaces/default/configmaps?pretty=true")).json<List>();
    expectBare(pretty, "ConfigMapList", "v1", ["tm1", "tm2", "tm3"]);
    const yaml = await t.request("GET", "/api/v1/namespaces/default/configmaps", { headers: { Accept: "application/yaml" } });
    expect(yaml.status).toBe(200);
    expectBare(YAML.parse(yaml.text) as List, "ConfigMapList", "v1", ["tm1", "tm2", "tm3"]);
  });

  it("carry no type meta on items in protobuf either (typed messages have none)", async () => {
    for (const query of ["?resourceVersion=0", "?limit=5"]) {
      const res = await t.request("GET", `/api/v1/namespaces/default/configmaps${query}`, {
        headers: { Accept: "application/vnd.kubernetes.protobuf" },
      });
      expect(res.status).toBe(200);
      expectBare(decodeObject(scheme, res.body) as unknown as List, "ConfigMapList", "v1", ["tm1", "tm2", "tm3"]);
    }
  });

  it("keep them on a single GET and on watch events", async () => {
    const one = (await t.request("GET", "/api/v1/namespaces/default/configmaps/tm1")).json();
    expect(one).toMatchObject({ kind: "ConfigMap", apiVersion: "v1", metadata: { name: "tm1" } });
    const w = await t.stream("/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=0&timeoutSeconds=5");
    let buf = "";
    for await (const chunk of w.chunks) {
      buf += chunk.toString();
      if (buf.split("\n").length > 3) break;
    }
    w.close();
    const events = buf
      .split("\n")
      .filter((l) => l !== "")
      .slice(0, 3)
      .map((l) => JSON.parse(l) as { type: string; object: Item });
    expect(events).toHaveLength(3);
    for (const ev of events) expect(ev).toMatchObject({ type: "ADDED", object: { kind: "ConfigMap", apiVersion: "v1" } });
    // The cached bytes a list sliced are still whole for a GET after it.
    await t.request("GET", "/api/v1/namespaces/default/configmaps?resourceVersion=0");
    expect((await t.request("GET", "/api/v1/namespaces/default/configmaps/tm2?resourceVersion=0")).json()).toMatchObject({
      kind: "ConfigMap",
      apiVersion: "v1",
    });
  });

  it("give partial-metadata items their own type meta, as upstream", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/default/configmaps", {
      headers: { Accept: "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1" },
    });
    expect(res.status).toBe(200);
    const list = res.json<List>();
    expect(list.kind).toBe("PartialObjectMetadataList");
    expect(list.items).toHaveLength(3);
    for (const item of list.items) expect(item).toMatchObject({ kind: "PartialObjectMetadata", apiVersion: "meta.k8s.io/v1" });
  });
});

describe("lists of custom resources", () => {
  it("keep kind and apiVersion on every item, from the cache and from storage", async () => {
    await createEstablished(t, cronTabCRD());
    for (const n of ["c1", "c2"]) {
      const res = await t.request(
        "POST",
        "/apis/stable.example.com/v1/namespaces/default/crontabs",
        json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: n }, spec: { cronSpec: "* * * * */5" } }),
      );
      expect(res.status).toBe(201);
    }
    for (const query of ["", "?resourceVersion=0", "?limit=1"]) {
      const list = (await t.request("GET", `/apis/stable.example.com/v1/namespaces/default/crontabs${query}`)).json<List>();
      expect(list.kind).toBe("CronTabList");
      expect(list.items.length).toBeGreaterThan(0);
      for (const item of list.items) expect(item).toMatchObject({ kind: "CronTab", apiVersion: "stable.example.com/v1" });
    }
  });
});

describe("encodeJSON of shared items", () => {
  it("slices the type meta off cached bytes, and encodes items whose bytes start otherwise anew", () => {
    const typed = markShared({ kind: "Pod", apiVersion: "v1", metadata: { name: "a" } });
    const reordered = markShared({ metadata: { name: "b" }, apiVersion: "v1", kind: "Pod" });
    const bare = markShared({ metadata: { name: "c" } });
    const onlyMeta = markShared({ kind: "Pod", apiVersion: "v1" });
    const list = { kind: "PodList", apiVersion: "v1", metadata: {}, items: [typed, reordered, bare, onlyMeta] };
    const full = JSON.parse(encodeJSON(list).toString()) as List;
    expect(full.items[0]).toEqual(typed);
    const out = encodeJSON(list, false, { omitItemTypeMeta: true }).toString();
    expect(out.endsWith("]}\n")).toBe(true);
    expect(JSON.parse(out)).toEqual({
      kind: "PodList",
      apiVersion: "v1",
      metadata: {},
      items: [{ metadata: { name: "a" } }, { metadata: { name: "b" } }, { metadata: { name: "c" } }, {}],
    });
    // The cached whole encoding is untouched.
    expect(JSON.parse(encodeJSON({ kind: "PodList", apiVersion: "v1", metadata: {}, items: [typed] }).toString()).items[0]).toEqual(typed);
  });

  it("send a shared object as JSON.stringify writes it and a newline, the same bytes alone and in lists, in either order", () => {
    const pods = () => [
      markShared({ kind: "Pod", apiVersion: "v1", metadata: { name: "a", annotations: { note: "caf\u00e9 \u{1f600}" } } }),
      markShared({ kind: "Pod", apiVersion: "v1", metadata: { name: "b" } }),
    ];
    const line = (o: object): string => `${JSON.stringify(o)}\n`;
    const listed = (items: object[]): string => encodeJSON({ kind: "PodList", apiVersion: "v1", metadata: {}, items }).toString();
    const plain = (items: object[]): string =>
      `{"kind":"PodList","apiVersion":"v1","metadata":{},"items":[${items.map((o) => JSON.stringify(o)).join(",")}]}\n`;
    // The object's response first, then lists of it.
    const first = pods();
    for (const o of first) expect(encodeJSON(o).toString()).toBe(line(o));
    expect(listed(first)).toBe(plain(first));
    for (const o of first) expect(encodeJSON(o).toString()).toBe(line(o));
    // Listed first, then its response.
    const second = pods();
    expect(listed(second)).toBe(plain(second));
    for (const o of second) expect(encodeJSON(o).toString()).toBe(line(o));
    expect(listed(second)).toBe(plain(second));
  });
});
