/** Serving: the PKI and kubeconfig in the data dir, post-start and pre-shutdown hooks, graceful shutdown. */
import { X509Certificate } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../../apiserver/server/certs.js";
import { writeKubeconfig } from "../../../apiserver/server/kubeconfig.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { defaultFakeStorages, sharedCerts, startTestServer } from "./harness.js";
import type { FakeStorage } from "./fake-storage.js";

const dirs: string[] = [];
const tmp = (): string => {
  const d = mkdtempSync(path.join(os.tmpdir(), "kubegen-serving-"));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("PKI", () => {
  it("creates a CA, a serving certificate and an admin credential once, and reuses them", async () => {
    const dataDir = tmp();
    const first = await ensureCertificates({ dataDir, ips: ["10.0.0.5", "10.96.0.1"] });
    const ca = new X509Certificate(first.ca.cert);
    const serving = new X509Certificate(first.serving.cert);
    const admin = new X509Certificate(first.admin.cert);
    expect(ca.ca).toBe(true);
    expect(serving.checkIssued(ca)).toBe(true);
    expect(serving.verify(ca.publicKey)).toBe(true);
    expect(serving.publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    for (const name of [
      "DNS:localhost",
      "DNS:kubernetes",
      "DNS:kubernetes.default",
      "DNS:kubernetes.default.svc",
      "IP Address:127.0.0.1",
      "IP Address:10.0.0.5",
      "IP Address:10.96.0.1",
    ]) {
      expect(serving.subjectAltName).toContain(name);
    }
    expect(admin.subject).toBe("CN=kubegen-admin\nO=system:masters");
    expect(admin.checkIssued(ca)).toBe(true);

    const again = await ensureCertificates({ dataDir, ips: ["10.0.0.5"] });
    expect(again.ca.cert).toBe(first.ca.cert);
    expect(again.serving.cert).toBe(first.serving.cert);
    expect(again.admin.cert).toBe(first.admin.cert);
    // A new advertise address needs a new serving certificate from the same CA.
    const moved = await ensureCertificates({ dataDir, ips: ["10.0.0.6"] });
    expect(moved.ca.cert).toBe(first.ca.cert);
    expect(moved.serving.cert).not.toBe(first.serving.cert);
    expect(new X509Certificate(moved.serving.cert).subjectAltName).toContain("IP Address:10.0.0.6");
  });

  it("writes a kubeconfig with inline credentials and the kubegen context", async () => {
    const { certs } = await sharedCerts();
    const file = path.join(tmp(), "kubeconfig");
    writeKubeconfig(file, "https://127.0.0.1:6443", certs);
    const cfg = YAML.parse(readFileSync(file, "utf8"));
    expect(cfg["current-context"]).toBe("kubegen");
    expect(cfg.clusters[0].cluster.server).toBe("https://127.0.0.1:6443");
    expect(Buffer.from(cfg.clusters[0].cluster["certificate-authority-data"], "base64").toString()).toBe(certs.ca.cert);
    expect(Buffer.from(cfg.users[0].user["client-key-data"], "base64").toString()).toBe(certs.admin.key);
    expect(cfg.contexts[0]).toEqual({ name: "kubegen", context: { cluster: "kubegen", user: "kubegen-admin" } });
  });
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}

describe("hooks", () => {
  it("post-start hooks run after listening and show in /healthz until they finish", async () => {
    const { certs } = await sharedCerts();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = new APIServer({
      storages: defaultFakeStorages(),
      bindAddress: "127.0.0.1",
      securePort: 0,
      tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
      log: () => {},
    });
    let listeningDuringHook = false;
    server.hooks.addPostStartHook("slow-hook", async () => {
      listeningDuringHook = await portOpen(server.port);
      await gate;
    });
    expect(() => server.hooks.addPostStartHook("slow-hook", () => {})).toThrow(/already registered/);
    const started = server.start();
    // The other hooks (system namespaces over the loopback client) share the CPU: poll, not a fixed wait.
    for (let i = 0; i < 100 && !listeningDuringHook; i++) await new Promise((r) => setTimeout(r, 50));
    expect(listeningDuringHook).toBe(true);
    expect(server.hooks.postStartHookProblem("slow-hook")).toBe("not finished");
    release();
    await started;
    expect(server.hooks.postStartHookProblem("slow-hook")).toBeUndefined();
    await server.shutdown();
  });

  it("a failing post-start hook stops the server", async () => {
    const { certs } = await sharedCerts();
    const server = new APIServer({
      storages: defaultFakeStorages(),
      bindAddress: "127.0.0.1",
      securePort: 0,
      tls: { cert: certs.serving.cert, key: certs.serving.key },
      log: () => {},
    });
    server.hooks.addPostStartHook("broken", () => {
      throw new Error("no luck");
    });
    await expect(server.start()).rejects.toThrow('post-start hook "broken" failed: no luck');
    expect(await portOpen(server.port)).toBe(false);
  });

  it("the system namespaces exist after start", async () => {
    const t = await startTestServer();
    const names = (await t.request("GET", "/api/v1/namespaces"))
      .json<{ items: { metadata: { name: string } }[] }>()
      .items.map((i) => i.metadata.name);
    expect(names).toEqual(expect.arrayContaining(["default", "kube-system", "kube-public", "kube-node-lease"]));
    await t.close();
  });
});

describe("graceful shutdown", () => {
  it("lets in-flight requests finish, ends watches, runs pre-shutdown hooks, then refuses connections", async () => {
    const storages = defaultFakeStorages();
    (storages.find((s) => s.info.plural === "configmaps") as FakeStorage).delayMs = 300;
    const t = await startTestServer({ storages });
    const order: string[] = [];
    let inflightAtHook = -1;
    t.server.hooks.addPreShutdownHook("remember", () => {
      // The server's own view: every in-flight request has been answered (the client may not
      // have read its response yet, so the client-side order below leaves that pair out).
      inflightAtHook = (t.server as unknown as { inflight: Set<unknown> }).inflight.size;
      order.push("pre-shutdown");
    });
    const watch = await t.stream("/api/v1/namespaces?watch=1");
    const watchEnded = (async () => {
      for await (const _ of watch.chunks) {
        // drain
      }
      order.push("watch ended");
    })();
    const slow = t.request("GET", "/api/v1/configmaps").then((r) => {
      order.push(`slow request ${r.status}`);
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    const port = t.server.port;
    await t.close();
    await watchEnded;
    expect((await slow).status).toBe(200);
    expect(inflightAtHook).toBe(0);
    expect(order.filter((e) => e !== "slow request 200")).toEqual(["watch ended", "pre-shutdown"]);
    expect(order).toContain("slow request 200");
    expect(await portOpen(port)).toBe(false);
  });
});
