/**
 * A start does not wait for its service-account key before listening (a first start generates
 * it meanwhile), but ready does: runAPIServer returns with the key loaded, and a key that cannot
 * be loaded fails the start as before, with the server stopped and the storage closed.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAPIServer } from "../../../apiserver/server/run.js";
import { startRunningServer } from "../../support/running-server.js";

describe("start-up and the service-account key", () => {
  it("is ready with a first start's key: tokens issued, the key set served", async () => {
    const server = await startRunningServer();
    try {
      const jwks = await server.call("GET", "/openid/v1/jwks");
      expect(jwks.status).toBe(200);
      expect(jwks.body.keys).toHaveLength(1);
      expect(readFileSync(path.join(server.dir, "pki", "sa.key"), "utf8")).toContain("PRIVATE KEY");
      const sa = await server.call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "robot" } });
      expect(sa.status).toBe(201);
      const req = await server.call("POST", "/api/v1/namespaces/default/serviceaccounts/robot/token", {
        apiVersion: "authentication.k8s.io/v1",
        kind: "TokenRequest",
        spec: {},
      });
      expect(req.status).toBe(201);
      const token = req.body.status.token as string;
      const review = await server.call("GET", "/apis/authentication.k8s.io/v1", undefined, { authorization: `Bearer ${token}` }, true);
      expect(review.status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("fails the start when the signing key cannot be loaded, and leaves the data dir free", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-startup-keys-"));
    try {
      const bad = path.join(dataDir, "bad.key");
      writeFileSync(bad, "not a key\n");
      await expect(
        runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", log: () => {}, serviceAccountSigningKeyFile: bad }),
      ).rejects.toThrow();
      // The storage was closed (its lock released) and the server stopped: the same data dir starts.
      const again = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", log: () => {} });
      await again.stop();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
