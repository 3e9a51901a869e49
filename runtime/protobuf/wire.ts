/**
 * The wire primitives every codec uses: our Writer and Reader (writer.ts, reader.ts), the wire
 * types, and int64 helpers that avoid Longs.
 */
import { Reader } from "./reader.js";
import { Writer } from "./writer.js";

export { Reader } from "./reader.js";
export { Writer } from "./writer.js";

/** Wire types of the protobuf encoding (the low three bits of a tag). */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_BYTES = 2;
export const WIRE_FIXED32 = 5;

/** A new writer (borrowing the shared scratch buffer when free). */
export function newWriter(): Writer {
  return Writer.create();
}

/** A new reader over `bytes`. */
export function newReader(bytes: Uint8Array): Reader {
  return Reader.create(bytes);
}

const scratch: [number, number] = [0, 0];

/**
 * Reads an int64 varint as a number: exact for every value within ±2^53 (what JSON numbers can
 * carry), nearest double beyond.
 */
export function readInt64(r: Reader): number {
  return r.int64();
}

/** Reads an int64 varint exactly, as a bigint. */
export function readInt64Big(r: Reader): bigint {
  r.varint64(scratch);
  return BigInt.asIntN(64, (BigInt(scratch[1]) << 32n) | BigInt(scratch[0]));
}

/** Writes an int64 varint from a bigint (two's complement, ten bytes for negatives, as Go does). */
export function writeInt64Big(w: Writer, v: bigint): Writer {
  const u = BigInt.asUintN(64, v);
  return w.varint64(Number(u & 0xffffffffn), Number(u >> 32n));
}

/**
 * Stands in for an absent non-pointer struct when encoding: Go writes such a struct's zero value,
 * which is what encoding an object with no fields gives.
 */
export const EMPTY_STRUCT = Object.freeze({}) as never;
