/**
 * The bytes of a watch stream on their way out. Each event is one HTTP/1.1 chunk; its frame
 * (size line, bytes, CRLF) is the same for every watcher, so it is made once per event and
 * shared, and written straight to the connection: Node's chunked encoding would write four
 * buffers per event (size, CRLF, bytes, CRLF) through a cork and a writev, per watcher. The
 * events a watcher receives in one tick go out in one socket write (one TLS record, one syscall).
 */
import type { Socket } from "node:net";
import type { ResponseWriter } from "../response-writer.js";

/** An event's bytes, and the same bytes framed as one chunk of a chunked response. */
export interface WatchFrame {
  /** `<size in hex>\r\n<body>\r\n`. */
  readonly chunk: Buffer;
  /** The event's bytes (a view into `chunk`). */
  readonly body: Buffer;
}

const CRLF = "\r\n";

/** Frames an event's bytes as one chunk, as Node's chunked encoding writes it (lower-case hex size). */
export function watchFrame(body: Uint8Array | string): WatchFrame {
  const size = typeof body === "string" ? Buffer.byteLength(body) : body.length;
  const head = `${size.toString(16)}${CRLF}`;
  const chunk = Buffer.allocUnsafe(head.length + size + 2);
  chunk.write(head, 0, "latin1");
  // A string goes straight into the frame (no Buffer of its own to copy from).
  if (typeof body === "string") chunk.write(body, head.length, "utf8");
  else chunk.set(body, head.length);
  chunk.write(CRLF, head.length + size, "latin1");
  return { chunk, body: chunk.subarray(head.length, head.length + size) };
}

/** Frames queued in one tick are written together; more bytes than this go out at once. */
const BATCH_BYTES = 64 * 1024;

export class WatchStream {
  /** The connection, when this response owns it and frames the chunks itself; else Node frames them. */
  private readonly socket: Socket | undefined;
  private pending: WatchFrame[] = [];
  private pendingBytes = 0;
  private scheduled = false;
  private ended = false;
  /** Set while the connection holds more than it wants; resolves true on drain, false on close. */
  private blocked: Promise<boolean> | undefined;
  private readonly flushSoon = (): void => {
    this.scheduled = false;
    this.flush();
  };

  /** Call once the status line and headers went out. */
  constructor(private readonly res: ResponseWriter) {
    const raw = res.raw;
    // Only a chunked response that owns its connection (not one queued behind another on a
    // pipelined connection, whose bytes Node still buffers) may write past Node's framing.
    const chunked = (raw as { chunkedEncoding?: boolean }).chunkedEncoding === true;
    this.socket = chunked && raw.headersSent && raw.socket !== null ? raw.socket : undefined;
  }

  /** True when the client went away or the response ended. */
  get closed(): boolean {
    return this.ended || this.res.closed || (this.socket !== undefined && this.socket.destroyed);
  }

  /** Queues an event; it goes out at the end of the tick, with any others queued meanwhile. */
  push(frame: WatchFrame): void {
    if (this.closed) return;
    this.pending.push(frame);
    this.pendingBytes += frame.chunk.length;
    if (this.pendingBytes >= BATCH_BYTES) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      process.nextTick(this.flushSoon);
    }
  }

  /**
   * Undefined when more may be pushed now; else a promise that resolves once the connection
   * took what it holds (true) or closed (false): a slow client is not buffered without limit.
   */
  backpressure(): Promise<boolean> | undefined {
    return this.blocked;
  }

  /** Writes what is queued now. */
  flush(): void {
    const frames = this.pending;
    if (frames.length === 0) return;
    this.pending = [];
    this.pendingBytes = 0;
    if (this.closed) return;
    let ok: boolean;
    if (this.socket !== undefined) {
      const bytes = frames.length === 1 ? frames[0]!.chunk : Buffer.concat(frames.map((f) => f.chunk));
      ok = this.socket.write(bytes);
    } else {
      ok = true;
      for (const f of frames) ok = this.res.raw.write(f.body) && ok;
    }
    if (!ok && this.blocked === undefined) this.blocked = this.waitForDrain();
  }

  /** Flushes what is queued; nothing is written after this (the caller ends the response). */
  end(): void {
    this.flush();
    this.ended = true;
  }

  private waitForDrain(): Promise<boolean> {
    const emitter = this.socket ?? this.res.raw;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean): void => {
        emitter.off("drain", onDrain);
        emitter.off("close", onClose);
        this.blocked = undefined;
        resolve(ok);
      };
      const onDrain = (): void => done(true);
      const onClose = (): void => done(false);
      emitter.once("drain", onDrain);
      emitter.once("close", onClose);
    });
  }
}
