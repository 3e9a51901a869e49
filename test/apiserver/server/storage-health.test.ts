/**
 * The storage backend's health checks: `etcd` on /livez, /readyz and /healthz and
 * `etcd-readiness` on /readyz, as kube-apiserver has them, and a frozen etcd (SIGSTOP) failing
 * them within the 2 s check timeout rather than after the storage's 30 s call deadline.
 */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAPIServer, type RunningAPIServer } from "../../../apiserver/server/run.js";
import { probeStorage, storageHealthChecks } from "../../../apiserver/server/storage-health.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { startEtcd, type EtcdServer } from "../storage/etcd-server.js";
import { describeWithTools } from "../../support/tools.js";

/** A storage whose calls never answer, as a frozen backend's. */
function frozenStorage(overrides: Partial<Storage> = {}): Storage {
  const never = () => new Promise<never>(() => undefined);
  return { currentRevision: never, ...overrides } as unknown as Storage;
}

describe("probeStorage", () => {
  it("fails a backend that does not answer once the timeout has passed", async () => {
    await expect(probeStorage(frozenStorage(), 20)).rejects.toThrow("the storage did not answer within 20 ms");
  });

  it("passes a backend that answers, and uses the backend's own cancellable probe when it has one", async () => {
    await expect(probeStorage(frozenStorage({ currentRevision: async () => 7 }), 1000)).resolves.toBeUndefined();
    const asked: number[] = [];
    const storage = frozenStorage({
      healthCheck: async (timeoutMs: number) => {
        asked.push(timeoutMs);
      },
    });
    const { health, ready } = storageHealthChecks("etcd", storage, { healthcheckTimeoutMs: 1500, readycheckTimeoutMs: 2500 });
    expect([health.name, ready.name]).toEqual(["etcd", "etcd-readiness"]);
    await health.check();
    await ready.check();
    expect(asked).toEqual([1500, 2500]);
  });

  it("refuses a timeout that is not positive", async () => {
    await expect(runAPIServer({ dataDir: "/nonexistent/never-created", etcdHealthcheckTimeoutMs: 0 })).rejects.toThrow(
      "--etcd-healthcheck-timeout must be a positive duration",
    );
    await expect(runAPIServer({ dataDir: "/nonexistent/never-created", etcdReadycheckTimeoutMs: -1 })).rejects.toThrow(
      "--etcd-readycheck-timeout must be a positive duration",
    );
  });
});

describeWithTools(["etcd"], "health endpoints on etcd", () => {
  let etcd: EtcdServer;
  let running: RunningAPIServer;
  let dir: string;

  /** GET with a 10 s client timeout: a probe that hangs longer fails the test. */
  function get(p: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = https.get(`${running.url}${p}`, { ca: running.certs.ca.cert, timeout: 10_000 }, (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on("timeout", () => req.destroy(new Error(`GET ${p}: no answer within the client's 10 s timeout`)));
      req.on("error", reject);
    });
  }

  beforeAll(async () => {
    etcd = await startEtcd();
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-storage-health-"));
    running = await runAPIServer({
      dataDir: dir,
      securePort: 0,
      bindAddress: "127.0.0.1",
      storageBackend: "etcd",
      etcdServers: [etcd.endpoint],
      log: () => {},
    });
  });
  afterAll(async () => {
    if (etcd?.process.pid !== undefined) process.kill(etcd.process.pid, "SIGCONT");
    await running?.stop();
    await etcd?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("checks etcd on every endpoint and etcd's readiness on /readyz", async () => {
    const readyz = await get("/readyz?verbose");
    expect(readyz.status).toBe(200);
    expect(readyz.text).toContain("[+]etcd ok\n[+]etcd-readiness ok\n");
    for (const endpoint of ["/livez", "/healthz"]) {
      const res = await get(`${endpoint}?verbose`);
      expect(res.status).toBe(200);
      expect(res.text).toContain("[+]etcd ok\n");
      expect(res.text).not.toContain("etcd-readiness");
    }
    expect(await get("/readyz/etcd-readiness")).toEqual({ status: 200, text: "ok" });
  });

  it("fails the probes within the check timeout while etcd is frozen, and passes them again once it runs", async () => {
    process.kill(etcd.process.pid!, "SIGSTOP");
    try {
      const [livez, readyz, healthz, single] = await Promise.all([
        get("/livez?verbose"),
        get("/readyz?verbose"),
        get("/healthz?verbose"),
        get("/livez/etcd"),
      ]);
      expect(livez.status).toBe(500);
      expect(livez.text).toContain("[-]etcd failed: reason withheld\n");
      expect(livez.text).toMatch(/livez check failed\n$/);
      expect(readyz.status).toBe(500);
      expect(readyz.text).toContain("[-]etcd failed: reason withheld\n[-]etcd-readiness failed: reason withheld\n");
      expect(healthz.status).toBe(500);
      expect(healthz.text).toContain("[-]etcd failed: reason withheld\n");
      expect(single.status).toBe(500);
      expect(single.text).toMatch(/^internal server error: /);
      // The other checks are not held up by the frozen one.
      expect(livez.text).toContain("[+]ping ok\n");
    } finally {
      process.kill(etcd.process.pid!, "SIGCONT");
    }
    let readyz = await get("/readyz");
    for (let i = 0; i < 50 && readyz.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      readyz = await get("/readyz");
    }
    expect(readyz).toEqual({ status: 200, text: "ok" });
  });
});
