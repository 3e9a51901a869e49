/** One HTTP(S) exchange with the server: keep-alive agent, TLS and credentials from the config, abortable. */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { KUBEGEN_VERSION } from "../version.js";
import type { RestConfig } from "./config.js";

/** Query parameters; undefined ones are left out. */
export type Query = Readonly<Record<string, string | number | boolean | undefined>>;

/** What one attempt sends. */
export interface Exchange {
  method: string;
  path: string;
  query?: Query | undefined;
  headers: Record<string, string>;
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

/** Sends requests to one server over two keep-alive agents: one for requests, one for watches. */
export class Transport {
  /** The server URL; its path prefixes every request path. */
  readonly base: URL;
  private readonly agent: http.Agent;
  private readonly streamAgent: http.Agent;
  private readonly secure: boolean;
  private readonly basePath: string;
  private tokenCache: { token: string; readAt: number } | undefined;

  constructor(private readonly config: RestConfig) {
    this.base = new URL(config.server);
    this.secure = this.base.protocol === "https:";
    if (!this.secure && this.base.protocol !== "http:") throw new Error(`server ${config.server}: only http and https are supported`);
    this.basePath = this.base.pathname.replace(/\/+$/, "");
    if (this.secure) {
      const options: https.AgentOptions = { keepAlive: true, rejectUnauthorized: !config.insecureSkipTLSVerify };
      const ca = pem(config.caData);
      if (ca !== undefined) options.ca = ca;
      const cert = pem(config.certData);
      if (cert !== undefined) options.cert = cert;
      const key = pem(config.keyData);
      if (key !== undefined) options.key = key;
      if (config.tlsServerName !== undefined) options.servername = config.tlsServerName;
      // Parsed once here: without it every new connection parses the key and CA bundle again.
      options.secureContext = tls.createSecureContext({ ca: options.ca, cert: options.cert, key: options.key });
      this.agent = new https.Agent({ ...options, maxSockets: MAX_REQUEST_SOCKETS });
      this.streamAgent = new https.Agent(options);
    } else {
      this.agent = new http.Agent({ keepAlive: true, maxSockets: MAX_REQUEST_SOCKETS });
      this.streamAgent = new http.Agent({ keepAlive: true });
    }
  }

  /** The full URL of a request path with its query. */
  url(path: string, query?: Query): URL {
    const url = new URL(this.basePath + (path.startsWith("/") ? path : `/${path}`), this.base);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
    return url;
  }

  /** Authorization and User-Agent headers for the next request. */
  defaultHeaders(): Record<string, string> {
    const headers: Record<string, string> = { "User-Agent": this.config.userAgent ?? DEFAULT_USER_AGENT };
    const token = this.bearerToken();
    if (token) headers["Authorization"] = `Bearer ${token}`;
    else if (this.config.username !== undefined || this.config.password !== undefined) {
      const basic = Buffer.from(`${this.config.username ?? ""}:${this.config.password ?? ""}`).toString("base64");
      headers["Authorization"] = `Basic ${basic}`;
    }
    return headers;
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
      const request = (this.secure ? https.request : http.request)(url, { method: ex.method, headers, agent: ex.stream ? this.streamAgent : this.agent });
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

  /** Closes the agents and their connections. */
  close(): void {
    this.agent.destroy();
    this.streamAgent.destroy();
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
      if (!res.complete) done(() => reject(signal.aborted ? signal.reason : new Error("the connection closed before the response body ended")));
    });
  });
}
