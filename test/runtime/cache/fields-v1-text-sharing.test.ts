/**
 * The informer's list decoder that cuts repeated FieldsV1 texts out of the body: its value
 * equals JSON.parse's for any body, however the body is split into chunks, and equal texts at
 * items' managedFields come out as one shared tree.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldsV1SharingDecoder } from "../../../runtime/cache/fields-v1-text-sharing.js";
import { ObjectCompactor } from "../../../runtime/cache/managed-fields-sharing.js";

/** Decodes `text` fed in chunks cut at `cuts` (byte offsets). */
function decode(text: string, cuts: number[] = [], share = (_e: object, t: object) => Object.freeze(t)): unknown {
  const bytes = Buffer.from(text, "utf8");
  const d = new FieldsV1SharingDecoder(share);
  let from = 0;
  for (const at of [...cuts].sort((a, b) => a - b)) {
    if (at <= from || at >= bytes.length) continue;
    d.push(bytes.subarray(from, at));
    from = at;
  }
  if (from < bytes.length) d.push(bytes.subarray(from));
  return d.end();
}

const TREE = { "f:data": { ".": {}, "f:a": {} }, "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } };

function item(name: string, fieldsV1: unknown = TREE, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    metadata: {
      name,
      namespace: "ns",
      managedFields: [{ manager: "m", operation: "Update", apiVersion: "v1", time: "t", fieldsType: "FieldsV1", fieldsV1 }],
    },
    ...extra,
  };
}

function list(items: unknown[]): string {
  return JSON.stringify({ apiVersion: "v1", kind: "ConfigMapList", metadata: { resourceVersion: "7" }, items });
}

interface Listed {
  items: { metadata: { managedFields: { fieldsV1: object }[] } }[];
}

describe("FieldsV1SharingDecoder", () => {
  it("returns JSON.parse's value with equal texts as one frozen tree", () => {
    const text = list([item("a"), item("b"), item("c", { "f:data": {} }), item("d")]);
    const got = decode(text) as Listed;
    expect(got).toEqual(JSON.parse(text));
    const trees = got.items.map((i) => i.metadata.managedFields[0]!.fieldsV1);
    expect(trees[0]).toBe(trees[1]);
    expect(trees[0]).toBe(trees[3]);
    expect(trees[2]).not.toBe(trees[0]);
    expect(Object.isFrozen(trees[0])).toBe(true);
  });

  it("gives the same value at every chunk boundary", () => {
    const text = list([item("a"), item("b", TREE, { data: { k: 'v "fieldsV1":{}' } }), item("c")]);
    const want = JSON.parse(text) as unknown;
    const n = Buffer.byteLength(text);
    for (let at = 1; at < n; at++) {
      const got = decode(text, [at]) as Listed;
      expect(got).toEqual(want);
      expect(got.items[0]!.metadata.managedFields[0]!.fieldsV1).toBe(got.items[2]!.metadata.managedFields[0]!.fieldsV1);
    }
    // One byte at a time.
    expect(
      decode(
        text,
        Array.from({ length: n }, (_, i) => i),
      ),
    ).toEqual(want);
  });

  it("shares through the compactor, which keeps one tree across lists", () => {
    const c = new ObjectCompactor();
    const share = (e: object, t: object) => c.shareFieldsV1(e, t);
    const first = decode(list([item("a"), item("b")]), [], share) as Listed;
    const second = decode(list([item("c")]), [], share) as Listed;
    expect(second.items[0]!.metadata.managedFields[0]!.fieldsV1).toBe(first.items[0]!.metadata.managedFields[0]!.fieldsV1);
  });

  it("leaves marks inside strings and keys alone", () => {
    const tricky = [
      item("a", TREE, { data: { '"fieldsV1":{': '"fieldsV1":{"x":{}}', 'k\\"fieldsV1': "\\" } }),
      { metadata: { name: "b", 'x"fieldsV1': { "f:a": {} } } },
      item("c"),
      item("d", { "f:spec": { "k:[1,2]": {}, ".": [1, [2, { "]": "}" }]] } }),
      item("e", { "f:spec": { "k:[1,2]": {}, ".": [1, [2, { "]": "}" }]] } }),
    ];
    const text = list(tricky);
    expect(text).toContain('\\"fieldsV1\\":{');
    expect(decode(text)).toEqual(JSON.parse(text));
    expect(decode(text, [100, 200, 300, 400])).toEqual(JSON.parse(text));
  });

  it("parses plainly what it cannot place: fieldsV1 elsewhere, duplicate keys, the \\u0000 escape", () => {
    const elsewhere = list([item("a"), { metadata: { name: "b" }, spec: { fieldsV1: TREE } }, item("c")]);
    expect(decode(elsewhere)).toEqual(JSON.parse(elsewhere));
    const spec = (decode(elsewhere) as { items: { spec?: { fieldsV1: object } }[] }).items[1]!.spec!.fieldsV1;
    expect(Object.isFrozen(spec)).toBe(false);

    const tree = JSON.stringify(TREE);
    const duplicate = `{"items":[{"metadata":{"managedFields":[{"fieldsV1":${tree},"fieldsV1":${tree}}]}},{"metadata":{"managedFields":[{"fieldsV1":${tree}}]}}]}`;
    expect(decode(duplicate)).toEqual(JSON.parse(duplicate));

    const nul = list([item("a"), item("b", TREE, { data: { k: "\u0000" } }), item("c")]);
    expect(nul).toContain("\\u0000");
    expect(decode(nul)).toEqual(JSON.parse(nul));
    expect(decode(nul, [nul.indexOf("\\u0000") + 3])).toEqual(JSON.parse(nul));
  });

  it("throws JSON.parse's error for a bad body and returns undefined for an empty one", () => {
    const bad = list([item("a"), item("b")]).slice(0, -3);
    expect(() => decode(bad)).toThrow(
      (() => {
        try {
          JSON.parse(bad);
        } catch (err) {
          return (err as Error).message;
        }
        return "";
      })(),
    );
    const broken = list([item("a"), item("b")]).replace('"fieldsV1":{', '"fieldsV1":{,');
    expect(() => decode(broken)).toThrow(SyntaxError);
    expect(decode("")).toBeUndefined();
  });

  it("decodes non-ASCII bodies as UTF-8", () => {
    const text = list([item("é"), item("😀", { "f:data": { "f:ü": {} } }), item("b", { "f:data": { "f:ü": {} } })]);
    expect(decode(text, [5, 170, 171, 172])).toEqual(JSON.parse(text));
  });

  it("equals JSON.parse for generated lists and chunkings", () => {
    // Strings with the decoder's marks, escapes, brackets and non-ASCII in them.
    // The escape \u0000 rules cutting out for the whole body, so it comes rarely.
    const piece = fc.oneof(
      {
        arbitrary: fc.constantFrom('"fieldsV1":{', "\\", '"', "{", "}", "[", "]", ":", ",", "é", "😀", "fieldsV1", "f:a", "k:"),
        weight: 30,
      },
      { arbitrary: fc.constant("\u0000"), weight: 1 },
    );
    const str = fc.array(piece, { maxLength: 5 }).map((p) => p.join(""));
    const leaf: fc.Arbitrary<unknown> = fc.oneof(str, fc.integer(), fc.boolean(), fc.constant(null));
    const json = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        fc.array(tie("value"), { maxLength: 3 }),
        fc.dictionary(str, tie("value"), { maxKeys: 3 }),
      ),
    })).value;
    // A few trees, so that items repeat them.
    const trees = fc.array(
      fc.dictionary(
        str.map((k) => `f:${k}`),
        fc.oneof(fc.constant({}), fc.dictionary(str, json, { maxKeys: 2 })),
        { minKeys: 1, maxKeys: 3 },
      ),
      { minLength: 1, maxLength: 3 },
    );
    const body = trees.chain((pool) =>
      fc
        .array(
          fc.record({
            name: str,
            tree: fc.oneof(fc.constantFrom(...pool), json),
            entries: fc.constantFrom(0, 1, 1, 2),
            extra: fc.dictionary(str, json, { maxKeys: 2 }),
          }),
          { minLength: 1, maxLength: 8 },
        )
        .map((items) =>
          list(
            items.map((i) => ({
              metadata: {
                name: i.name,
                managedFields: Array.from({ length: i.entries }, () => ({ manager: i.name, fieldsV1: i.tree })),
              },
              ...i.extra,
            })),
          ),
        ),
    );
    let cut = 0;
    fc.assert(
      fc.property(body, fc.array(fc.nat({ max: 4000 }), { maxLength: 12 }), (text, cuts) => {
        let shared = false;
        const share = (_e: object, t: object): object => {
          shared = true;
          return Object.freeze(t);
        };
        expect(decode(text, cuts, share)).toEqual(JSON.parse(text));
        if (shared) cut++;
      }),
      { numRuns: 300 },
    );
    // The cutting path, not only the plain parse, was exercised.
    expect(cut).toBeGreaterThan(40);
  });
});
