/**
 * A thin wrapper over ServerResponse: records the status for metrics, adds the request's
 * warnings as headers when the response starts, and can be sealed, after which writes are
 * ignored (the timeout filter has answered; a late handler must not write into the socket).
 */
import type { ServerResponse } from "node:http";
import type { StreamedBody } from "./serializers.js";
import { warningHeaderValues } from "./warnings.js";

/** Header names compared as HTTP does, ignoring ASCII case, without a lower-cased copy of either. */
function sameHeaderName(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && ((x | 0x20) !== (y | 0x20) || (x | 0x20) < 0x61 || (x | 0x20) > 0x7a)) return false;
  }
  return true;
}

/**
 * Adds a header to `out` under the first spelling its name had: names are case-insensitive,
 * and a later value replaces an earlier one in its place. A response has a handful of
 * headers: a scan of them costs less than a map of lower-cased names made for each response.
 */
function putHeader(out: Record<string, string | string[]>, k: string, v: string | string[]): void {
  for (const prev in out) {
    if (sameHeaderName(prev, k)) {
      out[prev] = v;
      return;
    }
  }
  out[k] = v;
}

const NO_HEADERS: Readonly<Record<string, string | string[]>> = Object.freeze({});

export class ResponseWriter {
  /** The status code sent (0 until the response starts). */
  status = 0;
  private sealed = false;
  /**
   * Headers set before the response starts, as name, value, name, value (made on the first:
   * nearly every response has one, its Audit-Id).
   */
  private preset: (string | string[])[] | undefined;
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

  /** Sets a header for when the response starts; the same name set again (as spelled) replaces its value. */
  setHeader(name: string, value: string | string[]): void {
    const preset = (this.preset ??= []);
    for (let i = 0; i < preset.length; i += 2) {
      if (preset[i] === name) {
        preset[i + 1] = value;
        return;
      }
    }
    preset.push(name, value);
  }

  writeHead(code: number, headers: Record<string, string | string[]> = NO_HEADERS): void {
    if (this.started || this.raw.headersSent) return;
    this.status = code;
    this.onStart?.(code);
    // Nothing set before and no warnings: hand the headers to Node as they are.
    if (this.preset === undefined && this.warnings.length === 0) {
      this.raw.writeHead(code, headers);
      return;
    }
    // One object handed to writeHead costs less than a setHeader each.
    const out = this.presetHeaders();
    for (const k in headers) putHeader(out, k, headers[k]!);
    this.finishHead(code, out);
  }

  /** The headers set before, in an object of their own (the start of a response's headers). */
  private presetHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = {};
    const preset = this.preset;
    if (preset !== undefined) for (let i = 0; i < preset.length; i += 2) putHeader(out, preset[i] as string, preset[i + 1]!);
    return out;
  }

  /** Adds the warnings to a response's headers and sends the status line and headers. */
  private finishHead(code: number, out: Record<string, string | string[]>): void {
    if (this.warnings.length > 0) {
      const warnings = warningHeaderValues(this.warnings);
      if (warnings.length > 0) putHeader(out, "Warning", warnings);
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
  send(code: number, contentType: string, body: Uint8Array | string, headers?: Record<string, string>): void {
    if (this.started) return;
    const bytes = typeof body === "string" ? Buffer.from(body) : body;
    // The headers in one object, made here (writeHead's work, without an object to merge first).
    if (!this.raw.headersSent) {
      this.status = code;
      this.onStart?.(code);
      const out = this.presetHeaders();
      putHeader(out, "Content-Type", contentType);
      putHeader(out, "Content-Length", String(bytes.length));
      if (headers !== undefined) for (const k in headers) putHeader(out, k, headers[k]!);
      this.finishHead(code, out);
    }
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
