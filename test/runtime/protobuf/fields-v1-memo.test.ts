/**
 * FieldsV1 decoding with shared trees: a list whose items repeat one tree decodes to what
 * JSON.parse of each text makes (key order, an own "__proto__" key, arrays and scalars
 * included), equal texts give one frozen tree, and a caller cannot write into it (so no item
 * and no later decode changes under another's feet).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { decodeObject, encodeObject } from "../../../runtime/index.js";

interface Entry {
  manager: string;
  operation: string;
  apiVersion: string;
  fieldsType: string;
  fieldsV1: unknown;
}
interface Item {
  metadata: { name: string; namespace: string; managedFields: Entry[] };
}
interface List {
  items: Item[];
}

function list(trees: unknown[]): Record<string, unknown> {
  return {
    apiVersion: "v1",
    kind: "ConfigMapList",
    metadata: { resourceVersion: "7" },
    items: trees.map((fieldsV1, i) => ({
      metadata: {
        name: `cm-${i}`,
        namespace: "ns",
        managedFields: [{ manager: "m", operation: "Update", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1 }],
      },
    })),
  };
}

function roundTrip(trees: unknown[]): List {
  return decodeObject<List & Record<string, unknown>>(scheme, encodeObject(scheme, list(trees)));
}

/** Reflect.ownKeys all the way down, to compare key order and own "__proto__" keys. */
function shape(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map(shape);
  return { proto: Object.getPrototypeOf(v) === Object.prototype, entries: Reflect.ownKeys(v).map((k) => [k, shape((v as never)[k])]) };
}

const tree = { "f:data": { ".": {}, "f:a": {} }, "f:metadata": { "f:labels": { ".": {}, "f:app": {} } } };

describe("FieldsV1 decode", () => {
  it("gives the items of a list that repeat a tree one frozen tree, equal to the text parsed", () => {
    const decoded = roundTrip(Array.from({ length: 50 }, () => tree));
    const trees = decoded.items.map((i) => i.metadata.managedFields[0]!.fieldsV1);
    for (const t of trees) expect(t).toEqual(tree);
    expect(new Set(trees).size).toBe(1);
    expect(Object.isFrozen(trees[0])).toBe(true);
    expect(Object.isFrozen((trees[0] as typeof tree)["f:data"])).toBe(true);
  });

  it("a write into a decoded tree throws and reaches no other item and no later decode", () => {
    const first = roundTrip([tree, tree]);
    const t0 = first.items[0]!.metadata.managedFields[0]!.fieldsV1 as Record<string, Record<string, unknown>>;
    expect(() => {
      t0["f:data"]!["f:b"] = {};
    }).toThrow(TypeError);
    expect(() => {
      t0["f:new"] = {};
    }).toThrow(TypeError);
    expect(first.items[1]!.metadata.managedFields[0]!.fieldsV1).toEqual(tree);
    expect(roundTrip([tree]).items[0]!.metadata.managedFields[0]!.fieldsV1).toEqual(tree);
  });

  it("property: repeated trees decode as JSON.parse of their text, key order and own __proto__ keys included", () => {
    const key = fc.oneof(fc.constantFrom("__proto__", ".", "f:a", "0", "10", 'k:{"x":"}"}'), fc.string({ maxLength: 6 }));
    const scalar = fc.oneof(fc.integer(), fc.boolean(), fc.string({ maxLength: 4 }), fc.constant(null));
    const valueAt = (depth: number): fc.Arbitrary<unknown> =>
      depth === 0
        ? fc.oneof(scalar, fc.constant({}))
        : fc.oneof(
            fc.constant({}),
            fc.dictionary(key, valueAt(depth - 1), { maxKeys: 3 }),
            fc.array(valueAt(depth - 1), { maxLength: 3 }),
            scalar,
          );
    const value = valueAt(3);
    // Objects at the top, as FieldsV1 always is; one tree repeated, then a few others mixed in.
    const top = fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 });
    fc.assert(
      fc.property(top, fc.array(top, { maxLength: 3 }), (repeated, others) => {
        // Built from text, so that "__proto__" is an own key as JSON.parse makes it.
        const texts = [
          JSON.stringify(repeated),
          JSON.stringify(repeated),
          ...others.map((o) => JSON.stringify(o)),
          JSON.stringify(repeated),
        ];
        const decoded = roundTrip(texts.map((t) => JSON.parse(t) as unknown));
        const got = decoded.items.map((i) => i.metadata.managedFields[0]!.fieldsV1);
        got.forEach((t, i) => expect(shape(t)).toEqual(shape(JSON.parse(texts[i]!))));
        // Equal texts decode to one tree, and what is shared cannot be written.
        expect(got[0]).toBe(got[1]);
        expect(got[texts.length - 1]).toBe(got[0]);
        for (const t of got) if (typeof t === "object" && t !== null) expect(Object.isFrozen(t)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
