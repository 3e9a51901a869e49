/** The manager's HTTP endpoints: /healthz and /readyz (with `?verbose`), and /metrics. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

/** A named check; it throws (or rejects) when unhealthy. */
export type Checker = () => void | Promise<void>;

export interface Endpoints {
  checks?: { healthz: Map<string, Checker>; readyz: Map<string, Checker> };
  metrics?: Registry;
}

async function runChecks(checks: Map<string, Checker>, verbose: boolean, name: string, res: http.ServerResponse): Promise<void> {
  const lines: string[] = [];
  let ok = true;
  for (const [check, fn] of checks) {
    try {
      await fn();
      lines.push(`[+]${check} ok`);
    } catch (err) {
      ok = false;
      lines.push(`[-]${check} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  res.writeHead(ok ? 200 : 500, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
  if (verbose || !ok) res.end(`${lines.join("\n")}\n${name} check ${ok ? "passed" : "failed"}\n`);
  else res.end("ok");
}

/** Parses `host:port` (`:8081` binds every address; port 0 picks a free one). */
export function parseBindAddress(address: string): { host: string | undefined; port: number } {
  const i = address.lastIndexOf(":");
  const host = i > 0 ? address.slice(0, i).replace(/^\[|\]$/g, "") : undefined;
  const port = Number(address.slice(i + 1));
  if (i < 0 || !Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`invalid bind address ${JSON.stringify(address)}: want host:port`);
  return { host, port };
}

/** Serves `endpoints` on `address`; resolves to the server once it listens. */
export async function serveEndpoints(address: string, endpoints: Endpoints): Promise<http.Server> {
  const { host, port } = parseBindAddress(address);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const verbose = url.searchParams.has("verbose");
    const done = (p: Promise<void>): void => {
      p.catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500);
        res.end(String(err));
      });
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD" }).end();
      return;
    }
    if (endpoints.checks && (url.pathname === "/healthz" || url.pathname === "/readyz")) {
      const which = url.pathname === "/healthz" ? "healthz" : "readyz";
      done(runChecks(endpoints.checks[which], verbose, which, res));
    } else if (endpoints.metrics && url.pathname === "/metrics") {
      const registry = endpoints.metrics;
      done(
        registry.metrics().then((body) => {
          res.writeHead(200, { "Content-Type": registry.contentType }).end(body);
        }),
      );
    } else {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("404 page not found\n");
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/** `http://host:port` of a listening server. */
export function serverURL(server: http.Server): string {
  const a = server.address() as AddressInfo;
  const host = a.family === "IPv6" ? `[${a.address}]` : a.address;
  return `http://${host}:${a.port}`;
}
