/**
 * The protobuf wire reader the generated codecs read with: varints, doubles, strings and bytes
 * from one buffer, short ASCII strings copied from a shared one-byte string (see `string`), and
 * int64 read as a number without a Long.
 */
import { ProtobufError } from "./errors.js";

/**
 * Node's undocumented Buffer slicers (what Buffer#toString calls, minus its argument handling);
 * they work on any Uint8Array. Elsewhere TextDecoder does the same job: "latin1" there is
 * windows-1252, which agrees with Latin-1 on the ASCII bytes it is used for here.
 */
type Slicer = (this: Uint8Array, start: number, end: number) => string;
const nodeSlicers = typeof Buffer === "function" ? (Buffer.prototype as unknown as Record<string, Slicer>) : undefined;
const utf8Decoder = new TextDecoder("utf-8");
const latin1Decoder = new TextDecoder("latin1");
const utf8Slice: Slicer =
  nodeSlicers?.utf8Slice ??
  function (this: Uint8Array, start: number, end: number): string {
    return utf8Decoder.decode(this.subarray(start, end));
  };
const latin1Slice: Slicer =
  nodeSlicers?.latin1Slice ??
  function (this: Uint8Array, start: number, end: number): string {
    return latin1Decoder.decode(this.subarray(start, end));
  };

/** UTF-8 bytes as a string (invalid sequences become U+FFFD), natively and without a copy of the bytes. */
export function utf8String(bytes: Uint8Array): string {
  return utf8Slice.call(bytes, 0, bytes.length);
}

// A double's eight bytes through one shared view.
const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** ASCII strings up to this many bytes are checked here; longer ones are decoded natively. */
const WINDOW_STRING_BYTES = 48;
/**
 * V8 makes a substring of at least this many characters a slice of its parent (SlicedString's
 * minimum length) and copies shorter ones; only those are cut from a window.
 */
const SLICE_MIN_CHARS = 13;
/** Bytes per window of text (see `string`). */
const WINDOW_BYTES = 4096;

/**
 * Map keys recently decoded, found by a hash of their bytes (see `key`): two slots per hash, the
 * newer key first. Fixed in size, so memory stays flat; a third key on a hash evicts the older.
 */
const KEY_SLOTS = 4096;
const keyStrings: string[] = new Array<string>(KEY_SLOTS).fill("");
/** Each cached key's bytes, WINDOW_STRING_BYTES per slot, compared four at a time. */
const keyBytes = new Uint8Array(KEY_SLOTS * WINDOW_STRING_BYTES);
const keyView = new DataView(keyBytes.buffer);

/** Whether the key cached in `slot` is the `n` bytes at `start` (`view` over `buf`). */
function sameKey(slot: number, view: DataView, buf: Uint8Array, start: number, n: number): boolean {
  if (keyStrings[slot]!.length !== n) return false;
  let at = slot * WINDOW_STRING_BYTES;
  let i = start;
  const end = start + n;
  for (; i + 4 <= end; i += 4, at += 4) if (view.getInt32(i, true) !== keyView.getInt32(at, true)) return false;
  for (; i < end; i++, at++) if (buf[i] !== keyBytes[at]) return false;
  return true;
}

/** `s` as V8's internalized copy, the form a property store wants its key in. */
function internalized(s: string): string {
  for (const k in { [s]: 0 }) return k;
  return s;
}

/** Truncation is a RangeError, which asProtobufError reports as "truncated". */
function outOfRange(r: Reader, n: number): RangeError {
  return new RangeError(`index out of range: ${r.pos} + ${n} > ${r.len}`);
}

/**
 * Reads protobuf fields from `buf[pos, len)`. Running past the end throws a RangeError; a bad
 * wire type or varint an Error (both become ProtobufErrors at the envelope).
 */
/** Scratch for int64: varints are read synchronously, one at a time. */
const halves: [number, number] = [0, 0];

export class Reader {
  buf: Uint8Array;
  pos = 0;
  len: number;
  /** `buf[textStart, textEnd)` as a one-byte string, which ASCII strings are cut from. */
  private text = "";
  private textStart = 0;
  private textEnd = 0;
  /** `buf` read four bytes at a time, to check strings are ASCII. */
  private view: DataView | undefined;

  constructor(buf: Uint8Array) {
    this.buf = buf;
    this.len = buf.length;
  }

  static create(buf: Uint8Array): Reader {
    return new Reader(buf);
  }

  /**
   * Reads a varint as an unsigned 32-bit number (the low 32 bits of a longer one). Tags and most
   * lengths take one byte: that case is small enough for V8 to inline into every decoder.
   */
  uint32(): number {
    const pos = this.pos;
    if (pos < this.len) {
      const b = this.buf[pos]!;
      if (b < 0x80) {
        this.pos = pos + 1;
        return b;
      }
    }
    return this.uint32Long();
  }

  /** `uint32` of a varint longer than one byte, or at the end of the data. */
  private uint32Long(): number {
    const buf = this.buf;
    let pos = this.pos;
    if (this.len - pos < 10) return this.uint32Near();
    let b = buf[pos++]!;
    let v = b & 0x7f;
    if (b < 0x80) {
      this.pos = pos;
      return v;
    }
    b = buf[pos++]!;
    v |= (b & 0x7f) << 7;
    if (b < 0x80) {
      this.pos = pos;
      return v;
    }
    b = buf[pos++]!;
    v |= (b & 0x7f) << 14;
    if (b < 0x80) {
      this.pos = pos;
      return v;
    }
    b = buf[pos++]!;
    v |= (b & 0x7f) << 21;
    if (b < 0x80) {
      this.pos = pos;
      return v;
    }
    b = buf[pos++]!;
    v = (v | ((b & 0x0f) << 28)) >>> 0;
    // The high bits of a longer varint (a negative int32 takes ten bytes) are dropped.
    for (let i = 0; b >= 0x80 && i < 5; i++) b = buf[pos++]!;
    if (b >= 0x80) {
      this.pos = pos;
      throw new ProtobufError("malformed", `protobuf varint longer than 10 bytes at offset ${pos}`);
    }
    this.pos = pos;
    return v;
  }

  /** `uint32` within ten bytes of the end, checking each byte against it. */
  private uint32Near(): number {
    const buf = this.buf;
    let pos = this.pos;
    let v = 0;
    for (let i = 0; i < 10; i++) {
      if (pos >= this.len) throw outOfRange(this, 1);
      const b = buf[pos++]!;
      if (i < 4) v |= (b & 0x7f) << (7 * i);
      else if (i === 4) v = (v | ((b & 0x0f) << 28)) >>> 0;
      if (b < 0x80) {
        this.pos = pos;
        return v >>> 0;
      }
    }
    this.pos = pos;
    throw new ProtobufError("malformed", `protobuf varint longer than 10 bytes at offset ${pos}`);
  }

  /** Reads a varint as a signed 32-bit number. */
  int32(): number {
    return this.uint32() | 0;
  }

  /**
   * Reads an int64 varint as a number: exact within ±2^53 (what JSON numbers carry), the
   * nearest double beyond.
   */
  int64(): number {
    this.varint64(halves);
    return (halves[1] | 0) * 4294967296 + halves[0];
  }

  /** Reads the two 32-bit halves of a varint of up to 10 bytes into `out` ([lo, hi], unsigned). */
  varint64(out: [number, number]): void {
    const buf = this.buf;
    const len = this.len;
    let pos = this.pos;
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < 10; i++) {
      if (pos >= len) {
        this.pos = pos;
        throw new ProtobufError("truncated", `protobuf varint runs past the end of the data at offset ${pos}`);
      }
      const b = buf[pos++]!;
      const bits = b & 0x7f;
      if (i < 4) lo |= bits << (7 * i);
      else if (i === 4) {
        lo |= bits << 28;
        hi |= bits >>> 4;
      } else hi |= bits << (7 * i - 32);
      if (b < 0x80) {
        this.pos = pos;
        out[0] = lo >>> 0;
        out[1] = hi >>> 0;
        return;
      }
    }
    this.pos = pos;
    throw new ProtobufError("malformed", `protobuf varint longer than 10 bytes at offset ${pos}`);
  }

  /** Reads a varint as a bool: any non-zero value is true. */
  bool(): boolean {
    const pos = this.pos;
    // The common case, one byte: 0 or 1.
    if (pos < this.len && this.buf[pos]! < 0x80) {
      this.pos = pos + 1;
      return this.buf[pos] !== 0;
    }
    return this.boolLong();
  }

  /** `bool` of a varint longer than one byte (kept apart so `bool` stays small enough to inline). */
  private boolLong(): boolean {
    let v = false;
    for (let i = 0; i < 10; i++) {
      if (this.pos >= this.len) throw outOfRange(this, 1);
      const b = this.buf[this.pos++]!;
      if (b & 0x7f) v = true;
      if (b < 0x80) return v;
    }
    throw new ProtobufError("malformed", `protobuf varint longer than 10 bytes at offset ${this.pos}`);
  }

  /** Reads a double from eight little-endian bytes. */
  double(): number {
    const pos = this.pos;
    if (pos + 8 > this.len) throw outOfRange(this, 8);
    const buf = this.buf;
    if (littleEndian) for (let i = 0; i < 8; i++) f64Bytes[i] = buf[pos + i]!;
    else for (let i = 0; i < 8; i++) f64Bytes[7 - i] = buf[pos + i]!;
    this.pos = pos + 8;
    return f64[0]!;
  }

  /** Reads the length of a length-delimited field and checks the field lies within the data. */
  private delimited(): number {
    const n = this.uint32();
    if (n > this.len - this.pos) throw outOfRange(this, n);
    return n;
  }

  /**
   * Reads a length-prefixed UTF-8 string (invalid sequences become U+FFFD). Most strings in API
   * objects are short and ASCII: those under V8's slice length are cut from a one-byte string of
   * the surrounding bytes, made once per window, so many strings share one call into native code
   * where each would otherwise make its own; being copies, they keep no window alive. Other
   * strings are decoded natively, each into a string of its own.
   */
  string(): string {
    const n = this.delimited();
    if (n === 0) return "";
    const start = this.pos;
    const end = start + n;
    this.pos = end;
    const buf = this.buf;
    // Longer strings are copied out natively whatever they hold: Node's UTF-8 slicer takes about
    // as long as its Latin-1 one on ASCII (~40 ns from 13 to 100 bytes, Node 20), so checking
    // for ASCII first would only add the check.
    if (n < SLICE_MIN_CHARS) {
      // ASCII when no byte has its high bit set, checked four bytes at a time.
      const view = (this.view ??= new DataView(buf.buffer, buf.byteOffset, buf.byteLength));
      let bits = 0;
      let i = start;
      for (; i + 4 <= end; i += 4) bits |= view.getInt32(i, true);
      for (; i < end; i++) bits |= buf[i]!;
      if ((bits & 0x80808080) === 0) return this.windowString(start, end);
    }
    return utf8Slice.call(buf, start, end);
  }

  /**
   * Reads a map key, as `string`. Maps repeat their keys from object to object (label and
   * annotation keys, a ConfigMap's keys), so a short ASCII key decoded before is handed back as
   * the string made then, already internalized: storing it as a property skips making a new
   * string and V8 hashing and looking it up in its string table again. The generated decoders
   * also read string fields whose values repeat (namespaces, node names, images) this way.
   */
  key(): string {
    const n = this.delimited();
    if (n === 0) return "";
    const start = this.pos;
    const end = start + n;
    this.pos = end;
    const buf = this.buf;
    if (n <= WINDOW_STRING_BYTES) {
      const view = (this.view ??= new DataView(buf.buffer, buf.byteOffset, buf.byteLength));
      // The slot comes from the length and the four bytes at 0, 8 and 12 (when the key is that
      // long), the middle and the end, mixed by murmur3's finalizer: keys of one kind differ
      // near the start ("ip-10-0-3-21.eu-west-1.compute.internal") or at the end ("setting-12").
      // Sampling only the first, middle and last four bytes put such node names on a few pairs
      // of slots, each read evicting another (~470 ns a key to internalize again); hashing
      // every byte costs ~5% of a Namespace's decode. A full comparison follows, so a key
      // sharing a hash only risks eviction, never a wrong answer. Only ASCII keys are cached:
      // a hit needs no check.
      let h: number;
      if (n >= 4) {
        h = Math.imul(n ^ view.getInt32(start, true), 0x9e3779b1);
        if (n >= 12) h = Math.imul(h ^ view.getInt32(start + 8, true), 0x9e3779b1);
        if (n >= 16) h = Math.imul(h ^ view.getInt32(start + 12, true), 0x9e3779b1);
        h = Math.imul(h ^ view.getInt32(start + ((n >>> 1) & ~3), true), 0x9e3779b1) ^ view.getInt32(end - 4, true);
      } else h = n | (buf[start]! << 8) | (buf[end - 1]! << 16);
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      h ^= h >>> 16;
      // Two keys sharing a slot (likely among a large map's) both stay cached.
      const slot = h & (KEY_SLOTS - 2);
      if (sameKey(slot, view, buf, start, n)) return keyStrings[slot]!;
      if (sameKey(slot + 1, view, buf, start, n)) return keyStrings[slot + 1]!;
      let bits = 0;
      let i = start;
      for (; i + 4 <= end; i += 4) bits |= view.getInt32(i, true);
      for (; i < end; i++) bits |= buf[i]!;
      if ((bits & 0x80808080) === 0) {
        // A copy either way (see `asciiString`), so the cache keeps no buffer alive.
        const s = internalized(this.asciiString(start, end));
        const at = slot * WINDOW_STRING_BYTES;
        keyBytes.copyWithin(at + WINDOW_STRING_BYTES, at, at + WINDOW_STRING_BYTES);
        keyBytes.set(buf.subarray(start, end), at);
        keyStrings[slot + 1] = keyStrings[slot]!;
        keyStrings[slot] = s;
        return s;
      }
    }
    return utf8Slice.call(buf, start, end);
  }

  /**
   * `buf[start, end)`, ASCII, as a string of its own. V8 copies substrings shorter than
   * SLICE_MIN_CHARS, so short ones are cut from the window; a longer one would be a slice that
   * keeps the whole window alive, so it is copied out natively instead.
   */
  private asciiString(start: number, end: number): string {
    return end - start >= SLICE_MIN_CHARS ? latin1Slice.call(this.buf, start, end) : this.windowString(start, end);
  }

  /** `buf[start, end)` (ASCII, shorter than SLICE_MIN_CHARS) cut from the window, as a copy. */
  private windowString(start: number, end: number): string {
    if (start < this.textStart || end > this.textEnd) this.window(start);
    return this.text.substring(start - this.textStart, end - this.textStart);
  }

  /** Makes `text` the window of bytes from `start`. */
  private window(start: number): void {
    const end = Math.min(this.len, start + WINDOW_BYTES);
    this.text = latin1Slice.call(this.buf, start, end);
    this.textStart = start;
    this.textEnd = end;
  }

  /**
   * The value of the JSON text `buf[start, end)` when it is a plain string literal (printable
   * ASCII between quotes, no escapes), which needs no JSON parser; undefined otherwise.
   */
  jsonString(start: number, end: number): string | undefined {
    const buf = this.buf;
    if (end - start < 2 || end - start > WINDOW_STRING_BYTES || buf[start] !== 0x22 || buf[end - 1] !== 0x22) return undefined;
    for (let i = start + 1; i < end - 1; i++) {
      const b = buf[i]!;
      if (b < 0x20 || b > 0x7e || b === 0x22 || b === 0x5c) return undefined;
    }
    return this.asciiString(start + 1, end - 1);
  }

  /** Reads length-prefixed bytes, as a view into the buffer (copy it to keep it past the buffer). */
  bytes(): Uint8Array {
    const n = this.delimited();
    const start = this.pos;
    this.pos = start + n;
    return this.buf.subarray(start, start + n);
  }

  /** Skips `n` bytes. */
  skip(n: number): this {
    if (n > this.len - this.pos) throw outOfRange(this, n);
    this.pos += n;
    return this;
  }

  /**
   * Skips one field's value of wire type `wireType` (a group to its end tag, `field` naming the
   * group so the end tag can be checked); `depth` bounds nested groups.
   */
  skipType(wireType: number, depth = 0, field?: number): this {
    if (field === 0) throw new ProtobufError("malformed", `protobuf field number 0 at offset ${this.pos}`);
    switch (wireType) {
      case 0:
        do {
          if (this.pos >= this.len) throw outOfRange(this, 1);
        } while (this.buf[this.pos++]! & 0x80);
        return this;
      case 1:
        return this.skip(8);
      case 2:
        return this.skip(this.uint32());
      case 3: {
        if (depth >= 100) throw new ProtobufError("malformed", `protobuf groups nested over 100 deep at offset ${this.pos}`);
        for (;;) {
          const tag = this.uint32();
          const nested = tag >>> 3;
          const wt = tag & 7;
          if (nested === 0) throw new ProtobufError("malformed", `protobuf field number 0 at offset ${this.pos}`);
          if (wt === 4) {
            if (field !== undefined && nested !== field) {
              throw new ProtobufError("malformed", `protobuf group ${field} ends with the end tag of ${nested}`);
            }
            return this;
          }
          this.skipType(wt, depth + 1, nested);
        }
      }
      case 5:
        return this.skip(4);
      default:
        throw new ProtobufError("malformed", `protobuf wire type ${wireType} at offset ${this.pos}`);
    }
  }
}
