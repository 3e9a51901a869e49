/**
 * The streaming JSON body decoder: whatever the body and however it is cut into chunks, it
 * returns what JSON.parse of the whole body returns, and it parses a list's items before the
 * body has ended.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonBodyDecoder } from "../../../runtime/rest/json-body-decoder.js";

/** A fixed seed: a failure reproduces run after run. */
const SEED = 0x1f0_5eed;

/** Decodes `text` cut at the given fractions of its length, parsing items from `minBatch` bytes on. */
function decode(text: string, cuts: number[], minBatch = 256): unknown {
  const bytes = Buffer.from(text, "utf8");
  const d = new JsonBodyDecoder(minBatch);
  let from = 0;
  for (const c of [...cuts.map((x) => Math.floor(x * bytes.length)).sort((a, b) => a - b), bytes.length]) {
    if (c > from) d.push(bytes.subarray(from, c));
    from = Math.max(from, c);
  }
  return d.end();
}

const configMap = (i: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  metadata: { name: `cm-${i}`, namespace: "ns", resourceVersion: String(100 + i), labels: { app: "x" } },
  data: { k: `v-${i} "quoted" ,{"metadata": inside a string ü€` },
  ...extra,
});

describe("JsonBodyDecoder", () => {
  it("decodes a list cut anywhere into what JSON.parse gives", () => {
    const list = {
      kind: "ConfigMapList",
      apiVersion: "v1",
      metadata: { resourceVersion: "42" },
      items: Array.from({ length: 50 }, (_, i) => configMap(i)),
    };
    const text = JSON.stringify(list);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }), (cuts) => {
        expect(decode(text, cuts)).toEqual(list);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("decodes items holding nested objects that start like an item, and keys after the items", () => {
    // Each item nests an array of objects whose first key is the items' first key.
    const list = {
      kind: "StatefulSetList",
      items: Array.from({ length: 30 }, (_, i) =>
        configMap(i, { spec: { volumeClaimTemplates: [{ metadata: { name: "a" } }, { metadata: { name: `b-${i}` } }] } }),
      ),
      metadata: { resourceVersion: "7", continue: "token" },
    };
    const text = JSON.stringify(list);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 60 }), (cuts) => {
        expect(decode(text, cuts)).toEqual(list);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("decodes any JSON value, in any chunks, as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 10 }), (value, cuts) => {
        const text = JSON.stringify(value);
        expect(decode(text, cuts)).toEqual(JSON.parse(text));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it("decodes lists whose items key is not at the top level, or has no objects, whole", () => {
    for (const value of [
      { metadata: { annotations: { x: '"items":[{"a":1}]' } }, data: { items: [{ a: 1 }, { a: 2 }] } },
      { items: [] },
      { items: [1, 2, 3] },
      { items: null, kind: "X" },
      { a: { items: [{ b: 1 }, { b: 2 }] } },
    ]) {
      const text = JSON.stringify(value);
      expect(decode(text, [0.3, 0.5, 0.9])).toEqual(value);
    }
  });

  it("returns undefined for an empty body and throws JSON.parse's error for a broken one", () => {
    expect(new JsonBodyDecoder().end()).toBeUndefined();
    const text = JSON.stringify({ items: [configMap(1), configMap(2), configMap(3)] });
    expect(() => decode(text.slice(0, -5), [0.5])).toThrow(SyntaxError);
    expect(() => decode(`${text}x`, [0.5])).toThrow(SyntaxError);
  });

  it("has parsed the items of the chunks received before the body ends", () => {
    const list = {
      kind: "ConfigMapList",
      metadata: { resourceVersion: "1" },
      items: Array.from({ length: 20_000 }, (_, i) => configMap(i)),
    };
    const bytes = Buffer.from(JSON.stringify(list));
    // The default batch size: a list of a few MB is parsed in a few batches.
    const d = new JsonBodyDecoder();
    const parse = JSON.parse;
    const parsed: number[] = [];
    // Counts what each JSON.parse call received, to see batches parsed along the way.
    JSON.parse = ((text: string) => {
      parsed.push(text.length);
      return parse(text) as unknown;
    }) as typeof JSON.parse;
    try {
      for (let i = 0; i < bytes.length; i += 16_384) d.push(bytes.subarray(i, i + 16_384));
      const before = parsed.length;
      expect(d.end()).toEqual(list);
      // One parse for the header and one per batch before the end; the end parses only the tail.
      expect(bytes.length).toBeGreaterThan(3 * 1024 * 1024);
      expect(before).toBeGreaterThanOrEqual(3);
      expect(parsed.at(-1)!).toBeLessThan(bytes.length / 2);
    } finally {
      JSON.parse = parse;
    }
  });
});
