/**
 * The runtime's protobuf Writer against protobufjs's, byte for byte: every method on random
 * values (negative and large integers, doubles, strings with multi-byte characters and surrogate
 * pairs, bytes), nested forks whose bodies need lengths of one to three bytes, and random
 * sequences of all of them. Lone surrogates, where protobufjs is inconsistent, are checked against
 * Node's UTF-8 encoder (U+FFFD, as Go's JSON decoding makes them). Then the writer's own
 * behaviour: the shared scratch buffer, writers inside writers, a writer abandoned mid-encode.
 */
import fc from "fast-check";
import protobuf from "protobufjs/minimal.js";
import { describe, expect, it } from "vitest";
import { Writer } from "../../runtime/index.js";

type PbWriter = protobuf.Writer;

const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");

/** One writer call, applied the same way to ours and to protobufjs's. */
type Op =
  | { op: "uint32"; v: number }
  | { op: "int32"; v: number }
  | { op: "int64"; v: number }
  | { op: "bool"; v: boolean }
  | { op: "double"; v: number }
  | { op: "string"; v: string }
  | { op: "bytes"; v: Uint8Array }
  | { op: "message"; tag: number; body: Op[] };

function applyOurs(w: Writer, ops: Op[]): void {
  for (const o of ops) {
    if (o.op === "message") {
      w.uint32(o.tag).fork();
      applyOurs(w, o.body);
      w.ldelim();
    } else if (o.op === "bytes") w.bytes(o.v);
    else if (o.op === "string") w.string(o.v);
    else if (o.op === "bool") w.bool(o.v);
    else w[o.op](o.v);
  }
}

function applyTheirs(w: PbWriter, ops: Op[]): void {
  for (const o of ops) {
    if (o.op === "message") {
      w.uint32(o.tag).fork();
      applyTheirs(w, o.body);
      w.ldelim();
    } else if (o.op === "bytes") w.bytes(o.v);
    else if (o.op === "string") w.string(o.v);
    else if (o.op === "bool") w.bool(o.v);
    else w[o.op](o.v);
  }
}

function ours(ops: Op[]): Uint8Array {
  const w = Writer.create();
  applyOurs(w, ops);
  return w.finish();
}

function theirs(ops: Op[]): Uint8Array {
  const w = protobuf.Writer.create();
  applyTheirs(w, ops);
  return w.finish();
}

/** Well-formed strings: ASCII, Latin-1, BMP and astral characters (surrogate pairs), short and long. */
const text = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 80 }),
  fc.string({ unit: "grapheme", maxLength: 80 }),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ unit: "grapheme-ascii", minLength: 100, maxLength: 400 }),
  fc.string({ unit: "binary", minLength: 40, maxLength: 300 }),
);

const int64 = fc.oneof(
  fc.maxSafeInteger(),
  fc.integer({ min: -(2 ** 31), max: 2 ** 32 }),
  // Beyond 2^53 both write the low 64 bits of the (already rounded) number.
  fc.integer({ min: -(2 ** 10), max: 2 ** 10 }).map((k) => k * 2 ** 53),
);

const scalarOp: fc.Arbitrary<Op> = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }).map((v): Op => ({ op: "uint32", v })),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).map((v): Op => ({ op: "int32", v })),
  int64.map((v): Op => ({ op: "int64", v })),
  fc.boolean().map((v): Op => ({ op: "bool", v })),
  fc.double().map((v): Op => ({ op: "double", v })),
  text.map((v): Op => ({ op: "string", v })),
  fc.uint8Array({ maxLength: 300 }).map((v): Op => ({ op: "bytes", v })),
);

const ops: fc.Arbitrary<Op[]> = fc.letrec<{ ops: Op[]; op: Op }>((tie) => ({
  op: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalarOp,
    fc.record({
      op: fc.constant("message" as const),
      tag: fc.integer({ min: 1, max: 2 ** 29 - 1 }).map((n) => (n << 3) | 2),
      body: tie("ops"),
    }),
  ),
  ops: fc.array(tie("op"), { maxLength: 12 }),
})).ops;

describe("Writer, byte for byte as protobufjs", () => {
  it("writes uint32, int32 and int64 varints (negatives in ten bytes)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }), (v) => {
        expect(hex(ours([{ op: "uint32", v }]))).toBe(hex(theirs([{ op: "uint32", v }])));
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (v) => {
        expect(hex(ours([{ op: "int32", v }]))).toBe(hex(theirs([{ op: "int32", v }])));
      }),
    );
    fc.assert(
      fc.property(int64, (v) => {
        expect(hex(ours([{ op: "int64", v }]))).toBe(hex(theirs([{ op: "int64", v }])));
      }),
    );
    for (const v of [0, -1, 2 ** 31 - 1, -(2 ** 31), 2 ** 32 - 1, 2 ** 53 - 1, -(2 ** 53) + 1, -(2 ** 53), 2 ** 63]) {
      expect(hex(ours([{ op: "int64", v }])), `int64 ${v}`).toBe(hex(theirs([{ op: "int64", v }])));
    }
    expect(hex(ours([{ op: "int64", v: -1 }]))).toBe("ffffffffffffffffff01");
  });

  it("writes bools and doubles (NaN, infinities, -0)", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.double(), (b, d) => {
        const o: Op[] = [
          { op: "bool", v: b },
          { op: "double", v: d },
        ];
        expect(hex(ours(o))).toBe(hex(theirs(o)));
      }),
    );
    for (const v of [NaN, Infinity, -Infinity, -0, Number.MIN_VALUE, Number.MAX_VALUE]) {
      expect(hex(ours([{ op: "double", v }]))).toBe(hex(theirs([{ op: "double", v }])));
    }
  });

  it("writes strings: ASCII, multi-byte, surrogate pairs, lengths of one to three bytes", () => {
    fc.assert(
      fc.property(text, (v) => {
        expect(hex(ours([{ op: "string", v }]))).toBe(hex(theirs([{ op: "string", v }])));
      }),
      { numRuns: 500 },
    );
    for (const v of [
      "",
      "a",
      "é",
      "€",
      "😀",
      "a😀b",
      "x".repeat(127),
      "x".repeat(128),
      "é".repeat(64),
      "é".repeat(63) + "a",
      "😀".repeat(40),
      "x".repeat(20_000),
    ]) {
      expect(hex(ours([{ op: "string", v }])), JSON.stringify(v.slice(0, 20))).toBe(hex(theirs([{ op: "string", v }])));
    }
  });

  it("writes lone surrogates as U+FFFD, as Node's (and Go's) UTF-8 does", () => {
    const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 200 }).map((u) => String.fromCharCode(...u));
    fc.assert(
      fc.property(utf16, (v) => {
        const body = Buffer.from(v, "utf8");
        const w = Writer.create();
        w.string(v);
        const out = w.finish();
        const len = protobuf.Writer.create().uint32(body.length).finish();
        expect(hex(out)).toBe(hex(len) + body.toString("hex"));
      }),
      { numRuns: 500 },
    );
    expect(hex(ours([{ op: "string", v: "a\ud800b" }]))).toBe("0561efbfbd62");
  });

  it("writes bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20_000 }), (v) => {
        expect(hex(ours([{ op: "bytes", v }]))).toBe(hex(theirs([{ op: "bytes", v }])));
      }),
      { numRuns: 50 },
    );
  });

  it("nests forks, moving bodies up when their length needs more than one byte", () => {
    for (const size of [0, 1, 127, 128, 300, 16_383, 16_384, 70_000]) {
      const nested: Op[] = [{ op: "message", tag: 10, body: [{ op: "bytes", v: new Uint8Array(size).fill(7) }] }];
      const o: Op[] = [{ op: "message", tag: 18, body: [...nested, { op: "string", v: "tail" }, ...nested] }];
      expect(hex(ours(o)), `body of ${size} bytes`).toBe(hex(theirs(o)));
    }
  });

  it("writes map<string, string> entries in one call as a fork of two string fields", () => {
    const tags = fc.oneof(
      fc.constantFrom(10, 90, 98),
      fc.integer({ min: 1, max: 2 ** 28 - 1 }).map((n) => (n << 3) | 2),
    );
    fc.assert(
      fc.property(tags, text, text, (t, k, v) => {
        const w = Writer.create();
        w.stringField(8, "before").stringEntry(t, k, v).stringField(8, "after");
        const pb = protobuf.Writer.create();
        pb.uint32(8).string("before").uint32(t).fork().uint32(10).string(k).uint32(18).string(v).ldelim();
        expect(hex(w.finish())).toBe(hex(pb.uint32(8).string("after").finish()));
      }),
      { numRuns: 500 },
    );
    // Entry bodies of 127 and 128 bytes (the length widens to two bytes), and three bytes.
    for (const [k, v] of [
      ["k", "v".repeat(123)],
      ["k", "v".repeat(124)],
      ["é".repeat(40), "x".repeat(20_000)],
    ] as const) {
      const w = Writer.create();
      w.stringEntry(90, k, v);
      const pb = protobuf.Writer.create();
      pb.uint32(90).fork().uint32(10).string(k).uint32(18).string(v).ldelim();
      expect(hex(w.finish()), `${k.length} + ${v.length}`).toBe(hex(pb.finish()));
    }
  });

  it("writes any sequence of fields and nested messages as protobufjs does", () => {
    fc.assert(
      fc.property(ops, (o) => {
        expect(hex(ours(o))).toBe(hex(theirs(o)));
      }),
      { numRuns: 300 },
    );
  });

  it("appends raw bytes without a length", () => {
    const w = Writer.create();
    w.raw(Uint8Array.of(0x6b, 0x38, 0x73, 0x00))
      .uint32(8)
      .raw(new Uint8Array(0))
      .bool(true);
    expect(hex(w.finish())).toBe("6b3873000801");
  });
});

describe("Writer buffers", () => {
  it("gives each result its own bytes, however many encodes share the scratch buffer", () => {
    const results: [Uint8Array, string][] = [];
    for (let i = 0; i < 2000; i++) {
      const w = Writer.create();
      w.uint32(10).string(`object-${i}`.repeat((i % 50) + 1));
      const out = w.finish();
      results.push([out, hex(out)]);
    }
    for (const [out, h] of results) expect(hex(out)).toBe(h);
  });

  it("keeps writers created inside another's encode apart", () => {
    const outer = Writer.create();
    outer.uint32(10).fork().string("outer-a".repeat(100));
    const inner = Writer.create();
    inner.uint32(18).string("inner".repeat(2000));
    const innerBytes = inner.finish();
    outer.string("outer-b").ldelim();
    const outerBytes = outer.finish();
    expect(hex(innerBytes)).toBe(hex(withTag(18, "inner".repeat(2000))));
    expect(hex(outerBytes)).toBe(
      hex(
        theirs([
          {
            op: "message",
            tag: 10,
            body: [
              { op: "string", v: "outer-a".repeat(100) },
              { op: "string", v: "outer-b" },
            ],
          },
        ]),
      ),
    );
    // And the next writer still works.
    expect(hex(ours([{ op: "string", v: "next" }]))).toBe("046e657874");
  });

  it("recovers from a writer abandoned mid-encode", () => {
    const abandoned = Writer.create();
    abandoned.uint32(10).fork().string("never finished");
    const w = Writer.create();
    w.uint32(8).int32(-5);
    expect(hex(w.finish())).toBe(hex(protobuf.Writer.create().uint32(8).int32(-5).finish()));
    // The abandoned writer's bytes are its own: finishing it later still gives its message.
    abandoned.ldelim();
    expect(hex(abandoned.finish())).toBe(hex(theirs([{ op: "message", tag: 10, body: [{ op: "string", v: "never finished" }] }])));
  });

  it("may finish twice and keep writing after finish", () => {
    const w = Writer.create();
    w.uint32(8).bool(true);
    const first = w.finish();
    expect(hex(w.finish())).toBe(hex(first));
    w.uint32(16).bool(false);
    expect(hex(w.finish())).toBe("08011000");
    expect(hex(first)).toBe("0801");
  });

  it("rejects ldelim without a fork and finish with an open fork", () => {
    expect(() => Writer.create().ldelim()).toThrow(/ldelim without a fork/);
    const w = Writer.create();
    w.fork();
    expect(() => w.finish()).toThrow(/fork not ended/);
  });
});

function withTag(tag: number, s: string): Uint8Array {
  return protobuf.Writer.create().uint32(tag).string(s).finish();
}
