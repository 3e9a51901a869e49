/**
 * Reader#key, the map-key read that hands back keys decoded before: it reads what Reader#string
 * reads for any bytes (ASCII of every length around the cache's limits, multi-byte UTF-8, invalid
 * UTF-8, empty), stays right when many keys share the cache (more keys than slots, keys that
 * collide), and maps decoded through the generated codecs come out as JSON.parse makes them.
 */
import fc from "fast-check";
import protobuf from "protobufjs/minimal.js";
import { describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { Reader, decodeObject, encodeObject } from "../../../runtime/index.js";

/** The bytes of length-prefixed strings, as protobufjs writes them. */
function strings(values: string[]): Uint8Array {
  const w = protobuf.Writer.create();
  for (const v of values) w.string(v);
  return w.finish();
}

/** Reads every string back with `key`, and again with `string`. */
function readBoth(bytes: Uint8Array, count: number): [string[], string[]] {
  const byKey = new Reader(bytes);
  const byString = new Reader(bytes);
  const keys: string[] = [];
  const plain: string[] = [];
  for (let i = 0; i < count; i++) {
    keys.push(byKey.key());
    plain.push(byString.string());
  }
  expect(byKey.pos).toBe(bytes.length);
  return [keys, plain];
}

describe("Reader#key", () => {
  it("reads what string reads, around the ASCII lengths it caches and beyond", () => {
    const values = [""];
    for (let n = 1; n <= 64; n++) values.push("k".repeat(n - 1) + String.fromCharCode(97 + (n % 26)));
    values.push("héllo", "ключ", "日本語のキー", "emoji 😀 key", "a".repeat(47) + "é");
    // Read twice: the second pass is served from the cache.
    const [keys, plain] = readBoth(strings([...values, ...values]), values.length * 2);
    expect(keys).toEqual([...values, ...values]);
    expect(plain).toEqual(keys);
  });

  it("reads invalid UTF-8 as string does (U+FFFD)", () => {
    const raw = [0x61, 0xff, 0x62, 0xc3];
    const bytes = new Uint8Array([raw.length, ...raw, raw.length, ...raw]);
    const [keys, plain] = readBoth(bytes, 2);
    expect(keys).toEqual(plain);
    expect(keys[0]).toBe("a\ufffdb\ufffd");
  });

  it("stays right with more distinct keys than the cache holds, read in any order", () => {
    const values = Array.from({ length: 20000 }, (_, i) => `example.com/label-${i % 7}-${i}`);
    for (const order of [values, [...values].reverse(), values]) {
      const [keys] = readBoth(strings(order), order.length);
      expect(keys).toEqual(order);
    }
  });

  it("never mistakes one ASCII key for another of the same length", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary-ascii", maxLength: 50 }), { maxLength: 200 }), (values) => {
        const all = [...values, ...values.slice().reverse()];
        const [keys] = readBoth(strings(all), all.length);
        expect(keys).toEqual(all);
      }),
    );
  });

  it("reports a key running past the end as truncated", () => {
    expect(() => new Reader(new Uint8Array([5, 0x61, 0x62])).key()).toThrow(RangeError);
  });

  it("decodes map fields through the generated codecs as JSON.parse makes them", () => {
    const data: Record<string, string> = {};
    for (let i = 0; i < 300; i++) data[`feature.${["a", "bb", "ccc"][i % 3]}.setting-${i}`] = `v${i}`;
    data["ключ"] = "non-ASCII";
    data[""] = "empty";
    // "__proto__" through JSON text, where it is an own key (an assignment would set the prototype).
    const dataJson = JSON.stringify(data).replace(/^\{/, '{"__proto__":"own",');
    const json = `{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c","labels":{"app":"x","__proto__":"p"}},"data":${dataJson}}`;
    const obj = JSON.parse(json) as object;
    const bytes = encodeObject(scheme, obj);
    for (let round = 0; round < 3; round++) {
      const back = decodeObject<{ data: Record<string, string>; metadata: { labels: object } }>(scheme, bytes);
      expect(back).toEqual(obj);
      expect(Object.getPrototypeOf(back.data)).toBe(Object.prototype);
      expect(Object.hasOwn(back.data, "__proto__")).toBe(true);
      expect(Object.hasOwn(back.metadata.labels, "__proto__")).toBe(true);
    }
  });
});
