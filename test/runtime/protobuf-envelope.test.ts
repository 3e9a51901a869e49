/**
 * The `k8s\0` envelope and the protobuf watch framing, on a scheme holding one test kind with a
 * hand-written codec (so these tests do not depend on the generated codecs): exact bytes as
 * upstream's serializer writes them, round trips, chunking, and clear errors for bad input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FrameReader,
  PROTOBUF_MAGIC,
  ProtobufError,
  Scheme,
  decodeObject,
  decodeEnvelope,
  decodeWatchEvent,
  decodeWatchStream,
  encodeObject,
  encodeEnvelope,
  encodeWatchEvent,
  encodeWatchFrame,
  frame,
  type Reader,
  type WatchEvent,
  type Writer,
} from "../../runtime/index.js";

/** The test kind: message Widget { string name = 1; int32 size = 2; repeated string tags = 3; } */
interface Widget {
  apiVersion?: string;
  kind?: string;
  name?: string;
  size?: number;
  tags?: string[];
}

const widgetCodec = {
  encode(obj: Widget, w: Writer): void {
    w.uint32(0x0a).string(obj.name ?? "");
    w.uint32(0x10).int32(obj.size ?? 0);
    for (const t of obj.tags ?? []) w.uint32(0x1a).string(t);
  },
  decode(r: Reader, end: number): Widget {
    const out: Widget = { name: "", size: 0 };
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag === 0x0a) out.name = r.string();
      else if (tag === 0x10) out.size = r.int32();
      else if (tag === 0x1a) (out.tags ??= []).push(r.string());
      else r.skipType(tag & 7);
    }
    return out;
  },
};

/** Status stands in for metav1.Status: message { string status = 2; } */
const statusCodec = {
  encode(obj: { status?: string }, w: Writer): void {
    w.uint32(0x12).string(obj.status ?? "");
  },
  decode(r: Reader, end: number): { status: string } {
    const out = { status: "" };
    while (r.pos < end) {
      const tag = r.uint32();
      if (tag === 0x12) out.status = r.string();
      else r.skipType(tag & 7);
    }
    return out;
  },
};

const scheme = new Scheme();
scheme.addKnownTypes({ group: "example.com", version: "v1" }, [{ kind: "Widget", protobuf: widgetCodec }, { kind: "Gadget" }]);
scheme.addKnownTypes({ group: "meta.k8s.io", version: "v1" }, [{ kind: "Status", protobuf: statusCodec }]);

const ascii = (s: string): number[] => [...Buffer.from(s, "latin1")];
const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err, String(err)).toBeInstanceOf(ProtobufError);
    return (err as ProtobufError).reason;
  }
  throw new Error("expected a ProtobufError");
}

const widget: Widget = { apiVersion: "example.com/v1", kind: "Widget", name: "w1", size: 3, tags: ["a", "b"] };

// The raw Widget message: name (0a 02 "w1"), size (10 03), tags (1a 01 "a", 1a 01 "b").
const widgetRaw = [0x0a, 0x02, ...ascii("w1"), 0x10, 0x03, 0x1a, 0x01, ...ascii("a"), 0x1a, 0x01, ...ascii("b")];
// The whole envelope, field by field as runtime.Unknown's marshaller writes it.
const widgetEnvelope = [
  ...ascii("k8s\0"),
  // typeMeta (field 1, bytes): apiVersion (1) "example.com/v1", kind (2) "Widget"
  0x0a,
  2 + 14 + 2 + 6,
  0x0a,
  14,
  ...ascii("example.com/v1"),
  0x12,
  6,
  ...ascii("Widget"),
  // raw (field 2, bytes)
  0x12,
  widgetRaw.length,
  ...widgetRaw,
  // contentEncoding (3) and contentType (4): empty, but always written
  0x1a,
  0x00,
  0x22,
  0x00,
];

describe("the k8s\\0 envelope", () => {
  it("writes magic, typeMeta, raw, contentEncoding, contentType in upstream's order", () => {
    expect([...encodeObject(scheme, widget)]).toEqual(widgetEnvelope);
    expect([...PROTOBUF_MAGIC]).toEqual([0x6b, 0x38, 0x73, 0x00]);
    expect([...encodeEnvelope("example.com/v1", "Widget", Uint8Array.from(widgetRaw))]).toEqual(widgetEnvelope);
  });

  it("reads the envelope back, and the object with kind and apiVersion first", () => {
    const unk = decodeEnvelope(Uint8Array.from(widgetEnvelope));
    expect(unk).toMatchObject({ apiVersion: "example.com/v1", kind: "Widget", contentEncoding: "", contentType: "" });
    expect([...unk.raw]).toEqual(widgetRaw);
    const obj = decodeObject(scheme, Uint8Array.from(widgetEnvelope));
    expect(obj).toEqual(widget);
    expect(Object.keys(obj).slice(0, 2)).toEqual(["kind", "apiVersion"]);
  });

  it("reads fields in any order and skips unknown ones", () => {
    const reordered = [
      ...ascii("k8s\0"),
      0x22,
      0x00, // contentType first
      0x2a,
      0x01,
      0x78, // field 5, unknown
      0x12,
      widgetRaw.length,
      ...widgetRaw,
      0x0a,
      2 + 14 + 2 + 6,
      0x12,
      6,
      ...ascii("Widget"),
      0x0a,
      14,
      ...ascii("example.com/v1"),
    ];
    expect(decodeObject(scheme, Uint8Array.from(reordered))).toEqual(widget);
  });

  it("round-trips random widgets", () => {
    const arb = fc.record({
      apiVersion: fc.constant("example.com/v1"),
      kind: fc.constant("Widget"),
      name: fc.string({ unit: "grapheme" }),
      size: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      tags: fc.array(fc.string(), { minLength: 1 }),
    });
    fc.assert(
      fc.property(arb, (w) => {
        expect(decodeObject(scheme, encodeObject(scheme, w))).toEqual(w);
      }),
    );
  });

  it("finds metav1 kinds sent as v1 (an error body is `v1, Kind=Status`)", () => {
    const status = { apiVersion: "v1", kind: "Status", status: "Failure" };
    const bytes = encodeObject(scheme, status);
    expect(decodeEnvelope(bytes)).toMatchObject({ apiVersion: "v1", kind: "Status" });
    expect(decodeObject(scheme, bytes)).toEqual(status);
  });

  it("names unknown kinds, kinds without a codec and objects without a kind", () => {
    expect(reasonOf(() => encodeObject(scheme, { apiVersion: "example.com/v1", kind: "Nope" }))).toBe("unknown-kind");
    expect(() => encodeObject(scheme, { apiVersion: "example.com/v2", kind: "Widget" })).toThrow(
      "no kind Widget is registered for example.com/v2",
    );
    expect(() => encodeObject(scheme, { apiVersion: "example.com/v1", kind: "Gadget" })).toThrow(
      "kind Gadget of example.com/v1 has no protobuf codec",
    );
    expect(() => encodeObject(scheme, { apiVersion: "example.com/v1" })).toThrow("object has no kind");
    expect(() => encodeObject(scheme, { kind: "Widget" })).toThrow("object of kind Widget has no apiVersion");
    const other = encodeEnvelope("example.com/v1", "Nope", new Uint8Array(0));
    expect(reasonOf(() => decodeObject(scheme, other))).toBe("unknown-kind");
  });

  it("says so when the bytes are not enveloped protobuf", () => {
    expect(reasonOf(() => decodeObject(scheme, Buffer.from('{"kind":"Widget"}')))).toBe("bad-magic");
    expect(() => decodeObject(scheme, Buffer.from('{"kind":"Widget"}'))).toThrow(/magic 6b 38 73 00.*starts with 7b 22 6b 69/);
    expect(reasonOf(() => decodeObject(scheme, new Uint8Array(0)))).toBe("truncated");
    expect(reasonOf(() => decodeObject(scheme, Uint8Array.of(0x6b, 0x38)))).toBe("bad-magic");
    expect(reasonOf(() => decodeObject(scheme, PROTOBUF_MAGIC))).toBe("truncated");
  });

  it("reports every truncation of a valid envelope as a ProtobufError", () => {
    const full = Uint8Array.from(widgetEnvelope);
    // Cutting inside typeMeta or raw must fail. Cuts at a field boundary cannot be told from a
    // shorter message (protobuf has no end marker): after typeMeta (no raw: an empty object, as
    // upstream decodes it) and before the trailing empty strings.
    const typeMetaEnd = 4 + 2 + 24;
    const rawEnd = widgetEnvelope.length - 4;
    expect(decodeObject(scheme, full.subarray(0, typeMetaEnd))).toEqual({ ...widget, tags: undefined, name: "", size: 0 });
    for (let n = 5; n < rawEnd; n++) {
      if (n === typeMetaEnd) continue;
      expect(["truncated", "unknown-kind", "malformed"], `cut at ${n}`).toContain(
        reasonOf(() => decodeObject(scheme, full.subarray(0, n))),
      );
    }
  });

  it("never fails with anything but a ProtobufError on random bytes after the magic", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (tail) => {
        const bytes = Uint8Array.from([...PROTOBUF_MAGIC, ...tail]);
        try {
          decodeObject(scheme, bytes);
        } catch (err) {
          expect(err).toBeInstanceOf(ProtobufError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("rejects content encodings it cannot undo", () => {
    const bytes = Uint8Array.from([...widgetEnvelope.slice(0, -4), 0x1a, 0x04, ...ascii("gzip"), 0x22, 0x00]);
    expect(decodeEnvelope(bytes).contentEncoding).toBe("gzip");
    expect(reasonOf(() => decodeObject(scheme, bytes))).toBe("malformed");
  });
});

describe("protobuf watch streams", () => {
  const events: WatchEvent<Widget>[] = [
    { type: "ADDED", object: widget },
    { type: "MODIFIED", object: { ...widget, size: 4 } },
    { type: "DELETED", object: { ...widget, name: "w2", tags: undefined } },
  ];

  it("writes a WatchEvent with the object enveloped in object.raw, and no envelope of its own", () => {
    const msg = encodeWatchEvent(scheme, events[0]!);
    const inner = widgetEnvelope;
    // type (field 1) "ADDED"; object (field 2) = RawExtension { raw (field 1) = enveloped widget }
    const want = [0x0a, 5, ...ascii("ADDED"), 0x12, inner.length + 2, 0x0a, inner.length, ...inner];
    expect([...msg]).toEqual(want);
    // framed: 4-byte big-endian length first
    expect([...encodeWatchFrame(scheme, events[0]!)]).toEqual([0, 0, 0, want.length, ...want]);
    expect(decodeWatchEvent(scheme, msg)).toEqual({ type: "ADDED", object: widget });
  });

  it("frames lengths as 4-byte big-endian integers", () => {
    const big = new Uint8Array(0x012345);
    expect(hex(frame(big).subarray(0, 4))).toBe("00012345");
  });

  const stream = Buffer.concat(events.map((e) => encodeWatchFrame(scheme, e)));
  const decoded = events.map((e) => ({ type: e.type, object: JSON.parse(JSON.stringify({ name: "", size: 0, ...e.object })) }));

  async function collect(chunks: Uint8Array[]): Promise<WatchEvent[]> {
    const out: WatchEvent[] = [];
    for await (const e of decodeWatchStream(scheme, chunks)) out.push(e);
    return out;
  }

  it("decodes a stream split at every byte boundary", async () => {
    for (let cut = 0; cut <= stream.length; cut++) {
      expect(await collect([stream.subarray(0, cut), stream.subarray(cut)]), `cut at ${cut}`).toEqual(decoded);
    }
    expect(await collect([...stream].map((b) => Uint8Array.of(b)))).toEqual(decoded);
  });

  it("decodes a stream split into random chunks", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 1, max: stream.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const sorted = [0, ...cuts.sort((a, b) => a - b), stream.length];
        const chunks = sorted.slice(1).map((end, i) => stream.subarray(sorted[i], end));
        expect(await collect(chunks)).toEqual(decoded);
      }),
    );
  });

  it("says where a stream ended inside a frame", async () => {
    await expect(collect([stream.subarray(0, 2)])).rejects.toThrow("watch stream ended inside 2 byte(s) of a 4-byte frame header");
    await expect(collect([stream.subarray(0, 10)])).rejects.toThrow(/watch stream ended inside a frame of \d+ bytes with only 6 received/);
    await expect(collect([stream.subarray(0, 10)])).rejects.toBeInstanceOf(ProtobufError);
  });

  it("refuses frames above the size limit before buffering them", () => {
    const reader = new FrameReader({ maxFrameBytes: 16 });
    expect(() => reader.push(Uint8Array.of(0, 0, 0, 17))).toThrow("watch frame of 17 bytes exceeds the limit of 16");
  });

  it("keeps partial frames across pushes, copying the caller's chunk", () => {
    const reader = new FrameReader();
    const chunk = Uint8Array.from(stream.subarray(0, 7));
    expect(reader.push(chunk)).toEqual([]);
    chunk.fill(0xff); // the caller reuses its buffer
    const [first, second, third] = reader.push(stream.subarray(7, stream.length - 3));
    expect(second).toBeDefined();
    expect(third).toBeUndefined();
    expect(reader.pending).toBeGreaterThan(0);
    expect(() => reader.end()).toThrow(ProtobufError);
    expect(decodeWatchEvent(scheme, first!)).toEqual(decoded[0]);
  });

  it("names a watch event without an object or type", () => {
    expect(() => decodeWatchEvent(scheme, Uint8Array.of(0x0a, 0x01, 0x41))).toThrow("watch event A has no object");
    expect(reasonOf(() => decodeWatchEvent(scheme, Uint8Array.of(0x12, 0x00)))).toBe("malformed");
    expect(reasonOf(() => decodeWatchEvent(scheme, Uint8Array.of(0x12, 0x05, 0x0a)))).toBe("truncated");
  });
});
