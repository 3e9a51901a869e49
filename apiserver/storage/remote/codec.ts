/**
 * Encoding of storage-protocol messages into frames (a u32 big-endian length, then the body).
 * The messages of every write and every watch event (events, write answers, creates, swaps,
 * gets, revision and progress requests and their answers) have a fixed binary layout: writing
 * and reading them by hand costs a fraction of node:v8's structured clone, which the rest
 * (lists, errors, watch control) still use. The body's first byte says which.
 */
import v8 from "node:v8";
import type { KeyValue } from "../interface.js";
import type { Request, Response } from "./protocol.js";

export type Message = Request | Response;

const V8 = 0;
const EVENT = 1;
const OK_KV = 2;
const CREATE = 3;
const SWAP = 4;
const GET = 5;
const REVISION = 6;
const OK_REVISION = 7;
const PROGRESS_NOTICE = 8;
const PROGRESS_REQUEST = 9;
const OK_WRITTEN = 10;

/** An event's `prev`: none, a whole key-value, or the event's own key and value with its revisions. */
const NO_PREV = 0;
const PREV = 1;
const PREV_SAME_VALUE = 2;

/** Length prefix + tag + id (a double: ids only grow, past 2^32 on a long-lived server). */
const HEAD = 4 + 1 + 8;

/** Bytes `key` takes in UTF-8; a key of ASCII only (every key the apiserver writes) without a native call. */
function keyBytes(key: string): number {
  for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0x7f) return Buffer.byteLength(key);
  return key.length;
}

/** Writes `key` at `at` (its length `len` from keyBytes): ASCII by hand, short keys cost less than a native call. */
function writeKey(buf: Buffer, at: number, key: string, len: number): void {
  if (len !== key.length) buf.write(key, at);
  else for (let i = 0; i < len; i++) buf[at + i] = key.charCodeAt(i);
}

function kvSize(kv: KeyValue, keyLen: number): number {
  return 4 + keyLen + 8 + 8 + 4 + kv.value.byteLength;
}

function writeKV(buf: Buffer, at: number, kv: KeyValue, keyLen: number): number {
  buf.writeUInt32BE(keyLen, at);
  writeKey(buf, at + 4, kv.key, keyLen);
  at += 4 + keyLen;
  buf.writeDoubleBE(kv.createRevision, at);
  buf.writeDoubleBE(kv.modRevision, at + 8);
  buf.writeUInt32BE(kv.value.byteLength, at + 16);
  buf.set(kv.value, at + 20);
  return at + 20 + kv.value.byteLength;
}

/**
 * Where frames are written: `reserve(size)` makes room for a frame of `size` bytes (length prefix
 * included) in `buf` and returns its offset there. FrameWriter writes a connection's frames one
 * after another into one buffer, so a frame costs neither a Buffer of its own nor a copy at flush.
 */
export interface FrameSink {
  buf: Buffer;
  reserve(size: number): number;
}

/** A sink of one frame's exact size (encodeFrame). */
class OneFrame implements FrameSink {
  buf: Buffer = EMPTY;
  reserve(size: number): number {
    this.buf = Buffer.allocUnsafe(size);
    return 0;
  }
}
const EMPTY = Buffer.alloc(0);

/** Reserves a frame in `out`, writes its length, tag and id; returns its offset. */
function frame(out: FrameSink, size: number, tag: number, id: number): number {
  const o = out.reserve(size);
  const buf = out.buf;
  buf.writeUInt32BE(size - 4, o);
  buf[o + 4] = tag;
  buf.writeDoubleBE(id, o + 5);
  return o;
}

function v8Frame(out: FrameSink, message: Message): void {
  const body = v8.serialize(message);
  const o = out.reserve(5 + body.length);
  out.buf.writeUInt32BE(1 + body.length, o);
  out.buf[o + 4] = V8;
  out.buf.set(body, o + 5);
}

/** One message as a whole frame, length prefix included. */
export function encodeFrame(m: Message): Buffer {
  const out = new OneFrame();
  writeFrame(out, m);
  return out.buf;
}

/** Writes one message as a whole frame, length prefix included, into `out`. */
export function writeFrame(out: FrameSink, m: Message): void {
  if ("op" in m) {
    switch (m.op) {
      case "create":
      case "swap": {
        const extra = m.op === "swap" ? 8 : 0;
        const keyLen = keyBytes(m.key);
        const o = frame(out, HEAD + extra + 8 + keyLen + m.value.byteLength, m.op === "swap" ? SWAP : CREATE, m.id);
        const buf = out.buf;
        if (m.op === "swap") buf.writeDoubleBE(m.expect, o + HEAD);
        let at = o + HEAD + extra;
        buf.writeUInt32BE(keyLen, at);
        writeKey(buf, at + 4, m.key, keyLen);
        at += 4 + keyLen;
        buf.writeUInt32BE(m.value.byteLength, at);
        buf.set(m.value, at + 4);
        return;
      }
      case "get": {
        const keyLen = keyBytes(m.key);
        const o = frame(out, HEAD + keyLen, GET, m.id);
        writeKey(out.buf, o + HEAD, m.key, keyLen);
        return;
      }
      case "revision": {
        const ids = m.progress ?? [];
        const o = frame(out, HEAD + 4 + 8 * ids.length, REVISION, m.id);
        out.buf.writeUInt32BE(ids.length, o + HEAD);
        for (let i = 0; i < ids.length; i++) out.buf.writeDoubleBE(ids[i]!, o + HEAD + 4 + 8 * i);
        return;
      }
      case "progress":
        frame(out, HEAD, PROGRESS_REQUEST, m.id);
        return;
      default:
        v8Frame(out, m);
        return;
    }
  }
  switch (m.t) {
    case "ev": {
      // A delete's value is the previous one's: sent once, with the previous revisions.
      const prev = m.prev;
      const same = prev !== undefined && prev.value === m.kv.value && prev.key === m.kv.key;
      const keyLen = keyBytes(m.kv.key);
      const prevKeyLen = prev !== undefined && !same ? keyBytes(prev.key) : 0;
      const size = HEAD + 1 + 8 + kvSize(m.kv, keyLen) + 1 + (prev ? (same ? 16 : kvSize(prev, prevKeyLen)) : 0);
      const o = frame(out, size, EVENT, m.id);
      const buf = out.buf;
      buf[o + HEAD] = m.type === "PUT" ? 0 : 1;
      buf.writeDoubleBE(m.revision, o + HEAD + 1);
      const at = writeKV(buf, o + HEAD + 9, m.kv, keyLen);
      buf[at] = prev ? (same ? PREV_SAME_VALUE : PREV) : NO_PREV;
      if (same) {
        buf.writeDoubleBE(prev.createRevision, at + 1);
        buf.writeDoubleBE(prev.modRevision, at + 9);
      } else if (prev) writeKV(buf, at + 1, prev, prevKeyLen);
      return;
    }
    case "ok":
      if (m.written !== undefined) {
        if (m.kv !== undefined || m.items !== undefined || m.revision !== undefined || m.compacted !== undefined) return v8Frame(out, m);
        const o = frame(out, HEAD + 16, OK_WRITTEN, m.id);
        out.buf.writeDoubleBE(m.written.createRevision, o + HEAD);
        out.buf.writeDoubleBE(m.written.modRevision, o + HEAD + 8);
        return;
      }
      if (m.items !== undefined || m.continue !== undefined || m.remaining !== undefined) return v8Frame(out, m);
      if (m.revision !== undefined) {
        if (m.kv !== undefined) return v8Frame(out, m);
        const o = frame(out, HEAD + 16, OK_REVISION, m.id);
        out.buf.writeDoubleBE(m.revision, o + HEAD);
        out.buf.writeDoubleBE(m.compacted ?? -1, o + HEAD + 8);
        return;
      }
      if (m.compacted !== undefined) return v8Frame(out, m);
      {
        const keyLen = m.kv ? keyBytes(m.kv.key) : 0;
        const o = frame(out, HEAD + 1 + (m.kv ? kvSize(m.kv, keyLen) : 0), OK_KV, m.id);
        out.buf[o + HEAD] = m.kv ? 1 : 0;
        if (m.kv) writeKV(out.buf, o + HEAD + 1, m.kv, keyLen);
        return;
      }
    case "progress": {
      const o = frame(out, HEAD + 8, PROGRESS_NOTICE, m.id);
      out.buf.writeDoubleBE(m.revision, o + HEAD);
      return;
    }
    default:
      v8Frame(out, m);
  }
}

/**
 * Small values are copied into shared slabs, as Node's Buffer pool does: an ArrayBuffer of its
 * own per value cost about twice the copy (allocation, then the GC's sweep of each backing
 * store), and every event and write crosses here in each process. A slab stays alive while any
 * of its values does: at most SLAB_BYTES pinned by one value of up to SLAB_BYTES / 8.
 */
const SLAB_BYTES = 8 * 1024;
const SLAB_MAX_VALUE = SLAB_BYTES / 8;
let slab = new Uint8Array(SLAB_BYTES);
let slabUsed = 0;

/** A copy: a decoded value outlives the read chunk it arrived in (watch caches keep it). */
function copy(body: Buffer, from: number, length: number): Uint8Array {
  let out: Uint8Array;
  if (length > SLAB_MAX_VALUE) out = new Uint8Array(length);
  else {
    if (slabUsed + length > SLAB_BYTES) {
      slab = new Uint8Array(SLAB_BYTES);
      slabUsed = 0;
    }
    out = new Uint8Array(slab.buffer, slabUsed, length);
    // Aligned to 8 bytes, as a value of its own would be.
    slabUsed += (length + 7) & ~7;
  }
  // A plain view: Buffer's subarray costs a Buffer object.
  out.set(new Uint8Array(body.buffer, body.byteOffset + from, length));
  return out;
}

/** Where the last readKV stopped (an object per read for it would be garbage). */
let readEnd = 0;

function readKV(body: Buffer, at: number): KeyValue {
  const keyLen = body.readUInt32BE(at);
  const key = body.toString("utf8", at + 4, at + 4 + keyLen);
  at += 4 + keyLen;
  const createRevision = body.readDoubleBE(at);
  const modRevision = body.readDoubleBE(at + 8);
  const valueLen = body.readUInt32BE(at + 16);
  const value = copy(body, at + 20, valueLen);
  readEnd = at + 20 + valueLen;
  return { key, value, createRevision, modRevision };
}

/** The message of one frame's body (without its length prefix). Values are copies of the bytes. */
export function decodeBody(body: Buffer): Message {
  return decodeFrame(body, 0, body.length);
}

/**
 * The message of the frame body at `buf[start, end)`, read where it lies (no view of it is made).
 * Values are copies of the bytes.
 */
export function decodeFrame(buf: Buffer, start: number, end: number): Message {
  const tag = buf[start];
  if (tag === V8) return v8.deserialize(buf.subarray(start + 1, end)) as Message;
  // Offsets below are the encoder's, less the 4-byte length prefix, plus `start`.
  const id = buf.readDoubleBE(start + 1);
  const at = start + 9;
  switch (tag) {
    case EVENT: {
      const revision = buf.readDoubleBE(at + 1);
      const kv = readKV(buf, at + 9);
      const after = readEnd;
      const m: Response = { t: "ev", id, type: buf[at] === 0 ? "PUT" : "DELETE", kv, revision };
      if (buf[after] === PREV) m.prev = readKV(buf, after + 1);
      else if (buf[after] === PREV_SAME_VALUE)
        m.prev = { key: kv.key, value: kv.value, createRevision: buf.readDoubleBE(after + 1), modRevision: buf.readDoubleBE(after + 9) };
      return m;
    }
    case OK_KV:
      return buf[at] === 1 ? { t: "ok", id, kv: readKV(buf, at + 1) } : { t: "ok", id };
    case OK_REVISION: {
      const compacted = buf.readDoubleBE(at + 8);
      return { t: "ok", id, revision: buf.readDoubleBE(at), ...(compacted >= 0 && { compacted }) };
    }
    case PROGRESS_NOTICE:
      return { t: "progress", id, revision: buf.readDoubleBE(at) };
    case OK_WRITTEN:
      return { t: "ok", id, written: { createRevision: buf.readDoubleBE(at), modRevision: buf.readDoubleBE(at + 8) } };
    case CREATE: {
      const keyLen = buf.readUInt32BE(at);
      const key = buf.toString("utf8", at + 4, at + 4 + keyLen);
      const v = at + 4 + keyLen;
      return { op: "create", id, key, value: copy(buf, v + 4, buf.readUInt32BE(v)) };
    }
    case SWAP: {
      const keyLen = buf.readUInt32BE(at + 8);
      const key = buf.toString("utf8", at + 12, at + 12 + keyLen);
      const v = at + 12 + keyLen;
      return { op: "swap", id, expect: buf.readDoubleBE(at), key, value: copy(buf, v + 4, buf.readUInt32BE(v)) };
    }
    case GET:
      return { op: "get", id, key: buf.toString("utf8", at, end) };
    case REVISION: {
      const count = buf.readUInt32BE(at);
      if (count === 0) return { op: "revision", id };
      const progress = Array.from({ length: count }, (_, i) => buf.readDoubleBE(at + 4 + 8 * i));
      return { op: "revision", id, progress };
    }
    case PROGRESS_REQUEST:
      return { op: "progress", id };
    default:
      throw new Error(`storage protocol: unknown frame tag ${String(tag)}`);
  }
}
