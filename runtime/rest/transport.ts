/** One HTTP(S) exchange with the server: keep-alive agents (through a proxy if any), TLS and credentials from the config, abortable. */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { KUBEGEN_VERSION } from "../version.js";
import type { CredentialProvider, Credentials } from "./auth/credentials.js";
import { execAuthenticatorFor, type ExecClusterInfo } from "./auth/exec.js";
import { oidcProviderFor, validateAuthProvider } from "./auth/oidc.js";
import type { ImpersonationConfig, RestConfig } from "./config.js";
import { createAgents, parseProxyUrl, proxyFromEnvironment, type Agents } from "./proxy.js";

/** Query parameters; undefined ones are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** What one attempt sends. */
export interface Exchange {
  method: string;
  path: string;
  query?: Query | undefined;
  /** Header values; a list sends one header line per value. */
  headers: Record<string, string | string[]>;
  body?: Uint8Array | undefined;
  signal: AbortSignal;
  /** A long-lived stream (a watch), which gets a connection of its own outside the request pool. */
  stream?: boolean;
}

/**
 * A request that failed below HTTP (connection refused or reset, TLS failure): the message
 * names the method and URL, `code` is Node's error code and `cause` the original error.
 */
export class TransportError extends Error {
  override readonly name = "TransportError";

  constructor(
    message: string,
    /** Node's error code, such as ECONNRESET or ECONNREFUSED ("" when none). */
    readonly code: string,
    /** Whether the request went out on a kept-alive socket, which the server may have closed just before. */
    readonly reusedSocket: boolean,
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

const TOKEN_FILE_TTL_MS = 60_000;
/**
 * Connections for ordinary requests. A cap keeps a burst from opening thousands of sockets
 * (2,000 concurrent GETs on loopback: 3.5 s unbounded, 0.37 s with 64); watches hold their
 * connection for minutes, so they use a separate, unbounded pool and never starve requests.
 */
const MAX_REQUEST_SOCKETS = 64;
/**
 * client-go's form, `name/version (os/arch) ...`: servers take the part before the first "/" as
 * the default field manager, so the name must come first and stand alone.
 */
const DEFAULT_USER_AGENT = `kubegen/v${KUBEGEN_VERSION} (${process.platform}/${process.arch}) node/${process.version}`;

function pem(data: Uint8Array | string | undefined): Buffer | string | undefined {
  if (data === undefined) return undefined;
  return typeof data === "string" ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

function base64(data: Uint8Array | string): string {
  return Buffer.from(typeof data === "string" ? Buffer.from(data) : data).toString("base64");
}

/** Characters a header name may hold besides letters and digits; others (and "%") are percent-encoded. */
const HEADER_TOKEN = /^[A-Za-z0-9!#$&'*+.^_`|~-]$/;

/** Escapes an as-user-extra key into a header name suffix, as client-go does. */
function headerKeyEscape(key: string): string {
  let out = "";
  for (const ch of key) {
    if (HEADER_TOKEN.test(ch)) out += ch;
    else for (const b of Buffer.from(ch, "utf8")) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The Impersonate-* headers. */
export function impersonationHeaders(imp: ImpersonationConfig | undefined): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  if (imp === undefined) return headers;
  const hasUser = imp.userName !== undefined && imp.userName !== "";
  if (!hasUser && (imp.uid || (imp.groups?.length ?? 0) > 0 || Object.keys(imp.extra ?? {}).length > 0)) {
    throw new Error("requesting uid, groups or user-extra without impersonating a user");
  }
  if (!hasUser) return headers;
  headers["Impersonate-User"] = imp.userName!;
  if (imp.uid) headers["Impersonate-Uid"] = imp.uid;
  if (imp.groups !== undefined && imp.groups.length > 0) headers["Impersonate-Group"] = [...imp.groups];
  for (const [k, values] of Object.entries(imp.extra ?? {}))
    if (values.length > 0) headers[`Impersonate-Extra-${headerKeyEscape(k)}`] = [...values];
  return headers;
}

/** The cluster as an exec plugin sees it in KUBERNETES_EXEC_INFO. */
function execClusterInfo(config: RestConfig): ExecClusterInfo {
  const info: ExecClusterInfo = { server: config.server };
  if (config.tlsServerName !== undefined) info["tls-server-name"] = config.tlsServerName;
  if (config.insecureSkipTLSVerify) info["insecure-skip-tls-verify"] = true;
  if (config.caData !== undefined) info["certificate-authority-data"] = base64(config.caData);
  if (config.proxyUrl) info["proxy-url"] = config.proxyUrl;
  if (config.disableCompression) info["disable-compression"] = true;
  if (config.execProvider?.config !== undefined) info.config = config.execProvider.config;
  return info;
}

/**
 * The plugin that supplies credentials, if any. As in client-go an exec plugin only runs when
 * no token, basic auth or client certificate is configured, and an auth-provider only when no
 * token is: what the user set explicitly wins.
 */
function credentialProviderFor(config: RestConfig): CredentialProvider | undefined {
  const token = config.bearerToken !== undefined || config.bearerTokenFile !== undefined;
  const basic = config.username !== undefined || config.password !== undefined;
  const cert = config.certData !== undefined || config.keyData !== undefined;
  if (config.execProvider !== undefined && config.authProvider !== undefined) {
    throw new Error("authProvider cannot be provided in combination with an exec plugin");
  }
  if (config.execProvider !== undefined)
    return token || basic || cert ? undefined : execAuthenticatorFor(config.execProvider, execClusterInfo(config));
  if (config.authProvider !== undefined) {
    validateAuthProvider(config.authProvider, "of the client config");
    if (token) return undefined;
    return oidcProviderFor(config.server, config.authProvider.config ?? {}, config.authProviderPersister);
  }
  return undefined;
}

/** Sends requests to one server over two keep-alive agents: one for requests, one for watches. */
export class Transport {
  /** The server URL; its path prefixes every request path. */
  readonly base: URL;
  /** The proxy requests go through, if any. */
  readonly proxy: URL | undefined;
  private agents: Agents;
  private tlsOptions: https.AgentOptions;
  private readonly secure: boolean;
  private readonly basePath: string;
  private readonly provider: CredentialProvider | undefined;
  private readonly impersonation: Record<string, string | string[]>;
  /** The client certificate the agents' connections present (a plugin may rotate it). */
  private activeCert: string | Buffer | undefined;
  private tokenCache: { token: string; readAt: number } | undefined;

  constructor(private readonly config: RestConfig) {
    this.base = new URL(config.server);
    this.secure = this.base.protocol === "https:";
    if (!this.secure && this.base.protocol !== "http:") throw new Error(`server ${config.server}: only http and https are supported`);
    this.basePath = this.base.pathname.replace(/\/+$/, "");
    this.proxy = config.proxyUrl ? parseProxyUrl(config.proxyUrl, `for server ${config.server}`) : proxyFromEnvironment(this.base);
    this.impersonation = impersonationHeaders(config.impersonate);
    this.provider = credentialProviderFor(config);
    this.activeCert = pem(config.certData);
    this.tlsOptions = this.tlsFor(this.activeCert, pem(config.keyData));
    this.agents = createAgents(this.secure, this.proxy, this.tlsOptions, MAX_REQUEST_SOCKETS);
  }

  private tlsFor(cert: string | Buffer | undefined, key: string | Buffer | undefined): https.AgentOptions {
    if (!this.secure) return {};
    const options: https.AgentOptions = { rejectUnauthorized: !this.config.insecureSkipTLSVerify };
    const ca = pem(this.config.caData);
    if (ca !== undefined) options.ca = ca;
    if (cert !== undefined) options.cert = cert;
    if (key !== undefined) options.key = key;
    if (this.config.tlsServerName !== undefined) options.servername = this.config.tlsServerName;
    // Parsed once here: without it every new connection parses the key and CA bundle again.
    options.secureContext = tls.createSecureContext({ ca: options.ca, cert: options.cert, key: options.key });
    return options;
  }

  /** The full URL of a request path with its query. */
  url(path: string, query?: Query): URL {
    const url = new URL(this.basePath + (path.startsWith("/") ? path : `/${path}`), this.base);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
    return url;
  }

  /** Static Authorization, impersonation and User-Agent headers for the next request. */
  defaultHeaders(): Record<string, string | string[]> {
    const headers: Record<string, string | string[]> = { "User-Agent": this.config.userAgent ?? DEFAULT_USER_AGENT, ...this.impersonation };
    const token = this.bearerToken();
    if (token) headers["Authorization"] = `Bearer ${token}`;
    else if (this.config.username !== undefined || this.config.password !== undefined) {
      const basic = Buffer.from(`${this.config.username ?? ""}:${this.config.password ?? ""}`).toString("base64");
      headers["Authorization"] = `Basic ${basic}`;
    }
    return headers;
  }

  /** Whether an auth plugin supplies credentials (then {@link Transport.credentials} is asked before each attempt). */
  get hasCredentialPlugin(): boolean {
    return this.provider !== undefined;
  }

  /**
   * The auth plugin's credentials for the next attempt. A client
   * certificate other than the one in use replaces the agents, closing their connections, as
   * client-go does when a plugin rotates the certificate.
   */
  async credentials(): Promise<Credentials> {
    if (this.provider === undefined) return {};
    const creds = await this.provider.credentials();
    if (creds.certData !== undefined && creds.certData !== this.activeCert) {
      const old = this.agents;
      this.activeCert = creds.certData;
      this.tlsOptions = this.tlsFor(creds.certData, creds.keyData);
      this.agents = createAgents(this.secure, this.proxy, this.tlsOptions, MAX_REQUEST_SOCKETS);
      old.request.destroy();
      old.stream.destroy();
    }
    return creds;
  }

  /** The server refused `used` with 401: whether the plugin dropped them, so that one retry may succeed. */
  unauthorized(used: Credentials): boolean {
    return this.provider?.unauthorized(used) ?? false;
  }

  /** The token file's content (re-read once a minute, as client-go does for rotated tokens), else the static token. */
  private bearerToken(): string | undefined {
    const file = this.config.bearerTokenFile;
    if (file !== undefined) {
      const now = Date.now();
      if (this.tokenCache === undefined || now - this.tokenCache.readAt > TOKEN_FILE_TTL_MS) {
        try {
          this.tokenCache = { token: fs.readFileSync(file, "utf8").trim(), readAt: now };
        } catch {
          // An unreadable file keeps the last token we had, or falls back to the static one.
        }
      }
      if (this.tokenCache !== undefined) return this.tokenCache.token;
    }
    return this.config.bearerToken;
  }

  /**
   * Sends one request and resolves with the response once its headers arrive. Rejects with
   * the signal's reason on abort (the socket is destroyed), or a {@link TransportError}.
   */
  send(ex: Exchange): Promise<http.IncomingMessage> {
    const url = this.url(ex.path, ex.query);
    return new Promise((resolve, reject) => {
      if (ex.signal.aborted) {
        reject(ex.signal.reason);
        return;
      }
      const headers = { ...ex.headers };
      if (ex.body !== undefined) headers["Content-Length"] = String(ex.body.byteLength);
      const agent = ex.stream ? this.agents.stream : this.agents.request;
      // TLS options go with each request too: a proxy agent applies them to the tunnelled connection.
      const request = (this.secure ? https.request : http.request)(url, { ...this.tlsOptions, method: ex.method, headers, agent });
      const onAbort = () => request.destroy(ex.signal.reason instanceof Error ? ex.signal.reason : new Error(String(ex.signal.reason)));
      ex.signal.addEventListener("abort", onAbort, { once: true });
      request.once("response", (res) => {
        // The body reader takes over abort handling from here.
        ex.signal.removeEventListener("abort", onAbort);
        resolve(res);
      });
      request.once("error", (err: NodeJS.ErrnoException) => {
        ex.signal.removeEventListener("abort", onAbort);
        if (ex.signal.aborted) reject(ex.signal.reason);
        else {
          const verb = ex.method.charAt(0) + ex.method.slice(1).toLowerCase();
          reject(new TransportError(`${verb} "${url.href}": ${err.message}`, err.code ?? "", request.reusedSocket, { cause: err }));
        }
      });
      request.end(ex.body === undefined ? undefined : Buffer.from(ex.body.buffer, ex.body.byteOffset, ex.body.byteLength));
    });
  }

  /**
   * Opens one more keep-alive connection in the request pool, unless two sit idle already: a GET
   * of /version (public, cheap), whose answer is dropped and whose failure is ignored, since it
   * only warms a socket. Not rate limited: it carries no API call.
   */
  warmConnection(): void {
    const agent = this.agents.request;
    let idle = 0;
    for (const sockets of Object.values(agent.freeSockets)) idle += sockets?.length ?? 0;
    if (idle >= 2) return;
    const request = (this.secure ? https.request : http.request)(this.url("/version"), {
      ...this.tlsOptions,
      method: "GET",
      headers: { ...this.defaultHeaders(), Accept: "application/json" },
      agent,
    });
    request.once("response", (res) => res.resume());
    request.once("error", () => undefined);
    request.end();
  }

  /** Closes the agents and their connections. */
  close(): void {
    this.agents.request.destroy();
    this.agents.stream.destroy();
  }
}

/** Bodies announced larger than this are read into one buffer of their length. */
const PREALLOCATE_BYTES = 64 * 1024;
/** A length beyond this is not trusted to allocate up front. */
const MAX_PREALLOCATE_BYTES = 512 * 1024 * 1024;

/** Reads a whole response body; rejects with the signal's reason when it aborts first. */
export function readBody(res: http.IncomingMessage, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onAbort = () => res.destroy();
    const done = (fn: () => void) => {
      signal.removeEventListener("abort", onAbort);
      fn();
    };
    if (signal.aborted) {
      res.destroy();
      reject(signal.reason);
      return;
    }
    signal.addEventListener("abort", onAbort, { once: true });
    // With the length known (big lists), chunks are copied in as they come instead of all at the end.
    const length = Number(res.headers["content-length"] ?? NaN);
    let whole = length > PREALLOCATE_BYTES && length <= MAX_PREALLOCATE_BYTES ? Buffer.allocUnsafe(length) : undefined;
    let filled = 0;
    res.on("data", (c: Buffer) => {
      if (whole !== undefined && filled + c.length <= whole.length) filled += c.copy(whole, filled);
      else {
        // More than announced: keep what came as chunks and let the parser judge.
        if (whole !== undefined) chunks.push(whole.subarray(0, filled));
        whole = undefined;
        chunks.push(c);
      }
    });
    res.once("end", () =>
      done(() => {
        if (whole !== undefined) resolve(filled === whole.length ? whole : whole.subarray(0, filled));
        else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      }),
    );
    res.once("error", (err) => done(() => reject(signal.aborted ? signal.reason : err)));
    res.once("close", () => {
      if (!res.complete)
        done(() => reject(signal.aborted ? signal.reason : new Error("the connection closed before the response body ended")));
    });
  });
}
