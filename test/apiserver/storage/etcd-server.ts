/**
 * Starts Debian's etcd (`/usr/bin/etcd`, package etcd-server) for tests and benches: a single
 * member on free loopback ports with its data in a temp dir, ready once /health says so; with
 * `tls`, clients must speak TLS and present a certificate from a throwaway CA.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { ensureCertificates } from "../../../apiserver/server/certs.js";

export const ETCD_BINARY = process.env.KUBEGEN_ETCD ?? "/usr/bin/etcd";

export interface EtcdServer {
  /** The client URL, e.g. `http://127.0.0.1:40123`. */
  endpoint: string;
  dataDir: string;
  /** With `tls`: the CA that signed etcd's certificate, and a client certificate etcd accepts. */
  tls?: { caFile: string; certFile: string; keyFile: string };
  /** SIGTERM, wait for the exit (SIGKILL after 5 s), remove the data dir. */
  stop(): Promise<void>;
  /** The etcd process, for tests that freeze it (SIGSTOP) and thaw it (SIGCONT). */
  process: ChildProcess;
}

export function etcdAvailable(): boolean {
  return fs.existsSync(ETCD_BINARY);
}

/** A port free on 127.0.0.1 right now (the kernel picks it; we close and reuse it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()));
}

/** GET /health over HTTPS with the client certificate. */
function httpsHealth(url: string, tls: NonNullable<EtcdServer["tls"]>): Promise<{ health?: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      url,
      { ca: fs.readFileSync(tls.caFile), cert: fs.readFileSync(tls.certFile), key: fs.readFileSync(tls.keyFile), timeout: 1000 },
      (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          try {
            resolve(JSON.parse(body) as { health?: string });
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timeout")));
  });
}

async function waitHealthy(
  endpoint: string,
  tls: EtcdServer["tls"],
  child: ChildProcess,
  log: () => string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`etcd exited with ${child.exitCode}:\n${log()}`);
    try {
      const body = tls
        ? await httpsHealth(`${endpoint}/health`, tls)
        : ((await (await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1000) })).json()) as { health?: string });
      if (body.health === "true") return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`etcd at ${endpoint} not healthy after ${timeoutMs} ms:\n${log()}`);
}

export async function startEtcd(options: { timeoutMs?: number; tls?: boolean } = {}): Promise<EtcdServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-etcd-"));
  const [clientPort, peerPort] = [await freePort(), await freePort()];
  const endpoint = `${options.tls ? "https" : "http"}://127.0.0.1:${clientPort}`;
  let tls: EtcdServer["tls"];
  const tlsArgs: string[] = [];
  if (options.tls) {
    // The apiserver's own PKI code makes a CA, a serving certificate for 127.0.0.1 and a client one.
    const pki = await ensureCertificates({ dataDir: path.join(dataDir, "pki"), ips: ["127.0.0.1"] });
    tls = { caFile: pki.files.caCert, certFile: pki.files.adminCert, keyFile: pki.files.adminKey };
    tlsArgs.push(
      `--cert-file=${pki.files.servingCert}`,
      `--key-file=${pki.files.servingKey}`,
      `--trusted-ca-file=${pki.files.caCert}`,
      "--client-cert-auth",
    );
  }
  const peer = `http://127.0.0.1:${peerPort}`;
  const child = spawn(
    ETCD_BINARY,
    [
      "--name=kubegen-test",
      `--data-dir=${path.join(dataDir, "data")}`,
      `--listen-client-urls=${endpoint}`,
      `--advertise-client-urls=${endpoint}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=kubegen-test=${peer}`,
      "--initial-cluster-state=new",
      "--logger=zap",
      "--log-outputs=stderr",
      "--log-level=error",
      ...tlsArgs,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-8000);
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited(child);
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(endpoint, tls, child, () => stderr, options.timeoutMs ?? 15_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { endpoint, dataDir, ...(tls && { tls }), stop, process: child };
}
