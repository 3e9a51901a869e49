/**
 * DynamicSharedInformerFactory (client-go's dynamicinformer): an informer for any
 * GroupVersionResource over the dynamic client, shared per resource, syncing a list and
 * following a watch into a lister of unstructured objects, in all namespaces or one.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DynamicClient, DynamicSharedInformerFactory } from "../../../runtime/discovery/index.js";
import { isNotFound, RestClient } from "../../../runtime/rest/index.js";
import { json, startServer, type TestServer } from "../rest/test-server.js";
import { until } from "../../support/wait.js";

let server: TestServer;
let client: RestClient;
const factories: DynamicSharedInformerFactory[] = [];
beforeEach(async () => {
  server = await startServer();
  client = new RestClient({ server: server.url, qps: -1, maxRetries: 0 });
});
afterEach(async () => {
  await Promise.all(factories.splice(0).map((f) => f.shutdown()));
  client.close();
  await server.close();
});

const widget = (ns: string, name: string, labels: Record<string, string> = {}, rv = "1") => ({
  apiVersion: "example.com/v1",
  kind: "Widget",
  metadata: { namespace: ns, name, labels, resourceVersion: rv },
  spec: { size: 1 },
});
const GVR = { group: "example.com", version: "v1", resource: "widgets" };

/** Lists two widgets (items without type meta, as apiservers send them), then watches one change of each kind. */
function serveWidgets(): void {
  server.handle((req, r) => {
    const url = new URL(req.url!, "http://x");
    if (url.searchParams.get("watch") !== "1") {
      const items = [widget("a", "one", { team: "x" }), widget("b", "two")].map(({ apiVersion: _a, kind: _k, ...rest }) => rest);
      json(r, 200, { apiVersion: "example.com/v1", kind: "WidgetList", metadata: { resourceVersion: "5" }, items });
      return;
    }
    r.writeHead(200, { "Content-Type": "application/json" });
    r.write(`${JSON.stringify({ type: "ADDED", object: widget("a", "three", { team: "x" }, "6") })}\n`);
    r.write(`${JSON.stringify({ type: "MODIFIED", object: { ...widget("b", "two", {}, "7"), spec: { size: 2 } } })}\n`);
    r.write(`${JSON.stringify({ type: "DELETED", object: widget("a", "one", { team: "x" }, "8") })}\n`);
    // The watch stays open until the informer stops.
  });
}

describe("DynamicSharedInformerFactory", () => {
  it("shares one informer per resource, syncs the list and follows the watch into the lister", async () => {
    serveWidgets();
    const factory = new DynamicSharedInformerFactory(new DynamicClient(client), { reflector: { onError: () => {} } });
    factories.push(factory);
    const widgets = factory.forResource(GVR);
    expect(widgets.informer()).toBe(factory.forResource({ ...GVR }).informer());
    factory.start();
    const synced = await factory.waitForCacheSync(AbortSignal.timeout(2000));
    expect([...synced]).toEqual([["example.com/v1/widgets", true]]);
    const lister = widgets.lister();
    await until(
      () =>
        lister.list().length === 2 &&
        lister.byNamespace("b").get("two").spec !== undefined &&
        (lister.byNamespace("b").get("two").spec as { size: number }).size === 2,
    );
    expect(
      lister
        .list()
        .map((w) => `${w.metadata?.namespace}/${w.metadata?.name}`)
        .sort(),
    ).toEqual(["a/three", "b/two"]);
    expect(lister.list("team=x").map((w) => w.metadata?.name)).toEqual(["three"]);
    expect(
      lister
        .byNamespace("a")
        .list()
        .map((w) => w.kind),
    ).toEqual(["Widget"]);
    let err: unknown;
    try {
      lister.byNamespace("a").get("one");
    } catch (e) {
      err = e;
    }
    expect(isNotFound(err)).toBe(true);
    expect((err as Error).message).toBe('widgets.example.com "one" not found');
  });

  it("a namespace-filtered factory lists and watches that namespace only", async () => {
    serveWidgets();
    const factory = new DynamicSharedInformerFactory(new DynamicClient(client), { namespace: "a", reflector: { onError: () => {} } });
    factories.push(factory);
    factory.forResource(GVR).informer();
    factory.start();
    await factory.waitForCacheSync(AbortSignal.timeout(2000));
    await until(() => server.requests.length >= 2);
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      "/apis/example.com/v1/namespaces/a/widgets",
      "/apis/example.com/v1/namespaces/a/widgets",
    ]);
  });
});
