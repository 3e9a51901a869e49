/**
 * The special types' protobuf codecs: byte vectors worked out from upstream's generated
 * marshallers (field numbers, which fields are always written), Go's text forms of times and
 * durations, and round-trip properties over random values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatGoDuration, parseGoDuration } from "../../runtime/protobuf/go-duration.js";
import { sharedFieldsV1 } from "../../runtime/protobuf/specials.js";
import {
  ProtobufError,
  base64ToBytes,
  bytesToBase64,
  decodeDuration,
  decodeFieldsV1,
  decodeIntOrString,
  decodeJSONValue,
  decodeMicroTime,
  decodeQuantity,
  decodeRawExtension,
  decodeTime,
  encodeDuration,
  encodeFieldsV1,
  encodeIntOrString,
  encodeJSONValue,
  encodeMicroTime,
  encodeQuantity,
  encodeRawExtension,
  encodeTime,
  newReader,
  newWriter,
  readInt64,
  readInt64Big,
  sortedKeys,
  compareUtf8,
  writeInt64Big,
  type Reader,
  type Writer,
} from "../../runtime/index.js";

type Encode<T> = (v: T, w: Writer) => void;
type Decode<T> = (r: Reader, end: number) => T;

function enc<T>(encode: Encode<T>, v: T): number[] {
  const w = newWriter();
  encode(v, w);
  return [...w.finish()];
}

function dec<T>(decode: Decode<T>, bytes: number[]): T {
  const buf = Uint8Array.from(bytes);
  const r = newReader(buf);
  const out = decode(r, buf.length);
  expect(r.pos).toBe(buf.length);
  return out;
}

const hex = (s: string): number[] =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .map((b) => parseInt(b, 16));

/** The ProtobufError reason a call throws. */
function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ProtobufError);
    return (err as ProtobufError).reason;
  }
  throw new Error("expected a ProtobufError");
}

const utf8 = (s: string): number[] => [...Buffer.from(s, "utf8")];

describe("int64 varints", () => {
  it("reads and writes the edges of int64 and of exact doubles", () => {
    for (const v of [0n, 1n, -1n, 127n, 128n, (1n << 53n) - 1n, -(1n << 53n), (1n << 63n) - 1n, -(1n << 63n)]) {
      const w = newWriter();
      writeInt64Big(w, v);
      const bytes = w.finish();
      expect(bytes.length).toBe(v < 0n ? 10 : Math.max(1, Math.ceil(v.toString(2).length / 7)));
      expect(readInt64Big(newReader(bytes))).toBe(v);
      if (v >= -(1n << 53n) && v < 1n << 53n) expect(readInt64(newReader(bytes))).toBe(Number(v));
    }
  });

  it("agrees with protobufjs's own int64 writer for every safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const bytes = newWriter().int64(n).finish();
        expect(readInt64(newReader(bytes))).toBe(n);
        expect(readInt64Big(newReader(bytes))).toBe(BigInt(n));
      }),
    );
  });

  it("reports a varint cut short as truncated", () => {
    expect(reasonOf(() => readInt64(newReader(Uint8Array.from([0x80, 0x80]))))).toBe("truncated");
  });
});

describe("map key order", () => {
  it("is UTF-8 byte order, as Go sorts keys before marshalling", () => {
    expect(sortedKeys({ "\u{1F600}": 1, "\uff61": 2, b: 3, a: 4, "": 5 })).toEqual(["", "a", "b", "\uff61", "\u{1F600}"]);
    const utf8Order = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.string({ unit: "grapheme" }), (a, b) => {
        expect(Math.sign(compareUtf8(a, b))).toBe(Math.sign(utf8Order(a, b)));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: "grapheme", maxLength: 4 })), (keys) => {
        const m = Object.fromEntries(keys.map((k) => [k, 1]));
        expect(sortedKeys(m)).toEqual(Object.keys(m).sort(utf8Order));
      }),
    );
  });
});

describe("metav1.Time", () => {
  it("writes seconds and a zero nanos, both always (Timestamp's marshaller)", () => {
    // 2024-01-02T03:04:05Z is 1704164645 s: varint a5 fa cd ac 06.
    expect(enc(encodeTime, "2024-01-02T03:04:05Z")).toEqual(hex("08 a5 fa cd ac 06  10 00"));
    // The epoch is not Go's zero time: seconds 0 is still written.
    expect(enc(encodeTime, "1970-01-01T00:00:00Z")).toEqual(hex("08 00  10 00"));
    // Before the epoch: a negative int64 takes ten bytes.
    expect(enc(encodeTime, "1969-12-31T23:59:59Z")).toEqual(hex("08 ff ff ff ff ff ff ff ff ff 01  10 00"));
  });

  it("writes nothing for Go's zero time", () => {
    expect(enc(encodeTime, "0001-01-01T00:00:00Z")).toEqual([]);
    expect(enc(encodeTime, "")).toEqual([]);
    expect(enc(encodeTime, null)).toEqual([]);
    expect(enc(encodeTime, undefined)).toEqual([]);
    expect(dec(decodeTime, [])).toBe("");
  });

  it("reads offsets and fractions as Go's time.Parse does, and writes UTC whole seconds", () => {
    const roundTrip = (s: string): string => dec(decodeTime, enc(encodeTime, s));
    expect(roundTrip("2024-01-02T04:04:05+01:00")).toBe("2024-01-02T03:04:05Z");
    expect(roundTrip("2024-01-02T03:04:05.999999999Z")).toBe("2024-01-02T03:04:05Z");
    expect(roundTrip("2024-01-01T23:30:00-01:00")).toBe("2024-01-02T00:30:00Z");
    expect(roundTrip("0000-03-01T00:00:00Z")).toBe("0000-03-01T00:00:00Z");
    expect(roundTrip("2000-02-29T12:00:00Z")).toBe("2000-02-29T12:00:00Z");
    expect(roundTrip("9999-12-31T23:59:59Z")).toBe("9999-12-31T23:59:59Z");
  });

  it("ignores nanos on the wire, as upstream's Unmarshal does", () => {
    // seconds 1704164645, nanos 5 (0x10 0x05)
    expect(dec(decodeTime, hex("08 a5 fa cd ac 06  10 05"))).toBe("2024-01-02T03:04:05Z");
    // fields in any order, unknown fields skipped
    expect(dec(decodeTime, hex("18 07  10 05  08 a5 fa cd ac 06"))).toBe("2024-01-02T03:04:05Z");
  });

  it("rejects what Go's RFC 3339 parser rejects", () => {
    for (const bad of [
      "2024-13-01T00:00:00Z",
      "2023-02-29T00:00:00Z",
      "2024-01-02 03:04:05Z",
      "2024-01-02t03:04:05Z",
      "2024-01-02T03:04:05z",
      "2024-01-02T24:00:00Z",
      "2024-01-02T03:04:60Z",
      "2024-01-02T03:04:05",
      "2024-01-02T03:04:05+0100",
      "24-01-02T03:04:05Z",
    ]) {
      expect(
        reasonOf(() => enc(encodeTime, bad)),
        bad,
      ).toBe("invalid-value");
    }
  });

  it("refuses to write years RFC 3339 cannot hold", () => {
    // seconds 253402300800 = 10000-01-01T00:00:00Z
    const w = newWriter().uint32(8).int64(253402300800).finish();
    expect(reasonOf(() => decodeTime(newReader(w), w.length))).toBe("invalid-value");
  });

  it("round-trips every second of years 0000-9999 and puts Unix seconds on the wire", () => {
    const lo = -62167219200; // 0000-01-01T00:00:00Z
    const hi = 253402300799; // 9999-12-31T23:59:59Z
    fc.assert(
      fc.property(fc.integer({ min: lo, max: hi }), (seconds) => {
        fc.pre(seconds !== -62135596800); // Go's zero time writes nothing (tested above)
        const iso = new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");
        const bytes = enc(encodeTime, iso);
        const r = newReader(Uint8Array.from(bytes));
        expect(r.uint32()).toBe(0x08);
        expect(readInt64(r)).toBe(seconds);
        expect(dec(decodeTime, bytes)).toBe(iso);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("metav1.MicroTime", () => {
  it("writes seconds and microsecond nanos", () => {
    // nanos 123456000 = varint 80 94 ef 3a
    expect(enc(encodeMicroTime, "2024-01-02T03:04:05.123456Z")).toEqual(hex("08 a5 fa cd ac 06  10 80 94 ef 3a"));
    expect(enc(encodeMicroTime, "2024-01-02T03:04:05.000000Z")).toEqual(hex("08 a5 fa cd ac 06  10 00"));
    expect(enc(encodeMicroTime, "0001-01-01T00:00:00.000000Z")).toEqual([]);
    expect(dec(decodeMicroTime, [])).toBe("");
  });

  it("truncates wire nanos to microseconds and carries whole seconds, as Go's time.Unix does", () => {
    // nanos 123456789 = varint 95 9a ef 3a
    expect(dec(decodeMicroTime, hex("08 a5 fa cd ac 06  10 95 9a ef 3a"))).toBe("2024-01-02T03:04:05.123456Z");
    // nanos 1500000000 = varint 80 de a0 cb 05: one second carried over
    expect(dec(decodeMicroTime, hex("08 a5 fa cd ac 06  10 80 de a0 cb 05"))).toBe("2024-01-02T03:04:06.500000Z");
  });

  it("demands the six fractional digits of Go's RFC3339Micro layout", () => {
    for (const bad of ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05.12345Z", "2024-01-02T03:04:05.1234567Z"]) {
      expect(
        reasonOf(() => enc(encodeMicroTime, bad)),
        bad,
      ).toBe("invalid-value");
    }
    expect(dec(decodeMicroTime, enc(encodeMicroTime, "2024-01-02T05:04:05.000001+02:00"))).toBe("2024-01-02T03:04:05.000001Z");
  });

  it("round-trips any microsecond of years 0000-9999", () => {
    fc.assert(
      fc.property(fc.integer({ min: -62167219200, max: 253402300799 }), fc.integer({ min: 0, max: 999_999 }), (s, us) => {
        fc.pre(!(s === -62135596800 && us === 0));
        const iso = new Date(s * 1000).toISOString().replace(/\.000Z$/, `.${String(us).padStart(6, "0")}Z`);
        expect(dec(decodeMicroTime, enc(encodeMicroTime, iso))).toBe(iso);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("metav1.Duration", () => {
  // Go's Duration.String() for these nanosecond counts (Go's own format table).
  const formats: [string, bigint][] = [
    ["0s", 0n],
    ["1ns", 1n],
    ["1.1\u00b5s", 1100n],
    ["2.2ms", 2_200_000n],
    ["3.3s", 3_300_000_000n],
    ["4m5s", 245_000_000_000n],
    ["4m5.001s", 245_001_000_000n],
    ["5h6m7.001s", 18_367_001_000_000n],
    ["8m0.000000001s", 480_000_000_001n],
    ["1h0m0s", 3_600_000_000_000n],
    ["1m0s", 60_000_000_000n],
    ["-1.5\u00b5s", -1500n],
    ["2562047h47m16.854775807s", (1n << 63n) - 1n],
    ["-2562047h47m16.854775808s", -(1n << 63n)],
  ];

  it.each(formats)("formats %s as Go does", (text, ns) => {
    expect(formatGoDuration(ns)).toBe(text);
    expect(parseGoDuration(text)).toBe(ns);
  });

  // Go's time.ParseDuration on these inputs (Go's own parse table).
  const parses: [string, bigint][] = [
    ["0", 0n],
    ["5s", 5_000_000_000n],
    ["-5s", -5_000_000_000n],
    ["+5s", 5_000_000_000n],
    ["-0", 0n],
    ["+0", 0n],
    ["5.0s", 5_000_000_000n],
    ["5.6s", 5_600_000_000n],
    ["5.s", 5_000_000_000n],
    [".5s", 500_000_000n],
    ["1.004s", 1_004_000_000n],
    ["100.00100s", 100_001_000_000n],
    ["10ns", 10n],
    ["11us", 11_000n],
    ["12\u00b5s", 12_000n],
    ["12\u03bcs", 12_000n],
    ["13ms", 13_000_000n],
    ["15m", 900_000_000_000n],
    ["16h", 57_600_000_000_000n],
    ["3h30m", 12_600_000_000_000n],
    ["10.5s4m", 250_500_000_000n],
    ["-2m3.4s", -123_400_000_000n],
    ["1h2m3s4ms5us6ns", 3_723_004_005_006n],
    ["39h9m14.425s", 140_954_425_000_000n],
    ["52763797000ns", 52_763_797_000n],
    ["0.3333333333333333333h", 1_200_000_000_000n],
    ["9007199254740993ns", (1n << 53n) + 1n],
    ["9223372036854775807ns", (1n << 63n) - 1n],
    ["9223372036854775.807us", (1n << 63n) - 1n],
    ["9223372036s854ms775us807ns", (1n << 63n) - 1n],
    ["-9223372036854775808ns", -(1n << 63n)],
    ["0.100000000000000000000h", 360_000_000_000n],
    ["0.830103483285477580700h", 2_988_372_539_827n],
  ];

  it.each(parses)("parses %s as Go does", (text, ns) => {
    expect(parseGoDuration(text)).toBe(ns);
  });

  it.each([
    "",
    "3",
    "-",
    "s",
    ".",
    "-.",
    ".s",
    "+.s",
    "1d",
    "1.5",
    "3000000h",
    "9223372036854775808ns",
    "9223372036854775.808us",
    "9223372036854ms775us808ns",
    "-9223372036854775809ns",
  ])("rejects %j", (text) => {
    expect(reasonOf(() => parseGoDuration(text))).toBe("invalid-value");
  });

  it("writes the nanoseconds always, zero included", () => {
    expect(enc(encodeDuration, "0s")).toEqual(hex("08 00"));
    expect(enc(encodeDuration, undefined)).toEqual(hex("08 00"));
    // 1s = 1e9 ns = varint 80 94 eb dc 03
    expect(enc(encodeDuration, "1s")).toEqual(hex("08 80 94 eb dc 03"));
    expect(enc(encodeDuration, "-1ns")).toEqual(hex("08 ff ff ff ff ff ff ff ff ff 01"));
    expect(dec(decodeDuration, hex("08 80 94 eb dc 03"))).toBe("1s");
    expect(dec(decodeDuration, [])).toBe("0s");
  });

  it("round-trips every int64 through text and wire", () => {
    const int64 = fc.bigInt({ min: -(1n << 63n), max: (1n << 63n) - 1n });
    const small = fc.bigInt({ min: -(10n ** 13n), max: 10n ** 13n });
    fc.assert(
      fc.property(fc.oneof(int64, small), (ns) => {
        const text = formatGoDuration(ns);
        expect(parseGoDuration(text)).toBe(ns);
        expect(dec(decodeDuration, enc(encodeDuration, text))).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });

  it("formats hours, minutes and seconds by Go's rules", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), fc.nat({ max: 59 }), fc.nat({ max: 59 }), fc.nat({ max: 999_999_999 }), (h, m, s, n) => {
        const ns = ((BigInt(h) * 60n + BigInt(m)) * 60n + BigInt(s)) * 1_000_000_000n + BigInt(n);
        fc.pre(ns >= 1_000_000_000n);
        const frac = n ? `.${String(n).padStart(9, "0").replace(/0+$/, "")}` : "";
        const want = h ? `${h}h${m}m${s}${frac}s` : m ? `${m}m${s}${frac}s` : `${s}${frac}s`;
        expect(formatGoDuration(ns)).toBe(want);
        expect(formatGoDuration(-ns)).toBe(`-${want}`);
      }),
    );
  });
});

describe("intstr.IntOrString", () => {
  it("writes type, intVal and strVal, all three always", () => {
    // type 0 (int), intVal 8080 = varint 90 3f, strVal ""
    expect(enc(encodeIntOrString, 8080)).toEqual(hex("08 00  10 90 3f  1a 00"));
    // type 1 (string), intVal 0, strVal "http"
    expect(enc(encodeIntOrString, "http")).toEqual([...hex("08 01  10 00  1a 04"), ...utf8("http")]);
    // a negative int32 is sign-extended to ten bytes
    expect(enc(encodeIntOrString, -1)).toEqual(hex("08 00  10 ff ff ff ff ff ff ff ff ff 01  1a 00"));
    expect(enc(encodeIntOrString, undefined)).toEqual(hex("08 00  10 00  1a 00"));
  });

  it("reads back the int or the string by type", () => {
    expect(dec(decodeIntOrString, hex("08 00  10 90 3f  1a 00"))).toBe(8080);
    expect(dec(decodeIntOrString, [...hex("08 01  10 00  1a 03"), ...utf8("50%")])).toBe("50%");
    expect(dec(decodeIntOrString, [])).toBe(0);
    expect(reasonOf(() => dec(decodeIntOrString, hex("08 02")))).toBe("malformed");
  });

  it("rejects numbers that are not int32", () => {
    for (const bad of [1.5, 2 ** 31, -(2 ** 31) - 1, Number.NaN]) {
      expect(
        reasonOf(() => enc(encodeIntOrString, bad)),
        String(bad),
      ).toBe("invalid-value");
    }
  });

  it("round-trips any int32 and any string", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.string({ unit: "grapheme" })), (v) => {
        expect(dec(decodeIntOrString, enc(encodeIntOrString, v))).toBe(v);
      }),
    );
  });
});

describe("resource.Quantity", () => {
  it("writes its string as field 1, always", () => {
    expect(enc(encodeQuantity, "100m")).toEqual([0x0a, 0x04, ...utf8("100m")]);
    expect(enc(encodeQuantity, undefined)).toEqual([0x0a, 0x01, ...utf8("0")]);
    expect(dec(decodeQuantity, [0x0a, 0x03, ...utf8("1Gi")])).toBe("1Gi");
    expect(dec(decodeQuantity, [])).toBe("0");
  });
});

describe("JSON text in bytes: RawExtension, FieldsV1, apiextensions JSON", () => {
  const codecs = [
    ["RawExtension", encodeRawExtension, decodeRawExtension],
    ["FieldsV1", encodeFieldsV1, decodeFieldsV1],
    ["JSON", encodeJSONValue, decodeJSONValue],
  ] as const;

  it.each(codecs)("%s holds compact JSON text in field 1", (_name, encode, decode) => {
    const text = '{"f:metadata":{"f:labels":{".":{}}}}';
    expect(enc(encode, JSON.parse(text))).toEqual([0x0a, text.length, ...utf8(text)]);
    expect(enc(encode, null)).toEqual([]);
    expect(enc(encode, undefined)).toEqual([]);
    expect(dec(decode, [])).toBeNull();
    expect(dec(decode, [0x0a, 0x00])).toBeNull();
    expect(dec(decode, [0x0a, 0x05, ...utf8("false")])).toBe(false);
    expect(dec(decode, [0x0a, 0x07, ...utf8(" [1, 2]")])).toEqual([1, 2]);
  });

  it.each(codecs)("%s round-trips any JSON value, __proto__ keys included", (_name, encode, decode) => {
    const withProto = JSON.parse('{"__proto__":{"a":1},"constructor":"x"}');
    const back = dec(decode, enc(encode, withProto)) as Record<string, unknown>;
    expect(Object.hasOwn(back, "__proto__")).toBe(true);
    expect(JSON.stringify(back)).toBe(JSON.stringify(withProto));
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        fc.pre(v !== null);
        expect(JSON.stringify(dec(decode, enc(encode, v)))).toBe(JSON.stringify(v));
      }),
    );
  });

  it.each(codecs)("%s names raw bytes that are not JSON", (_name, _encode, decode) => {
    expect(reasonOf(() => dec(decode, hex("0a 04 6b 38 73 00")))).toBe("malformed");
    expect(reasonOf(() => dec(decode, [0x0a, 0x02, ...utf8("{x")]))).toBe("malformed");
    expect(reasonOf(() => dec(decode, [0x0a, 0x09, ...utf8("{}")]))).toBe("truncated");
  });
});

describe("shared FieldsV1 trees, found by a sample of the text", () => {
  const read = (bytes: number[]): unknown => dec(decodeFieldsV1, [0x0a, ...enc((v: number, w) => w.uint32(v), bytes.length), ...bytes]);

  it("tells apart texts that differ only where no sample falls, each written back as its own bytes", () => {
    // 2,000 characters: every 31st is sampled, so the 5th (the varying one) is not.
    const texts = "abcdefghijkl".split("").map((c) => `{"f:${c}${"b".repeat(1986)}":{}}`);
    const trees = texts.map((t) => read(utf8(t)));
    texts.forEach((t, i) => {
      expect(trees[i]).toEqual(JSON.parse(t));
      expect(enc(encodeFieldsV1, trees[i])).toEqual(enc((s: string, w) => w.stringField(0x0a, s), t));
      // Read again (and found by text): the same tree when it is shared.
      if (Object.isFrozen(trees[i])) {
        expect(read(utf8(t))).toBe(trees[i]);
        expect(sharedFieldsV1(t)).toBe(trees[i]);
      }
    });
    // A bucket holds a few: past them, a text gets a tree of its own (comparisons per read stay few).
    const shared = trees.filter((t) => Object.isFrozen(t)).length;
    expect(shared).toBeGreaterThan(0);
    expect(shared).toBeLessThan(texts.length);
    expect(new Set(trees).size).toBe(texts.length);
  });

  it("shares one tree between a text's bytes and the text, and between bytes that are not valid UTF-8 and their text", () => {
    const text = '{"f:metadata":{"f:labels":{"f:xé":{}}}}';
    const byText = sharedFieldsV1(text);
    expect(byText).toEqual(JSON.parse(text));
    expect(read(utf8(text))).toBe(byText);
    // A stray 0xff reads as U+FFFD, as Go's decoder would leave it; the tree writes the text's own bytes.
    const invalid = [...utf8('{"f:'), 0xff, ...utf8('":{}}')];
    const tree = read(invalid);
    expect(tree).toEqual({ "f:\ufffd": {} });
    expect(read(invalid)).toBe(tree);
    const written = utf8('{"f:\ufffd":{}}');
    expect(enc(encodeFieldsV1, tree)).toEqual([0x0a, written.length, ...written]);
  });
});

describe("bytes fields", () => {
  it("are standard padded base64, as Go's JSON writes []byte", () => {
    expect(bytesToBase64(Uint8Array.of(0xfb, 0xff))).toBe("+/8=");
    expect([...base64ToBytes("+/8=")]).toEqual([0xfb, 0xff]);
    expect([...base64ToBytes("")]).toEqual([]);
    for (const bad of ["-_8=", "+/8", "a", "ab=c", "abc=="]) {
      expect(
        reasonOf(() => base64ToBytes(bad)),
        bad,
      ).toBe("invalid-value");
    }
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        expect([...base64ToBytes(bytesToBase64(b))]).toEqual([...b]);
      }),
    );
  });
});
