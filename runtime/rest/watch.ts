/** Watch events and the decoders that cut them out of a streamed response: JSON lines and length-prefixed protobuf frames. */
import type { Status } from "../../api/meta/v1/types.js";
import { FrameReader } from "../protobuf/watch.js";
import { newReader } from "../protobuf/wire.js";
import type { ProtobufObjectCodec } from "./config.js";
import { isStatusObject, newInternalError, StatusError } from "./errors.js";
import { bracketPastDepth } from "../json-depth.js";

/** The kinds of watch event. */
export type WatchEventType = "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK" | "ERROR";

/**
 * One change a watch reports: the object's new state (ADDED, MODIFIED), its last state
 * (DELETED), an object carrying only the resourceVersion reached (BOOKMARK), or a Status (ERROR).
 */
export type WatchEvent<T> = { type: "ADDED" | "MODIFIED" | "DELETED" | "BOOKMARK"; object: T } | { type: "ERROR"; object: Status };

const EVENT_TYPES: ReadonlySet<string> = new Set(["ADDED", "MODIFIED", "DELETED", "BOOKMARK", "ERROR"]);

/** A frame decoder: fed response chunks, it returns the complete frames so far. */
export interface FrameSplitter {
  /** Adds a chunk; returns the frames it completed. */
  push(chunk: Uint8Array): Uint8Array[];
  /** The stream ended: returns a last unterminated frame, if any. */
  end(): Uint8Array[];
}

/**
 * Splits newline-delimited JSON, however the chunks cut it; blank lines are skipped. A partial
 * line is kept as a list of pieces and joined once its newline arrives, so a large event sent
 * in many chunks costs one copy, not one per chunk.
 */
export class JsonLineSplitter implements FrameSplitter {
  private pending: Buffer[] = [];

  push(chunk: Uint8Array): Uint8Array[] {
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const frames: Uint8Array[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10); nl >= 0; nl = buf.indexOf(10, start)) {
      let line = buf.subarray(start, nl);
      if (this.pending.length > 0) {
        line = Buffer.concat([...this.pending, line]);
        this.pending = [];
      }
      if (!isBlank(line, 0, line.length)) frames.push(line);
      start = nl + 1;
    }
    // Copy the tail so the (possibly large) chunk it came from is not kept alive.
    if (start < buf.length) this.pending.push(Buffer.from(buf.subarray(start)));
    return frames;
  }

  end(): Uint8Array[] {
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    return isBlank(rest, 0, rest.length) ? [] : [rest];
  }
}

function isBlank(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = buf[i]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

/**
 * Splits frames that each start with their length as a 4-byte big-endian integer (upstream's
 * protobuf stream framing), over the protobuf runtime's FrameReader, which also caps frame size.
 */
export class LengthPrefixedSplitter implements FrameSplitter {
  private readonly reader = new FrameReader();

  push(chunk: Uint8Array): Uint8Array[] {
    return this.reader.push(chunk);
  }

  end(): Uint8Array[] {
    this.reader.end();
    return [];
  }
}

function checkType(type: unknown): WatchEventType {
  if (typeof type !== "string" || !EVENT_TYPES.has(type)) throw new Error(`unknown watch event type ${JSON.stringify(type)}`);
  return type as WatchEventType;
}

/**
 * How deep a watched object may nest, as client-go's JSON decoder allows (Go's encoding/json).
 * JSON.parse takes any depth, but what consumes the objects (copies, comparisons) recurses.
 */
export const MAX_WATCH_DEPTH = 10_000;

/** Decodes one JSON watch frame: `{"type": "...", "object": {...}}`. */
export function decodeJsonWatchEvent<T>(frame: Uint8Array): WatchEvent<T> {
  const text = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString("utf8");
  // Each level takes two bytes and a bracket at least: short frames cannot be too deep.
  if (frame.byteLength > 2 * MAX_WATCH_DEPTH) {
    const bracket = bracketPastDepth(text, MAX_WATCH_DEPTH);
    if (bracket !== undefined) throw new SyntaxError(`invalid character '${bracket}' exceeded max depth`);
  }
  const ev = JSON.parse(text) as { type?: unknown; object?: unknown };
  return { type: checkType(ev.type), object: ev.object } as WatchEvent<T>;
}

const ENVELOPE_MAGIC = [0x6b, 0x38, 0x73, 0x00]; // "k8s\0"

function decodeEmbedded(raw: Uint8Array, codec: ProtobufObjectCodec | undefined): unknown {
  if (raw.length >= 4 && ENVELOPE_MAGIC.every((b, i) => raw[i] === b)) {
    if (codec === undefined) throw new Error("the watch sent protobuf objects but the client config has no protobufCodec");
    return codec.decode(raw);
  }
  // Objects whose kinds have no protobuf form are embedded as JSON.
  return JSON.parse(Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8"));
}

/**
 * Decodes one protobuf watch frame: a metav1.WatchEvent message (type = 1, object = 2 as a
 * RawExtension whose raw = 1 holds the enveloped object), without an envelope of its own.
 */
export function decodeProtobufWatchEvent<T>(frame: Uint8Array, codec: ProtobufObjectCodec | undefined): WatchEvent<T> {
  const r = newReader(frame);
  let type: unknown;
  let raw: Uint8Array = new Uint8Array(0);
  while (r.pos < r.len) {
    const tag = r.uint32();
    const field = tag >>> 3;
    if (field === 1 && (tag & 7) === 2) type = r.string();
    else if (field === 2 && (tag & 7) === 2) {
      const end = r.uint32() + r.pos;
      while (r.pos < end) {
        const inner = r.uint32();
        if (inner >>> 3 === 1 && (inner & 7) === 2) raw = r.bytes();
        else r.skipType(inner & 7);
      }
    } else r.skipType(tag & 7);
  }
  return { type: checkType(type), object: decodeEmbedded(raw, codec) } as WatchEvent<T>;
}

/** The error an ERROR event carries: its Status as a StatusError, or an InternalError when it holds no Status. */
export function errorFromWatchEvent(event: { type: string; object: unknown }): StatusError {
  if (isStatusObject(event.object)) return new StatusError(event.object);
  return newInternalError(`unexpected watch event object: ${JSON.stringify(event.object)}`);
}
