/**
 * Protobuf watch streams (`application/vnd.kubernetes.protobuf;stream=watch`) as upstream's
 * apiserver writes them: each frame is a 4-byte big-endian length and then a metav1.WatchEvent
 * {string type = 1; RawExtension object = 2} with no envelope of its own (the stream serializer
 * is the raw one); the event's object.raw holds the object enveloped (`k8s\0` + Unknown).
 */
import type { Scheme } from "../scheme.js";
import { decodeObject, encodeObject, type TypedObject } from "./envelope.js";
import { ProtobufError, asProtobufError } from "./errors.js";
import { WIRE_BYTES, newReader, newWriter } from "./wire.js";

/** The media type of protobuf watch streams. */
export const PROTOBUF_WATCH_CONTENT_TYPE = "application/vnd.kubernetes.protobuf;stream=watch";

/** One watch event: ADDED, MODIFIED, DELETED, BOOKMARK or ERROR (with a Status object). */
export interface WatchEvent<T extends object = Record<string, unknown>> {
  type: string;
  object: T;
}

const TAG_TYPE = (1 << 3) | WIRE_BYTES; // 0x0a
const TAG_OBJECT = (2 << 3) | WIRE_BYTES; // 0x12
const TAG_RAW = (1 << 3) | WIRE_BYTES; // 0x0a in RawExtension

/** Default largest frame accepted: a guard against a corrupt length allocating gigabytes. */
export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** Encodes a WatchEvent message (unframed), its object enveloped inside object.raw. */
export function encodeWatchEvent(scheme: Scheme, event: WatchEvent<TypedObject>): Uint8Array {
  const inner = encodeObject(scheme, event.object);
  const w = newWriter();
  w.uint32(TAG_TYPE).string(event.type);
  w.uint32(TAG_OBJECT).fork().uint32(TAG_RAW).bytes(inner).ldelim();
  return w.finish();
}

/** Decodes one WatchEvent message (unframed). */
export function decodeWatchEvent<T extends object = Record<string, unknown>>(scheme: Scheme, message: Uint8Array): WatchEvent<T> {
  const r = newReader(message);
  const end = message.length;
  let type = "";
  let raw: Uint8Array | undefined;
  try {
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag === TAG_TYPE) type = r.string();
      else if (tag === TAG_OBJECT) {
        const objEnd = r.uint32() + r.pos;
        if (objEnd > end) throw new ProtobufError("truncated", "watch event object runs past the end of the event");
        while (r.pos < objEnd) {
          const t = r.uint32();
          if (t === TAG_RAW) raw = r.bytes();
          else r.skipType(t & 7);
        }
        if (r.pos !== objEnd) throw new ProtobufError("truncated", "watch event object.raw runs past its message");
      } else r.skipType(tag & 7);
    }
  } catch (err) {
    throw asProtobufError(err, "watch event");
  }
  if (!type) throw new ProtobufError("malformed", "watch event has no type");
  if (!raw) throw new ProtobufError("malformed", `watch event ${type} has no object`);
  return { type, object: decodeObject<T>(scheme, raw) };
}

/** Prefixes a message with its 4-byte big-endian length. */
export function frame(message: Uint8Array): Uint8Array {
  const out = new Uint8Array(4 + message.length);
  new DataView(out.buffer).setUint32(0, message.length, false);
  out.set(message, 4);
  return out;
}

/** One framed watch event, as the apiserver writes it to a protobuf watch response. */
export function encodeWatchFrame(scheme: Scheme, event: WatchEvent<TypedObject>): Uint8Array {
  return frame(encodeWatchEvent(scheme, event));
}

/**
 * Splits a byte stream into length-prefixed frames, whatever the chunk boundaries: a header or a
 * frame may arrive in pieces. `push` returns the frames completed by a chunk (views into it, or
 * into this reader's copy of an unfinished tail); `end` throws if the stream stopped inside one.
 */
export class FrameReader {
  private buf: Uint8Array = new Uint8Array(0);
  private readonly maxFrameBytes: number;

  constructor(options: { maxFrameBytes?: number } = {}) {
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  }

  /** Bytes received but not yet part of a complete frame. */
  get pending(): number {
    return this.buf.length;
  }

  push(chunk: Uint8Array): Uint8Array[] {
    // Only the unfinished tail is ever copied; a chunk holding whole frames is sliced in place.
    let buf = chunk;
    if (this.buf.length) {
      buf = new Uint8Array(this.buf.length + chunk.length);
      buf.set(this.buf);
      buf.set(chunk, this.buf.length);
    }
    const frames: Uint8Array[] = [];
    let pos = 0;
    while (buf.length - pos >= 4) {
      const len = ((buf[pos]! << 24) | (buf[pos + 1]! << 16) | (buf[pos + 2]! << 8) | buf[pos + 3]!) >>> 0;
      if (len > this.maxFrameBytes) {
        throw new ProtobufError("malformed", `watch frame of ${len} bytes exceeds the limit of ${this.maxFrameBytes}`);
      }
      if (buf.length - pos - 4 < len) break;
      frames.push(buf.subarray(pos + 4, pos + 4 + len));
      pos += 4 + len;
    }
    // Copy the tail so the caller may reuse its chunk buffer.
    this.buf = pos === buf.length ? new Uint8Array(0) : buf.slice(pos);
    return frames;
  }

  /** Declares the stream finished; throws "truncated" if it stopped inside a frame. */
  end(): void {
    if (this.buf.length) {
      const what =
        this.buf.length < 4
          ? `${this.buf.length} byte(s) of a 4-byte frame header`
          : `a frame of ${new DataView(this.buf.buffer, this.buf.byteOffset, 4).getUint32(0, false)} bytes with only ${this.buf.length - 4} received`;
      throw new ProtobufError("truncated", `watch stream ended inside ${what}`);
    }
  }
}

/** Decodes a protobuf watch stream, chunk by chunk, into events. */
export async function* decodeWatchStream<T extends object = Record<string, unknown>>(
  scheme: Scheme,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: { maxFrameBytes?: number } = {},
): AsyncGenerator<WatchEvent<T>> {
  const reader = new FrameReader(options);
  for await (const chunk of chunks) {
    for (const f of reader.push(chunk)) yield decodeWatchEvent<T>(scheme, f);
  }
  reader.end();
}
