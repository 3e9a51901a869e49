/**
 * The proxy to extension apiservers: requests under /apis/<group>/<version> (resources,
 * subresources, watches: the body and the response stream through) and that group-version's
 * /openapi/v3 document go to the APIService's endpoint as the authenticated, authorized user;
 * an APIService that is not Available answers 503 `service unavailable`, as upstream.
 */
import https from "node:https";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import type { APIRequest } from "../endpoints/request-context.js";
import type { ResponseWriter } from "../endpoints/response-writer.js";
import type { APIService } from "./apiservices.js";
import { authority, type Endpoint } from "./resolve.js";
import { goTransportError, identityHeaders, type Agents } from "./upstream.js";

/** Headers that belong to one connection (RFC 7230 6.1), never forwarded. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
]);

/** The client's headers minus its credentials and any identity it tried to claim itself. */
function forwardedHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || HOP_BY_HOP.has(k) || k === "authorization" || k.startsWith("impersonate-") || k.startsWith("x-remote-"))
      continue;
    out[k] = v;
  }
  return out;
}

/** Go's http.Error: a plain-text body with a newline. */
export function plainError(res: ResponseWriter, code: number, text: string): void {
  res.send(code, "text/plain; charset=utf-8", `${text}\n`, { "X-Content-Type-Options": "nosniff" });
}

/** Streams one request to the extension and its answer back; resolves when the response ended. */
export function proxyRequest(
  req: APIRequest,
  res: ResponseWriter,
  apiService: APIService,
  endpoint: Endpoint,
  agents: Agents,
): Promise<void> {
  const headers = { ...forwardedHeaders(req.raw.headers), ...identityHeaders(req.user), host: authority(endpoint) };
  const method = req.raw.method ?? "GET";
  return new Promise<void>((resolve) => {
    const out = https.request({
      host: endpoint.host,
      port: endpoint.port,
      method,
      path: req.raw.url ?? "/",
      agent: agents.for(apiService),
      headers,
    });
    const onAbort = (): void => {
      out.destroy();
      resolve();
    };
    req.signal.addEventListener("abort", onAbort, { once: true });
    const done = (): void => {
      req.signal.removeEventListener("abort", onAbort);
      resolve();
    };
    out.on("response", (up) => {
      const back: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) back[k] = v;
      res.writeHead(up.statusCode ?? 502, back);
      // Watches flush each event as it arrives: the pipe writes as data comes.
      up.pipe(res.raw);
      up.on("end", done);
      up.on("error", () => {
        res.raw.destroy();
        done();
      });
      res.raw.on("close", () => {
        up.destroy();
        done();
      });
    });
    out.on("error", (err) => {
      if (!res.started) {
        plainError(res, 503, goTransportError(err, authority(endpoint)));
      } else res.raw.destroy();
      done();
    });
    req.raw.pipe(out);
  });
}
