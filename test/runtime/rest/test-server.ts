/** An in-process HTTP(S) server on 127.0.0.1 for REST client tests: a swappable handler and a log of requests. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export interface Recorded {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => unknown;

export interface TestServer {
  url: string;
  requests: Recorded[];
  handle(h: Handler): void;
  close(): Promise<void>;
}

/** Starts a server; `tls` makes it HTTPS (with `requestCert` when a client CA is given). */
export async function startServer(tls?: https.ServerOptions): Promise<TestServer> {
  let handler: Handler = (_req, res) => {
    res.writeHead(404).end();
  };
  const requests: Recorded[] = [];
  const listener = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method!, url: new URL(req.url!, "http://x"), headers: req.headers, body, at: performance.now() });
      void Promise.resolve(handler(req, res, body)).catch((err) => {
        res.destroy(err as Error);
      });
    });
  };
  const server = tls ? https.createServer(tls, listener) : http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${port}`,
    requests,
    handle: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Writes a JSON response. */
export function json(res: http.ServerResponse, code: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(code, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
}

/** A Status body as the apiserver sends it. */
export function status(code: number, reason: string, message: string): Record<string, unknown> {
  return { kind: "Status", apiVersion: "v1", metadata: {}, status: "Failure", message, reason, code };
}

export interface Pki {
  dir: string;
  ca: Buffer;
  serverCert: Buffer;
  serverKey: Buffer;
  clientCert: Buffer;
  clientKey: Buffer;
}

/** A throwaway CA with a server certificate for 127.0.0.1 and a client certificate, made by openssl. */
export function makePki(): Pki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-pki-"));
  const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.crt", "-days", "1", "-subj", "/CN=test-ca");
  fs.writeFileSync(path.join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1,DNS:localhost\n");
  run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
  run(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "server.crt",
    "-days",
    "1",
    "-extfile",
    "server.ext",
  );
  run("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "client.key", "-out", "client.csr", "-subj", "/CN=admin/O=system:masters");
  run("x509", "-req", "-in", "client.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out", "client.crt", "-days", "1");
  const read = (f: string) => fs.readFileSync(path.join(dir, f));
  return {
    dir,
    ca: read("ca.crt"),
    serverCert: read("server.crt"),
    serverKey: read("server.key"),
    clientCert: read("client.crt"),
    clientKey: read("client.key"),
  };
}
