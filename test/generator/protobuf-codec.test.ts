/**
 * The generated protobuf codecs on hand-built objects, without the envelope: exact bytes where
 * Go's marshalling rules decide them (non-pointer fields always, pointers when set, map keys
 * sorted), and decode(encode(x)) giving the object Go's JSON would show.
 */
import { describe, expect, it } from "vitest";
import { decodeJSONSchemaProps, encodeJSONSchemaProps, type JSONSchemaProps } from "../../generated/apis/apiextensions/v1/index.js";
import {
  type ConfigMap,
  decodeConfigMap,
  decodeNamespace,
  decodeService,
  encodeConfigMap,
  encodeNamespace,
  encodeService,
  type Namespace,
  protobufCodecs,
} from "../../generated/apis/core/v1/index.js";
import { decodeAPIResource, encodeAPIResource, type APIResource } from "../../generated/apis/meta/v1/index.js";
import { scheme } from "../../generated/apis/register.js";
import { Reader, Writer } from "../../runtime/index.js";

type Encode<T> = (obj: T, w: Writer) => void;
type Decode<T> = (r: Reader, end: number) => T;

function encode<T>(fn: Encode<T>, obj: T): Uint8Array {
  const w = Writer.create();
  fn(obj, w);
  return w.finish();
}

function decode<T>(fn: Decode<T>, bytes: Uint8Array): T {
  const r = Reader.create(bytes);
  const out = fn(r, bytes.length);
  expect(r.pos).toBe(bytes.length);
  return out;
}

const hex = (b: Uint8Array): string => Buffer.from(b).toString("hex");
const fromHex = (s: string): Uint8Array => new Uint8Array(Buffer.from(s.replace(/\s+/g, ""), "hex"));

/** ObjectMeta with only a name: every non-pointer scalar written, zero Time as an empty message. */
const META_NAME_A = "0a 01 61 1200 1a00 2200 2a00 3200 3800 4200";

describe("Namespace", () => {
  it("writes Go's bytes: non-pointer fields even when zero, in field-number order", () => {
    const ns: Namespace = { apiVersion: "v1", kind: "Namespace", metadata: { name: "a" } };
    // metadata (17 bytes), spec (empty NamespaceSpec), status (phase "").
    expect(hex(encode(encodeNamespace, ns))).toBe(hex(fromHex(`0a11 ${META_NAME_A} 1200 1a02 0a00`)));
  });

  it("decodes to the object Go's JSON shows: structs present, zero omitempty scalars absent", () => {
    const ns: Namespace = {
      metadata: {
        name: "demo",
        labels: { b: "2", a: "1" },
        creationTimestamp: "2024-01-02T03:04:05Z",
        generation: 3,
        finalizers: ["x"],
      },
      spec: { finalizers: ["kubernetes"] },
    };
    const back = decode(decodeNamespace, encode(encodeNamespace, ns));
    expect(back).toStrictEqual({
      metadata: {
        name: "demo",
        generation: 3,
        creationTimestamp: "2024-01-02T03:04:05Z",
        labels: { a: "1", b: "2" },
        finalizers: ["x"],
      },
      spec: { finalizers: ["kubernetes"] },
      status: {},
    });
    // Keys in Go's struct order, map keys sorted.
    expect(Object.keys(back)).toEqual(["metadata", "spec", "status"]);
    expect(Object.keys(back.metadata!.labels!)).toEqual(["a", "b"]);
  });

  it("is what the scheme hands out for the kind", () => {
    expect(scheme.kind({ group: "", version: "v1", kind: "Namespace" })?.protobuf).toBe(protobufCodecs.Namespace);
    expect(protobufCodecs.Namespace.decode).toBe(decodeNamespace);
  });
});

describe("ConfigMap", () => {
  const cm: ConfigMap = {
    metadata: { name: "a" },
    data: { z: "last", a: "first" },
    binaryData: { bin: "AAEC/w==", empty: "" },
  };

  it("writes map entries sorted by key, bytes raw, and pointers only when set", () => {
    const bytes = encode(encodeConfigMap, cm);
    expect(hex(bytes)).toBe(
      hex(
        fromHex(
          `0a11 ${META_NAME_A}` +
            // data: {a: first}, {z: last}
            " 12 0a 0a0161 1205 6669727374  12 09 0a017a 12046c617374" +
            // binaryData: {bin: 00 01 02 ff}, {empty: ""} (a non-nil empty []byte is written)
            " 1a 0b 0a0362696e 1204 000102ff  1a 09 0a05656d707479 1200",
        ),
      ),
    );
    expect(hex(encode(encodeConfigMap, { ...cm, immutable: false }))).toBe(`${hex(bytes)}2000`);
  });

  it("round-trips binaryData as base64", () => {
    const back = decode(decodeConfigMap, encode(encodeConfigMap, { ...cm, immutable: true }));
    expect(back).toStrictEqual({
      metadata: { name: "a" },
      immutable: true,
      data: { a: "first", z: "last" },
      binaryData: { bin: "AAEC/w==", empty: "" },
    });
  });

  it("orders keys by UTF-8 bytes, as Go does, where UTF-16 order differs", () => {
    // U+FF01 is EF BC 81 in UTF-8, before F0 9F 98 80 (U+1F600); in UTF-16 it sorts after D83D.
    const bytes = encode(encodeConfigMap, { data: { "\u{1F600}": "", "\uFF01": "", z: "" } });
    const keys = Object.keys(decode(decodeConfigMap, bytes).data!);
    expect(keys).toEqual(["z", "\uFF01", "\u{1F600}"]);
  });

  it("keeps a __proto__ key as an own entry, as JSON.parse does", () => {
    const data = JSON.parse('{"__proto__": "p", "k": "v"}') as Record<string, string>;
    const back = decode(decodeConfigMap, encode(encodeConfigMap, { data }));
    expect(Object.getPrototypeOf(back.data)).toBe(Object.prototype);
    expect(Object.keys(back.data!)).toEqual(["__proto__", "k"]);
    expect(Object.getOwnPropertyDescriptor(back.data, "__proto__")?.value).toBe("p");
  });

  it("reads null fields as absent (Go's nil)", () => {
    const withNulls = { metadata: { name: "a", labels: null }, data: null, immutable: null } as unknown as ConfigMap;
    expect(hex(encode(encodeConfigMap, withNulls))).toBe(hex(fromHex(`0a11 ${META_NAME_A}`)));
  });
});

describe("decoding", () => {
  it("skips unknown fields of every wire type", () => {
    const known = encode(encodeConfigMap, { metadata: { name: "a" } });
    // field 99 varint, field 98 fixed64, field 97 bytes, field 96 fixed32.
    const unknown = fromHex("98 06 2a  91 06 0102030405060708  8a 06 02 6869  85 06 01020304");
    const bytes = new Uint8Array([...known, ...unknown]);
    expect(decode(decodeConfigMap, bytes)).toStrictEqual({ metadata: { name: "a" } });
  });

  it("rejects a nested message whose fields run past its length", () => {
    // metadata claims 2 bytes but its name field needs 3.
    const bytes = fromHex("0a02 0a0161");
    expect(() => decodeConfigMap(Reader.create(bytes), bytes.length)).toThrow(RangeError);
  });

  it("fills fields Go always serializes, and leaves omitempty zeros out", () => {
    const back = decode(decodeService, encode(encodeService, { spec: { ports: [{ port: 80 }] } }));
    expect(back.spec?.ports).toStrictEqual([{ port: 80, targetPort: 0 }]);
    expect(back.status).toStrictEqual({ loadBalancer: {} });
    expect(back.spec).not.toHaveProperty("clusterIP");
  });
});

describe("named lists and JSONSchemaProps specials", () => {
  it("wraps Verbs in its own message and always shows the non-omitempty list", () => {
    const res: APIResource = { name: "pods", singularName: "pod", namespaced: true, kind: "Pod", verbs: ["get", "list"] };
    const bytes = encode(encodeAPIResource, res);
    // verbs = 4 is a message {repeated string items = 1}.
    expect(hex(bytes)).toContain(hex(fromHex("220b 0a03676574 0a046c697374")));
    expect(decode(decodeAPIResource, bytes)).toStrictEqual(res);
    expect(decode(decodeAPIResource, encode(encodeAPIResource, { ...res, verbs: [] }))).toStrictEqual({ ...res, verbs: [] });
  });

  it("round-trips each form of items, additionalProperties and dependencies", () => {
    const schema: JSONSchemaProps = {
      type: "object",
      items: [{ type: "string" }, { type: "integer" }],
      additionalProperties: false,
      additionalItems: { type: "boolean" },
      properties: { a: { type: "string", items: { type: "number" } } },
      dependencies: { a: ["b", "c"], d: { required: ["e"] } },
      default: { x: [1, "y", null] },
      enum: ["one", null],
      maximum: 1.5,
      "x-kubernetes-list-type": "map",
    };
    expect(decode(decodeJSONSchemaProps, encode(encodeJSONSchemaProps, schema))).toStrictEqual(schema);
  });

  it("writes additionalProperties: true as allows alone, and a schema with allows set", () => {
    const t = encode(encodeJSONSchemaProps, { additionalProperties: true });
    // ... field 30 (0xf2 0x01), length 2, allows = 1 ...
    expect(hex(t)).toContain("f201020801");
    const s = encode(encodeJSONSchemaProps, { additionalProperties: {} });
    expect(hex(s)).toMatch(/f201..080112/);
  });
});
