/**
 * The wire of the storage protocol between an apiserver worker and the process owning the
 * storage: length-prefixed frames (u32 big-endian length, then the message) over a Unix domain
 * socket; codec.ts encodes the messages. Values are bytes and go through as they are, without
 * base64 or JSON.
 */
import type { Socket } from "node:net";
import { decodeFrame, writeFrame, type FrameSink, type Message } from "./codec.js";

/** The buffer a connection's frames are written into; a frame larger than it gets one of its size. */
const OUT_BYTES = 64 * 1024;

/**
 * Writes messages to a socket, coalescing those sent in one tick into one write. Frames are
 * encoded one after another into one buffer; a flush writes the part written since the last
 * one and later frames follow it in the same buffer (the socket may still hold the earlier part),
 * until it is full and a fresh one is taken.
 */
export class FrameWriter implements FrameSink {
  buf: Buffer = Buffer.allocUnsafeSlow(OUT_BYTES);
  /** Where the frames not yet written begin, and end. */
  private start = 0;
  private used = 0;
  private scheduled = false;
  private flushHooks: (() => void)[] = [];

  constructor(private readonly socket: Socket) {}

  send(message: Message): void {
    writeFrame(this, message);
    if (!this.scheduled) {
      this.scheduled = true;
      // Many requests (or events) of one tick leave in one syscall.
      setImmediate(() => this.flush());
    }
  }

  reserve(size: number): number {
    if (this.used + size > this.buf.length) {
      // A fresh buffer, with the frames not yet written moved to its start.
      const pending = this.used - this.start;
      const next = Buffer.allocUnsafeSlow(Math.max(OUT_BYTES, pending + size));
      this.buf.copy(next, 0, this.start, this.used);
      this.buf = next;
      this.start = 0;
      this.used = pending;
    }
    const at = this.used;
    this.used += size;
    return at;
  }

  /** Sends what is queued, then ends the socket. */
  end(): void {
    this.flush();
    this.socket.end();
  }

  /** Runs `cb` once, just before the messages queued so far are written. */
  beforeFlush(cb: () => void): void {
    this.flushHooks.push(cb);
  }

  private flush(): void {
    this.scheduled = false;
    const hooks = this.flushHooks;
    this.flushHooks = [];
    for (const h of hooks) h();
    const { start, used } = this;
    if (used === start) return;
    this.start = used;
    if (this.socket.destroyed) return;
    this.socket.write(this.buf.subarray(start, used));
  }
}

/**
 * Splits a byte stream into messages, in order. A frame within one chunk is decoded where it
 * lies; one split across chunks is gathered into a buffer of its own size, allocated once its
 * length is known (a large list arrives in many chunks: no concatenation per chunk).
 */
export class FrameReader {
  /** A frame begun in an earlier chunk: its bytes, length prefix included, as far as they came. */
  private partial: Buffer | undefined;
  private filled = 0;
  /** Whether `partial` is the whole frame's buffer (else its 4-byte length prefix, still coming). */
  private sized = false;

  constructor(private readonly onMessage: (message: Message) => void) {}

  feed(chunk: Buffer): void {
    let offset = 0;
    if (this.partial !== undefined) {
      offset = this.fill(chunk);
      if (this.partial !== undefined) return;
    }
    while (chunk.length - offset >= 4) {
      const length = chunk.readUInt32BE(offset);
      if (chunk.length - offset - 4 < length) break;
      const start = offset + 4;
      offset = start + length;
      this.onMessage(decodeFrame(chunk, start, offset));
    }
    if (offset < chunk.length) {
      const rest = chunk.length - offset;
      this.sized = rest >= 4;
      this.partial = Buffer.allocUnsafe(this.sized ? 4 + chunk.readUInt32BE(offset) : 4);
      chunk.copy(this.partial, 0, offset);
      this.filled = rest;
    }
  }

  /** Copies the start of `chunk` into the partial frame, decoding it once whole; returns the bytes taken. */
  private fill(chunk: Buffer): number {
    let used = 0;
    if (!this.sized) {
      used = Math.min(4 - this.filled, chunk.length);
      chunk.copy(this.partial!, this.filled, 0, used);
      this.filled += used;
      if (this.filled < 4) return used;
      const whole = Buffer.allocUnsafe(4 + this.partial!.readUInt32BE(0));
      this.partial!.copy(whole, 0, 0, 4);
      this.partial = whole;
      this.sized = true;
    }
    const frame = this.partial!;
    const n = Math.min(frame.length - this.filled, chunk.length - used);
    chunk.copy(frame, this.filled, used, used + n);
    this.filled += n;
    used += n;
    if (this.filled === frame.length) {
      this.partial = undefined;
      this.onMessage(decodeFrame(frame, 4, frame.length));
    }
    return used;
  }
}

/** Splits a socket's byte stream into messages, in order. */
export function readFrames(socket: Socket, onMessage: (message: Message) => void): void {
  const reader = new FrameReader(onMessage);
  socket.on("data", (chunk: Buffer) => reader.feed(chunk));
}
