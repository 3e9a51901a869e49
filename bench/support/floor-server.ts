/**
 * The physical floor of a GET: a minimal node:https server in a process of its own, with the
 * apiserver's TLS setup (its serving certificate and key, client certificates requested against
 * its CA, TLS >= 1.2, no Nagle, keep-alive), answering every request with one fixed response:
 * the head and body an apiserver GET answered. No routing, no auth, no storage, no encoding:
 * what the same load costs in this Node and on this machine before any of our code runs.
 *
 * Run as a module it is the server; imported, startFloorServer spawns it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { fileURLToPath } from "node:url";

export interface FloorAnswer {
  /** The response's header names and values, as the apiserver sent them (no Date: Node adds it). */
  headers: [string, string][];
  body: Buffer;
}

export interface FloorServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

interface FloorConfig {
  pki: string;
  headers: [string, string][];
  body: string;
}

/** Spawns the floor server with the PKI of an apiserver's data dir (DIR/pki). */
export function startFloorServer(dataDir: string, answer: FloorAnswer, nodeArgs: string[] = []): Promise<FloorServer> {
  const config: FloorConfig = { pki: path.join(dataDir, "pki"), headers: answer.headers, body: answer.body.toString("base64") };
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", fileURLToPath(import.meta.url)], {
    // From the repository's root, where `--import tsx` resolves.
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, KUBEGEN_FLOOR_CONFIG: JSON.stringify(config) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}: ${out}`)));
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\d+)/.exec(out);
      if (!m) return;
      child.stdout.removeAllListeners("data");
      resolve({
        port: Number(m[1]),
        pid: child.pid!,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      });
    });
  });
}

function serve(config: FloorConfig): void {
  const read = (f: string) => fs.readFileSync(path.join(config.pki, f));
  const body = Buffer.from(config.body, "base64");
  const server = https.createServer(
    {
      cert: read("apiserver.crt"),
      key: read("apiserver.key"),
      ca: read("ca.crt"),
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: "TLSv1.2",
      noDelay: true,
      keepAlive: true,
    },
    (req, res) => {
      // Drain and answer at the end, as a handler reading a (bodyless) request does.
      req.resume();
      req.once("end", () => {
        res.writeHead(200, config.headers.flat());
        res.end(body);
      });
    },
  );
  server.listen(0, "127.0.0.1", () => {
    const addr = server.address();
    process.stdout.write(`listening on ${typeof addr === "object" && addr ? addr.port : 0}\n`);
  });
  process.once("SIGTERM", () => process.exit(0));
}

const config = process.env.KUBEGEN_FLOOR_CONFIG;
if (config && process.argv[1] === fileURLToPath(import.meta.url)) serve(JSON.parse(config) as FloorConfig);
