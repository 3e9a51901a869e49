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

/** A JSON request over HTTPS with the client certificate (GET without a body, POST with one). */
function httpsJSON<T>(url: string, tls: NonNullable<EtcdServer["tls"]>, body?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: body === undefined ? "GET" : "POST",
        ca: fs.readFileSync(tls.caFile),
        cert: fs.readFileSync(tls.certFile),
        key: fs.readFileSync(tls.keyFile),
        timeout: 1000,
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d.toString()));
        res.on("end", () => {
          try {
            resolve(JSON.parse(text) as T);
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on("error", reject);
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.end(body);
  });
}

/** A JSON answer from etcd's client URL (its gRPC gateway for POSTs). */
async function etcdJSON<T>(url: string, tls: EtcdServer["tls"], body?: string): Promise<T> {
  if (tls) return httpsJSON<T>(url, tls, body);
  const res = await fetch(url, { method: body === undefined ? "GET" : "POST", body, signal: AbortSignal.timeout(1000) });
  return (await res.json()) as T;
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
      const body = await etcdJSON<{ health?: string }>(`${endpoint}/health`, tls);
      if (body.health === "true") return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`etcd at ${endpoint} not healthy after ${timeoutMs} ms:\n${log()}`);
}

export interface StartEtcdOptions {
  timeoutMs?: number;
  tls?: boolean;
}

/**
 * Starts an etcd and checks the one answering on its client URL is it: the free ports are only
 * free when looked up, so another test's etcd may take them first, and its /health would then
 * pass for ours (a frozen-etcd test once saw a healthy answer that way). On such a collision the
 * start is retried on new ports. The member list names the etcd; the TLS handshake does for TLS.
 */
export async function startEtcd(options: StartEtcdOptions = {}): Promise<EtcdServer> {
  for (let attempt = 1; ; attempt++) {
    const name = `kubegen-test-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    const etcd = await startEtcdOnce(name, options);
    // Over TLS the handshake with our own throwaway CA proved it already (and etcd's gateway
    // cannot serve member lists when client certificates are required).
    if (etcd.tls) return etcd;
    try {
      const list = await etcdJSON<{ members?: { name?: string }[] }>(`${etcd.endpoint}/v3/cluster/member/list`, etcd.tls, "{}");
      const names = (list.members ?? []).map((m) => m.name);
      if (names.length === 1 && names[0] === name && etcd.process.exitCode === null) return etcd;
      if (attempt >= 5) throw new Error(`etcd at ${etcd.endpoint} is another one (members ${names.join(", ")}), 5 times`);
    } catch (e) {
      await etcd.stop();
      throw e;
    }
    await etcd.stop();
  }
}

async function startEtcdOnce(name: string, options: StartEtcdOptions): Promise<EtcdServer> {
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
      `--name=${name}`,
      `--data-dir=${path.join(dataDir, "data")}`,
      `--listen-client-urls=${endpoint}`,
      `--advertise-client-urls=${endpoint}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=${name}=${peer}`,
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
