/**
 * `--event-ttl` under `--workers 2`: the sweeper runs in the storage's primary, which does not
 * serve requests, and reads events through the workers' encryption at rest (events encrypted
 * here): an event written through a worker disappears after the 1 s TTL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, type APIServerProcess, spawnAPIServer } from "../../support/apiserver-process.js";

const EVENTS = "/api/v1/namespaces/default/events";

describe("apiserver --workers 2 --event-ttl 1s, events encrypted at rest", () => {
  let dir: string;
  let server: APIServerProcess;
  let client: AdminClient;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-workers-ttl-"));
    const encryption = path.join(dir, "encryption.yaml");
    fs.writeFileSync(
      encryption,
      YAML.stringify({
        apiVersion: "apiserver.config.k8s.io/v1",
        kind: "EncryptionConfiguration",
        resources: [
          { resources: ["events"], providers: [{ aescbc: { keys: [{ name: "k1", secret: Buffer.alloc(32, 7).toString("base64") }] } }] },
        ],
      }),
    );
    server = await spawnAPIServer(dir, {
      extraArgs: ["--workers", "2", "--event-ttl", "1s", "--encryption-provider-config", encryption],
    });
    client = new AdminClient(server.url, server.kubeconfig);
  }, 180_000);

  afterAll(async () => {
    client?.close();
    await server?.kill();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("deletes an event written through a worker once the TTL has passed", async () => {
    const created = await client.request("POST", EVENTS, {
      apiVersion: "v1",
      kind: "Event",
      metadata: { name: "short-lived" },
      involvedObject: { kind: "Pod", namespace: "default", name: "p" },
      reason: "Started",
      message: "started",
      type: "Normal",
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 20_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await client.request("GET", `${EVENTS}/short-lived`)).status;
    }
    expect(status).toBe(404);
  }, 40_000);
});
