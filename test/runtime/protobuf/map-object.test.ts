/**
 * mapObject, which makes a decoded map's entries an object: the same object whether the key
 * list is new (keys set one by one) or seen often enough to have a shape (one object literal),
 * with duplicate keys (the later wins), an own "__proto__" key, integer-like keys, surrogates and
 * lists past the shape size; and a ConfigMap decoded many times stays equal to its JSON.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { decodeObject, encodeObject, mapObject, setMapEntry } from "../../../runtime/index.js";

/** What JSON.parse makes of the entries: keys set in order, a later duplicate winning. */
function byHand(keys: string[], values: unknown[]): Record<string, unknown> {
  const m: Record<string, unknown> = {};
  keys.forEach((k, i) => setMapEntry(m, k, values[i]));
  return m;
}

/** The object, its own keys in order and its prototype, as a test compares them. */
function look(m: Record<string, unknown>) {
  return { keys: Reflect.ownKeys(m), entries: Object.entries(m), proto: Object.getPrototypeOf(m) as unknown };
}

/** mapObject of the entries, often enough that the later calls use the list's shape. */
function everyWay(keys: string[], values: unknown[]): Record<string, unknown>[] {
  return Array.from({ length: 5 }, () => mapObject(keys.flatMap((k, i) => [k, values[i]])));
}

describe("mapObject", () => {
  const cases: Record<string, string[]> = {
    "plain keys": ["app", "tier", "app.kubernetes.io/name"],
    "a duplicate key": ["a", "b", "a"],
    "a __proto__ key": ["x", "__proto__", "y"],
    "integer-like keys": ["b", "10", "2", "a", "01"],
    "surrogates and quotes": ['"q"', "\ud83d\ude00", "\ud800", "back\\slash", "line\u2028sep"],
    "one key": ["only"],
    "300 keys": Array.from({ length: 300 }, (_, i) => `k${i}`),
  };
  for (const [name, keys] of Object.entries(cases)) {
    it(`makes the object JSON.parse would, ${name}`, () => {
      const values = keys.map((k, i) => `${k}=${i}`);
      const want = byHand(keys, values);
      for (const m of everyWay(keys, values)) {
        expect(look(m)).toEqual(look(want));
        expect(Object.prototype.hasOwnProperty.call(m, "__proto__")).toBe(keys.includes("__proto__"));
      }
    });
  }

  it("makes the object JSON.parse would for any key list, seen any number of times", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constantFrom("a", "b", "__proto__", "1")), { minLength: 1, maxLength: 12 }), (keys) => {
        const values = keys.map((_, i) => i);
        const want = look(byHand(keys, values));
        for (const m of everyWay(keys, values)) expect(look(m)).toEqual(want);
      }),
    );
  });

  it("keeps values apart between objects of one shape", () => {
    const keys = ["a", "b", "c"];
    const made = Array.from({ length: 6 }, (_, i) => mapObject(keys.flatMap((k, j) => [k, i + j])));
    made.forEach((m, i) => expect(m).toEqual({ a: i, b: i + 1, c: i + 2 }));
    made[5]!.a = 99;
    expect(made[4]!.a).toBe(4);
  });

  it("decodes a ConfigMap of 100 keys as its JSON, again and again", () => {
    const data: Record<string, string> = {};
    for (let i = 0; i < 100; i++) data[`setting-${i}`] = `value-${i}`;
    const cm = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "c", labels: { a: "1", b: "2" } }, data };
    const bytes = encodeObject(scheme, cm);
    for (let i = 0; i < 5; i++) {
      const got: typeof cm = decodeObject(scheme, bytes);
      expect(got.data).toEqual(data);
      expect(Object.keys(got.data)).toEqual(Object.keys(data).sort());
      expect(got.metadata.labels).toEqual({ a: "1", b: "2" });
    }
  });
});
