/**
 * Durability at the apiserver level, on SQLite: a stream of ConfigMap creates from 16 concurrent
 * clients, `kubegen apiserver` killed with SIGKILL in the middle of it, restarted on the same data
 * dir. Every create that was acknowledged (201) must still be there with its resourceVersion, and
 * a watch started before the kill and resumed after the restart from the last resourceVersion it
 * saw must deliver every acknowledged create exactly once across the two sessions.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";

const CLIENTS = 16;
/** Kill once this many creates were acknowledged, so the kill lands mid-stream. */
const KILL_AFTER = 400;
const NS = "default";
const CMS = `/api/v1/namespaces/${NS}/configmaps`;

interface WatchEvent {
  type: string;
  object: { metadata?: { name?: string; resourceVersion?: string } };
}

describe("apiserver durability under SIGKILL (SQLite)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-durability-"));
  let server: APIServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps every acknowledged create, and a resumed watch misses none and repeats none", async () => {
    server = await spawnAPIServer(dir);
    let client = new AdminClient(server.url, server.kubeconfig, CLIENTS + 1);
    const startRV = (await client.request("GET", CMS)).json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion;

    // Session 1 of the watch, from before the first create.
    const events: WatchEvent[] = [];
    const watch1 = await client.watch(`${CMS}?watch=1&resourceVersion=${startRV}&allowWatchBookmarks=false`, (ev) => events.push(ev));

    // The stream: each client creates until the server dies under it.
    const acked = new Map<string, string>();
    let seq = 0;
    let killing: Promise<void> | undefined;
    const worker = async (): Promise<void> => {
      for (;;) {
        const name = `cm-${seq++}`;
        let res;
        try {
          res = await client.request("POST", CMS, { metadata: { name }, data: { n: name } });
        } catch {
          return; // the connection died with the server: this create was never acknowledged
        }
        if (res.status !== 201) {
          if (killing) return;
          throw new Error(`create ${name}: HTTP ${res.status} ${res.body}`);
        }
        acked.set(name, res.json<{ metadata: { resourceVersion: string } }>().metadata.resourceVersion);
        if (acked.size >= KILL_AFTER && !killing) killing = server!.kill();
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, worker));
    await killing;
    await watch1.ended;
    client.close();
    expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER);
    // The kill landed mid-stream: some creates were in flight, unacknowledged.
    expect(seq).toBeGreaterThan(acked.size);

    // Restart on the same data dir: every acknowledged create is there, at its resourceVersion.
    server = await spawnAPIServer(dir);
    client = new AdminClient(server.url, server.kubeconfig);
    const list = (await client.request("GET", CMS)).json<{ items: { metadata: { name: string; resourceVersion: string } }[] }>();
    const stored = new Map(list.items.map((i) => [i.metadata.name, i.metadata.resourceVersion]));
    const lost = [...acked.keys()].filter((n) => !stored.has(n));
    expect(lost).toEqual([]);
    for (const [name, rv] of acked) expect(stored.get(name), name).toBe(rv);

    // Session 2, resumed from the last resourceVersion session 1 saw.
    const lastRV = events.at(-1)?.object.metadata?.resourceVersion ?? startRV;
    const before = events.length;
    const storedNames = new Set(stored.keys());
    const seenNames = () => new Set(events.filter((e) => e.type === "ADDED").map((e) => e.object.metadata!.name!));
    const watch2 = await client.watch(`${CMS}?watch=1&resourceVersion=${lastRV}`, (ev) => events.push(ev));
    const deadline = Date.now() + 20_000;
    while ([...storedNames].some((n) => !seenNames().has(n)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A little longer, so a duplicate delivered late would be caught.
    await new Promise((r) => setTimeout(r, 300));
    watch2.close();
    client.close();

    const added = events.filter((e) => e.type === "ADDED").map((e) => e.object.metadata!.name!);
    const counts = new Map<string, number>();
    for (const n of added) counts.set(n, (counts.get(n) ?? 0) + 1);
    expect([...acked.keys()].filter((n) => counts.get(n) !== 1)).toEqual([]);
    // Creates committed but not acknowledged before the kill are delivered once too, and nothing else.
    expect([...counts].filter(([, c]) => c !== 1)).toEqual([]);
    expect(new Set(added)).toEqual(storedNames);
    expect(events.every((e) => e.type === "ADDED")).toBe(true);
    const rvs = events.map((e) => BigInt(e.object.metadata!.resourceVersion!));
    expect(rvs.every((rv, i) => i === 0 || rv > rvs[i - 1]!)).toBe(true);
    expect(before).toBeGreaterThan(0);
    console.log(
      `durability: ${acked.size} acknowledged of ${seq} sent, ${stored.size} stored; watch events ${before} before the kill, ${events.length - before} after the restart`,
    );
  });
});
