/**
 * A lean gRPC client for etcd (KV Range, Txn, Compact; Watch streams), its few messages read
 * with the runtime's protobuf Reader and written with its Writer, Range and Txn (every get and
 * write) by hand. Unary calls and watch streams share our own small HTTP/2 connection
 * (h2-session.ts). The etcd3 client costs about a millisecond of CPU per call (grpc-js's interceptor and retry layers, a circuit breaker,
 * reflection codecs), node:http2 alone some 50-80 µs per call; this costs a small fraction.
 */
import { H2Session, type H2Response, type H2Stream, type H2TLSOptions } from "./h2-session.js";
import { Reader } from "../../../runtime/protobuf/reader.js";
import { Writer } from "../../../runtime/protobuf/writer.js";

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
  /** Writes since the key was created (1 after its creation); read only where asked for. */
  version?: number;
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
  target: "Create" | "Mod" | "Version";
  /** Compared for equality with the key's create or mod revision, or its version (0: missing). */
  revision: number;
}

export type RequestOp = { range: RangeRequest } | { put: { key: Uint8Array; value: Uint8Array } } | { deleteRange: { key: Uint8Array } };

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
  /** Asks etcd for a progress notification: a response with no events, its header at the store's revision. */
  requestProgress(): void;
}

export interface TxnResponse {
  revision: number;
  succeeded: boolean;
  /** The range responses among the branch's results, in order (puts and deletes carry nothing we read). */
  ranges: (RangeResponse | undefined)[];
}

// ---- etcd's messages, on the runtime's protobuf Writer and Reader ----

const EMPTY = Buffer.alloc(0);

/** The Reader's views of a Buffer as Buffers (they share its memory). */
function asBuffer(u: Uint8Array): Buffer {
  return Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength);
}

/** A message framed for gRPC: an uncompressed flag and the big-endian length, then the message. */
function frame(write: (w: Writer) => void): Buffer {
  const w = Writer.create();
  w.raw(GRPC_HEADER);
  write(w);
  const out = asBuffer(w.finish());
  out.writeUInt32BE(out.length - 5, 1);
  return out;
}
const GRPC_HEADER = new Uint8Array(5);

/** A varint field, written even when 0 (oneof members must be). */
function uintField(w: Writer, field: number, v: number): Writer {
  return w.uint32(field * 8).int64(v);
}

function bytesField(w: Writer, field: number, b: Uint8Array): Writer {
  return w.uint32(field * 8 + 2).bytes(b);
}

/** A nested message field. */
function messageField(w: Writer, field: number, write: (w: Writer) => void): Writer {
  w.uint32(field * 8 + 2).fork();
  write(w);
  return w.ldelim();
}

// Range and Txn, the calls of every get and write, are written by hand: their sizes first, then
// the bytes into one buffer of that size (the Writer's forks and a closure per nested message
// cost more than the message). Byte for byte what the Writer wrote; values are non-negative.

/** Bytes of the varint of a non-negative safe integer. */
function varintLen(v: number): number {
  let n = 1;
  for (; v >= 128; n++) v = Math.floor(v / 128);
  return n;
}

function putVarint(b: Buffer, at: number, v: number): number {
  for (; v >= 128; v = Math.floor(v / 128)) b[at++] = (v % 128) | 128;
  b[at] = v;
  return at + 1;
}

/** A length-delimited field of `len` bytes, its one-byte tag and its length included. */
function delimited(len: number): number {
  return 1 + varintLen(len) + len;
}

/** The tag and length of a length-delimited field. */
function putHead(b: Buffer, at: number, tag: number, len: number): number {
  return putUint(b, at, tag, len);
}

/** A varint field (its tag one byte). */
function putUint(b: Buffer, at: number, tag: number, v: number): number {
  b[at] = tag;
  return putVarint(b, at + 1, v);
}

function putBytes(b: Buffer, at: number, tag: number, bytes: Uint8Array): number {
  at = putHead(b, at, tag, bytes.length);
  b.set(bytes, at);
  return at + bytes.length;
}

/** RangeRequest: key 1, range_end 2, limit 3, revision 4, count_only 9. */
function rangeLen(r: RangeRequest): number {
  let n = delimited(r.key.length);
  if (r.rangeEnd) n += delimited(r.rangeEnd.length);
  if (r.limit) n += 1 + varintLen(r.limit);
  if (r.revision) n += 1 + varintLen(r.revision);
  if (r.countOnly) n += 2;
  return n;
}

function putRange(b: Buffer, at: number, r: RangeRequest): number {
  at = putBytes(b, at, 0x0a, r.key);
  if (r.rangeEnd) at = putBytes(b, at, 0x12, r.rangeEnd);
  if (r.limit) at = putUint(b, at, 0x18, r.limit);
  if (r.revision) at = putUint(b, at, 0x20, r.revision);
  if (r.countOnly) {
    b[at++] = 0x48;
    b[at++] = 1;
  }
  return at;
}

/** The length of the request inside a RequestOp (request_range 1, request_put 2, request_delete_range 3). */
function opInnerLen(op: RequestOp): number {
  if ("range" in op) return rangeLen(op.range);
  if ("put" in op) return delimited(op.put.key.length) + delimited(op.put.value.length);
  return delimited(op.deleteRange.key.length);
}

function putOp(b: Buffer, at: number, op: RequestOp): number {
  const inner = opInnerLen(op);
  if ("range" in op) return putRange(b, putHead(b, at, 0x0a, inner), op.range);
  if ("put" in op) return putBytes(b, putBytes(b, putHead(b, at, 0x12, inner), 0x0a, op.put.key), 0x12, op.put.value);
  return putBytes(b, putHead(b, at, 0x1a, inner), 0x0a, op.deleteRange.key);
}

/**
 * Compare: target 2 (VERSION 0, CREATE 1, MOD 2), key 3, then the target's value, a oneof member
 * written even when 0 (version 4, create_revision 5, mod_revision 6); result EQUAL (0) is the default.
 */
function compareTarget(c: Compare): [target: number, tag: number] {
  return c.target === "Create" ? [1, 0x28] : c.target === "Mod" ? [2, 0x30] : [0, 0x20];
}

function compareLen(c: Compare): number {
  return 1 + varintLen(compareTarget(c)[0]) + delimited(c.key.length) + 1 + varintLen(c.revision);
}

function putCompare(b: Buffer, at: number, c: Compare): number {
  const [target, tag] = compareTarget(c);
  at = putHead(b, at, 0x0a, compareLen(c));
  at = putBytes(b, putUint(b, at, 0x10, target), 0x1a, c.key);
  return putUint(b, at, tag, c.revision);
}

/** A buffer for a gRPC message of `len` bytes: the uncompressed flag and the length written. */
function grpcBuffer(len: number): Buffer {
  const b = Buffer.allocUnsafe(5 + len);
  b[0] = 0;
  b.writeUInt32BE(len, 1);
  return b;
}

/** A RangeRequest framed for gRPC. */
export function encodeRange(r: RangeRequest): Buffer {
  const b = grpcBuffer(rangeLen(r));
  putRange(b, 5, r);
  return b;
}

/** A TxnRequest framed for gRPC: compare 1, success 2, failure 3. */
export function encodeTxn(compare: readonly Compare[], success: readonly RequestOp[], failure: readonly RequestOp[]): Buffer {
  let len = 0;
  for (const c of compare) len += delimited(compareLen(c));
  for (const op of success) len += delimited(delimited(opInnerLen(op)));
  for (const op of failure) len += delimited(delimited(opInnerLen(op)));
  const b = grpcBuffer(len);
  let at = 5;
  for (const c of compare) at = putCompare(b, at, c);
  for (const op of success) at = putOp(b, putHead(b, at, 0x12, delimited(opInnerLen(op))), op);
  for (const op of failure) at = putOp(b, putHead(b, at, 0x1a, delimited(opInnerLen(op))), op);
  return b;
}

/**
 * Reads the fields of the message ending at `end` (a nested one: its length is read first),
 * handing each field number and wire type to `field`, which reads or skips the value.
 */
function readFields(r: Reader, end: number, field: (n: number, wireType: number) => void): void {
  while (r.pos < end) {
    const tag = r.uint32();
    field(tag >>> 3, tag & 7);
  }
}

function nested<T>(r: Reader, read: (r: Reader, end: number) => T): T {
  const end = r.uint32() + r.pos;
  return read(r, end);
}

function readHeaderRevision(r: Reader, end: number): number {
  let rev = 0;
  readFields(r, end, (n, wt) => {
    if (n === 3) rev = r.int64();
    else r.skipType(wt);
  });
  return rev;
}

function readKV(r: Reader, end: number): KV {
  const kv: KV = { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0 };
  readFields(r, end, (n, wt) => {
    if (n === 1) kv.key = asBuffer(r.bytes());
    else if (n === 2) kv.createRevision = r.int64();
    else if (n === 3) kv.modRevision = r.int64();
    else if (n === 4) kv.version = r.int64();
    else if (n === 5) kv.value = asBuffer(r.bytes());
    else r.skipType(wt);
  });
  return kv;
}

function readRange(r: Reader, end: number): RangeResponse {
  const out: RangeResponse = { revision: 0, kvs: [], more: false, count: 0 };
  readFields(r, end, (n, wt) => {
    if (n === 1) out.revision = nested(r, readHeaderRevision);
    else if (n === 2) out.kvs.push(nested(r, readKV));
    else if (n === 3) out.more = r.uint32() !== 0;
    else if (n === 4) out.count = r.int64();
    else r.skipType(wt);
  });
  return out;
}

function readEvent(r: Reader, end: number): WatchEvent {
  const ev: WatchEvent = { type: "PUT", kv: { key: EMPTY, value: EMPTY, createRevision: 0, modRevision: 0 } };
  readFields(r, end, (n, wt) => {
    if (n === 1) ev.type = r.uint32() === 1 ? "DELETE" : "PUT";
    else if (n === 2) ev.kv = nested(r, readKV);
    else if (n === 3) ev.prevKv = nested(r, readKV);
    else r.skipType(wt);
  });
  return ev;
}

function readWatch(r: Reader, end: number): WatchResponse {
  const out: WatchResponse = { revision: 0, created: false, canceled: false, compactRevision: 0, cancelReason: "", events: [] };
  readFields(r, end, (n, wt) => {
    if (n === 1) out.revision = nested(r, readHeaderRevision);
    else if (n === 3) out.created = r.uint32() !== 0;
    else if (n === 4) out.canceled = r.uint32() !== 0;
    else if (n === 5) out.compactRevision = r.int64();
    else if (n === 6) out.cancelReason = asBuffer(r.bytes()).toString("utf8");
    else if (n === 11) out.events.push(nested(r, readEvent));
    else r.skipType(wt);
  });
  return out;
}

function readTxn(r: Reader, end: number): TxnResponse {
  const out: TxnResponse = { revision: 0, succeeded: false, ranges: [] };
  readFields(r, end, (n, wt) => {
    if (n === 1) out.revision = nested(r, readHeaderRevision);
    else if (n === 2) out.succeeded = r.uint32() !== 0;
    else if (n === 3) {
      // A ResponseOp: only its range response (field 1) matters here.
      let range: RangeResponse | undefined;
      nested(r, (op, opEnd) =>
        readFields(op, opEnd, (m, owt) => {
          if (m === 1) range = nested(op, readRange);
          else op.skipType(owt);
        }),
      );
      out.ranges.push(range);
    } else r.skipType(wt);
  });
  return out;
}

/** StatusResponse.version (field 2). */
function readStatusVersion(r: Reader, end: number): string {
  let version = "";
  readFields(r, end, (n, wt) => {
    if (n === 2) version = asBuffer(r.bytes()).toString("utf8");
    else r.skipType(wt);
  });
  return version;
}

function readCompact(r: Reader, end: number): number {
  let rev = 0;
  readFields(r, end, (n, wt) => {
    if (n === 1) rev = nested(r, readHeaderRevision);
    else r.skipType(wt);
  });
  return rev;
}

/** Decodes `buf[start, end)` with `read`; a truncated message is an Error naming etcd. */
function decode<T>(buf: Buffer, start: number, end: number, read: (r: Reader, end: number) => T): T {
  const r = new Reader(buf.subarray(0, end));
  r.pos = start;
  try {
    return read(r, end);
  } catch (err) {
    throw new Error(`etcd response: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * A stream's DATA chunks as whole gRPC messages (a message may span chunks and a chunk hold
 * several), each handed to `onMessage` until it returns false. Chunks are lent (see
 * H2Session.stream): messages are read from them in place, and the first part of a message
 * is copied to wait for the rest.
 */
export function grpcMessages(onMessage: (msg: Buffer) => boolean): (chunk: Buffer) => void {
  let buf: Buffer = EMPTY;
  return (chunk) => {
    const lent = buf.length === 0;
    buf = lent ? chunk : Buffer.concat([buf, chunk]);
    while (buf.length >= 5) {
      const len = buf.readUInt32BE(1);
      if (buf.length < 5 + len) break;
      const msg = buf.subarray(5, 5 + len);
      buf = buf.length === 5 + len ? EMPTY : buf.subarray(5 + len);
      if (!onMessage(msg)) return;
    }
    if (lent && buf.length > 0) buf = Buffer.from(buf);
  };
}

// ---- transport ----

/** A unary call in flight, for the deadline sweep and close(). */
class PendingCall {
  constructor(
    readonly deadline: number,
    private readonly request: Pick<H2Stream, "cancel">,
  ) {}

  /** Resets the stream; the call's promise rejects with `err`. */
  fail(err: Error): void {
    this.request.cancel(err);
  }
}

/** A unary call's result from its response: etcd's message, or its gRPC status as an error. */
function answer<T>({ headers, body }: H2Response, read: (r: Reader, end: number) => T): T {
  if (headers.get(":status") !== "200") throw new EtcdCallError(GRPC_UNAVAILABLE, `etcd answered HTTP ${String(headers.get(":status"))}`);
  const status = Number(headers.get("grpc-status"));
  if (status !== 0) {
    throw new EtcdCallError(
      Number.isFinite(status) ? status : 2,
      grpcMessage(headers.get("grpc-message")) || `grpc status ${String(headers.get("grpc-status"))}`,
    );
  }
  if (body.length < 5) throw new Error("etcd response: no message");
  return decode(body, 5, 5 + body.readUInt32BE(1), read);
}

/** What a failed call rejects with: `fail`'s result when the caller gave one. */
function failed(err: unknown, fail: ((err: unknown) => unknown) | undefined): unknown {
  return fail === undefined ? err : fail(err);
}

/** The gRPC paths of the calls made. */
const KV_RANGE = "/etcdserverpb.KV/Range";
const KV_TXN = "/etcdserverpb.KV/Txn";
const KV_COMPACT = "/etcdserverpb.KV/Compact";
const MAINTENANCE_STATUS = "/etcdserverpb.Maintenance/Status";

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
  /** The connection of unary calls and watch streams. */
  private unary: H2Session | undefined;
  private next = 0;
  private readonly pending = new Set<PendingCall>();
  /** Calls and watches running: the session keeps the process alive only while there are some. */
  private active = 0;
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;
  /** Open watch streams' end callbacks (close() ends them). */
  private readonly watches = new Set<(err: EtcdCallError) => void>();

  /**
   * @param endpoints - members' client URLs (`https://` with `tls`, or `http://`) or host:port.
   * @param callTimeoutMs - the deadline of each unary call.
   * @param tls - the CA to trust for `https://` members and the client certificate to present.
   */
  constructor(
    private readonly endpoints: readonly string[],
    private readonly callTimeoutMs: number,
    private readonly tls: H2TLSOptions = {},
  ) {
    if (endpoints.length === 0) throw new Error("etcd: no endpoints");
    // One timer for every call's deadline rather than one per call.
    this.sweeper = setInterval(() => this.sweep(), Math.min(250, Math.max(10, callTimeoutMs / 4)));
    this.sweeper.unref();
  }

  /** `timeoutMs` overrides the client's call deadline (health checks use a short one). */
  range(r: RangeRequest, timeoutMs?: number): Promise<RangeResponse> {
    return this.call(KV_RANGE, encodeRange(r), readRange, timeoutMs);
  }

  txn(compare: readonly Compare[], success: readonly RequestOp[], failure: readonly RequestOp[]): Promise<TxnResponse> {
    const body = encodeTxn(compare, success, failure);
    return this.call(KV_TXN, body, readTxn);
  }

  /**
   * {@link txn} with the caller's handling in the same `then`: its answer goes to `done`, and any
   * failure (the call's, or an answer that is an error) to `fail`, whose result is thrown. One
   * promise and one microtask turn for a write rather than two.
   */
  txnThen<T>(
    compare: readonly Compare[],
    success: readonly RequestOp[],
    failure: readonly RequestOp[],
    done: (res: TxnResponse) => T,
    fail: (err: unknown) => unknown,
  ): Promise<T> {
    return this.call(KV_TXN, encodeTxn(compare, success, failure), readTxn, this.callTimeoutMs, done, fail);
  }

  /** The version of the member answering (Maintenance.Status), e.g. "3.4.23". */
  serverVersion(): Promise<string> {
    return this.call(
      MAINTENANCE_STATUS,
      frame(() => {}),
      readStatusVersion,
    );
  }

  compact(revision: number): Promise<number> {
    return this.call(
      KV_COMPACT,
      frame((w) => uintField(w, 1, revision)),
      readCompact,
    );
  }

  /**
   * Opens a watch stream on [key, rangeEnd) with previous values, from `startRevision` (0: from
   * now). Each response goes to `onResponse`, its keys and values lent for the call only (views
   * of the connection's read: copy what is kept); the stream's end (etcd's status, a lost
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
      return { cancel: () => {}, requestProgress: () => {} };
    }
    const first = frame((w) =>
      messageField(w, 1, (m) => {
        bytesField(bytesField(m, 1, req.key), 2, req.rangeEnd);
        if (req.startRevision > 0) uintField(m, 3, req.startRevision);
        uintField(m, 6, 1);
      }),
    );
    const onData = grpcMessages((msg) => {
      if (ended) return false;
      let res: WatchResponse;
      try {
        res = decode(msg, 0, msg.length, readWatch);
      } catch (e) {
        stream.cancel();
        finish(new EtcdCallError(GRPC_UNAVAILABLE, (e as Error).message));
        return false;
      }
      onResponse(res);
      return true;
    });
    let stream: H2Stream;
    try {
      // On the unary calls' connection (as etcd's Go client multiplexes watches and KV calls on
      // one connection): etcd then often answers a write and sends its watch event in one
      // socket write, which is one read here rather than one per connection.
      stream = this.unarySession().stream("/etcdserverpb.Watch/Watch", first, onData);
    } catch (e) {
      queueMicrotask(() => onEnd(new EtcdCallError(GRPC_UNAVAILABLE, (e as Error).message)));
      return { cancel: () => {}, requestProgress: () => {} };
    }
    this.acquire();
    this.watches.add(end);
    const finish = (err: EtcdCallError): void => {
      this.watches.delete(end);
      end(err);
    };
    stream.response.then(
      ({ headers }) => {
        if (headers.get(":status") !== "200") {
          finish(new EtcdCallError(GRPC_UNAVAILABLE, `etcd answered HTTP ${String(headers.get(":status"))}`));
          return;
        }
        const code = Number(headers.get("grpc-status"));
        finish(
          new EtcdCallError(
            Number.isFinite(code) ? code : GRPC_UNAVAILABLE,
            grpcMessage(headers.get("grpc-message")) || "watch stream ended",
          ),
        );
      },
      (err: Error) => finish(new EtcdCallError(GRPC_UNAVAILABLE, err.message)),
    );
    return {
      requestProgress: () => {
        // WatchRequest.progress_request (field 3), an empty WatchProgressRequest.
        if (!ended) stream.write(frame((w) => messageField(w, 3, () => {})));
      },
      cancel: () => {
        if (ended) return;
        ended = true;
        this.watches.delete(end);
        this.release();
        stream.cancel();
      },
    };
  }

  /**
   * Sends the unary calls started so far now rather than at the end of this loop turn (for
   * callers that batch in a setImmediate themselves: waiting for the next turn adds latency).
   */
  flush(): void {
    this.unary?.flush();
  }

  /** Calls `cb` once the unary calls started so far have been sent (see {@link H2Session.whenSent}). */
  whenSent(cb: () => void): void {
    if (this.unary === undefined) cb();
    else this.unary.whenSent(cb);
  }

  close(): void {
    this.closed = true;
    for (const end of [...this.watches]) end(new EtcdCallError(GRPC_CANCELLED, "client closed"));
    this.watches.clear();
    clearInterval(this.sweeper);
    for (const p of [...this.pending]) p.fail(new EtcdCallError(GRPC_CANCELLED, "client closed"));
    this.unary?.close();
    this.unary = undefined;
  }

  /** The next member's URL in turn: a member that failed is left for the next one. */
  private nextEndpoint(): string {
    const endpoint = this.endpoints[this.next++ % this.endpoints.length]!;
    return /^[a-z]+:\/\//i.test(endpoint) ? endpoint : `http://${endpoint}`;
  }

  private unarySession(): H2Session {
    if (this.unary?.usable) return this.unary;
    const session: H2Session = new H2Session(
      new URL(this.nextEndpoint()),
      WINDOW,
      () => {
        if (this.unary === session) this.unary = undefined;
      },
      this.tls,
    );
    // An idle connection must not keep the process alive; one with calls running must.
    session.setRef(this.active > 0);
    this.unary = session;
    return session;
  }

  /**
   * One unary call. Its deadline cancels the stream with the error, which rejects the session's
   * promise: the answer is that promise's one `then`, with no promise of its own around it.
   */
  private call<T, U = T>(
    method: string,
    body: Buffer,
    read: (r: Reader, end: number) => T,
    timeoutMs = this.callTimeoutMs,
    done?: (v: T) => U,
    fail?: (err: unknown) => unknown,
  ): Promise<U> {
    if (this.closed) return Promise.reject(failed(new EtcdCallError(GRPC_CANCELLED, "client closed"), fail));
    let request: Pick<H2Stream, "response" | "cancel">;
    try {
      request = this.unarySession().request(method, body);
    } catch (e) {
      return Promise.reject(failed(new EtcdCallError(GRPC_UNAVAILABLE, (e as Error).message), fail));
    }
    const call = new PendingCall(Date.now() + timeoutMs, request);
    this.track(call);
    return request.response.then(
      (res) => {
        this.untrack(call);
        if (done === undefined) return answer(res, read) as unknown as U;
        let v: T;
        try {
          v = answer(res, read);
        } catch (e) {
          throw failed(e, fail);
        }
        return done(v);
      },
      (err: Error) => {
        this.untrack(call);
        throw failed(err instanceof EtcdCallError ? err : new EtcdCallError(GRPC_UNAVAILABLE, err.message), fail);
      },
    );
  }

  private track(call: PendingCall): void {
    this.pending.add(call);
    this.acquire();
  }

  private untrack(call: PendingCall): void {
    if (this.pending.delete(call)) this.release();
  }

  private acquire(): void {
    if (this.active++ === 0) {
      this.unary?.setRef(true);
    }
  }

  private release(): void {
    if (--this.active === 0) {
      this.unary?.setRef(false);
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const p of this.pending) if (p.deadline <= now) p.fail(new EtcdCallError(GRPC_DEADLINE_EXCEEDED, "context deadline exceeded"));
  }
}
