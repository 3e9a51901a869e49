/**
 * `--event-ttl` on a running apiserver, SQLite and etcd: with a 1 s TTL, an event written through
 * either events API disappears after the TTL and a watcher sees DELETED for it; a ConfigMap
 * written beside it stays.
 */
import https from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type TestAPIServer } from "../../support/running-server.js";
import { describeWithTools } from "../../support/tools.js";
import { startEtcd, type EtcdServer } from "../storage/etcd-server.js";

interface WatchEvent {
  type: string;
  object: { metadata?: { name?: string } };
}

/** A streaming watch of the default namespace's core events, as the admin. */
function watchEvents(server: TestAPIServer, resourceVersion: string): { events: WatchEvent[]; close(): void } {
  const { running } = server;
  const events: WatchEvent[] = [];
  let buffered = "";
  const req = https.get(
    `${running.url}/api/v1/namespaces/default/events?watch=1&resourceVersion=${resourceVersion}`,
    { ca: running.certs.ca.cert, cert: running.certs.admin.cert, key: running.certs.admin.key, headers: { accept: "application/json" } },
    (res) => {
      res.on("data", (d: Buffer) => {
        buffered += d.toString();
        let nl: number;
        while ((nl = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, nl).trim();
          buffered = buffered.slice(nl + 1);
          if (line) events.push(JSON.parse(line) as WatchEvent);
        }
      });
    },
  );
  req.on("error", () => {});
  return { events, close: () => req.destroy() };
}

async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

function expiryTests(server: () => TestAPIServer): void {
  it("deletes an event one TTL after its last write, and a watcher sees DELETED", async () => {
    const s = server();
    const core = await s.call("POST", "/api/v1/namespaces/default/events", {
      apiVersion: "v1",
      kind: "Event",
      metadata: { name: "core-ev" },
      involvedObject: { kind: "Pod", namespace: "default", name: "p" },
      reason: "Started",
      message: "started",
      type: "Normal",
    });
    expect(core.status).toBe(201);
    const modern = await s.call("POST", "/apis/events.k8s.io/v1/namespaces/default/events", {
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { name: "modern-ev" },
      eventTime: new Date().toISOString().replace("Z", "000Z"),
      reportingController: "example.com/ctl",
      reportingInstance: "ctl-1",
      action: "Scale",
      reason: "Scaled",
      note: "scaled",
      type: "Normal",
      regarding: { kind: "Deployment", namespace: "default", name: "web", apiVersion: "apps/v1" },
    });
    expect(modern.status).toBe(201);
    const cm = await s.call("POST", "/api/v1/namespaces/default/configmaps", {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "stays" },
    });
    expect(cm.status).toBe(201);
    const watch = watchEvents(s, core.body.metadata.resourceVersion as string);
    try {
      await eventually(async () => (await s.call("GET", "/api/v1/namespaces/default/events")).body.items?.length === 0);
      expect((await s.call("GET", "/apis/events.k8s.io/v1/namespaces/default/events")).body.items).toEqual([]);
      await eventually(() => watch.events.filter((e) => e.type === "DELETED").length === 2);
      expect(
        watch.events
          .filter((e) => e.type === "DELETED")
          .map((e) => e.object.metadata?.name)
          .sort(),
      ).toEqual(["core-ev", "modern-ev"]);
      expect((await s.call("GET", "/api/v1/namespaces/default/configmaps/stays")).status).toBe(200);
    } finally {
      watch.close();
    }
  }, 40_000);
}

describe("--event-ttl on SQLite", () => {
  let server: TestAPIServer;
  beforeAll(async () => {
    server = await startRunningServer({ eventTTLMs: 1_000 });
  }, 60_000);
  afterAll(async () => server?.stop());
  expiryTests(() => server);
});

describeWithTools(["etcd"], "--event-ttl on etcd", () => {
  let etcd: EtcdServer;
  let server: TestAPIServer;
  beforeAll(async () => {
    etcd = await startEtcd();
    server = await startRunningServer({ eventTTLMs: 1_000, storageBackend: "etcd", etcdServers: [etcd.endpoint] });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await etcd?.stop();
  });
  expiryTests(() => server);
});
