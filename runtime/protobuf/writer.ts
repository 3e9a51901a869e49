/**
 * The protobuf wire writer the generated codecs write with: fields go straight into one growable
 * byte buffer (no per-field objects), nested messages reserve a one-byte length that `ldelim`
 * widens in place when the body turns out longer, and a top-level writer borrows a shared
 * scratch buffer so an encode allocates little more than its result.
 */

/**
 * Node's undocumented Buffer#utf8Write (what Buffer#write calls, minus its argument handling);
 * it writes into any Uint8Array. Elsewhere TextEncoder#encodeInto does the same job.
 */
type Utf8Write = (this: Uint8Array, s: string, offset: number) => number;
const utf8Write: Utf8Write | undefined =
  typeof Buffer === "function" ? (Buffer.prototype as unknown as { utf8Write?: Utf8Write }).utf8Write : undefined;
const encoder = new TextEncoder();

/** The working buffer: always a plain Uint8Array, so element access sees one kind of array. */
function allocate(n: number): Uint8Array {
  return new Uint8Array(n);
}

/**
 * Results up to this size are views into a shared slab, as Node's Buffer pool hands them out
 * (one ArrayBuffer for many small results); larger ones get their own.
 */
const SLAB_BYTES = 16384;
const SLAB_RESULT_BYTES = SLAB_BYTES >>> 2;
let slab = new ArrayBuffer(0);
let slabUsed = 0;

/** Memory for a result of `n` bytes. */
function allocateResult(n: number): Uint8Array {
  if (n > SLAB_RESULT_BYTES) return new Uint8Array(n);
  if (slabUsed + n > slab.byteLength) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = new Uint8Array(slab, slabUsed, n);
  // The next result starts 8-byte aligned, as Node's pool aligns them.
  slabUsed = (slabUsed + n + 7) & ~7;
  return out;
}

/**
 * Strings up to this many characters are copied in JavaScript; longer ones natively. Measured
 * (Node 20, ASCII, tag and length included, per string): the loop ~23 ns at 13 characters, ~38
 * at 24, ~53 at 36 and ~64 at 40; the native write ~49-54 ns from 24 to 40. The crossover is
 * near 36.
 */
const JS_STRING_CHARS = 32;

/** Bytes of a varint holding the unsigned 32-bit `v`. */
const varintSize = (v: number): number => (v < 0x80 ? 1 : v < 0x4000 ? 2 : v < 0x200000 ? 3 : v < 0x10000000 ? 4 : 5);

/** The scratch buffer a writer borrows; kept between encodes up to this size. */
const SCRATCH_BYTES = 4096;
const SCRATCH_MAX_BYTES = 1 << 20;
let scratch: Uint8Array | undefined;
let scratchFree = true;

// A double's eight bytes, little-endian as protobuf wants them, through one shared view.
const f64 = new Float64Array(1);
const f64Bytes = new Uint8Array(f64.buffer);
const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * Writes protobuf fields in call order; every method returns the writer so calls chain
 * (`w.uint32(10).string(name)`). Byte for byte what protobufjs's Writer writes for valid
 * strings; a lone surrogate is written as U+FFFD, as Go's JSON decoding would have made it.
 */
export class Writer {
  /** The bytes written so far are `buf[0, pos)`. */
  buf: Uint8Array;
  pos = 0;
  /** Where each open `fork` put its one-byte length placeholder. */
  private readonly forks: number[] = [];

  private constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  /**
   * A new writer. It borrows the shared scratch buffer when no other writer holds it (encodes
   * are synchronous, so only a writer created inside another's encode finds it taken);
   * `finish` copies the result out and returns the buffer.
   */
  static create(): Writer {
    if (scratchFree && scratch) {
      scratchFree = false;
      return new Writer(scratch);
    }
    // Taken (or first use): this writer's buffer becomes the shared one. A writer abandoned by a
    // throwing encode never gives its buffer back, and the next create starts a new one here.
    scratch = allocate(SCRATCH_BYTES);
    scratchFree = false;
    return new Writer(scratch);
  }

  /** Makes room for `n` more bytes. */
  private grow(n: number): void {
    const old = this.buf;
    let size = old.length * 2;
    if (size < this.pos + n) size = this.pos + n;
    const buf = allocate(size);
    buf.set(old.subarray(0, this.pos));
    this.buf = buf;
    // Still the scratch holder: keep the larger buffer for later encodes.
    if (old === scratch) scratch = buf;
  }

  /** Writes `v` as an unsigned 32-bit varint (negative numbers as their two's complement). */
  uint32(v: number): this {
    if (this.buf.length - this.pos < 5) this.grow(5);
    const buf = this.buf;
    let pos = this.pos;
    v >>>= 0;
    while (v > 0x7f) {
      buf[pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[pos++] = v;
    this.pos = pos;
    return this;
  }

  /** Writes a signed 32-bit varint: negative values take ten bytes, sign-extended to 64 bits. */
  int32(v: number): this {
    v |= 0;
    if (v >= 0) return this.uint32(v);
    return this.varint64(v >>> 0, 0xffffffff);
  }

  /**
   * Writes an int64 varint from a number: exact for integers within ±2^53 (negatives in ten
   * bytes, as Go writes them); beyond, the low 64 bits of the nearest integer, as protobufjs.
   */
  int64(v: number): this {
    if (v >= 0 && v <= 0xffffffff) return this.uint32(v);
    const neg = v < 0;
    if (neg) v = -v;
    let lo = v >>> 0;
    let hi = ((v - lo) / 4294967296) >>> 0;
    if (neg) {
      // Two's complement of the magnitude, carried across the halves.
      hi = ~hi >>> 0;
      lo = ~lo >>> 0;
      if (++lo > 0xffffffff) {
        lo = 0;
        if (++hi > 0xffffffff) hi = 0;
      }
    }
    return this.varint64(lo, hi);
  }

  /** Writes the 64-bit varint whose unsigned 32-bit halves are `lo` and `hi`. */
  varint64(lo: number, hi: number): this {
    if (this.buf.length - this.pos < 10) this.grow(10);
    const buf = this.buf;
    let pos = this.pos;
    lo >>>= 0;
    hi >>>= 0;
    while (hi) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    while (lo > 0x7f) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      lo >>>= 7;
    }
    buf[pos++] = lo;
    this.pos = pos;
    return this;
  }

  /** Writes a bool as a one-byte varint. */
  bool(v: boolean): this {
    if (this.buf.length - this.pos < 1) this.grow(1);
    this.buf[this.pos++] = v ? 1 : 0;
    return this;
  }

  /** Writes a double as eight little-endian bytes. */
  double(v: number): this {
    if (this.buf.length - this.pos < 8) this.grow(8);
    const buf = this.buf;
    const pos = this.pos;
    f64[0] = v;
    if (littleEndian) for (let i = 0; i < 8; i++) buf[pos + i] = f64Bytes[i]!;
    else for (let i = 0; i < 8; i++) buf[pos + i] = f64Bytes[7 - i]!;
    this.pos = pos + 8;
    return this;
  }

  /**
   * The `*Field` methods write a field's tag and its value in one call, where `uint32(tag)` and
   * the value's method would take two: an encoder makes one such call per field. Tags are the
   * generated codecs' constants, most below 128 (one byte); each method writes its own, as a
   * shared helper would be one more call (V8 stops inlining into a large encoder).
   */

  /** Writes tag `t` (none when negative) and the string `s`, length-prefixed, as UTF-8. */
  stringField(t: number, s: string): this {
    const n = s.length;
    // At most three bytes per UTF-16 unit (a surrogate pair is four bytes for two), plus the
    // tag and the length.
    if (this.buf.length - this.pos < n * 3 + 10) this.grow(n * 3 + 10);
    const buf = this.buf;
    let pos = this.pos;
    if (t >= 0) {
      while (t > 0x7f) {
        buf[pos++] = (t & 0x7f) | 0x80;
        t >>>= 7;
      }
      buf[pos++] = t;
      this.pos = pos;
    }
    if (n <= JS_STRING_CHARS) {
      // Short strings are mostly ASCII, and copying them here beats a call into native code; the
      // length byte is the character count unless a non-ASCII character turns up.
      let p = pos + 1;
      let i = 0;
      for (; i + 4 <= n; i += 4) {
        const a = s.charCodeAt(i);
        const b = s.charCodeAt(i + 1);
        const c = s.charCodeAt(i + 2);
        const d = s.charCodeAt(i + 3);
        if ((a | b | c | d) >= 0x80) break;
        buf[p] = a;
        buf[p + 1] = b;
        buf[p + 2] = c;
        buf[p + 3] = d;
        p += 4;
      }
      for (; i < n; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0x80) break;
        buf[p++] = c;
      }
      if (i === n) {
        buf[pos] = n;
        this.pos = p;
        return this;
      }
    }
    // The length's size, guessed from the character count (the byte count is at least that);
    // when the bytes turn out to need a longer length, they move up to make room.
    const guess = varintSize(n);
    const start = pos + guess;
    const written = utf8Write ? utf8Write.call(buf, s, start) : encoder.encodeInto(s, buf.subarray(start)).written;
    if (written < 0x80) {
      // The common case: a one-byte length, where the guess put it.
      buf[pos] = written;
      this.pos = start + written;
      return this;
    }
    const size = varintSize(written);
    if (size !== guess) buf.copyWithin(pos + size, start, start + written);
    this.pos = pos;
    this.uint32(written);
    this.pos += written;
    return this;
  }

  /** Writes a length-prefixed string as UTF-8. */
  string(s: string): this {
    return this.stringField(-1, s);
  }

  /** Writes tag `t` and the signed 32-bit varint `v`. */
  int32Field(t: number, v: number): this {
    if (this.buf.length - this.pos < 15) this.grow(15);
    const buf = this.buf;
    let pos = this.pos;
    while (t > 0x7f) {
      buf[pos++] = (t & 0x7f) | 0x80;
      t >>>= 7;
    }
    buf[pos++] = t;
    // The common case, 0 to 127, in one byte.
    if (v >>> 0 === v && v < 0x80) {
      buf[pos] = v;
      this.pos = pos + 1;
      return this;
    }
    this.pos = pos;
    return this.int32(v);
  }

  /** Writes tag `t` and the int64 varint `v`. */
  int64Field(t: number, v: number): this {
    if (this.buf.length - this.pos < 15) this.grow(15);
    const buf = this.buf;
    let pos = this.pos;
    while (t > 0x7f) {
      buf[pos++] = (t & 0x7f) | 0x80;
      t >>>= 7;
    }
    buf[pos++] = t;
    this.pos = pos;
    return this.int64(v);
  }

  /** Writes tag `t` and the bool `v`. */
  boolField(t: number, v: boolean): this {
    if (this.buf.length - this.pos < 6) this.grow(6);
    const buf = this.buf;
    let pos = this.pos;
    while (t > 0x7f) {
      buf[pos++] = (t & 0x7f) | 0x80;
      t >>>= 7;
    }
    buf[pos++] = t;
    buf[pos] = v ? 1 : 0;
    this.pos = pos + 1;
    return this;
  }

  /** Writes tag `t` and starts a length-delimited body, as `uint32(t).fork()`. */
  forkField(t: number): this {
    if (this.buf.length - this.pos < 6) this.grow(6);
    const buf = this.buf;
    let pos = this.pos;
    while (t > 0x7f) {
      buf[pos++] = (t & 0x7f) | 0x80;
      t >>>= 7;
    }
    buf[pos++] = t;
    this.forks.push(pos);
    this.pos = pos + 1;
    return this;
  }

  /**
   * Writes tag `t` and a map<string, string> entry (key field 1, value field 2), as
   * `forkField(t).stringField(10, k).stringField(18, v).ldelim()` would in four calls: labels
   * and annotations are most of a small object's fields.
   */
  stringEntry(t: number, k: string, v: string): this {
    if (this.buf.length - this.pos < 6) this.grow(6);
    const buf = this.buf;
    let pos = this.pos;
    while (t > 0x7f) {
      buf[pos++] = (t & 0x7f) | 0x80;
      t >>>= 7;
    }
    buf[pos] = t;
    this.pos = pos + 2;
    this.stringField(10, k);
    this.stringField(18, v);
    const len = this.pos - pos - 2;
    if (len < 0x80) {
      // this.buf: the strings may have grown it.
      this.buf[pos + 1] = len;
      return this;
    }
    return this.widen(pos + 1, len);
  }

  /** Writes length-prefixed bytes. */
  bytes(v: Uint8Array): this {
    const n = v.length;
    this.uint32(n);
    if (this.buf.length - this.pos < n) this.grow(n);
    this.buf.set(v, this.pos);
    this.pos += n;
    return this;
  }

  /** Appends bytes as they are, with no length (the envelope's magic, an encoded message). */
  raw(v: Uint8Array): this {
    const n = v.length;
    if (this.buf.length - this.pos < n) this.grow(n);
    this.buf.set(v, this.pos);
    this.pos += n;
    return this;
  }

  /** Starts a length-delimited field whose length `ldelim` writes when the body is done. */
  fork(): this {
    if (this.buf.length - this.pos < 1) this.grow(1);
    this.forks.push(this.pos++);
    return this;
  }

  /**
   * Ends the body the last `fork` started, writing its length in the byte reserved for it; a
   * length of 128 or more needs more bytes, and the body moves up by as many.
   */
  ldelim(): this {
    const at = this.forks.pop();
    if (at === undefined) throw new Error("protobuf writer: ldelim without a fork");
    const len = this.pos - at - 1;
    if (len < 0x80) {
      this.buf[at] = len;
      return this;
    }
    return this.widen(at, len);
  }

  /**
   * Writes `len`, the length of the body after the one byte reserved at `at`, when it needs more
   * bytes than that one (kept apart, so the callers' common case stays small enough to inline).
   */
  private widen(at: number, len: number): this {
    const extra = varintSize(len) - 1;
    if (this.buf.length - this.pos < extra) this.grow(extra);
    const buf = this.buf;
    buf.copyWithin(at + 1 + extra, at + 1, this.pos);
    let v = len;
    let p = at;
    while (v > 0x7f) {
      buf[p++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    buf[p] = v;
    this.pos += extra;
    return this;
  }

  /**
   * The bytes written, in a buffer of their own. A borrowed scratch buffer goes back for the next
   * writer; this one keeps the result as its buffer, so `finish` may be called again.
   */
  finish(): Uint8Array {
    if (this.forks.length) throw new Error("protobuf writer: finish with a fork not ended by ldelim");
    const n = this.pos;
    const out = allocateResult(n);
    const buf = this.buf;
    if (n < 64) for (let i = 0; i < n; i++) out[i] = buf[i]!;
    else out.set(buf.subarray(0, n));
    if (buf === scratch) {
      // An encode that grew the scratch far leaves it to the garbage collector.
      if (buf.length > SCRATCH_MAX_BYTES) scratch = undefined;
      scratchFree = true;
    }
    this.buf = out;
    return out;
  }
}
