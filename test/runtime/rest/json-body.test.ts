/**
 * JsonBodyDecoder, the JSON response body decoded as it arrives: whatever the chunking, it gives
 * what JSON.parse gives for the whole body (lists cut into items as they come, the separator's
 * bytes inside an item, custom-resource lists, other bodies, empty and invalid ones).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonBodyDecoder } from "../../../runtime/rest/json-body.js";

/** Feeds `text` to a decoder in chunks of `size` bytes (every byte split point for UTF-8 too). */
function decode(text: string, size: number, announce = false): unknown {
  const bytes = Buffer.from(text, "utf8");
  const d = new JsonBodyDecoder(announce ? bytes.length : undefined);
  for (let i = 0; i < bytes.length; i += size) d.push(bytes.subarray(i, i + size));
  return d.end();
}

function configMaps(n: number): object {
  return {
    kind: "ConfigMapList",
    apiVersion: "v1",
    metadata: { resourceVersion: "10099" },
    items: Array.from({ length: n }, (_, i) => ({
      metadata: { name: `cm-${i}`, namespace: "ns", labels: { app: "bench", é: "ü" } },
      data: { "config.yaml": `key: value-${i}\n`.repeat(20), "settings.json": JSON.stringify({ id: i, tags: ["a", "b"] }) },
    })),
  };
}

const SIZES = [1, 7, 1000, 16384, 1 << 30];

describe("JsonBodyDecoder", () => {
  it("decodes a large list cut into items as it arrives, in chunks of any size", () => {
    // About 1.5 MB: several batches of items.
    const text = JSON.stringify(configMaps(2000));
    const whole = JSON.parse(text) as unknown;
    for (const size of [7, 1000, 16384, 1 << 30]) {
      expect(decode(text, size)).toEqual(whole);
      expect(decode(text, size, true)).toEqual(whole);
    }
  });

  it("decodes small lists and lists without items", () => {
    for (const text of [
      JSON.stringify(configMaps(1)),
      JSON.stringify(configMaps(3)),
      '{"kind":"ConfigMapList","apiVersion":"v1","metadata":{"resourceVersion":"5"},"items":[]}',
      '{"kind":"List","items":[{"metadata":{}}],"metadata":{"continue":"x"}}',
    ]) {
      for (const size of SIZES) expect(decode(text, size)).toEqual(JSON.parse(text));
    }
  });

  it("gives JSON.parse's value when the separator's bytes occur inside an item", () => {
    // StatefulSet-like: an array of objects starting with "metadata" inside each item.
    const items = Array.from({ length: 3000 }, (_, i) => ({
      metadata: { name: `sts-${i}` },
      spec: { volumeClaimTemplates: [{ metadata: { name: "a" } }, { metadata: { name: "b" } }] },
    }));
    const text = JSON.stringify({ kind: "StatefulSetList", apiVersion: "apps/v1", metadata: {}, items });
    for (const size of [100, 16384, 1 << 30]) expect(decode(text, size)).toEqual(JSON.parse(text));
  });

  it("cuts custom-resource lists, whose items start with apiVersion", () => {
    const items = Array.from({ length: 3000 }, (_, i) => ({
      apiVersion: "example.com/v1",
      kind: "Widget",
      metadata: { name: `w-${i}` },
      spec: { size: i },
    }));
    const text = JSON.stringify({ apiVersion: "example.com/v1", items, kind: "WidgetList", metadata: { resourceVersion: "7" } });
    for (const size of [333, 1 << 30]) expect(decode(text, size)).toEqual(JSON.parse(text));
  });

  it("decodes other bodies whole: objects, Status, strings in the head, empty bodies", () => {
    for (const text of [
      '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"x","labels":{"a":"b"}},"data":{"k":"v"}}',
      '{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","code":404}',
      '{"kind":"List","apiVersion":"v1","metadata":{"continue":"{\\"items\\":[{\\"metadata\\":"},"items":[{"metadata":{}}]}',
      '{"kind":"Li\\u00e9st","items":[{"metadata":{}},{"metadata":{}}]}',
      "[1,2,3]",
      '"text"',
    ]) {
      for (const size of SIZES) expect(decode(text, size)).toEqual(JSON.parse(text));
    }
    expect(new JsonBodyDecoder().end()).toBeUndefined();
  });

  it("throws JSON.parse's SyntaxError for invalid JSON, in an item or after the items", () => {
    const good = JSON.stringify(configMaps(1500));
    const broken = [
      good.slice(0, 400_000) + "}" + good.slice(400_000),
      good + "x",
      good.slice(0, -1),
      good.replace('"cm-1400"', "cm-1400"),
    ];
    for (const text of broken) {
      for (const size of [16384, 1 << 30]) expect(() => decode(text, size)).toThrow(SyntaxError);
    }
  });

  it("agrees with JSON.parse on any list of JSON values, chunked anyhow", () => {
    const key = fc.constantFrom("metadata", "apiVersion", "a");
    const item = fc.tuple(key, fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 20 }), fc.integer({ min: 1, max: 64 }), (items, size) => {
        const text = JSON.stringify({
          kind: "XList",
          metadata: { resourceVersion: "1" },
          items: items.map(([k, v, rest]) => ({ [k]: v, ...rest })),
        });
        expect(decode(text, size)).toEqual(JSON.parse(text));
      }),
    );
  });
});
