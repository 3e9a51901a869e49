/**
 * What decoding gives for what encoding writes, computed from the value with no bytes written or
 * read: the generated `canonical<Message>` functions call these per field, so that a server can
 * answer a write with the object a read of the stored bytes would give without reading them.
 * Each mirrors its writer and reader pair exactly: a lone surrogate becomes U+FFFD, an int32 is
 * cut to 32 bits, Go's zero values stand for what is unset, maps come back in the order their
 * keys are written. Rare shapes (times not yet seen, durations, JSON values) go through the real
 * writer and reader, which are exact by definition.
 */
import { EMPTY_STRUCT, newReader, newWriter, type Reader, type Writer } from "./wire.js";
import { mapObject, sortedEntries } from "./maps.js";
import {
  base64ToBytes,
  bytesToBase64,
  decodeDuration,
  decodeIntOrString,
  decodeJSONValue,
  decodeMicroTime,
  decodeQuantity,
  decodeRawExtension,
  decodeTime,
  encodeDuration,
  encodeIntOrString,
  encodeJSONValue,
  encodeMicroTime,
  encodeQuantity,
  encodeRawExtension,
  encodeTime,
} from "./specials.js";

interface WellFormed {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

const SURROGATE = /[\ud800-\udfff]/;
const nativeWellFormed = typeof (String.prototype as unknown as Partial<WellFormed>).isWellFormed === "function";

/** `s` as UTF-8 carries it: each lone surrogate replaced by U+FFFD, as the writer writes it. */
export function wireString<T extends string>(s: T): T {
  if (nativeWellFormed) return (s as unknown as WellFormed).isWellFormed() ? s : ((s as unknown as WellFormed).toWellFormed() as T);
  return SURROGATE.test(s) ? (Buffer.from(s, "utf8").toString("utf8") as T) : s;
}

/** An enum string as written and read: Go's "" when unset. */
export function wireEnum<T extends string>(s: T | null | undefined): T {
  return wireString(s ?? "") as T;
}

/** An int32 as written (32 bits, 0 when unset) and read. */
export function wireInt32(v: number | null | undefined): number {
  return (v ?? 0) | 0;
}

/** An int64 as written and read: itself within ±2^53, else what the 64-bit varint reads back as. */
export function wireInt64(v: number | null | undefined): number {
  const n = v ?? 0;
  return Number.isSafeInteger(n)
    ? n + 0
    : roundTrip(
        n,
        (x, w) => w.int64(x),
        (r) => r.int64(),
      );
}

/** A double as written and read (0 when unset). */
export function wireDouble(v: number | null | undefined): number {
  return v ?? 0;
}

/** A bool as written (one bit) and read. */
export function wireBool(v: boolean | null | undefined): boolean {
  return !!v;
}

/** A bytes field's base64 as written (its bytes) and read (standard padded base64); "" when unset. */
export function wireBytes(s: string | null | undefined): string {
  if (s == null || s === "") return "";
  return bytesToBase64(base64ToBytes(s));
}

/** Writes `v` with `encode` and reads it back with `decode`: exact, for the shapes not worth mirroring. */
function roundTrip<V, T>(v: V, encode: (v: V, w: Writer) => unknown, decode: (r: Reader, end: number) => T): T {
  const w = newWriter();
  encode(v, w);
  const bytes = w.finish();
  return decode(newReader(bytes), bytes.length);
}

/** The last few metav1.Time texts and what they read back as (objects repeat their times). */
const TIME_MEMO = 4;
const timeIn: unknown[] = new Array<unknown>(TIME_MEMO).fill(undefined);
const timeOut: string[] = new Array<string>(TIME_MEMO).fill("");
let timeNext = 0;

/** A metav1.Time as written and read: "" for Go's zero time (unset, or 0001-01-01T00:00:00Z), which the caller leaves out. */
export function canonicalTime(v: string | null | undefined): string {
  if (v === null || v === undefined || v === "") return "";
  for (let i = 0; i < TIME_MEMO; i++) if (timeIn[i] === v) return timeOut[i]!;
  const out = roundTrip(v, encodeTime, decodeTime);
  timeIn[timeNext] = v;
  timeOut[timeNext] = out;
  timeNext = (timeNext + 1) % TIME_MEMO;
  return out;
}

/** A metav1.MicroTime as written and read: "" for Go's zero time. */
export function canonicalMicroTime(v: string | null | undefined): string {
  if (v === null || v === undefined || v === "") return "";
  return roundTrip(v, encodeMicroTime, decodeMicroTime);
}

/** A metav1.Duration as written (nanoseconds) and read ("0s" when unset). */
export function canonicalDuration(v: string | null | undefined): string {
  return roundTrip(v, encodeDuration, decodeDuration);
}

/** An IntOrString as written and read: 0 when unset. */
export function canonicalIntOrString(v: number | string | null | undefined): number | string {
  if (typeof v === "string") return wireString(v);
  if (v === null || v === undefined) return 0;
  // What the writer refuses goes to it, to be refused the same way.
  return Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 ? v | 0 : roundTrip(v, encodeIntOrString, decodeIntOrString);
}

/** A Quantity as written and read: "0" when unset. */
export function canonicalQuantity(v: string | null | undefined): string {
  if (v === null || v === undefined || v === "") return "0";
  return typeof v === "string" ? wireString(v) : roundTrip(v, encodeQuantity, decodeQuantity);
}

/**
 * JSON carried as text (RawExtension, apiextensions JSON): null when unset; strings and booleans
 * come back as they are (JSON.stringify escapes a lone surrogate and JSON.parse restores it),
 * anything else through the writer and reader.
 */
function canonicalJsonText(v: unknown, encode: (v: unknown, w: Writer) => void, decode: (r: Reader, end: number) => unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || typeof v === "boolean") return v;
  return roundTrip(v, encode, decode);
}

/** A runtime.RawExtension as written and read (null when unset). */
export function canonicalRawExtension(v: unknown): unknown {
  return canonicalJsonText(v, encodeRawExtension, decodeRawExtension);
}

/** An apiextensions JSON value as written and read (null when unset). */
export function canonicalJSONValue(v: unknown): unknown {
  return canonicalJsonText(v, encodeJSONValue, decodeJSONValue);
}

// --- lists and maps -----------------------------------------------------------------------------

/** A repeated string field as read: undefined when nothing was written (unset or empty). */
export function wireStrings<T extends string>(a: readonly T[] | null | undefined): T[] | undefined {
  if (a == null || a.length === 0) return undefined;
  const out: T[] = [];
  for (let i = 0; i < a.length; i++) out.push(wireString(a[i]!));
  return out;
}

/** A repeated field as read, each element through `fn`: undefined when nothing was written. */
export function wireList<T, U>(a: readonly T[] | null | undefined, fn: (x: T) => U): U[] | undefined {
  if (a == null || a.length === 0) return undefined;
  const out: U[] = [];
  for (let i = 0; i < a.length; i++) out.push(fn(a[i]!));
  return out;
}

/** A repeated message field of structs as read: an unset element is written as the struct's zero value. */
export function wireStructList<T, U>(a: readonly T[] | null | undefined, fn: (x: T) => U): U[] | undefined {
  if (a == null || a.length === 0) return undefined;
  const out: U[] = [];
  for (let i = 0; i < a.length; i++) out.push(fn(a[i] ?? EMPTY_STRUCT));
  return out;
}

/**
 * A map field as read, each value through `fn`: the entries in the order the encoder writes
 * them (sortedEntries), made an object as the decoder makes it (mapObject); undefined when
 * nothing was written.
 */
export function wireMap<V, W>(m: Readonly<Record<string, V>> | null | undefined, fn: (v: V) => W): Record<string, W> | undefined {
  if (m == null) return undefined;
  const { keys, values } = sortedEntries(m as Record<string, V>);
  const n = keys.length;
  if (n === 0) return undefined;
  const entries = new Array<string | W>(2 * n);
  for (let i = 0; i < n; i++) {
    entries[2 * i] = wireString(keys[i]!);
    entries[2 * i + 1] = fn(values[i]!);
  }
  return mapObject(entries);
}

/** A map<string, string> field as read (an unset value is written as ""). */
export function wireStringMap<T extends string>(m: Readonly<Record<string, T>> | null | undefined): Record<string, T> | undefined {
  if (m == null) return undefined;
  const { keys, values } = sortedEntries(m as Record<string, T>);
  const n = keys.length;
  if (n === 0) return undefined;
  const entries = new Array<string>(2 * n);
  for (let i = 0; i < n; i++) {
    entries[2 * i] = wireString(keys[i]!);
    entries[2 * i + 1] = wireString(values[i] ?? "");
  }
  return mapObject(entries) as Record<string, T>;
}

/** A map field of struct values as read: an unset value is written as the struct's zero value. */
export function wireStructMap<V, W>(m: Readonly<Record<string, V>> | null | undefined, fn: (v: V) => W): Record<string, W> | undefined {
  return wireMap(m, (v: V) => fn(v ?? (EMPTY_STRUCT as V)));
}

/** A map field of metav1.Time (or MicroTime) values as read: Go's zero time is null there. */
export function wireTimeMap(
  m: Readonly<Record<string, string | null>> | null | undefined,
  fn: (v: string | null | undefined) => string,
): Record<string, string | null> | undefined {
  return wireMap(m, (v) => fn(v) || null);
}
