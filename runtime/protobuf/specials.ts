/**
 * Codecs for the types whose protobuf form is not their JSON form: metav1.Time/MicroTime
 * (Timestamp), metav1.Duration, intstr.IntOrString, resource.Quantity, and the types that carry
 * JSON text in a bytes field (runtime.RawExtension, metav1.FieldsV1, apiextensions JSON).
 *
 * Each `encodeX(v, w)` writes the message body (no tag, no length: the caller writes those);
 * each `decodeX(r, end)` reads fields until `end` and returns the value in the form Go's JSON
 * marshalling writes it. The bytes match Go's generated (gogo) marshallers field for field:
 * scalars that Go always writes are written even when zero.
 */
import { ProtobufError } from "./errors.js";
import { utf8String } from "./reader.js";
import { formatGoDuration, parseGoDuration } from "./go-duration.js";
import { GO_ZERO_TIME_SECONDS, formatRfc3339, parseRfc3339 } from "./go-time.js";
import { Reader, WIRE_BYTES, WIRE_VARINT, Writer, readInt64Big, writeInt64Big } from "./wire.js";

/** Field tags (field number << 3 | wire type) used below. */
const TAG_1_VARINT = (1 << 3) | WIRE_VARINT; // 0x08
const TAG_2_VARINT = (2 << 3) | WIRE_VARINT; // 0x10
const TAG_1_BYTES = (1 << 3) | WIRE_BYTES; // 0x0a
const TAG_3_BYTES = (3 << 3) | WIRE_BYTES; // 0x1a

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;

function checkEnd(r: Reader, end: number, what: string): void {
  if (r.pos > end) {
    throw new ProtobufError("truncated", `${what}: a field runs past the end of the message (offset ${r.pos} > ${end})`);
  }
}

function wrongWireType(what: string, field: number, wireType: number): ProtobufError {
  return new ProtobufError("malformed", `${what}: field ${field} has wire type ${wireType}`);
}

/** A Timestamp as read: reused across calls, so reading one allocates nothing. */
const timestamp = { seconds: 0, nanos: 0, empty: true };

/** Reads the fields of a {int64 seconds = 1; int32 nanos = 2} Timestamp into `timestamp`. */
function readTimestamp(r: Reader, end: number, what: string): typeof timestamp {
  timestamp.seconds = 0;
  timestamp.nanos = 0;
  timestamp.empty = r.pos === end;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === TAG_1_VARINT) timestamp.seconds = r.int64();
    else if (tag === TAG_2_VARINT) timestamp.nanos = r.int32();
    else if (tag >>> 3 === 1 || tag >>> 3 === 2) throw wrongWireType(what, tag >>> 3, tag & 7);
    else r.skipType(tag & 7);
  }
  checkEnd(r, end, what);
  return timestamp;
}

/**
 * The last few metav1.Time values converted each way. Objects repeat their timestamps (creation,
 * conditions' transitions), and these conversions are pure, so a handful of entries, replaced in
 * turn, saves most of the work. A parsed zero time is cached as NaN seconds.
 */
const TIME_CACHE = 4;
const parsedText: string[] = new Array<string>(TIME_CACHE).fill("");
const parsedSeconds: number[] = new Array<number>(TIME_CACHE).fill(0);
let parsedNext = 0;
const formattedSeconds: number[] = new Array<number>(TIME_CACHE).fill(NaN);
const formattedText: string[] = new Array<string>(TIME_CACHE).fill("");
let formattedNext = 0;

/** True when a value stands for Go's zero time (JSON null, or absent). */
const isUnset = (v: unknown): v is null | undefined | "" => v === null || v === undefined || v === "";

// --- metav1.Time -------------------------------------------------------------------------------

/**
 * Writes a metav1.Time as its Timestamp body: seconds always (field 1), nanos always 0 (field 2)
 * since Time's JSON keeps whole seconds. Go's zero time (an unset value: "", null, undefined, or
 * "0001-01-01T00:00:00Z") writes an empty body, as Go does.
 */
export function encodeTime(v: string | null | undefined, w: Writer): void {
  if (isUnset(v)) return;
  let seconds: number | undefined;
  for (let i = 0; i < TIME_CACHE; i++) {
    if (parsedText[i] === v) {
      seconds = parsedSeconds[i]!;
      break;
    }
  }
  if (seconds === undefined) {
    const t = parseRfc3339(v, "metav1.Time");
    // Go's zero time (nanos included) writes nothing.
    seconds = t.seconds === GO_ZERO_TIME_SECONDS && t.nanos === 0 ? NaN : t.seconds;
    parsedText[parsedNext] = v;
    parsedSeconds[parsedNext] = seconds;
    parsedNext = (parsedNext + 1) % TIME_CACHE;
  }
  if (Number.isNaN(seconds)) return;
  // Go's Unix() floors, and nanos are never sent (upstream drops them for JSON parity).
  w.int64Field(TAG_1_VARINT, seconds).int32Field(TAG_2_VARINT, 0);
}

/**
 * Reads a metav1.Time: "2006-01-02T15:04:05Z" in UTC, nanos ignored as Go ignores them. An empty
 * body is Go's zero time, which Go's JSON writes as null: this returns "" for it, and the caller
 * leaves the field unset.
 */
export function decodeTime(r: Reader, end: number): string {
  const t = readTimestamp(r, end, "metav1.Time");
  if (t.empty) return "";
  const seconds = t.seconds;
  for (let i = 0; i < TIME_CACHE; i++) if (formattedSeconds[i] === seconds) return formattedText[i]!;
  const text = formatRfc3339({ seconds, nanos: 0 }, 0, "metav1.Time");
  formattedSeconds[formattedNext] = seconds;
  formattedText[formattedNext] = text;
  formattedNext = (formattedNext + 1) % TIME_CACHE;
  return text;
}

// --- metav1.MicroTime --------------------------------------------------------------------------

/**
 * Writes a metav1.MicroTime as its Timestamp body: seconds and nanos (microsecond precision), both
 * always; Go's zero time writes an empty body.
 */
export function encodeMicroTime(v: string | null | undefined, w: Writer): void {
  if (isUnset(v)) return;
  const t = parseRfc3339(v, "metav1.MicroTime", 6);
  if (t.seconds === GO_ZERO_TIME_SECONDS && t.nanos === 0) return;
  w.uint32(TAG_1_VARINT)
    .int64(t.seconds)
    .uint32(TAG_2_VARINT)
    .int32(t.nanos - (t.nanos % 1000));
}

/**
 * Reads a metav1.MicroTime: "2006-01-02T15:04:05.000000Z" in UTC; "" for an empty body (Go's
 * zero time, JSON null).
 */
export function decodeMicroTime(r: Reader, end: number): string {
  const t = readTimestamp(r, end, "metav1.MicroTime");
  if (t.empty) return "";
  // Go truncates nanos to microseconds, then time.Unix carries out-of-range nanos into seconds.
  const micros = Math.trunc(t.nanos / 1000) * 1000;
  const carry = Math.floor(micros / 1e9);
  return formatRfc3339({ seconds: t.seconds + carry, nanos: micros - carry * 1e9 }, 6, "metav1.MicroTime");
}

// --- metav1.Duration ---------------------------------------------------------------------------

/** Writes a metav1.Duration: {int64 duration = 1} in nanoseconds, always written. Unset is 0. */
export function encodeDuration(v: string | null | undefined, w: Writer): void {
  const ns = isUnset(v) ? 0n : parseGoDuration(v);
  writeInt64Big(w.uint32(TAG_1_VARINT), ns);
}

/** Reads a metav1.Duration as Go's Duration.String() writes it ("1h2m3.5s", "0s"). */
export function decodeDuration(r: Reader, end: number): string {
  let ns = 0n;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === TAG_1_VARINT) ns = readInt64Big(r);
    else if (tag >>> 3 === 1) throw wrongWireType("metav1.Duration", 1, tag & 7);
    else r.skipType(tag & 7);
  }
  checkEnd(r, end, "metav1.Duration");
  return formatGoDuration(ns);
}

// --- intstr.IntOrString ------------------------------------------------------------------------

/**
 * Writes an IntOrString: type (0 int, 1 string), intVal and strVal, all three always, as Go does.
 * Unset is the int 0 (Go's zero value).
 */
export function encodeIntOrString(v: number | string | null | undefined, w: Writer): void {
  if (typeof v === "string") {
    w.int32Field(TAG_1_VARINT, 1).int32Field(TAG_2_VARINT, 0).stringField(TAG_3_BYTES, v);
    return;
  }
  const n = v ?? 0;
  if (typeof n !== "number" || !Number.isInteger(n) || n < INT32_MIN || n > INT32_MAX) {
    throw new ProtobufError("invalid-value", `IntOrString ${JSON.stringify(v)} is neither a string nor an int32`);
  }
  w.int32Field(TAG_1_VARINT, 0).int32Field(TAG_2_VARINT, n).stringField(TAG_3_BYTES, "");
}

/** Reads an IntOrString: the number for type 0, the string for type 1. */
export function decodeIntOrString(r: Reader, end: number): number | string {
  let type = 0;
  let intVal = 0;
  let strVal = "";
  while (r.pos < end) {
    const tag = r.uint32();
    switch (tag) {
      case TAG_1_VARINT:
        type = r.int64();
        break;
      case TAG_2_VARINT:
        intVal = r.int32();
        break;
      case TAG_3_BYTES:
        strVal = r.string();
        break;
      default:
        if ((tag >>> 3) - 1 < 3) throw wrongWireType("IntOrString", tag >>> 3, tag & 7);
        r.skipType(tag & 7);
    }
  }
  checkEnd(r, end, "IntOrString");
  if (type === 0) return intVal;
  if (type === 1) return strVal;
  throw new ProtobufError("malformed", `IntOrString: type ${type} is neither 0 (int) nor 1 (string)`);
}

// --- resource.Quantity -------------------------------------------------------------------------

/**
 * Writes a Quantity: {string string = 1}, always. The text is sent as given: canonical quantities
 * ("100m", "1Gi", "500Mi") are byte-identical to Go's; Go would rewrite a non-canonical one
 * ("1000m" as "1") on its side. Unset is "0", Go's zero Quantity.
 */
export function encodeQuantity(v: string | null | undefined, w: Writer): void {
  const s = isUnset(v) ? "0" : v;
  if (typeof s !== "string") throw new ProtobufError("invalid-value", `Quantity ${JSON.stringify(v)} is not a string`);
  w.stringField(TAG_1_BYTES, s);
}

/** Reads a Quantity's string; an empty body is Go's zero Quantity, "0". */
export function decodeQuantity(r: Reader, end: number): string {
  let s = "0";
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === TAG_1_BYTES) s = r.string();
    else if (tag >>> 3 === 1) throw wrongWireType("Quantity", 1, tag & 7);
    else r.skipType(tag & 7);
  }
  checkEnd(r, end, "Quantity");
  return s;
}

// --- JSON text in a bytes field: RawExtension, FieldsV1, apiextensions JSON --------------------

/** First bytes Go's RawExtension accepts as JSON (whitespace, object, array, literal, number, string). */
function looksLikeJson(b: number): boolean {
  return (
    b === 0x09 ||
    b === 0x0d ||
    b === 0x0a ||
    b === 0x20 ||
    b === 0x7b ||
    b === 0x5b ||
    b === 0x6e ||
    b === 0x74 ||
    b === 0x66 ||
    b === 0x22 ||
    b === 0x2d ||
    (b >= 0x30 && b <= 0x39)
  );
}

/** Writes {bytes raw = 1} holding the JSON text of `v`; null and undefined write nothing (nil Raw). */
function encodeJsonText(v: unknown, w: Writer, what: string): void {
  if (v === null || v === undefined) return;
  let text: string | undefined;
  try {
    text = JSON.stringify(v);
  } catch (err) {
    throw new ProtobufError("invalid-value", `${what}: value cannot be written as JSON`, { cause: err });
  }
  if (text === undefined) throw new ProtobufError("invalid-value", `${what}: value cannot be written as JSON`);
  w.stringField(TAG_1_BYTES, text);
}

/**
 * Scans a {bytes raw = 1} message up to `end` for its last raw field: `start` is -1 when there is
 * none, and `stop` past `end` when the field runs past the message (the scan stops there).
 */
function scanRaw(r: Reader, end: number, what: string): { start: number; stop: number } {
  let start = -1;
  let stop = -1;
  while (r.pos < end) {
    const tag = r.uint32();
    if (tag === TAG_1_BYTES) {
      const len = r.uint32();
      start = r.pos;
      stop = start + len;
      if (stop > end) break;
      r.pos = stop;
    } else if (tag >>> 3 === 1) throw wrongWireType(what, 1, tag & 7);
    else r.skipType(tag & 7);
  }
  return { start, stop };
}

/** Reads {bytes raw = 1} and parses the JSON text; an absent or empty raw is JSON null. */
function decodeJsonText(r: Reader, end: number, what: string): unknown {
  const { start, stop } = scanRaw(r, end, what);
  checkEnd(r, end, what);
  if (stop > end) throw new ProtobufError("truncated", `${what}: raw runs past the end of the message`);
  if (start < 0 || start === stop) return null;
  // Schemas' enum values and defaults are mostly short strings: read without a parser.
  const simple = r.jsonString(start, stop);
  if (simple !== undefined) return simple;
  const raw = r.buf.subarray(start, stop);
  if (!looksLikeJson(raw[0]!)) {
    throw new ProtobufError("malformed", `${what}: raw holds ${stop - start} bytes that are not JSON (CBOR or protobuf?)`);
  }
  try {
    return JSON.parse(utf8String(raw));
  } catch (err) {
    throw new ProtobufError("malformed", `${what}: raw is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** Writes a runtime.RawExtension: {bytes raw = 1} with the value's JSON text. */
export function encodeRawExtension(v: unknown, w: Writer): void {
  encodeJsonText(v, w, "RawExtension");
}

/** Reads a runtime.RawExtension's JSON text as a value (null when empty). */
export function decodeRawExtension(r: Reader, end: number): unknown {
  return decodeJsonText(r, end, "RawExtension");
}

/** Writes a metav1.FieldsV1: {bytes Raw = 1} with the managed-fields JSON text (a shared tree's text as it was read). */
export function encodeFieldsV1(v: unknown, w: Writer): void {
  const shared = typeof v === "object" && v !== null ? sharedFieldsV1Entry.get(v) : undefined;
  // The text's UTF-8 bytes, kept: copied rather than encoded again.
  if (shared !== undefined) w.uint32(TAG_1_BYTES).bytes(shared.bytes);
  else encodeJsonText(v, w, "FieldsV1");
}

/** The JSON text a shared FieldsV1 tree was read from (its JSON.stringify) and its UTF-8, or undefined when `v` is not one. */
export function sharedFieldsV1Text(v: unknown): { readonly text: string; readonly bytes: Uint8Array } | undefined {
  return typeof v === "object" && v !== null ? sharedFieldsV1Entry.get(v) : undefined;
}

/**
 * Reads a metav1.FieldsV1's JSON text as a value (null when empty). An object's text is read as
 * a shared frozen tree (see {@link sharedFieldsV1}): the objects of one workload carry the
 * same few texts, and one tree for all of them is neither parsed nor kept once per object.
 */
export function decodeFieldsV1(r: Reader, end: number): unknown {
  const at = r.pos;
  const { start, stop } = scanRaw(r, end, "FieldsV1");
  // Only a well-formed object's text is shared; anything else goes the general way (and its errors).
  if (start >= 0 && stop <= end && r.pos <= end && stop - start >= 2 && r.buf[start] === 0x7b /* { */) {
    const tree = sharedFieldsV1Bytes(r.buf, start, stop);
    if (tree !== undefined) return tree;
  }
  r.pos = at;
  return decodeJsonText(r, end, "FieldsV1");
}

/**
 * What {@link decodeFieldsV1} reads from what {@link encodeFieldsV1} writes of `v`, without the
 * bytes: a shared tree is found again by its bytes, as the decoder finds it (the same tree, or a
 * new one when the table has started afresh since); anything else goes through the writer and
 * reader. Null when unset.
 */
export function canonicalFieldsV1(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  const shared = typeof v === "object" ? sharedFieldsV1Entry.get(v) : undefined;
  if (shared !== undefined) return sharedFieldsV1Bytes(shared.bytes, 0, shared.bytes.length) ?? JSON.parse(shared.text);
  const w = Writer.create();
  encodeFieldsV1(v, w);
  const bytes = w.finish();
  return decodeFieldsV1(Reader.create(bytes), bytes.length);
}

// --- shared FieldsV1 trees ----------------------------------------------------------------------
//
// Upstream keeps FieldsV1 as its raw bytes. Here it is a tree, as its JSON reads, so that the
// objects stay plain JSON values; but a tree per object was most of what a managedFields entry
// cost a create (parsed on every decode, stringified on every encode, and kept by the watch
// cache for every object). So a text maps to one frozen tree, and the tree to its text: equal
// texts decode to the same tree, and a shared tree encodes as its text without stringifying.
// Frozen, a shared tree cannot be changed through one object under another's feet; whoever
// needs to change one copies it (as anyone must copy what a cache hands out).

/** Texts longer than this are parsed per object. */
const SHARED_TEXT_MAX = 16_000;
/** The characters of text the table may hold before it starts afresh (bounded: texts are anyone's). */
const SHARED_CHARS_MAX = 4_000_000;

/** A shared tree, its text and the text's UTF-8 bytes (a Buffer where there is one: compared natively). */
interface SharedFieldsV1 {
  readonly tree: object;
  readonly text: string;
  readonly bytes: Uint8Array;
}

// The table is found by a fingerprint of some characters (or bytes) and the length, not by the
// text as a Map key: V8 hashes all of a fresh string's characters (~1 ns each, some 2.5 µs for a
// Pod's text) on every lookup, where a sample and one native comparison of the candidates cost a
// tenth of that, and a decode need not make the string at all. Equal texts have equal prints;
// texts that differ only where no sample falls share a bucket, and the comparison tells them apart.
const byTextPrint = new Map<number, SharedFieldsV1[]>();
const byBytesPrint = new Map<number, SharedFieldsV1[]>();
/** Candidates per print at most: past it, a text is not shared (comparisons per lookup stay few, whatever the texts). */
const BUCKET_MAX = 8;
/** About this many characters (or bytes) are sampled, spread over the text. */
const PRINT_SAMPLES = 64;
let sharedChars = 0;
const sharedFieldsV1Entry = new WeakMap<object, SharedFieldsV1>();

/** The fingerprint of `s`: its length and about PRINT_SAMPLES of its UTF-16 units, evenly spread, the last included. */
function textPrint(s: string): number {
  const n = s.length;
  const step = n > PRINT_SAMPLES ? (n / PRINT_SAMPLES) | 0 : 1;
  let h = n;
  for (let i = 0; i < n; i += step) h = Math.imul(h ^ s.charCodeAt(i), 0x9e3779b1);
  if (n > 0) h = Math.imul(h ^ s.charCodeAt(n - 1), 0x85ebca6b);
  return h;
}

/** {@link textPrint} of the bytes `buf[start, stop)`. */
function bytesPrint(buf: Uint8Array, start: number, stop: number): number {
  const n = stop - start;
  const step = n > PRINT_SAMPLES ? (n / PRINT_SAMPLES) | 0 : 1;
  let h = n;
  for (let i = start; i < stop; i += step) h = Math.imul(h ^ buf[i]!, 0x9e3779b1);
  if (n > 0) h = Math.imul(h ^ buf[stop - 1]!, 0x85ebca6b);
  return h;
}

type Compare = (this: Uint8Array, target: Uint8Array, targetStart: number, targetEnd: number) => number;
const nativeCompare: Compare | undefined =
  typeof Buffer === "function" ? (Buffer.prototype as unknown as { compare: Compare }).compare : undefined;

/** Whether `bytes` equal `buf[start, stop)`. */
function sameBytes(bytes: Uint8Array, buf: Uint8Array, start: number, stop: number): boolean {
  if (bytes.length !== stop - start) return false;
  if (nativeCompare) return nativeCompare.call(bytes, buf, start, stop) === 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== buf[start + i]) return false;
  return true;
}

const utf8Encoder = new TextEncoder();

/**
 * A text's UTF-8 in memory of its own: a Buffer (compared natively) where there is one, never a
 * view into Node's shared pool, which a table entry kept for long would keep whole.
 */
function utf8Bytes(text: string): Uint8Array {
  if (typeof Buffer !== "function") return utf8Encoder.encode(text);
  const out = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
  out.write(text, 0, "utf8");
  return out;
}

/**
 * The shared frozen tree of a FieldsV1 JSON text, or undefined when the text is not one to
 * share: too long, not an object's JSON, or not written as JSON.stringify writes the tree (the
 * tree encodes back as this very text). `canonical`: the caller wrote the text as
 * JSON.stringify would, so that is not checked.
 */
export function sharedFieldsV1(text: string, canonical = false): object | undefined {
  const print = textPrint(text);
  const bucket = byTextPrint.get(print);
  if (bucket !== undefined) for (const e of bucket) if (e.text === text) return e.tree;
  if (text.length > SHARED_TEXT_MAX) return undefined;
  let tree: unknown;
  try {
    tree = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof tree !== "object" || tree === null || Array.isArray(tree)) return undefined;
  // Only a text that is the tree's own JSON can stand for it (no spaces, no escapes written otherwise).
  if (!canonical && JSON.stringify(tree) !== text) return undefined;
  const bytes = utf8Bytes(text);
  const bytesKey = bytesPrint(bytes, 0, bytes.length);
  if ((bucket?.length ?? 0) >= BUCKET_MAX || (byBytesPrint.get(bytesKey)?.length ?? 0) >= BUCKET_MAX) return undefined;
  deepFreeze(tree);
  if (sharedChars + text.length > SHARED_CHARS_MAX) {
    byTextPrint.clear();
    byBytesPrint.clear();
    sharedChars = 0;
  }
  const entry: SharedFieldsV1 = { tree, text, bytes };
  addTo(byTextPrint, print, entry);
  addTo(byBytesPrint, bytesKey, entry);
  sharedChars += text.length;
  sharedFieldsV1Entry.set(tree, entry);
  return tree;
}

function addTo(index: Map<number, SharedFieldsV1[]>, print: number, entry: SharedFieldsV1): void {
  const bucket = index.get(print);
  if (bucket === undefined) index.set(print, [entry]);
  else bucket.push(entry);
}

/** {@link sharedFieldsV1} of the UTF-8 text `buf[start, stop)`: a text seen before is found without making its string. */
function sharedFieldsV1Bytes(buf: Uint8Array, start: number, stop: number): object | undefined {
  const bucket = byBytesPrint.get(bytesPrint(buf, start, stop));
  if (bucket !== undefined) for (const e of bucket) if (sameBytes(e.bytes, buf, start, stop)) return e.tree;
  // New, or bytes that are not the text's own UTF-8 (invalid sequences): found or added by the text.
  return sharedFieldsV1(utf8String(buf.subarray(start, stop)));
}

function deepFreeze(v: object): void {
  Object.freeze(v);
  for (const k in v) {
    const c = (v as Record<string, unknown>)[k];
    if (typeof c === "object" && c !== null && !Object.isFrozen(c)) deepFreeze(c);
  }
}

/** Writes an apiextensions JSON value: {bytes raw = 1} with its JSON text. */
export function encodeJSONValue(v: unknown, w: Writer): void {
  encodeJsonText(v, w, "JSON");
}

/** Reads an apiextensions JSON value (null when empty). */
export function decodeJSONValue(r: Reader, end: number): unknown {
  return decodeJsonText(r, end, "JSON");
}

// --- bytes fields ------------------------------------------------------------------------------

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes standard padded base64 (how Go's JSON writes []byte); anything else throws. */
export function base64ToBytes(s: string): Uint8Array {
  if (!BASE64.test(s)) throw new ProtobufError("invalid-value", `bytes field ${JSON.stringify(s.slice(0, 40))} is not standard base64`);
  return Buffer.from(s, "base64");
}

/** Encodes bytes as standard padded base64, as Go's JSON writes []byte. */
export function bytesToBase64(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("base64");
}
