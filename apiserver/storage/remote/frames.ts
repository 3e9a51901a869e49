/**
 * The wire of the storage protocol between an apiserver worker and the process owning the
 * storage: length-prefixed frames (u32 big-endian length, then the message) over a Unix domain
 * socket; codec.ts encodes the messages. Values are bytes and go through as they are, without
 * base64 or JSON.
 */
import type { Socket } from "node:net";
import { decodeBody, encodeFrame, type Message } from "./codec.js";

/** Writes messages to a socket, coalescing those sent in one tick into one write. */
export class FrameWriter {
  private pending: Buffer[] = [];
  private scheduled = false;
  private flushHooks: (() => void)[] = [];

  constructor(private readonly socket: Socket) {}

  send(message: Message): void {
    this.pending.push(encodeFrame(message));
    if (!this.scheduled) {
      this.scheduled = true;
      // Many requests (or events) of one tick leave in one syscall.
      setImmediate(() => this.flush());
    }
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
    const chunks = this.pending;
    this.pending = [];
    if (chunks.length === 0 || this.socket.destroyed) return;
    this.socket.write(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  }
}

/** Splits a socket's byte stream into messages, in order. */
export function readFrames(socket: Socket, onMessage: (message: Message) => void): void {
  let buffered: Buffer = Buffer.alloc(0);
  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    let offset = 0;
    while (buffered.length - offset >= 4) {
      const length = buffered.readUInt32BE(offset);
      if (buffered.length - offset - 4 < length) break;
      const body = buffered.subarray(offset + 4, offset + 4 + length);
      offset += 4 + length;
      onMessage(decodeBody(body));
    }
    buffered = offset === buffered.length ? Buffer.alloc(0) : buffered.subarray(offset);
  });
}
