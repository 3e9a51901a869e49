/**
 * `kubegen apiserver` as a child process for e2e and integration tests and the benches: spawn it
 * on a data dir (SQLite or etcd), wait until it listens, stop or kill it, restart it on the same
 * port, and call it over keep-alive HTTPS with the admin client certificate from DIR/kubeconfig.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import YAML from "yaml";

export const ROOT = path.resolve(import.meta.dirname, "../..");

export interface APIServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  kubeconfig: string;
  /**
   * SIGTERM and wait for the exit code; SIGKILL if the process is still there after `graceMs`
   * (then the code is null).
   */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL and wait: nothing gets a chance to flush. */
  kill(): Promise<void>;
}

export interface SpawnOptions {
  /** `--etcd-servers`; SQLite in the data dir when absent. */
  etcd?: string;
  /** `--secure-port`; 0 (a free one) by default. */
  port?: number;
  extraArgs?: string[];
  /** Arguments for node itself, e.g. `--cpu-prof` when profiling. */
  nodeArgs?: string[];
  /** `up` runs the controller-manager in the same process too; `apiserver` by default. */
  command?: "apiserver" | "up";
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

/** Starts the apiserver and resolves once it prints the URL it listens on. */
export function spawnAPIServer(dataDir: string, options: SpawnOptions = {}): Promise<APIServerProcess> {
  const args = [
    "bin/kubegen.js",
    options.command ?? "apiserver",
    "--data-dir",
    dataDir,
    "--secure-port",
    String(options.port ?? 0),
    "--bind-address",
    "127.0.0.1",
  ];
  if (options.etcd) args.push("--storage-backend=etcd", `--etcd-servers=${options.etcd}`);
  args.push(...(options.extraArgs ?? []));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      const before = out;
      out += d.toString();
      const m = /listening on (https:\/\/\S+)/.exec(out);
      if (m && !/listening on (https:\/\/\S+)/.test(before)) {
        resolve({
          child,
          url: m[1]!,
          port: Number(new URL(m[1]!).port),
          dataDir,
          kubeconfig: path.join(dataDir, "kubeconfig"),
          stop: (graceMs = 10_000) => {
            const done = exited(child);
            const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
            child.kill("SIGTERM");
            return done.finally(() => clearTimeout(timer));
          },
          kill: async () => {
            const done = exited(child);
            child.kill("SIGKILL");
            await done;
          },
        });
      }
    });
    child.stderr.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-8000)));
    child.once("exit", (code) => reject(new Error(`apiserver exited with ${code}: ${out}${err}`)));
  });
}

export interface Response {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** A keep-alive HTTPS client authenticated with the kubeconfig's admin client certificate. */
export class AdminClient {
  readonly agent: https.Agent;
  readonly base: URL;

  constructor(url: string, kubeconfig: string, maxSockets = 64) {
    const cfg = YAML.parse(readFileSync(kubeconfig, "utf8"));
    const b64 = (s: string) => Buffer.from(s, "base64");
    this.base = new URL(url);
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets,
      ca: b64(cfg.clusters[0].cluster["certificate-authority-data"]),
      cert: b64(cfg.users[0].user["client-certificate-data"]),
      key: b64(cfg.users[0].user["client-key-data"]),
    });
  }

  request(method: string, p: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const data = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          path: p,
          method,
          headers: {
            Accept: "application/json",
            ...(data !== undefined ? { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(data)) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            resolve({ status: res.statusCode ?? 0, body: text, json: <T>() => JSON.parse(text) as T });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      if (data !== undefined) req.write(data);
      req.end();
    });
  }

  /**
   * Opens a watch and calls `onEvent` for each JSON line; resolves with a handle once the
   * response headers arrive (the server has registered the watch by then).
   */
  watch(
    p: string,
    onEvent: (ev: { type: string; object: Record<string, unknown> }) => void,
  ): Promise<{ close(): void; ended: Promise<void> }> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          agent: this.agent,
          host: this.base.hostname,
          port: this.base.port,
          path: p,
          method: "GET",
          headers: { Accept: "application/json" },
        },
        (res) => {
          if (res.statusCode !== 200) {
            reject(new Error(`watch ${p}: HTTP ${res.statusCode}`));
            res.resume();
            return;
          }
          let buf = "";
          const ended = new Promise<void>((done) => {
            res.on("end", done);
            res.on("close", done);
            res.on("error", () => done());
          });
          res.on("data", (c: Buffer) => {
            buf += c.toString();
            let nl: number;
            while ((nl = buf.indexOf("\n")) >= 0) {
              const line = buf.slice(0, nl).trim();
              buf = buf.slice(nl + 1);
              if (line) onEvent(JSON.parse(line));
            }
          });
          resolve({ close: () => req.destroy(), ended });
        },
      );
      req.on("error", (e) => reject(e));
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The worker processes (`--workers N`) of a spawned apiserver: its children that run the command again. */
export function workerPidsOf(pid: number): number[] {
  try {
    return (
      execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(pid)], { encoding: "utf8" })
        .split("\n")
        // Other children (tsx's esbuild service) do not count.
        .filter((l) => l.includes("kubegen.js"))
        .map((l) => Number(l.trim().split(" ")[0]))
        .filter((n) => n > 0)
    );
  } catch {
    return []; // ps exits 1 when there are none
  }
}
