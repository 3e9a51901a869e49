/**
 * The runtime's protobuf Reader against protobufjs's: every method on bytes protobufjs wrote
 * (varints of every size, negative int32s in ten bytes, int64 to ±2^53, doubles, strings with
 * multi-byte characters and surrogate pairs, bytes, skipped fields of each wire type), strings
 * of invalid UTF-8 against Node's decoder, strings read across the reader's text windows, in any
 * order and from a view into a larger buffer; and the errors truncated or malformed input gives.
 */
import fc from "fast-check";
import protobuf from "protobufjs/minimal.js";
import { describe, expect, it } from "vitest";
import { ProtobufError, Reader, asProtobufError } from "../../runtime/index.js";

type PbWriter = protobuf.Writer;

/** One value as written (by protobufjs) and as it should read back. */
type Field =
  | { kind: "uint32"; v: number }
  | { kind: "int32"; v: number }
  | { kind: "int64"; v: number }
  | { kind: "bool"; v: boolean }
  | { kind: "double"; v: number }
  | { kind: "string"; v: string }
  | { kind: "bytes"; v: Uint8Array };

function write(w: PbWriter, f: Field): void {
  if (f.kind === "bytes") w.bytes(f.v);
  else if (f.kind === "string") w.string(f.v);
  else if (f.kind === "bool") w.bool(f.v);
  else w[f.kind](f.v);
}

function read(r: Reader, f: Field): unknown {
  return r[f.kind]();
}

/** What protobufjs's own reader gives for the field (ints as numbers). */
function expected(f: Field): unknown {
  if (f.kind === "uint32") return f.v >>> 0;
  if (f.kind === "int32") return f.v | 0;
  if (f.kind === "bytes") return [...f.v];
  return f.v;
}

const text = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme-ascii", minLength: 40, maxLength: 300 }),
  fc.string({ unit: "binary", minLength: 40, maxLength: 300 }),
);

const field: fc.Arbitrary<Field> = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }).map((v): Field => ({ kind: "uint32", v })),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v): Field => ({ kind: "int32", v })),
  fc.maxSafeInteger().map((v): Field => ({ kind: "int64", v })),
  fc.boolean().map((v): Field => ({ kind: "bool", v })),
  fc.double({ noNaN: true }).map((v): Field => ({ kind: "double", v })),
  text.map((v): Field => ({ kind: "string", v })),
  fc.uint8Array({ maxLength: 200 }).map((v): Field => ({ kind: "bytes", v })),
);

/** `bytes` at an odd offset inside a larger buffer, as the envelope hands raw messages over. */
function embedded(bytes: Uint8Array, plain: boolean): Uint8Array {
  const outer = plain ? new Uint8Array(bytes.length + 7) : Buffer.alloc(bytes.length + 7);
  outer.set(bytes, 3);
  return outer.subarray(3, 3 + bytes.length);
}

describe("Reader, value for value as protobufjs", () => {
  it("reads any sequence of fields protobufjs wrote, from a Buffer or a plain Uint8Array view", () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 40 }), fc.boolean(), (fields, plain) => {
        const w = protobuf.Writer.create();
        for (const f of fields) write(w, f);
        const bytes = embedded(w.finish(), plain);
        const ours = Reader.create(bytes);
        const theirs = protobuf.Reader.create(Buffer.from(bytes));
        for (const f of fields) {
          const v = read(ours, f);
          expect(f.kind === "bytes" ? [...(v as Uint8Array)] : v).toEqual(expected(f));
          // protobufjs agrees on every kind but int64, which it reads as a Long.
          if (f.kind !== "int64" && f.kind !== "bytes") expect(v).toEqual(theirs[f.kind]());
          else if (f.kind === "int64") theirs.int64();
          else theirs.bytes();
          expect(ours.pos).toBe(theirs.pos);
        }
        expect(ours.pos).toBe(bytes.length);
      }),
      { numRuns: 300 },
    );
  });

  it("reads the low 32 bits of longer varints as uint32/int32, as protobufjs", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (v) => {
        const bytes = protobuf.Writer.create().int64(v).finish();
        expect(Reader.create(bytes).uint32()).toBe(protobuf.Reader.create(bytes).uint32());
        expect(Reader.create(bytes).int32()).toBe(protobuf.Reader.create(bytes).int32());
        expect(Reader.create(bytes).int64()).toBe(v);
      }),
    );
  });

  it("reads doubles bit for bit (NaN, infinities, -0)", () => {
    for (const v of [NaN, Infinity, -Infinity, -0, 0, Number.MIN_VALUE, Number.MAX_VALUE, Math.PI]) {
      expect(Object.is(Reader.create(protobuf.Writer.create().double(v).finish()).double(), v)).toBe(true);
    }
  });

  it("decodes invalid UTF-8 as Node does (U+FFFD for each bad sequence)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 120 }), (body) => {
        const bytes = protobuf.Writer.create().bytes(body).finish();
        expect(Reader.create(bytes).string()).toBe(Buffer.from(body).toString("utf8"));
      }),
      { numRuns: 500 },
    );
  });

  it("reads strings across text windows, and again after moving back", () => {
    const strings = Array.from({ length: 2000 }, (_, i) => (i % 7 === 0 ? `é-${i}` : `key-${i}-`.repeat(1 + (i % 6))));
    const w = protobuf.Writer.create();
    for (const s of strings) w.uint32(10).string(s).uint32(16).uint32(i32(s));
    const bytes = w.finish();
    const r = Reader.create(bytes);
    const starts: number[] = [];
    for (const s of strings) {
      starts.push(r.pos);
      expect(r.uint32()).toBe(10);
      expect(r.string()).toBe(s);
      expect(r.uint32()).toBe(16);
      expect(r.uint32()).toBe(i32(s));
    }
    for (let i = strings.length - 1; i >= 0; i -= 37) {
      r.pos = starts[i]! + 1;
      expect(r.string()).toBe(strings[i]);
    }
  });

  it("skips fields of every wire type, groups included, as protobufjs", () => {
    const w = protobuf.Writer.create();
    w.uint32(8).int64(-1); // varint, ten bytes
    w.uint32(17).double(1.5); // fixed64
    w.uint32(26).string("skip me"); // length-delimited
    w.uint32(35).uint32(8).uint32(1).uint32(43).uint32(44).uint32(36); // group 4 holding a varint and an empty group 5
    w.uint32(45).fixed32(7); // fixed32
    w.uint32(50).string("kept");
    const bytes = w.finish();
    const r = Reader.create(bytes);
    for (;;) {
      const tag = r.uint32();
      if (tag === 50) break;
      r.skipType(tag & 7, 0, tag >>> 3);
    }
    expect(r.string()).toBe("kept");
    expect(r.pos).toBe(bytes.length);
  });
});

describe("Reader errors", () => {
  const reason = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      return asProtobufError(err, "test").reason;
    }
    throw new Error("expected an error");
  };

  it("reports data that ends inside a field as truncated", () => {
    expect(reason(() => Reader.create(Uint8Array.of(0x80)).uint32())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(0x80, 0x80)).int64())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(0x05, 0x61)).string())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(0x05, 0x61)).bytes())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(1, 2, 3)).double())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(0x80)).bool())).toBe("truncated");
    expect(reason(() => Reader.create(Uint8Array.of(0x02, 0x01)).skipType(2))).toBe("truncated");
  });

  it("reports varints over ten bytes, bad wire types and field 0 as malformed", () => {
    const long = new Uint8Array(11).fill(0x80);
    expect(reason(() => Reader.create(long).uint32())).toBe("malformed");
    expect(reason(() => Reader.create(long).int64())).toBe("malformed");
    expect(reason(() => Reader.create(Uint8Array.of(0)).skipType(6))).toBe("malformed");
    expect(reason(() => Reader.create(Uint8Array.of(0)).skipType(0, 0, 0))).toBe("malformed");
    expect(reason(() => Reader.create(Uint8Array.of(0x2c)).skipType(3, 0, 4))).toBe("malformed");
    expect(() => Reader.create(long).uint32()).toThrow(ProtobufError);
  });
});

/** A small number derived from a string, written between the strings above. */
function i32(s: string): number {
  return (s.length * 2654435761) >>> 8;
}
