/** A `runAPIServer` on a free loopback port in a temp dir (SQLite), and JSON calls to it as the admin. */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAPIServer, type RunOptions, type RunningAPIServer } from "../../apiserver/server/run.js";

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // Test code reads whatever the server answered.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
}

export interface TestAPIServer {
  running: RunningAPIServer;
  dir: string;
  /** As the admin (its client certificate) unless `anonymous`. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>, anonymous?: boolean): Promise<Reply>;
  stop(): Promise<void>;
}

export async function startRunningServer(options: Partial<RunOptions> = {}): Promise<TestAPIServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-run-"));
  let running: RunningAPIServer;
  try {
    running = await runAPIServer({ dataDir: dir, securePort: 0, bindAddress: "127.0.0.1", log: () => {}, ...options });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}, anonymous = false): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      // Node sends a DELETE's body without chunking: it must say how long it is.
      const length: Record<string, string> = payload === undefined ? {} : { "content-length": String(Buffer.byteLength(payload)) };
      const req = https.request(
        `${running.url}${p}`,
        {
          method,
          ca: running.certs.ca.cert,
          ...(!anonymous && { cert: running.certs.admin.cert, key: running.certs.admin.key }),
          headers: { "content-type": "application/json", accept: "application/json", ...length, ...headers },
        },
        (res) => {
          let text = "";
          res.on("data", (d: Buffer) => (text += d.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }));
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return {
    running,
    dir,
    call,
    async stop() {
      await running.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
