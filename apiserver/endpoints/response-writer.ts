/**
 * A thin wrapper over ServerResponse: records the status for metrics, adds the request's
 * warnings as headers when the response starts, and can be sealed, after which writes are
 * ignored (the timeout filter has answered; a late handler must not write into the socket).
 */
import type { ServerResponse } from "node:http";
import type { StreamedBody } from "./serializers.js";
import { warningHeaderValues } from "./warnings.js";

/**
 * Adds a header to `out` under the first spelling its name had (`names`: lower case to that
 * spelling): names are case-insensitive, and a later value replaces an earlier one in its place.
 * A function rather than a closure per response (tsx names, slowly, each closure it makes).
 */
function putHeader(out: Record<string, string | string[]>, names: Map<string, string>, k: string, v: string | string[]): void {
  const lower = k.toLowerCase();
  const prev = names.get(lower);
  if (prev !== undefined) {
    out[prev] = v;
    return;
  }
  names.set(lower, k);
  out[k] = v;
}

export class ResponseWriter {
  /** The status code sent (0 until the response starts). */
  status = 0;
  private sealed = false;
  private readonly headers = new Map<string, string | string[]>();
  /** Called once, as the status line goes out (audit's ResponseStarted stage of long-running requests). */
  onStart: ((code: number) => void) | undefined;

  constructor(
    readonly raw: ServerResponse,
    private readonly warnings: string[],
  ) {}

  /** True once the status line went out (or the writer was sealed). */
  get started(): boolean {
    return this.status !== 0 || this.sealed;
  }

  /** True when the client went away or the response ended. */
  get closed(): boolean {
    return this.sealed || this.raw.writableEnded || this.raw.destroyed;
  }

  setHeader(name: string, value: string | string[]): void {
    this.headers.set(name, value);
  }

  writeHead(code: number, headers: Record<string, string | string[]> = {}): void {
    if (this.started || this.raw.headersSent) return;
    this.status = code;
    this.onStart?.(code);
    // The common case, nothing set before and no warnings: hand the headers to Node as they are.
    if (this.headers.size === 0 && this.warnings.length === 0) {
      this.raw.writeHead(code, headers);
      return;
    }
    // Every response has one header set before (Audit-Id): one object handed to writeHead costs
    // less than a setHeader each (putHeader keeps setHeader's case-insensitive replacement).
    const out: Record<string, string | string[]> = {};
    const names = new Map<string, string>();
    for (const [k, v] of this.headers) putHeader(out, names, k, v);
    for (const k in headers) putHeader(out, names, k, headers[k]!);
    if (this.warnings.length > 0) {
      const warnings = warningHeaderValues(this.warnings);
      if (warnings.length > 0) putHeader(out, names, "Warning", warnings);
    }
    this.raw.writeHead(code, out);
  }

  /** Writes a chunk; resolves when the socket took it (backpressure), false when closed. */
  write(chunk: Uint8Array | string): Promise<boolean> {
    if (this.closed) return Promise.resolve(false);
    if (this.raw.write(chunk)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean): void => {
        this.raw.off("drain", onDrain);
        this.raw.off("close", onClose);
        resolve(ok);
      };
      const onDrain = (): void => done(true);
      const onClose = (): void => done(false);
      this.raw.once("drain", onDrain);
      this.raw.once("close", onClose);
    });
  }

  end(body?: Uint8Array | string): void {
    if (this.closed) return;
    if (body === undefined) this.raw.end();
    else this.raw.end(body);
  }

  /** A whole response in one go. */
  send(code: number, contentType: string, body: Uint8Array | string, headers: Record<string, string> = {}): void {
    if (this.started) return;
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    this.writeHead(code, { "Content-Type": contentType, "Content-Length": String(bytes.length), ...headers });
    this.end(bytes);
  }

  /**
   * A body made in pieces: no Content-Length (Node sends it chunked), each piece written as it
   * is made and flushed before the next is made (writes of one turn would be corked together),
   * so the client receives the first while the server still makes and encrypts the rest.
   */
  async sendStreamed(code: number, contentType: string, body: StreamedBody): Promise<void> {
    if (this.started) return;
    this.writeHead(code, { "Content-Type": contentType });
    for (const chunk of body.chunks()) if (!(await this.write(chunk))) return;
    this.end();
  }

  /** Stops all further writes (the timeout filter answered for this request). */
  seal(): void {
    this.sealed = true;
  }
}
