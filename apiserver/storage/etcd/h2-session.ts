/**
 * A small HTTP/2 client (over TLS with ALPN "h2", or cleartext TCP with prior knowledge) for gRPC unary calls: one
 * request stream per call, its HEADERS and DATA written at once, the response's DATA collected
 * and its trailers read; and for long-lived streams (etcd's watches), whose DATA is handed on
 * frame by frame. node:http2 costs some 50-80 µs of JavaScript per stream (an
 * AsyncResource bound per request, header objects built and validated both ways, a Duplex per
 * stream); here a call is a few frames written into one buffer per loop turn and parsed back.
 *
 * What the protocol asks of a client is done: flow control both ways (large receive windows,
 * replenished as data is read; DATA held back while the peer's windows are closed), the peer's
 * SETTINGS (acknowledged; its initial window and frame size honoured), PING answered, GOAWAY and
 * RST_STREAM failing the streams they name, CONTINUATION frames, padding. Header blocks are
 * decoded with hpack.js; we ask the peer for a dynamic table of size 0, so a block's meaning
 * depends on its bytes alone and the few distinct blocks gRPC sends are decoded once and cached.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module for an untyped package; a project compiling these sources needs it pulled in, which an import cannot do
/// <reference path="./hpack-types.d.ts" />
// (Referenced, not just included: a user's project compiling these sources needs it too.)
import net from "node:net";
import tls from "node:tls";
import hpack from "hpack.js";

/** An HTTP/2 error code (RFC 9113 section 7), for RST_STREAM and GOAWAY. */
export const H2_CANCEL = 0x8;
const H2_NO_ERROR = 0x0;
const H2_PROTOCOL_ERROR = 0x1;
const H2_FLOW_CONTROL_ERROR = 0x3;
const H2_FRAME_SIZE_ERROR = 0x6;
const H2_COMPRESSION_ERROR = 0x9;

const DATA = 0x0;
const HEADERS = 0x1;
const RST_STREAM = 0x3;
const SETTINGS = 0x4;
const PUSH_PROMISE = 0x5;
const PING = 0x6;
const GOAWAY = 0x7;
const WINDOW_UPDATE = 0x8;
const CONTINUATION = 0x9;

const END_STREAM = 0x1;
const ACK = 0x1;
const END_HEADERS = 0x4;
const PADDED = 0x8;
const PRIORITY = 0x20;

const SETTINGS_HEADER_TABLE_SIZE = 0x1;
const SETTINGS_ENABLE_PUSH = 0x2;
const SETTINGS_MAX_CONCURRENT_STREAMS = 0x3;
const SETTINGS_INITIAL_WINDOW_SIZE = 0x4;
const SETTINGS_MAX_FRAME_SIZE = 0x5;

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");
const DEFAULT_WINDOW = 65_535;
const MAX_WINDOW = 2 ** 31 - 1;
/** What we accept in one frame (the protocol's default; we never ask for more). */
const OUR_MAX_FRAME = 16_384;
/** Stream ids are 31 bits; a session near the end is retired for a new one. */
const LAST_STREAM_ID = 2 ** 31 - 1;
/** The buffer a cleartext session reads into (the size of a read Node itself would make). */
const READ_BUFFER_SIZE = 64 * 1024;

/** TLS for an `https://` peer: the CA to trust and our client certificate, as PEM. */
export interface H2TLSOptions {
  ca?: string | Buffer;
  cert?: string | Buffer;
  key?: string | Buffer;
}

/** The answer to one call: the response's headers and trailers (merged), and its DATA bytes. */
export interface H2Response {
  /** Shared between responses with the same header blocks: not to be changed. */
  headers: ReadonlyMap<string, string>;
  body: Buffer;
}

/** A failure below gRPC: the connection, the peer's RST_STREAM or GOAWAY, a protocol error. */
export class H2Error extends Error {
  override name = "H2Error";
  constructor(
    message: string,
    /** The HTTP/2 error code, when the peer or the protocol gave one. */
    readonly code?: number,
  ) {
    super(message);
  }
}

/**
 * One open stream, which is also the caller's handle on it ({@link H2Stream}): a class, so a
 * call allocates one object and its promise, not a closure per handle method.
 */
class Stream implements H2Stream {
  headers: ReadonlyMap<string, string> = NO_HEADERS;
  /** The decoded blocks (response headers, then trailers), merged into `headers` at the end. */
  fields: [string, string][] | undefined;
  /** Whether the response's first header block has come (the next is its trailers). */
  gotHeaders = false;
  chunks: Buffer[] = [];
  /** DATA we have still to send, held back by flow control. */
  pending: Buffer | undefined;
  /** Bytes received on this stream since we last opened its window again. */
  unacked = 0;
  constructor(
    readonly id: number,
    readonly session: StreamOps,
    readonly response: Promise<H2Response>,
    readonly resolve: (r: H2Response) => void,
    readonly reject: (e: Error) => void,
    body: Buffer,
    public sendWindow: number,
    /** A streaming call's DATA, as it comes (a unary call's is collected in `chunks`). */
    readonly onData: ((chunk: Buffer) => void) | undefined,
  ) {
    this.pending = body;
  }

  write(data: Buffer): void {
    this.session.write(this, data);
  }

  cancel(reason?: Error): void {
    this.session.cancel(this, reason);
  }
}

/** What a {@link Stream} asks of its session (its private methods, reached through one object per session). */
interface StreamOps {
  write(stream: Stream, data: Buffer): void;
  cancel(stream: Stream, reason: Error | undefined): void;
}

const NO_HEADERS: ReadonlyMap<string, string> = new Map();
/** No bytes (read-only: never written into). */
const NOTHING = Buffer.alloc(0);
const noop = (): void => {};

/** A streaming call (see {@link H2Session.stream}). */
export interface H2Stream {
  /** Resolves when the peer ends the stream (its trailers are in `headers`; `body` is empty). */
  response: Promise<H2Response>;
  /** Sends more of the request (DATA without END_STREAM). */
  write(data: Buffer): void;
  /** Resets the stream (or drops it while it waits for a slot); with a `reason`, `response` rejects with it. */
  cancel(reason?: Error): void;
}

/** One HTTP/2 connection; make another when {@link H2Session.usable} turns false. */
export class H2Session {
  readonly #socket: net.Socket | tls.TLSSocket;
  readonly #streams = new Map<number, Stream>();
  /** Calls waiting for a stream slot (the peer's MAX_CONCURRENT_STREAMS). */
  readonly #queued: (() => void)[] = [];
  readonly #windowSize: number;
  readonly #onClose: (err: Error) => void;
  #nextId = 1;
  #closed = false;
  #goingAway = false;
  #in: Buffer = NOTHING;
  /**
   * A cleartext session's reads land here (net's `onread`), reused by every read: no buffer
   * allocated per read and no Readable stream between the socket and the frame parser. So
   * nothing may keep a view of it past the read: what is kept (DATA, CONTINUATION, PING
   * payloads, an unparsed rest) is copied. TLS sockets take no `onread`: their reads are
   * Node's own buffers.
   */
  readonly #readBuffer: Buffer | undefined;
  /** Frames to write at the end of this turn, in one socket write. */
  #out: Buffer[] = [];
  #flushScheduled = false;
  /** Called once the frames queued before them have been handed to the socket (or the connection ended). */
  #sentWaiters: (() => void)[] = [];
  /** The header block being continued (HEADERS without END_HEADERS), and its stream. */
  #continuing: { stream: number; flags: number; parts: Buffer[] } | undefined;
  #connSendWindow = DEFAULT_WINDOW;
  #connUnacked = 0;
  #peerInitialWindow = DEFAULT_WINDOW;
  #peerMaxFrame = 16_384;
  #peerMaxStreams = Infinity;
  readonly #decoded = new Map<string, [string, string][]>();
  /** See {@link H2Session.#merged}: weak, as decoded blocks past the cache's bound are not kept. */
  readonly #mergedHeaders = new WeakMap<[string, string][], WeakMap<[string, string][], ReadonlyMap<string, string>>>();
  readonly #authority: string;
  readonly #scheme: number;
  readonly #headerBlocks = new Map<string, Buffer>();

  /**
   * @param url - `https://host:port` (TLS, HTTP/2 chosen by ALPN) or `http://host:port` (h2c).
   * @param windowSize - the receive window per stream and for the connection.
   * @param onClose - called once when the connection ends, with why.
   * @param tlsOptions - the CA and client certificate for an `https://` peer.
   */
  constructor(url: URL, windowSize: number, onClose: (err: Error) => void, tlsOptions: H2TLSOptions = {}) {
    this.#windowSize = Math.min(MAX_WINDOW, Math.max(DEFAULT_WINDOW, windowSize));
    this.#onClose = onClose;
    this.#authority = url.host;
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (url.protocol === "https:") {
      const socket = tls.connect({
        host,
        port: Number(url.port) || 443,
        ...(net.isIP(host) === 0 && { servername: host }),
        ...tlsOptions,
        ALPNProtocols: ["h2"],
      });
      socket.once("secureConnect", () => {
        if (socket.alpnProtocol !== "h2")
          socket.destroy(new Error(`${url.host} did not agree to HTTP/2 (ALPN ${String(socket.alpnProtocol)})`));
      });
      this.#socket = socket;
    } else if (url.protocol === "http:") {
      const buffer = (this.#readBuffer = Buffer.allocUnsafe(READ_BUFFER_SIZE));
      this.#socket = net.connect({
        host,
        port: Number(url.port) || 80,
        onread: {
          buffer,
          callback: (n: number) => {
            this.#onData(buffer.subarray(0, n));
            return true; // (false would pause reading)
          },
        },
      });
    } else {
      throw new Error(`${url.href}: only http:// and https:// are spoken`);
    }
    this.#scheme = url.protocol === "https:" ? 0x87 : 0x86; // :scheme https / http, static-table entries
    this.#socket.setNoDelay(true);
    if (this.#readBuffer === undefined) this.#socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    this.#socket.on("error", (err) => this.#fail(new H2Error(err.message)));
    this.#socket.on("close", () => this.#fail(new H2Error("connection closed")));
    const settings = Buffer.alloc(18);
    settings.writeUInt16BE(SETTINGS_HEADER_TABLE_SIZE, 0);
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(SETTINGS_ENABLE_PUSH, 6);
    settings.writeUInt32BE(0, 8);
    settings.writeUInt16BE(SETTINGS_INITIAL_WINDOW_SIZE, 12);
    settings.writeUInt32BE(this.#windowSize, 14);
    this.#out.push(PREFACE);
    this.#frame(SETTINGS, 0, 0, settings);
    if (this.#windowSize > DEFAULT_WINDOW) this.#windowUpdate(0, this.#windowSize - DEFAULT_WINDOW);
  }

  /** False once the connection failed, closed or was told to go away: new calls need a new session. */
  get usable(): boolean {
    return !this.#closed && !this.#goingAway && this.#nextId < LAST_STREAM_ID;
  }

  /** Calls in flight or waiting for a stream slot. */
  get active(): number {
    return this.#streams.size + this.#queued.length;
  }

  /** The socket keeps the process alive only while `on`. */
  setRef(on: boolean): void {
    if (on) this.#socket.ref();
    else this.#socket.unref();
  }

  /**
   * POSTs `body` to `path` with gRPC's request headers. Resolves with the response once the peer
   * ends the stream; `cancel` (deadlines use it) resets the stream, or drops a queued call.
   */
  request(path: string, body: Buffer): Pick<H2Stream, "response" | "cancel"> {
    return this.#call(path, body, undefined);
  }

  /**
   * Opens a long-lived call (a gRPC bidirectional stream such as etcd's Watch): `first` is sent
   * at once, {@link H2Stream.write} sends more, each DATA frame of the answer goes to `onData`
   * (lent for the call only: a cleartext session's next read overwrites it; copy what is kept).
   */
  stream(path: string, first: Buffer, onData: (chunk: Buffer) => void): H2Stream {
    return this.#call(path, first, onData);
  }

  #call(path: string, body: Buffer, onData: ((chunk: Buffer) => void) | undefined): H2Stream {
    let resolve!: (r: H2Response) => void;
    let reject!: (e: Error) => void;
    const response = new Promise<H2Response>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    if (!this.usable) {
      reject(new H2Error(this.#closed ? "connection closed" : "connection is going away"));
      return { response, cancel: noop, write: noop };
    }
    if (this.#streams.size < this.#peerMaxStreams) return this.#open(path, body, response, resolve, reject, onData);
    return this.#queue(path, body, response, resolve, reject, onData);
  }

  /** A call waiting for a stream slot (the peer's MAX_CONCURRENT_STREAMS): its handle until it opens. */
  #queue(
    path: string,
    body: Buffer,
    response: Promise<H2Response>,
    resolve: (r: H2Response) => void,
    reject: (e: Error) => void,
    onData: ((chunk: Buffer) => void) | undefined,
  ): H2Stream {
    let stream: Stream | undefined;
    let cancelled = false;
    /** Writes before the stream got a slot. */
    const early: Buffer[] = [];
    const start = (): void => {
      if (cancelled) return;
      if (!this.usable) {
        reject(new H2Error("connection closed"));
        return;
      }
      stream = this.#open(path, body, response, resolve, reject, onData);
      for (const data of early.splice(0)) this.#write(stream, data);
    };
    this.#queued.push(start);
    return {
      response,
      write: (data) => {
        if (cancelled) return;
        if (stream === undefined) early.push(data);
        else stream.write(data);
      },
      cancel: (reason) => {
        if (cancelled) return;
        cancelled = true;
        if (stream !== undefined) return stream.cancel(reason);
        const i = this.#queued.indexOf(start);
        if (i >= 0) this.#queued.splice(i, 1);
        if (reason !== undefined) reject(reason);
      },
    };
  }

  /** The {@link StreamOps} of this session's streams. */
  readonly #ops: StreamOps = {
    write: (stream, data) => {
      if (this.#streams.get(stream.id) === stream) this.#write(stream, data);
    },
    cancel: (stream, reason) => {
      if (!this.#streams.delete(stream.id)) return;
      this.#rstStream(stream.id, H2_CANCEL);
      if (reason !== undefined) stream.reject(reason);
      this.#dequeue();
    },
  };

  /** More DATA on an open stream, behind what flow control still holds of it. */
  #write(stream: Stream, data: Buffer): void {
    stream.pending = stream.pending === undefined || stream.pending.length === 0 ? data : Buffer.concat([stream.pending, data]);
    this.#sendData(stream);
  }

  /** Ends the connection: calls in flight fail. */
  close(): void {
    if (this.#closed) return;
    this.#frameGoaway(H2_NO_ERROR);
    this.#flush();
    // Ends our side once the GOAWAY is out, then the whole socket: a peer that sent its own
    // GOAWAY may otherwise keep waiting on the half-closed connection.
    this.#socket.end(() => this.#socket.destroy());
    this.#fail(new H2Error("session closed"));
  }

  #open(
    path: string,
    body: Buffer,
    response: Promise<H2Response>,
    resolve: (r: H2Response) => void,
    reject: (e: Error) => void,
    onData: ((chunk: Buffer) => void) | undefined,
  ): Stream {
    const id = this.#nextId;
    this.#nextId += 2;
    const stream = new Stream(id, this.#ops, response, resolve, reject, body, this.#peerInitialWindow, onData);
    this.#streams.set(id, stream);
    this.#frame(HEADERS, END_HEADERS, id, this.#headerBlock(path));
    this.#sendData(stream);
    return stream;
  }

  /**
   * The request's header block, the same for every call to `path`: no indexing and no Huffman,
   * so it leaves the peer's decoder table as it was. `:method POST` and `:scheme` are
   * static-table entries; the rest are literals, with static-table names where there is one.
   */
  #headerBlock(path: string): Buffer {
    let block = this.#headerBlocks.get(path);
    if (block !== undefined) return block;
    const literal = (s: string): Buffer => {
      const bytes = Buffer.from(s, "utf8");
      return Buffer.concat([hpackInt(bytes.length, 7, 0), bytes]);
    };
    block = Buffer.concat([
      Buffer.from([0x83, this.#scheme]), // :method POST, :scheme
      hpackInt(4, 4, 0), // :path, name from the static table, literal value, not indexed
      literal(path),
      hpackInt(1, 4, 0), // :authority
      literal(this.#authority),
      hpackInt(31, 4, 0), // content-type
      literal("application/grpc"),
      Buffer.from([0x00]), // te: a new name
      literal("te"),
      literal("trailers"),
    ]);
    this.#headerBlocks.set(path, block);
    return block;
  }

  /**
   * Sends what flow control allows of the stream's body; a unary call's last frame ends the
   * stream, a streaming call's stays open.
   */
  #sendData(stream: Stream): void {
    let body = stream.pending;
    if (body === undefined) return;
    const end = stream.onData === undefined ? END_STREAM : 0;
    if (body.length === 0) {
      if (end) this.#frame(DATA, END_STREAM, stream.id, body);
      stream.pending = undefined;
      return;
    }
    while (body.length > 0) {
      const n = Math.min(body.length, this.#peerMaxFrame, stream.sendWindow, this.#connSendWindow);
      if (n <= 0) break;
      const last = n === body.length;
      this.#frame(DATA, last ? end : 0, stream.id, body.subarray(0, n));
      stream.sendWindow -= n;
      this.#connSendWindow -= n;
      body = body.subarray(n);
    }
    stream.pending = body.length > 0 ? body : undefined;
  }

  // ---- reading ----

  #onData(chunk: Buffer): void {
    this.#in = this.#in.length === 0 ? chunk : Buffer.concat([this.#in, chunk]);
    let pos = 0;
    const buf = this.#in;
    try {
      while (buf.length - pos >= 9) {
        const length = buf.readUIntBE(pos, 3);
        if (length > OUR_MAX_FRAME)
          throw new H2Error(`frame of ${length} bytes is larger than the ${OUR_MAX_FRAME} we allow`, H2_FRAME_SIZE_ERROR);
        if (buf.length - pos < 9 + length) break;
        const type = buf[pos + 3]!;
        const flags = buf[pos + 4]!;
        const id = buf.readUInt32BE(pos + 5) & 0x7fffffff;
        const payload = buf.subarray(pos + 9, pos + 9 + length);
        pos += 9 + length;
        this.#onFrame(type, flags, id, payload);
        if (this.#closed) return;
      }
    } catch (err) {
      const e = err instanceof H2Error ? err : new H2Error(`HTTP/2: ${(err as Error).message}`, H2_PROTOCOL_ERROR);
      this.#frameGoaway(e.code ?? H2_PROTOCOL_ERROR);
      this.#flush();
      this.#socket.destroy();
      this.#fail(e);
      return;
    }
    // The rest of a frame waits for the next read: copied when it lies in the reused read buffer.
    this.#in = pos === buf.length ? NOTHING : buf.buffer === this.#readBuffer?.buffer ? Buffer.from(buf.subarray(pos)) : buf.subarray(pos);
    // No flush here: what this read queued (acks) and the calls other callbacks of this poll
    // started go out together at the end of the turn.
  }

  #onFrame(type: number, flags: number, id: number, payload: Buffer): void {
    if (this.#continuing !== undefined && (type !== CONTINUATION || id !== this.#continuing.stream)) {
      throw new H2Error("a header block was interrupted by another frame", H2_PROTOCOL_ERROR);
    }
    switch (type) {
      case DATA:
        return this.#onDataFrame(flags, id, payload);
      case HEADERS: {
        let block = unpad(flags, payload);
        if (flags & PRIORITY) block = block.subarray(5);
        if (flags & END_HEADERS) return this.#onHeaderBlock(id, flags, block);
        this.#continuing = { stream: id, flags, parts: [Buffer.from(block)] };
        return;
      }
      case CONTINUATION: {
        const c = this.#continuing;
        if (c === undefined) throw new H2Error("CONTINUATION without a header block", H2_PROTOCOL_ERROR);
        c.parts.push(Buffer.from(payload));
        if (flags & END_HEADERS) {
          this.#continuing = undefined;
          this.#onHeaderBlock(id, c.flags, Buffer.concat(c.parts));
        }
        return;
      }
      case RST_STREAM: {
        const stream = this.#streams.get(id);
        if (stream === undefined) return;
        this.#streams.delete(stream.id);
        const code = payload.length >= 4 ? payload.readUInt32BE(0) : H2_PROTOCOL_ERROR;
        stream.reject(new H2Error(`stream reset by the peer (HTTP/2 error ${code})`, code));
        this.#dequeue();
        return;
      }
      case SETTINGS:
        if (flags & ACK) return;
        if (id !== 0 || payload.length % 6 !== 0) throw new H2Error("malformed SETTINGS frame", H2_FRAME_SIZE_ERROR);
        for (let i = 0; i < payload.length; i += 6) this.#setting(payload.readUInt16BE(i), payload.readUInt32BE(i + 2));
        this.#frame(SETTINGS, ACK, 0, Buffer.alloc(0));
        this.#resume();
        return;
      case PING:
        if (!(flags & ACK)) this.#frame(PING, ACK, 0, Buffer.from(payload));
        return;
      case GOAWAY: {
        const last = payload.readUInt32BE(0) & 0x7fffffff;
        const code = payload.readUInt32BE(4);
        const debug = payload.subarray(8).toString("utf8");
        this.#goingAway = true;
        // Streams the peer never saw fail now; the ones it did finish as it answers them.
        for (const [sid, stream] of this.#streams) {
          if (sid > last) {
            this.#streams.delete(stream.id);
            stream.reject(new H2Error(`connection going away (HTTP/2 error ${code}${debug ? `: ${debug}` : ""})`, code));
          }
        }
        for (const start of this.#queued.splice(0)) start();
        if (this.#streams.size === 0) this.close();
        return;
      }
      case WINDOW_UPDATE: {
        const inc = payload.readUInt32BE(0) & 0x7fffffff;
        if (id === 0) {
          this.#connSendWindow += inc;
          if (this.#connSendWindow > MAX_WINDOW) throw new H2Error("connection window overflow", H2_FLOW_CONTROL_ERROR);
          this.#resume();
        } else {
          const stream = this.#streams.get(id);
          if (stream === undefined) return;
          stream.sendWindow += inc;
          this.#sendData(stream);
        }
        return;
      }
      case PUSH_PROMISE:
        throw new H2Error("PUSH_PROMISE although push is disabled", H2_PROTOCOL_ERROR);
      default:
        // PRIORITY and frame types we do not know are ignored, as the protocol says.
        return;
    }
  }

  #setting(key: number, value: number): void {
    switch (key) {
      case SETTINGS_INITIAL_WINDOW_SIZE: {
        if (value > MAX_WINDOW) throw new H2Error("initial window size too large", H2_FLOW_CONTROL_ERROR);
        const delta = value - this.#peerInitialWindow;
        this.#peerInitialWindow = value;
        for (const s of this.#streams.values()) s.sendWindow += delta;
        return;
      }
      case SETTINGS_MAX_FRAME_SIZE:
        if (value < 16_384 || value > 16_777_215) throw new H2Error("invalid max frame size", H2_PROTOCOL_ERROR);
        this.#peerMaxFrame = value;
        return;
      case SETTINGS_MAX_CONCURRENT_STREAMS:
        this.#peerMaxStreams = value;
        return;
      default:
        return;
    }
  }

  /** Sends held-back DATA once windows open, and starts queued calls once slots free. */
  #resume(): void {
    for (const s of this.#streams.values()) if (s.pending !== undefined) this.#sendData(s);
    this.#dequeue();
  }

  #dequeue(): void {
    while (this.#queued.length > 0 && this.#streams.size < this.#peerMaxStreams) this.#queued.shift()!();
  }

  #onDataFrame(flags: number, id: number, payload: Buffer): void {
    // Flow control counts the whole frame, padding included.
    this.#connUnacked += payload.length;
    if (this.#connUnacked >= this.#windowSize / 2) {
      this.#windowUpdate(0, this.#connUnacked);
      this.#connUnacked = 0;
    }
    const stream = this.#streams.get(id);
    if (stream === undefined) return; // cancelled: the bytes still counted for the connection
    const data = unpad(flags, payload);
    if (data.length > 0) {
      if (stream.onData === undefined) stream.chunks.push(Buffer.from(data));
      else {
        stream.onData(data);
        if (this.#streams.get(id) !== stream) return; // the callback cancelled it
      }
    }
    if (flags & END_STREAM) return this.#end(stream);
    stream.unacked += payload.length;
    if (stream.unacked >= this.#windowSize / 2) {
      this.#windowUpdate(id, stream.unacked);
      stream.unacked = 0;
    }
  }

  #onHeaderBlock(id: number, flags: number, block: Buffer): void {
    // Decoded even for a stream we no longer track: the block may update the decoder's table.
    const fields = this.#decode(block);
    const stream = this.#streams.get(id);
    if (stream === undefined) return;
    if (stream.fields === undefined) stream.fields = fields;
    else if (stream.headers === NO_HEADERS) stream.headers = this.#merged(stream.fields, fields);
    else stream.headers = new Map([...stream.headers, ...fields]); // a third block: not gRPC's shape, kept whole
    stream.gotHeaders = true;
    if (flags & END_STREAM) this.#end(stream);
  }

  #decode(block: Buffer): [string, string][] {
    const key = block.toString("latin1");
    const hit = this.#decoded.get(key);
    if (hit !== undefined) return hit;
    const fields: [string, string][] = [];
    try {
      const d = hpack.decompressor.create({ table: { maxSize: 0 } });
      d.write(block);
      d.execute();
      for (let h = d.read(); h !== null; h = d.read()) fields.push([h.name, h.value]);
    } catch (err) {
      throw new H2Error(`header block: ${(err as Error).message}`, H2_COMPRESSION_ERROR);
    }
    // Only a few distinct blocks exist (success, each error message); a flood is not kept.
    if (this.#decoded.size < 256) this.#decoded.set(key, fields);
    return fields;
  }

  /**
   * A response's headers and trailers as one map, shared by every response with the same two
   * blocks: decoded blocks are cached by content, so the usual few pairs (a success, each error)
   * are merged once.
   */
  #merged(first: [string, string][], second: [string, string][]): ReadonlyMap<string, string> {
    let bySecond = this.#mergedHeaders.get(first);
    if (bySecond === undefined) this.#mergedHeaders.set(first, (bySecond = new WeakMap()));
    let headers = bySecond.get(second);
    if (headers === undefined) bySecond.set(second, (headers = new Map([...first, ...second])));
    return headers;
  }

  #end(stream: Stream): void {
    this.#streams.delete(stream.id);
    // A response that ended with its first block (a trailers-only error) has no second one.
    if (stream.headers === NO_HEADERS && stream.fields !== undefined) stream.headers = new Map(stream.fields);
    stream.resolve({ headers: stream.headers, body: stream.chunks.length === 1 ? stream.chunks[0]! : Buffer.concat(stream.chunks) });
    this.#dequeue();
    if (this.#goingAway && this.#streams.size === 0) this.close();
  }

  #fail(err: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    const streams = [...this.#streams.values()];
    this.#streams.clear();
    for (const s of streams) s.reject(err);
    for (const start of this.#queued.splice(0)) start();
    this.#runSentWaiters();
    this.#onClose(err);
  }

  // ---- writing ----

  #frame(type: number, flags: number, id: number, payload: Buffer): void {
    const head = Buffer.allocUnsafe(9);
    head.writeUIntBE(payload.length, 0, 3);
    head[3] = type;
    head[4] = flags;
    head.writeUInt32BE(id, 5);
    this.#out.push(head);
    if (payload.length > 0) this.#out.push(payload);
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      // Every frame of this loop turn goes out in one write, after the turn's I/O callbacks:
      // requests arriving on many client connections in one poll share one syscall (a write
      // to a loopback peer costs tens of microseconds of kernel time, more than the frames).
      setImmediate(this.#flushNow);
    }
  }

  #windowUpdate(id: number, inc: number): void {
    const p = Buffer.allocUnsafe(4);
    p.writeUInt32BE(inc, 0);
    this.#frame(WINDOW_UPDATE, 0, id, p);
  }

  #rstStream(id: number, code: number): void {
    const p = Buffer.allocUnsafe(4);
    p.writeUInt32BE(code, 0);
    this.#frame(RST_STREAM, 0, id, p);
  }

  #frameGoaway(code: number): void {
    // The last stream id is of streams the peer opened: none, since we take no pushes.
    const p = Buffer.alloc(8);
    p.writeUInt32BE(code, 4);
    this.#frame(GOAWAY, 0, 0, p);
  }

  readonly #flushNow = (): void => this.#flush();

  /**
   * Calls `cb` once every frame queued so far has been handed to the socket (at once when none
   * waits), or the connection ended: a caller sharing a request with later callers knows when
   * the request has left, after which a new caller must not share it.
   */
  whenSent(cb: () => void): void {
    if (this.#out.length === 0 || this.#closed) cb();
    else this.#sentWaiters.push(cb);
  }

  /** Writes the frames queued so far now, rather than at the end of the loop turn. */
  flush(): void {
    if (!this.#closed) this.#flush();
  }

  #flush(): void {
    this.#flushScheduled = false;
    if (this.#out.length === 0) return;
    const out = this.#out;
    this.#out = [];
    if (!this.#socket.destroyed) this.#socket.write(out.length === 1 ? out[0]! : Buffer.concat(out));
    this.#runSentWaiters();
  }

  #runSentWaiters(): void {
    if (this.#sentWaiters.length === 0) return;
    const waiters = this.#sentWaiters;
    this.#sentWaiters = [];
    for (const cb of waiters) cb();
  }
}

/** A frame's payload without its padding (when PADDED is set). */
function unpad(flags: number, payload: Buffer): Buffer {
  if (!(flags & PADDED)) return payload;
  const pad = payload[0] ?? 0;
  if (pad >= payload.length) throw new H2Error("padding exceeds the frame", H2_PROTOCOL_ERROR);
  return payload.subarray(1, payload.length - pad);
}

/** An HPACK integer with an N-bit prefix, the prefix's other bits set to `high` (RFC 7541 5.1). */
function hpackInt(value: number, prefixBits: number, high: number): Buffer {
  const max = (1 << prefixBits) - 1;
  if (value < max) return Buffer.from([high | value]);
  const out = [high | max];
  let v = value - max;
  while (v >= 128) {
    out.push((v % 128) + 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
  return Buffer.from(out);
}
