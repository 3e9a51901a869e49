/**
 * The wire primitives every codec uses: protobufjs's Writer and Reader (imported here once, so
 * the CommonJS interop lives in one place), plus int64 readers that avoid protobufjs's Long.
 */
import protobuf from "protobufjs/minimal.js";
import type { Reader as PbReader, Writer as PbWriter } from "protobufjs/minimal.js";
import { ProtobufError } from "./errors.js";

/** protobufjs's binary writer: fields appended in call order, `fork`/`ldelim` for nested messages. */
export type Writer = PbWriter;
/** protobufjs's binary reader over one buffer; `pos` is the read position, `len` the end. */
export type Reader = PbReader;

// protobufjs is CommonJS without named ESM exports, so the classes come off the default export.
export const Writer: typeof PbWriter = protobuf.Writer;
export const Reader: typeof PbReader = protobuf.Reader;

/** Wire types of the protobuf encoding (the low three bits of a tag). */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;
export const WIRE_FIXED32 = 5;

/** A new writer (Node's Buffer-backed one where available). */
export function newWriter(): Writer {
  return Writer.create();
}

/** A new reader over `bytes`. */
export function newReader(bytes: Uint8Array): Reader {
  return Reader.create(bytes);
}

function truncated(r: Reader): ProtobufError {
  return new ProtobufError("truncated", `protobuf varint runs past the end of the data at offset ${r.pos}`);
}

/**
 * Reads the two 32-bit halves of a varint of up to 10 bytes into `halves` ([lo, hi], unsigned).
 * protobufjs's own int64 reader allocates a LongBits and a Long per value; this one allocates nothing.
 */
function readVarint64(r: Reader, halves: [number, number]): void {
  const buf = r.buf;
  const len = r.len;
  let pos = r.pos;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < 10; i++) {
    if (pos >= len) {
      r.pos = pos;
      throw truncated(r);
    }
    const b = buf[pos++]!;
    const bits = b & 0x7f;
    if (i < 4) lo |= bits << (7 * i);
    else if (i === 4) {
      lo |= bits << 28;
      hi |= bits >>> 4;
    } else hi |= bits << (7 * i - 32);
    if (b < 0x80) {
      r.pos = pos;
      halves[0] = lo >>> 0;
      halves[1] = hi >>> 0;
      return;
    }
  }
  r.pos = pos;
  throw new ProtobufError("malformed", `protobuf varint longer than 10 bytes at offset ${pos}`);
}

const scratch: [number, number] = [0, 0];

/**
 * Reads an int64 varint as a number: exact for every value within ±2^53 (what JSON numbers can
 * carry), nearest double beyond.
 */
export function readInt64(r: Reader): number {
  readVarint64(r, scratch);
  return (scratch[1] | 0) * 4294967296 + scratch[0];
}

/** Reads an int64 varint exactly, as a bigint. */
export function readInt64Big(r: Reader): bigint {
  readVarint64(r, scratch);
  return BigInt.asIntN(64, (BigInt(scratch[1]) << 32n) | BigInt(scratch[0]));
}

/** Writes an int64 varint from a bigint (two's complement, ten bytes for negatives, as Go does). */
export function writeInt64Big(w: Writer, v: bigint): Writer {
  const u = BigInt.asUintN(64, v);
  // protobufjs accepts any { low, high } pair as a Long.
  return w.uint64({ low: Number(u & 0xffffffffn) | 0, high: Number(u >> 32n) | 0, unsigned: true });
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Orders strings by code point, which is the byte order of their UTF-8 (how Go sorts map keys
 * before marshalling). JavaScript's default sort compares UTF-16 code units, which differs when a
 * character beyond U+FFFF meets one in U+E000-U+FFFF.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** A map's keys in Go's marshalling order (UTF-8 byte order), for deterministic encoding. */
export function sortedKeys(m: object): string[] {
  const keys = Object.keys(m).sort();
  // Code-unit and code-point order agree unless a key holds a surrogate pair: re-sort only then.
  for (const k of keys) if (SURROGATE.test(k)) return keys.sort(compareUtf8);
  return keys;
}
