/**
 * `kubegen apiserver --workers 2`: one primary owning SQLite, two worker processes serving the
 * port. Requests go to the workers round-robin per connection, so fresh connections alternate
 * between them: a write through one is read through the other.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, type APIServerProcess, spawnAPIServer, workerPidsOf } from "../../support/apiserver-process.js";

const NS = "/api/v1/namespaces/default/configmaps";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A client whose every request opens its own connection (so consecutive requests land on different workers). */
function freshConnections(server: APIServerProcess): AdminClient {
  const c = new AdminClient(server.url, server.kubeconfig);
  (c.agent as unknown as { keepAlive: boolean }).keepAlive = false;
  return c;
}

const cm = (name: string, v: string) => ({ apiVersion: "v1", kind: "ConfigMap", metadata: { name }, data: { v } });

describe("apiserver --workers 2", () => {
  const dirs: string[] = [];
  let server: APIServerProcess;

  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-workers-"));
    dirs.push(dir);
    server = await spawnAPIServer(dir, { extraArgs: ["--workers", "2"] });
  }, 180_000);

  afterAll(async () => {
    await server?.kill();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("runs two worker processes under the primary", () => {
    expect(workerPidsOf(server.child.pid!)).toHaveLength(2);
  });

  it("reads its writes across workers: a create through one connection is seen by a GET through the next", async () => {
    const c = freshConnections(server);
    try {
      for (let i = 0; i < 20; i++) {
        const created = await c.request("POST", NS, cm(`ryw-${i}`, String(i)));
        expect(created.status).toBe(201);
        const rv = created.json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion;
        const got = await c.request("GET", `${NS}/ryw-${i}`);
        expect(got.status).toBe(200);
        expect(got.json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion).toBe(rv);
        // A consistent list (no resourceVersion) through yet another connection has it too.
        const list = await c.request("GET", `${NS}?labelSelector=`);
        const names = list.json<{ items: { metadata: { name: string } }[] }>().items.map((o) => o.metadata.name);
        expect(names).toContain(`ryw-${i}`);
      }
    } finally {
      c.close();
    }
  }, 120_000);

  it("delivers watch events in resourceVersion order to watchers on every worker", async () => {
    const c = freshConnections(server);
    const events: { type: string; rv: number; name: string }[][] = [[], []];
    const start = await c.request("GET", NS);
    const rv0 = start.json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion;
    // Two watches on two connections: one per worker.
    const watches = await Promise.all(
      [0, 1].map((w) =>
        c.watch(`${NS}?watch=true&resourceVersion=${rv0}&labelSelector=w%3Dorder`, (ev) => {
          const meta = ev.object["metadata"] as { name: string; resourceVersion: string };
          events[w]!.push({ type: ev.type, rv: Number(meta.resourceVersion), name: meta.name });
        }),
      ),
    );
    try {
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 10; i++) {
        const obj = { ...cm(`order-${i}`, "0"), metadata: { name: `order-${i}`, labels: { w: "order" } } };
        writes.push(c.request("POST", NS, obj).then(() => c.request("PUT", `${NS}/order-${i}`, { ...obj, data: { v: "1" } })));
      }
      await Promise.all(writes);
      const deadline = Date.now() + 30_000;
      while ((events[0]!.length < 20 || events[1]!.length < 20) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      for (const seen of events) {
        expect(seen).toHaveLength(20);
        const rvs = seen.map((e) => e.rv);
        expect(rvs).toEqual([...rvs].sort((a, b) => a - b));
        for (let i = 0; i < 10; i++) {
          expect(seen.filter((e) => e.name === `order-${i}`).map((e) => e.type)).toEqual(["ADDED", "MODIFIED"]);
        }
      }
      expect(events[1]).toEqual(events[0]);
    } finally {
      for (const w of watches) w.close();
      c.close();
    }
  }, 120_000);

  it("restarts a worker that dies, and keeps serving", async () => {
    const before = workerPidsOf(server.child.pid!);
    process.kill(before[0]!, "SIGKILL");
    const deadline = Date.now() + 90_000;
    let now = workerPidsOf(server.child.pid!);
    while ((now.length < 2 || now.includes(before[0]!)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      now = workerPidsOf(server.child.pid!);
    }
    expect(now).toHaveLength(2);
    expect(now).not.toContain(before[0]);
    const c = freshConnections(server);
    try {
      // Until the new worker listens, connections go to the one left; then to both.
      for (let i = 0; i < 6; i++) expect((await c.request("GET", `${NS}/ryw-0`)).status).toBe(200);
    } finally {
      c.close();
    }
  }, 120_000);

  it("drains every worker on SIGTERM: requests in flight finish, watches end, the process exits 0", async () => {
    const workers = workerPidsOf(server.child.pid!);
    const c = new AdminClient(server.url, server.kubeconfig);
    const watch = await c.watch(`${NS}?watch=true`, () => {});
    const inFlight = Array.from({ length: 16 }, (_, i) => c.request("POST", NS, cm(`drain-${i}`, "x")).catch((e: Error) => e));
    // Once the requests are sent (not answered), stop.
    await new Promise((r) => setTimeout(r, 20));
    const code = await server.stop(60_000);
    expect(code).toBe(0);
    await watch.ended;
    const results = await Promise.all(inFlight);
    const created = results.filter((r) => !(r instanceof Error) && r.status === 201).length;
    // Whatever reached a worker before the shutdown finished; nothing got a 5xx.
    for (const r of results) if (!(r instanceof Error)) expect([201, 503]).toContain(r.status);
    for (const pid of workers) expect(alive(pid)).toBe(false);
    c.close();
    // Every acknowledged create is durable: a fresh single-process server lists them.
    server = await spawnAPIServer(server.dataDir);
    const c2 = new AdminClient(server.url, server.kubeconfig);
    const list = await c2.request("GET", NS);
    const names = list.json<{ items: { metadata: { name: string } }[] }>().items.map((o) => o.metadata.name);
    expect(names.filter((n) => n.startsWith("drain-")).length).toBeGreaterThanOrEqual(created);
    c2.close();
  }, 180_000);
});
