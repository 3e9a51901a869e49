/**
 * A cheap HTTPS/1.1 load generator for the apiserver benches: one TLS connection per client,
 * one request in flight on each, requests written as pre-built strings and responses parsed
 * only as far as the status and the body length. Node's https client costs about as much CPU
 * per request as the server does, and bench and server share the machine's cores; this one
 * costs a fraction of it, so the figures measure the server rather than the client.
 */
import fs from "node:fs";
import tls from "node:tls";
import YAML from "yaml";

export interface LoadResponse {
  status: number;
  body: Buffer;
  /** The status line and headers as received (latin1), without the blank line. */
  head: string;
}

export interface LoadClientOptions {
  host: string;
  port: number;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

const CRLF2 = Buffer.from("\r\n\r\n");

/** One kept-alive TLS connection answering one request at a time. */
export class LoadConnection {
  private socket: tls.TLSSocket | undefined;
  private connecting: Promise<tls.TLSSocket> | undefined;
  private buf: Buffer = Buffer.alloc(0);
  private pending: { resolve: (r: LoadResponse) => void; reject: (e: Error) => void } | undefined;
  /** Parsed head of the response being read: body start and length (-1: chunked). */
  private head: { status: number; text: string; bodyAt: number; length: number } | undefined;

  constructor(
    private readonly options: LoadClientOptions,
    private readonly hostHeader: string,
    private session?: Buffer,
  ) {}

  private connect(): Promise<tls.TLSSocket> {
    if (this.socket) return Promise.resolve(this.socket);
    this.connecting ??= new Promise<tls.TLSSocket>((resolve, reject) => {
      const { host, port, ca, cert, key } = this.options;
      const s = tls.connect(
        { host, port, ca, cert, key, servername: host === "127.0.0.1" ? undefined : host, ...(this.session && { session: this.session }) },
        () => {
          s.setNoDelay(true);
          this.socket = s;
          this.connecting = undefined;
          resolve(s);
        },
      );
      s.on("session", (sess: Buffer) => (this.session = sess));
      s.on("data", (chunk: Buffer) => this.onData(chunk));
      const fail = (err: Error): void => {
        this.socket = undefined;
        this.connecting = undefined;
        this.buf = Buffer.alloc(0);
        this.head = undefined;
        const p = this.pending;
        this.pending = undefined;
        p?.reject(err);
        reject(err);
      };
      s.on("error", fail);
      s.on("close", () => fail(new Error("connection closed")));
    });
    return this.connecting;
  }

  /** Sends a request (method, path, optional JSON body) and resolves with the whole response. */
  async request(method: string, path: string, body?: string): Promise<LoadResponse> {
    if (this.pending) throw new Error("LoadConnection: one request at a time");
    const socket = await this.connect();
    const text =
      body === undefined
        ? `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\nAccept: application/json\r\n\r\n`
        : `${method} ${path} HTTP/1.1\r\nHost: ${this.hostHeader}\r\nAccept: application/json\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    return new Promise<LoadResponse>((resolve, reject) => {
      this.pending = { resolve, reject };
      socket.write(text);
    });
  }

  private onData(chunk: Buffer): void {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    for (;;) {
      if (!this.head) {
        const end = this.buf.indexOf(CRLF2);
        if (end < 0) return;
        const headText = this.buf.toString("latin1", 0, end);
        const status = Number(headText.slice(9, 12));
        const m = /\r\ncontent-length:\s*(\d+)/i.exec(headText);
        const chunked = /\r\ntransfer-encoding:\s*chunked/i.test(headText);
        if (!m && !chunked) {
          this.socket?.destroy(new Error(`response without a length: ${headText.slice(0, 200)}`));
          return;
        }
        this.head = { status, text: headText, bodyAt: end + 4, length: m ? Number(m[1]) : -1 };
      }
      const h = this.head;
      let body: Buffer;
      let consumed: number;
      if (h.length >= 0) {
        if (this.buf.length < h.bodyAt + h.length) return;
        body = this.buf.subarray(h.bodyAt, h.bodyAt + h.length);
        consumed = h.bodyAt + h.length;
      } else {
        const parsed = dechunk(this.buf, h.bodyAt);
        if (!parsed) return;
        [body, consumed] = parsed;
      }
      this.head = undefined;
      this.buf = consumed === this.buf.length ? Buffer.alloc(0) : this.buf.subarray(consumed);
      const p = this.pending;
      this.pending = undefined;
      p?.resolve({ status: h.status, body, head: h.text });
      if (this.buf.length === 0) return;
    }
  }

  close(): void {
    this.socket?.destroy();
    this.socket = undefined;
  }

  get tlsSession(): Buffer | undefined {
    return this.session;
  }
}

/** A chunked body starting at `at`, with the offset just past it; undefined until all of it arrived. */
function dechunk(buf: Buffer, at: number): [Buffer, number] | undefined {
  const parts: Buffer[] = [];
  let pos = at;
  for (;;) {
    const lineEnd = buf.indexOf("\r\n", pos);
    if (lineEnd < 0) return undefined;
    const size = parseInt(buf.toString("latin1", pos, lineEnd), 16);
    const dataAt = lineEnd + 2;
    if (size === 0) {
      // No trailers from the apiserver: the last chunk is "0\r\n\r\n".
      if (buf.length < dataAt + 2) return undefined;
      return [Buffer.concat(parts), dataAt + 2];
    }
    if (buf.length < dataAt + size + 2) return undefined;
    parts.push(buf.subarray(dataAt, dataAt + size));
    pos = dataAt + size + 2;
  }
}

/** `size` connections, one per concurrent client of a bench loop (client i uses connection i). */
export class LoadClient {
  readonly connections: LoadConnection[];

  constructor(options: LoadClientOptions, size: number) {
    const hostHeader = `${options.host}:${options.port}`;
    this.connections = Array.from({ length: size }, () => new LoadConnection(options, hostHeader));
  }

  /** Opens every connection (TLS handshakes are not part of what the benches measure). */
  async connect(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.request("GET", "/version")));
  }

  close(): void {
    for (const c of this.connections) c.close();
  }
}

/** The load client's TLS options for a spawned apiserver: its kubeconfig's admin certificate. */
export function loadClientOptions(server: { url: string; kubeconfig: string }): LoadClientOptions {
  const cfg = YAML.parse(fs.readFileSync(server.kubeconfig, "utf8")) as {
    clusters: { cluster: Record<string, string> }[];
    users: { user: Record<string, string> }[];
  };
  const b64 = (s: string | undefined): Buffer => Buffer.from(s ?? "", "base64");
  const url = new URL(server.url);
  return {
    host: url.hostname,
    port: Number(url.port),
    ca: b64(cfg.clusters[0]?.cluster["certificate-authority-data"]),
    cert: b64(cfg.users[0]?.user["client-certificate-data"]),
    key: b64(cfg.users[0]?.user["client-key-data"]),
  };
}

/** `size` load connections to a spawned apiserver, authenticated as its kubeconfig's admin. */
export function loadClientFor(server: { url: string; kubeconfig: string }, size: number): LoadClient {
  return new LoadClient(loadClientOptions(server), size);
}
