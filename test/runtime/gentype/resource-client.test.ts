/** gentype's REST resource client, resource indexer and ListWatch on their own: wire format choice, argument checks, listing without a namespace index, the early continue token. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { newIndexer } from "../../../runtime/cache/indexer.js";
import { newListWatch, RestResourceClient, ResourceIndexer, type ResourceDescriptor } from "../../../runtime/gentype/index.js";
import { isNotFound, MEDIA_TYPE_PROTOBUF, RestClient } from "../../../runtime/rest/index.js";
import { json, startServer, type TestServer } from "../rest/test-server.js";

interface Widget {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
}

const widgets: ResourceDescriptor = {
  group: "example.com",
  version: "v1",
  resource: "widgets",
  kind: "Widget",
  listKind: "WidgetList",
  namespaced: true,
  protobuf: false,
};

let server: TestServer;
let rest: RestClient;

beforeEach(async () => {
  server = await startServer();
  // A protobuf config, as a clientset for built-in kinds would have.
  rest = new RestClient({
    server: server.url,
    qps: -1,
    contentType: MEDIA_TYPE_PROTOBUF,
    protobufCodec: { decode: () => ({}), encode: () => new Uint8Array() },
  });
});

afterEach(async () => {
  rest.close();
  await server.close();
});

describe("RestResourceClient", () => {
  it("sends and asks for JSON for a kind without a protobuf form, whatever the config prefers", async () => {
    server.handle((_req, res, body) => json(res, 201, JSON.parse(body.toString("utf8"))));
    const client = new RestResourceClient<Widget, { items: Widget[] }>(rest, widgets, "ns");
    const created = await client.create({ metadata: { name: "w" } });
    expect(created).toEqual({ apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" } });
    const r = server.requests.at(-1)!;
    expect(r.url.pathname).toBe("/apis/example.com/v1/namespaces/ns/widgets");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["accept"]).toBe("application/json");
  });

  it("refuses objects without a name for update, and apply without a field manager", async () => {
    const client = new RestResourceClient<Widget, { items: Widget[] }>(rest, widgets, "ns");
    await expect(client.update({ metadata: {} })).rejects.toThrow(/metadata.name/);
    await expect(client.get("")).rejects.toThrow(/may not be empty/);
    await expect(client.apply({ metadata: { name: "w" } }, { fieldManager: "" })).rejects.toThrow(/fieldManager/);
    expect(server.requests).toEqual([]);
  });
});

describe("ResourceIndexer", () => {
  it("lists a namespace by scanning when the cache has no namespace index, and names NotFound by the lower-case kind", () => {
    const indexer = newIndexer<Widget>({});
    indexer.add({ metadata: { namespace: "a", name: "x", labels: { k: "v" } } });
    indexer.add({ metadata: { namespace: "b", name: "y" } });
    const all = new ResourceIndexer(indexer, { group: "example.com", resource: "widget" });
    expect(
      all
        .namespaced("a")
        .list()
        .map((w) => w.metadata?.name),
    ).toEqual(["x"]);
    expect(all.list("k=v").map((w) => w.metadata?.name)).toEqual(["x"]);
    expect(all.namespaced("b").get("y").metadata?.name).toBe("y");
    let err: unknown;
    try {
      all.namespaced("a").get("y");
    } catch (e) {
      err = e;
    }
    expect(isNotFound(err)).toBe(true);
    expect((err as Error).message).toBe('widget.example.com "y" not found');
  });
});

describe("newListWatch over a RestResourceClient", () => {
  it("tells the continue token while the list's body is still arriving, and never sends the callback", async () => {
    let release: (() => void) | undefined;
    const released = new Promise<void>((r) => (release = r));
    server.handle(async (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"kind":"WidgetList","apiVersion":"example.com/v1","metadata":{"resourceVersion":"9","continue":"next-page"},"items":[');
      await released;
      res.end('{"metadata":{"name":"a"}}]}');
    });
    const jsonRest = new RestClient({ server: server.url, qps: -1 });
    const lw = newListWatch(new RestResourceClient<Widget, { items: Widget[] }>(jsonRest, widgets, "ns"));
    const told: string[] = [];
    let done = false;
    const listed = lw.list({ limit: 2, resourceVersion: "", onContinue: (t) => told.push(t) }).finally(() => (done = true));
    while (told.length === 0) await new Promise((r) => setTimeout(r, 1));
    expect(told).toEqual(["next-page"]);
    expect(done).toBe(false);
    release!();
    const page = await listed;
    expect(page.items).toEqual([{ metadata: { name: "a" } }]);
    expect(page.metadata).toEqual({ resourceVersion: "9", continue: "next-page" });
    jsonRest.close();
    const q = server.requests[0]!.url.searchParams;
    expect([...q.keys()].sort()).toEqual(["limit", "resourceVersion"]);
  });
});
