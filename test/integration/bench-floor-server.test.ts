/**
 * The apiserver bench's floor server (bench/support/floor-server.ts) in create mode: each POST's
 * body is stored durably under its object's name before the fixed answer goes out, concurrent
 * creates share commits, a name stored twice fails, and bodyless requests are answered as in GET
 * mode.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../apiserver/server/certs.js";
import { type FloorServer, startFloorServer } from "../../bench/support/floor-server.js";
import { LoadClient } from "../../bench/support/load-client.js";

let dir: string;
let floor: FloorServer | undefined;
let load: LoadClient | undefined;
const answer = Buffer.from('{"kind":"ConfigMap"}');

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-floor-"));
  const certs = await ensureCertificates({ dataDir: dir, ips: ["127.0.0.1"] });
  floor = await startFloorServer(
    dir,
    { status: 201, headers: [["Content-Type", "application/json"]], body: answer },
    { store: path.join(dir, "floor.db") },
  );
  const pem = (s: string) => Buffer.from(s);
  load = new LoadClient(
    { host: "127.0.0.1", port: floor.port, ca: pem(certs.ca.cert), cert: pem(certs.admin.cert), key: pem(certs.admin.key) },
    8,
  );
  await load.connect();
}, 30_000);

afterAll(async () => {
  load?.close();
  await floor?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("floor server, create mode", () => {
  it("stores each body under its name, then answers the fixed bytes; a name stored twice fails", async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => `{"metadata":{"name":"cm-${i}"},"data":{"k":"${"v".repeat(i)}"}}`);
    const answers = await Promise.all(bodies.map((b, i) => load!.connections[i]!.request("POST", "/api/v1/namespaces/x/configmaps", b)));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(8).fill(201));
    expect(answers.every((a) => a.body.equals(answer))).toBe(true);
    const again = await load!.connections[0]!.request("POST", "/api/v1/namespaces/x/configmaps", bodies[3]);
    expect(again.status).toBe(500);
    // Stopped (SIGTERM, exit), the file holds every acknowledged body.
    await floor!.stop();
    floor = undefined;
    const db = new Database(path.join(dir, "floor.db"), { readonly: true });
    try {
      const rows = db.prepare("SELECT key, value FROM kv ORDER BY key").all() as { key: string; value: Buffer }[];
      expect(rows.map((r) => [r.key, r.value.toString()])).toEqual(bodies.map((b, i) => [`/registry/floor/cm-${i}`, b]));
    } finally {
      db.close();
    }
  });
});
