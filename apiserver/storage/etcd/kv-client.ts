/**
 * A lean gRPC client for etcd (KV Range, Txn, Compact; Watch streams) straight over node:http2,
 * with the few protobuf messages it needs encoded and decoded by hand. The etcd3 client costs
 * about a millisecond of CPU per call (grpc-js's interceptor and retry layers, a circuit breaker,
 * reflection codecs), more than the rest of an apiserver request; this costs a small fraction.
 */
import http2 from "node:http2";

/** A failed call: gRPC status code (14 Unavailable, 4 DeadlineExceeded, ...) and etcd's message. */
export class EtcdCallError extends Error {
  override name = "EtcdCallError";
  constructor(
    readonly grpcCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const GRPC_CANCELLED = 1;
const WINDOW = 16 * 1024 * 1024;
export const GRPC_DEADLINE_EXCEEDED = 4;
export const GRPC_UNAVAILABLE = 14;

export interface KV {
  key: Buffer;
  value: Buffer;
  createRevision: number;
  modRevision: number;
}

export interface RangeRequest {
  key: Uint8Array;
  rangeEnd?: Uint8Array;
  limit?: number;
  revision?: number;
  countOnly?: boolean;
}

export interface RangeResponse {
  revision: number;
  kvs: KV[];
  more: boolean;
  count: number;
}

export interface Compare {
  key: Uint8Array;
  target: "Create" | "Mod";
  /** Compared for equality with the key's create or mod revision. */
  revision: number;
}

export type RequestOp =
  | { range: RangeRequest }
  | { put: { key: Uint8Array; value: Uint8Array } }
  | { deleteRange: { key: Uint8Array } };

export interface WatchEvent {
  type: "PUT" | "DELETE";
  kv: KV;
  prevKv?: KV;
}

export interface WatchResponse {
  /** The header's revision: the store's when the response was sent. */
  revision: number;
  created: boolean;
  canceled: boolean;
  compactRevision: number;
  cancelReason: string;
  events: WatchEvent[];
}

export interface WatchHandle {
  /** Ends the stream; `onEnd` is not called after this. */
  cancel(): void;
}

export interface TxnResponse {
  revision: number;
  succeeded: boolean;
  /** The range responses among the branch's results, in order (puts and deletes carry nothing we read). */
  ranges: (RangeResponse | undefined)[];
}

// ---- protobuf, just enough of it ----

function varintSize(v: number): number {
  let n = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/** Builds one message: fields appended in order into a growable buffer. */
class Encoder {
  private buf = Buffer.allocUnsafe(256);
  private pos = 0;

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  varint(v: number): this {
    this.ensure(10);
    // Revisions and lengths are non-negative and below 2^53.
    while (v >= 0x80) {
      this.buf[this.pos++] = (v % 128) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buf[this.pos++] = v;
    return this;
  }

  /** A varint field, written even when 0 (oneof members must be). */
  uint(field: number, v: number): this {
    return this.varint(field * 8).varint(v);
  }

  bytes(field: number, b: Uint8Array): this {
    this.varint(field * 8 + 2).varint(b.length);
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
    return this;
  }

  /** A nested message, length-prefixed. */
  message(field: number, write: (e: Encoder) => void): this {
    const inner = new Encoder();
    write(inner);
    return this.bytes(field, inner.finish());
  }

  finish(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** The message framed for gRPC: uncompressed flag and big-endian length first. */
  static frame(write: (e: Encoder) => void): Buffer {
    const e = new Encoder();
    e.pos = 5;
    write(e);
    const out = e.finish();
    out[0] = 0;
    out.writeUInt32BE(out.length - 5, 1);
    return out;
  }
}

/** Reads fields of one message: `next()` then the value by wire type. */
class Decoder {
  pos: number;
  tag = 0;
  constructor(
    private readonly buf: Buffer,
    start = 0,
    private readonly end = buf.length,
  ) {
    this.pos = start;
  }

  next(): boolean {
    if (this.pos >= this.end) return false;
    this.tag = this.varint();
    return true;
  }

  get field(): number {
    return this.tag >>> 3;
  }

  varint(): number {
    let result = 0;
    let mul = 1;
    for (;;) {
      const b = this.buf[this.pos++];
      if (b === undefined) throw new Error("etcd response: truncated varint");
      result += (b & 0x7f) * mul;
      if (b < 0x80) return result;
      mul *= 128;
    }
  }

  /** A length-delimited field's [start, end). */
  span(): [number, number] {
    const len = this.varint();
    const start = this.pos;
    this.pos += len;
    if (this.pos > this.end) throw new Error("etcd response: truncated field");
    return [start, this.pos];
  }

  bytes(): Buffer {
    const [s, e] = this.span();
    return this.buf.subarray(s, e);
  }

  sub(): Decoder {
    const [s, e] = this.span();
    return new Decoder(this.buf, s, e);
  }

  skip(): void {
    switch (this.tag & 7) {
      case 0:
        this.varint();
        return;
      case 1:
        this.pos += 8;
        return;
      case 2:
        this.span();
        return;
      case 5:
        this.pos += 4;
        return;
      default:
        throw new Error(`etcd response: wire type ${this.tag & 7}`);
    }
  }
}

const EMPTY = Buffer.alloc(0);

function writeRange(e: Encoder, r: RangeRequest): void {
  e.bytes(1, r.key);
  if (r.rangeEnd) e.bytes(2, r.rangeEnd);
  if (r.limit) e.uint(3, r.limit);
  if (r.revision) e.uint(4, r.revision);
  if (r.countOnly) e.uint(9, 1);
}

function writeOp(e: Encoder, op: RequestOp): void {
  if ("range" in op) e.message(1, (m) => writeRange(m, op.range));
  else if ("put" in op) e.message(2, (m) => m.bytes(1, op.put.key).bytes(2, op.put.value));
  else e.message(3, (m) => m.bytes(1, op.deleteRange.key));
}

function readHeaderRevision(d: Decoder): number {
  let rev = 0;
  while (d.next()) {
    if (d.field === 3) rev = d.varint();
    else d.skip();
  }
  return rev;
}

function readKV(d: Decoder): KV {
  const kv: KV = { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0 };
  while (d.next()) {
    switch (d.field) {
      case 1:
        kv.key = d.bytes();
        break;
      case 2:
        kv.createRevision = d.varint();
        break;
      case 3:
        kv.modRevision = d.varint();
        break;
      case 5:
        kv.value = d.bytes();
        break;
      default:
        d.skip();
    }
  }
  return kv;
}

function readRange(d: Decoder): RangeResponse {
  const r: RangeResponse = { revision: 0, kvs: [], more: false, count: 0 };
  while (d.next()) {
    switch (d.field) {
      case 1:
        r.revision = readHeaderRevision(d.sub());
        break;
      case 2:
        r.kvs.push(readKV(d.sub()));
        break;
      case 3:
        r.more = d.varint() !== 0;
        break;
      case 4:
        r.count = d.varint();
        break;
      default:
        d.skip();
    }
  }
  return r;
}

function readEvent(d: Decoder): WatchEvent {
  const ev: WatchEvent = { type: "PUT", kv: { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0 } };
  while (d.next()) {
    switch (d.field) {
      case 1:
        ev.type = d.varint() === 1 ? "DELETE" : "PUT";
        break;
      case 2:
        ev.kv = readKV(d.sub());
        break;
      case 3:
        ev.prevKv = readKV(d.sub());
        break;
      default:
        d.skip();
    }
  }
  return ev;
}

function readWatch(d: Decoder): WatchResponse {
  const r: WatchResponse = { revision: 0, created: false, canceled: false, compactRevision: 0, cancelReason: "", events: [] };
  while (d.next()) {
    switch (d.field) {
      case 1:
        r.revision = readHeaderRevision(d.sub());
        break;
      case 3:
        r.created = d.varint() !== 0;
        break;
      case 4:
        r.canceled = d.varint() !== 0;
        break;
      case 5:
        r.compactRevision = d.varint();
        break;
      case 6:
        r.cancelReason = d.bytes().toString("utf8");
        break;
      case 11:
        r.events.push(readEvent(d.sub()));
        break;
      default:
        d.skip();
    }
  }
  return r;
}

function readTxn(d: Decoder): TxnResponse {
  const r: TxnResponse = { revision: 0, succeeded: false, ranges: [] };
  while (d.next()) {
    switch (d.field) {
      case 1:
        r.revision = readHeaderRevision(d.sub());
        break;
      case 2:
        r.succeeded = d.varint() !== 0;
        break;
      case 3: {
        const op = d.sub();
        let range: RangeResponse | undefined;
        while (op.next()) {
          if (op.field === 1) range = readRange(op.sub());
          else op.skip();
        }
        r.ranges.push(range);
        break;
      }
      default:
        d.skip();
    }
  }
  return r;
}

// ---- transport ----

interface PendingCall {
  stream: http2.ClientHttp2Stream;
  deadline: number;
  fail(err: Error): void;
}

/** grpc-message is percent-encoded. */
function grpcMessage(raw: unknown): string {
  const s = typeof raw === "string" ? raw : "";
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export class EtcdKVClient {
  private session: http2.ClientHttp2Session | undefined;
  private next = 0;
  private readonly pending = new Set<PendingCall>();
  /** Calls and watches running: the session keeps the process alive only while there are some. */
  private active = 0;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  /** Open watch streams' end callbacks (close() ends them). */
  private readonly watches = new Set<(err: EtcdCallError) => void>();

  constructor(
    private readonly endpoints: readonly string[],
    private readonly callTimeoutMs: number,
  ) {
    if (endpoints.length === 0) throw new Error("etcd: no endpoints");
    // One timer for every call's deadline rather than one per call.
    this.sweeper = setInterval(() => this.sweep(), Math.min(250, Math.max(10, callTimeoutMs / 4)));
    this.sweeper.unref();
  }

  range(r: RangeRequest): Promise<RangeResponse> {
    return this.call("Range", Encoder.frame((e) => writeRange(e, r)), readRange);
  }

  txn(compare: readonly Compare[], success: readonly RequestOp[], failure: readonly RequestOp[]): Promise<TxnResponse> {
    const body = Encoder.frame((e) => {
      for (const c of compare) {
        // result Equal (0) is the default; the target revision is a oneof member, written even when 0.
        e.message(1, (m) => m.uint(2, c.target === "Create" ? 1 : 2).bytes(3, c.key).uint(c.target === "Create" ? 5 : 6, c.revision));
      }
      for (const op of success) e.message(2, (m) => writeOp(m, op));
      for (const op of failure) e.message(3, (m) => writeOp(m, op));
    });
    return this.call("Txn", body, readTxn);
  }

  compact(revision: number): Promise<number> {
    return this.call("Compact", Encoder.frame((e) => e.uint(1, revision)), (d) => {
      let rev = 0;
      while (d.next()) {
        if (d.field === 1) rev = readHeaderRevision(d.sub());
        else d.skip();
      }
      return rev;
    });
  }

  /**
   * Opens a watch stream on [key, rangeEnd) with previous values, from `startRevision` (0: from
   * now). Each response goes to `onResponse`; the stream's end (etcd's status, a lost
   * connection) to `onEnd`, once, unless cancelled first.
   */
  watch(
    req: { key: Uint8Array; rangeEnd: Uint8Array; startRevision: number },
    onResponse: (r: WatchResponse) => void,
    onEnd: (err: EtcdCallError) => void,
  ): WatchHandle {
    let ended = false;
    const end = (err: EtcdCallError): void => {
      if (ended) return;
      ended = true;
      this.release();
      onEnd(err);
    };
    if (this.closed) {
      queueMicrotask(() => onEnd(new EtcdCallError(GRPC_CANCELLED, "client closed")));
      return { cancel: () => {} };
    }
    let stream: http2.ClientHttp2Stream;
    try {
      stream = this.connect().request({ ":method": "POST", ":path": "/etcdserverpb.Watch/Watch", "content-type": "application/grpc", te: "trailers" }, { endStream: false });
    } catch (e) {
      queueMicrotask(() => onEnd(new EtcdCallError(GRPC_UNAVAILABLE, (e as Error).message)));
      return { cancel: () => {} };
    }
    this.acquire();
    this.watches.add(end);
    const finish = (err: EtcdCallError): void => {
      this.watches.delete(end);
      end(err);
    };
    let buf: Buffer = EMPTY;
    stream.on("data", (chunk: Buffer) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      // Whole gRPC messages only; a message may span chunks and a chunk hold several.
      while (buf.length >= 5) {
        const len = buf.readUInt32BE(1);
        if (buf.length < 5 + len) break;
        const msg = buf.subarray(5, 5 + len);
        buf = buf.length === 5 + len ? EMPTY : buf.subarray(5 + len);
        if (ended) return;
        onResponse(readWatch(new Decoder(msg)));
      }
    });
    const status = (headers: http2.IncomingHttpHeaders): void => {
      const code = Number(headers["grpc-status"]);
      finish(new EtcdCallError(Number.isFinite(code) ? code : GRPC_UNAVAILABLE, grpcMessage(headers["grpc-message"]) || "watch stream ended"));
    };
    stream.on("response", (headers) => {
      if (headers["grpc-status"] !== undefined) status(headers);
      else if (headers[":status"] !== 200) finish(new EtcdCallError(GRPC_UNAVAILABLE, `etcd answered HTTP ${String(headers[":status"])}`));
    });
    stream.on("trailers", status);
    stream.on("error", (err) => finish(new EtcdCallError(GRPC_UNAVAILABLE, err.message)));
    stream.on("close", () => {
      if (!ended) finish(new EtcdCallError(GRPC_UNAVAILABLE, "watch stream closed"));
    });
    stream.write(
      Encoder.frame((e) =>
        e.message(1, (m) => {
          m.bytes(1, req.key).bytes(2, req.rangeEnd);
          if (req.startRevision > 0) m.uint(3, req.startRevision);
          m.uint(6, 1);
        }),
      ),
    );
    return {
      cancel: () => {
        if (ended) return;
        ended = true;
        this.watches.delete(end);
        this.release();
        if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_CANCEL);
      },
    };
  }

  close(): void {
    this.closed = true;
    for (const end of [...this.watches]) end(new EtcdCallError(GRPC_CANCELLED, "client closed"));
    this.watches.clear();
    clearInterval(this.sweeper);
    for (const p of [...this.pending]) p.fail(new EtcdCallError(GRPC_CANCELLED, "client closed"));
    this.session?.destroy();
    this.session = undefined;
  }

  private connect(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    // A member that failed is left for the next one in turn.
    const endpoint = this.endpoints[this.next++ % this.endpoints.length]!;
    const url = /^[a-z]+:\/\//i.test(endpoint) ? endpoint : `http://${endpoint}`;
    // Large windows: a list of thousands of objects should not wait on flow control.
    const session = http2.connect(url, { settings: { initialWindowSize: WINDOW } });
    session.once("connect", () => session.setLocalWindowSize(WINDOW));
    const drop = (): void => {
      if (this.session === session) this.session = undefined;
    };
    session.on("error", drop);
    session.on("close", drop);
    session.on("goaway", drop);
    // An idle session must not keep the process alive; one with calls running must.
    if (this.active === 0) session.unref();
    this.session = session;
    return session;
  }

  private call<T>(method: string, body: Buffer, decode: (d: Decoder) => T): Promise<T> {
    if (this.closed) return Promise.reject(new EtcdCallError(GRPC_CANCELLED, "client closed"));
    return new Promise<T>((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = this.connect().request(
          { ":method": "POST", ":path": `/etcdserverpb.KV/${method}`, "content-type": "application/grpc", te: "trailers" },
          { endStream: false },
        );
      } catch (e) {
        reject(new EtcdCallError(GRPC_UNAVAILABLE, (e as Error).message));
        return;
      }
      const chunks: Buffer[] = [];
      let done = false;
      const call: PendingCall = {
        stream,
        deadline: Date.now() + this.callTimeoutMs,
        fail: (err) => {
          if (done) return;
          done = true;
          this.untrack(call);
          reject(err);
          if (!stream.destroyed) stream.close(http2.constants.NGHTTP2_CANCEL);
        },
      };
      this.track(call);
      const finish = (headers: http2.IncomingHttpHeaders): void => {
        if (done) return;
        const status = Number(headers["grpc-status"]);
        if (status !== 0) {
          call.fail(new EtcdCallError(Number.isFinite(status) ? status : 2, grpcMessage(headers["grpc-message"]) || `grpc status ${String(headers["grpc-status"])}`));
          return;
        }
        done = true;
        this.untrack(call);
        try {
          const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          if (data.length < 5) throw new Error("etcd response: no message");
          resolve(decode(new Decoder(data, 5, 5 + data.readUInt32BE(1))));
        } catch (e) {
          reject(e);
        }
      };
      stream.on("response", (headers) => {
        // A trailers-only response (an error) carries grpc-status in its headers.
        if (headers["grpc-status"] !== undefined) finish(headers);
        else if (headers[":status"] !== 200) call.fail(new EtcdCallError(GRPC_UNAVAILABLE, `etcd answered HTTP ${String(headers[":status"])}`));
      });
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("trailers", (trailers) => finish(trailers));
      stream.on("error", (err) => call.fail(new EtcdCallError(GRPC_UNAVAILABLE, err.message)));
      stream.on("close", () => {
        if (!done) call.fail(new EtcdCallError(GRPC_UNAVAILABLE, "stream closed without a status"));
      });
      stream.end(body);
    });
  }

  private track(call: PendingCall): void {
    this.pending.add(call);
    this.acquire();
  }

  private untrack(call: PendingCall): void {
    this.pending.delete(call);
    this.release();
  }

  private acquire(): void {
    if (this.active++ === 0) this.session?.ref();
  }

  private release(): void {
    if (--this.active === 0) this.session?.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const p of this.pending) if (p.deadline <= now) p.fail(new EtcdCallError(GRPC_DEADLINE_EXCEEDED, "context deadline exceeded"));
  }
}
