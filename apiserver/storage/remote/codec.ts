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

function kvSize(kv: KeyValue): number {
  return 4 + Buffer.byteLength(kv.key) + 8 + 8 + 4 + kv.value.byteLength;
}

function writeKV(buf: Buffer, at: number, kv: KeyValue): number {
  const keyLen = buf.write(kv.key, at + 4);
  buf.writeUInt32BE(keyLen, at);
  at += 4 + keyLen;
  buf.writeDoubleBE(kv.createRevision, at);
  buf.writeDoubleBE(kv.modRevision, at + 8);
  buf.writeUInt32BE(kv.value.byteLength, at + 16);
  buf.set(kv.value, at + 20);
  return at + 20 + kv.value.byteLength;
}

function keyWithValueSize(key: string, value: Uint8Array): number {
  return 4 + Buffer.byteLength(key) + 4 + value.byteLength;
}

function writeKeyWithValue(buf: Buffer, at: number, key: string, value: Uint8Array): number {
  const keyLen = buf.write(key, at + 4);
  buf.writeUInt32BE(keyLen, at);
  at += 4 + keyLen;
  buf.writeUInt32BE(value.byteLength, at);
  buf.set(value, at + 4);
  return at + 4 + value.byteLength;
}

function frame(size: number, tag: number, id: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  buf.writeUInt32BE(size - 4, 0);
  buf[4] = tag;
  buf.writeDoubleBE(id, 5);
  return buf;
}

function v8Frame(message: Message): Buffer {
  const body = v8.serialize(message);
  const buf = Buffer.allocUnsafe(5 + body.length);
  buf.writeUInt32BE(1 + body.length, 0);
  buf[4] = V8;
  buf.set(body, 5);
  return buf;
}

/** One message as a whole frame, length prefix included. */
export function encodeFrame(m: Message): Buffer {
  if ("op" in m) {
    switch (m.op) {
      case "create":
      case "swap": {
        const extra = m.op === "swap" ? 8 : 0;
        const buf = frame(HEAD + extra + keyWithValueSize(m.key, m.value), m.op === "swap" ? SWAP : CREATE, m.id);
        if (m.op === "swap") buf.writeDoubleBE(m.expect, HEAD);
        writeKeyWithValue(buf, HEAD + extra, m.key, m.value);
        return buf;
      }
      case "get": {
        const keyLen = Buffer.byteLength(m.key);
        const buf = frame(HEAD + keyLen, GET, m.id);
        buf.write(m.key, HEAD);
        return buf;
      }
      case "revision": {
        const ids = m.progress ?? [];
        const buf = frame(HEAD + 4 + 8 * ids.length, REVISION, m.id);
        buf.writeUInt32BE(ids.length, HEAD);
        for (let i = 0; i < ids.length; i++) buf.writeDoubleBE(ids[i]!, HEAD + 4 + 8 * i);
        return buf;
      }
      case "progress":
        return frame(HEAD, PROGRESS_REQUEST, m.id);
      default:
        return v8Frame(m);
    }
  }
  switch (m.t) {
    case "ev": {
      // A delete's value is the previous one's: sent once, with the previous revisions.
      const same = m.prev !== undefined && m.prev.value === m.kv.value && m.prev.key === m.kv.key;
      const size = HEAD + 1 + 8 + kvSize(m.kv) + 1 + (m.prev ? (same ? 16 : kvSize(m.prev)) : 0);
      const buf = frame(size, EVENT, m.id);
      buf[HEAD] = m.type === "PUT" ? 0 : 1;
      buf.writeDoubleBE(m.revision, HEAD + 1);
      const at = writeKV(buf, HEAD + 9, m.kv);
      buf[at] = m.prev ? (same ? PREV_SAME_VALUE : PREV) : NO_PREV;
      if (same) {
        buf.writeDoubleBE(m.prev!.createRevision, at + 1);
        buf.writeDoubleBE(m.prev!.modRevision, at + 9);
      } else if (m.prev) writeKV(buf, at + 1, m.prev);
      return buf;
    }
    case "ok":
      if (m.written !== undefined) {
        if (m.kv !== undefined || m.items !== undefined || m.revision !== undefined || m.compacted !== undefined) return v8Frame(m);
        const buf = frame(HEAD + 16, OK_WRITTEN, m.id);
        buf.writeDoubleBE(m.written.createRevision, HEAD);
        buf.writeDoubleBE(m.written.modRevision, HEAD + 8);
        return buf;
      }
      if (m.items !== undefined || m.continue !== undefined || m.remaining !== undefined) return v8Frame(m);
      if (m.revision !== undefined) {
        if (m.kv !== undefined) return v8Frame(m);
        const buf = frame(HEAD + 16, OK_REVISION, m.id);
        buf.writeDoubleBE(m.revision, HEAD);
        buf.writeDoubleBE(m.compacted ?? -1, HEAD + 8);
        return buf;
      }
      if (m.compacted !== undefined) return v8Frame(m);
      {
        const buf = frame(HEAD + 1 + (m.kv ? kvSize(m.kv) : 0), OK_KV, m.id);
        buf[HEAD] = m.kv ? 1 : 0;
        if (m.kv) writeKV(buf, HEAD + 1, m.kv);
        return buf;
      }
    case "progress": {
      const buf = frame(HEAD + 8, PROGRESS_NOTICE, m.id);
      buf.writeDoubleBE(m.revision, HEAD);
      return buf;
    }
    default:
      return v8Frame(m);
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
    out = slab.subarray(slabUsed, slabUsed + length);
    // Aligned to 8 bytes, as a value of its own would be.
    slabUsed += (length + 7) & ~7;
  }
  out.set(body.subarray(from, from + length));
  return out;
}

function readKV(body: Buffer, at: number): { kv: KeyValue; end: number } {
  const keyLen = body.readUInt32BE(at);
  const key = body.toString("utf8", at + 4, at + 4 + keyLen);
  at += 4 + keyLen;
  const createRevision = body.readDoubleBE(at);
  const modRevision = body.readDoubleBE(at + 8);
  const valueLen = body.readUInt32BE(at + 16);
  const value = copy(body, at + 20, valueLen);
  return { kv: { key, value, createRevision, modRevision }, end: at + 20 + valueLen };
}

function readKeyWithValue(body: Buffer, at: number): { key: string; value: Uint8Array } {
  const keyLen = body.readUInt32BE(at);
  const key = body.toString("utf8", at + 4, at + 4 + keyLen);
  at += 4 + keyLen;
  return { key, value: copy(body, at + 4, body.readUInt32BE(at)) };
}

/** The message of one frame's body (without its length prefix). Values are copies of the bytes. */
export function decodeBody(body: Buffer): Message {
  const tag = body[0];
  if (tag === V8) return v8.deserialize(body.subarray(1)) as Message;
  // Offsets below are the encoder's, less the 4-byte length prefix.
  const id = body.readDoubleBE(1);
  const at = 9;
  switch (tag) {
    case EVENT: {
      const revision = body.readDoubleBE(at + 1);
      const { kv, end } = readKV(body, at + 9);
      const m: Response = { t: "ev", id, type: body[at] === 0 ? "PUT" : "DELETE", kv, revision };
      if (body[end] === PREV) m.prev = readKV(body, end + 1).kv;
      else if (body[end] === PREV_SAME_VALUE)
        m.prev = { key: kv.key, value: kv.value, createRevision: body.readDoubleBE(end + 1), modRevision: body.readDoubleBE(end + 9) };
      return m;
    }
    case OK_KV:
      return body[at] === 1 ? { t: "ok", id, kv: readKV(body, at + 1).kv } : { t: "ok", id };
    case OK_REVISION: {
      const compacted = body.readDoubleBE(at + 8);
      return { t: "ok", id, revision: body.readDoubleBE(at), ...(compacted >= 0 && { compacted }) };
    }
    case PROGRESS_NOTICE:
      return { t: "progress", id, revision: body.readDoubleBE(at) };
    case OK_WRITTEN:
      return { t: "ok", id, written: { createRevision: body.readDoubleBE(at), modRevision: body.readDoubleBE(at + 8) } };
    case CREATE:
      return { op: "create", id, ...readKeyWithValue(body, at) };
    case SWAP:
      return { op: "swap", id, expect: body.readDoubleBE(at), ...readKeyWithValue(body, at + 8) };
    case GET:
      return { op: "get", id, key: body.toString("utf8", at) };
    case REVISION: {
      const count = body.readUInt32BE(at);
      if (count === 0) return { op: "revision", id };
      const progress = Array.from({ length: count }, (_, i) => body.readDoubleBE(at + 4 + 8 * i));
      return { op: "revision", id, progress };
    }
    case PROGRESS_REQUEST:
      return { op: "progress", id };
    default:
      throw new Error(`storage protocol: unknown frame tag ${String(tag)}`);
  }
}
