/**
 * The aggregator's connections to extension apiservers: TLS checked against the APIService's
 * caBundle for the name `<service>.<namespace>.svc` (or not at all with insecureSkipTLSVerify),
 * the front-proxy client certificate presented, and the user passed in the requestheader
 * headers (`X-Remote-User`, `X-Remote-Group`, `X-Remote-Extra-<key>`), as kube-apiserver does.
 */
import https from "node:https";
import type { OutgoingHttpHeaders } from "node:http";
import type { UserInfo } from "../auth/user.js";
import type { APIService } from "./apiservices.js";
import { authority, type Endpoint } from "./resolve.js";

/** The front-proxy client credential (`--proxy-client-cert-file`, `--proxy-client-key-file`). */
export interface ProxyClientCertificate {
  cert: string;
  key: string;
}

/** One keep-alive agent per APIService spec: a changed caBundle or service gets a fresh one. */
export class Agents {
  private readonly agents = new Map<string, { spec: string; agent: https.Agent }>();

  constructor(private readonly client: ProxyClientCertificate | undefined) {}

  /**
   * The agent of an APIService; `verify: false` for availability checks, which upstream makes
   * without checking the serving certificate (a best-effort GET; the proxy does check it).
   */
  for(apiService: APIService, verify = true): https.Agent {
    const name = `${apiService.metadata?.name ?? ""}${verify ? "" : "/insecure"}`;
    const spec = JSON.stringify(apiService.spec);
    const hit = this.agents.get(name);
    if (hit?.spec === spec) return hit.agent;
    hit?.agent.destroy();
    const s = apiService.spec!;
    const caBundle = s.caBundle ? Buffer.from(s.caBundle, "base64").toString("utf8") : undefined;
    const agent = new https.Agent({
      keepAlive: true,
      ...(this.client && { cert: this.client.cert, key: this.client.key }),
      ...(s.insecureSkipTLSVerify || !verify
        ? { rejectUnauthorized: false }
        : { rejectUnauthorized: true, ...(caBundle && { ca: caBundle }) }),
      servername: `${s.service.name}.${s.service.namespace}.svc`,
    });
    this.agents.set(name, { spec, agent });
    return agent;
  }

  destroy(): void {
    for (const { agent } of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** The requestheader headers naming `user` (extra keys percent-encoded, as upstream). */
export function identityHeaders(user: UserInfo): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { "X-Remote-User": user.name };
  if (user.groups.length > 0) headers["X-Remote-Group"] = [...user.groups];
  for (const [key, values] of Object.entries(user.extra ?? {})) headers[`X-Remote-Extra-${encodeURIComponent(key)}`] = [...values];
  return headers;
}

/** How Go's transport words a failed round trip (the proxy's 503 body). */
export function goTransportError(err: unknown, host: string): string {
  const e = err as NodeJS.ErrnoException;
  let cause = e.message;
  if (e.code === "ECONNREFUSED") cause = `dial tcp ${host}: connect: connection refused`;
  else if (e.code === "ECONNRESET") cause = "EOF";
  else if (e.code === "ETIMEDOUT" || e.name === "TimeoutError" || e.name === "AbortError")
    cause = "context deadline exceeded (Client.Timeout exceeded while awaiting headers)";
  else if (e.code === "EHOSTUNREACH") cause = `dial tcp ${host}: connect: no route to host`;
  else if (e.code === "ERR_TLS_CERT_ALTNAME_INVALID")
    cause = `tls: failed to verify certificate: x509: ${e.message.replace(/^Hostname\/IP does not match certificate's altnames: /, "")}`;
  else if (e.code === "CERT_HAS_EXPIRED") cause = "tls: failed to verify certificate: x509: certificate has expired or is not yet valid";
  // Node names the ways a chain fails to reach a trusted root; Go says unknown authority for all of them.
  else if (typeof e.code === "string" && /CERT|SELF_SIGNED|UNABLE_TO/.test(e.code))
    cause = "tls: failed to verify certificate: x509: certificate signed by unknown authority";
  return cause;
}

/** How Go's http client words a failed request, which the FailedDiscoveryCheck message quotes. */
export function goClientError(err: unknown, method: string, url: string, host: string): string {
  return `${method.charAt(0)}${method.slice(1).toLowerCase()} ${JSON.stringify(url)}: ${goTransportError(err, host)}`;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET to the extension, read whole (discovery checks, discovery and OpenAPI documents). */
export function getUpstream(
  agent: https.Agent,
  endpoint: Endpoint,
  path: string,
  headers: OutgoingHttpHeaders,
  timeoutMs: number,
): Promise<UpstreamResponse> {
  const url = `https://${authority(endpoint)}${path}`;
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: endpoint.host, port: endpoint.port, path, method: "GET", agent, headers, signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", (err) => reject(new Error(goClientError(err, "GET", url, authority(endpoint)))));
      },
    );
    req.on("error", (err) => reject(new Error(goClientError(err, "GET", url, authority(endpoint)))));
    req.end();
  });
}
