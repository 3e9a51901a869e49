/**
 * sortedEntries, the map listing the encoders iterate: keys in UTF-8 byte order with each value at
 * its key's index, for maps below and above the size where values are looked up key by key (V8's
 * dictionary-mode objects), filled one key at a time or by JSON.parse, sorted or not, with
 * surrogate keys and an own "__proto__" key; and maps of both sizes encode to the bytes Go writes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { decodeObject, encodeObject, setMapEntry, sortedEntries } from "../../../runtime/index.js";

/** UTF-8 byte order, the order Go marshals map keys in. */
function utf8Order(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** What sortedEntries must return for `m`. */
function expected<V>(m: Record<string, V>): { keys: string[]; values: V[] } {
  const keys = Object.keys(m).sort(utf8Order);
  return { keys, values: keys.map((k) => m[k]!) };
}

/** A map of `n` keys set one at a time in the order given, as the decoders fill maps. */
function filled(keys: string[]): Record<string, string> {
  const m: Record<string, string> = {};
  for (const k of keys) setMapEntry(m, k, `value of ${k}`);
  return m;
}

const keysOf = (n: number): string[] => Array.from({ length: n }, (_, i) => `feature.setting-${i}`);

describe("sortedEntries", () => {
  for (const n of [0, 1, 2, 19, 20, 21, 100, 300]) {
    it(`lists ${n} keys with their values, unsorted, sorted and from JSON.parse`, () => {
      const unsorted = filled(keysOf(n));
      const sorted = filled(keysOf(n).sort(utf8Order));
      const parsed = JSON.parse(JSON.stringify(unsorted)) as Record<string, string>;
      for (const m of [unsorted, sorted, parsed]) expect(sortedEntries(m)).toEqual(expected(m));
    });
  }

  it("keeps an own __proto__ key and its value in a large map", () => {
    const m = filled([...keysOf(30), "__proto__", "_"]);
    const { keys, values } = sortedEntries(m);
    expect(keys).toEqual(expected(m).keys);
    expect(values[keys.indexOf("__proto__")]).toBe("value of __proto__");
  });

  it("orders surrogate keys by code point in a large map", () => {
    const m = filled([...keysOf(25), "\u{1F600}", "\uff61", "\ud800", "\udfff", "z", ""]);
    const { keys, values } = sortedEntries(m);
    // Lone surrogates count as U+FFFD; the pair (U+1F600) sorts after U+FF61 though its unit is lower.
    expect(keys.slice(-4)).toEqual(["\uff61", "\ud800", "\udfff", "\u{1F600}"]);
    expect(values).toEqual(keys.map((k) => m[k]));
  });

  it("agrees with a UTF-8 sort for any map, small or large", () => {
    const key = fc.string({ unit: "grapheme", maxLength: 6 });
    fc.assert(
      fc.property(fc.uniqueArray(key, { maxLength: 60 }), (keys) => {
        const m = filled(keys.filter((k) => !k.match(/[\ud800-\udfff]/u)));
        expect(sortedEntries(m)).toEqual(expected(m));
      }),
    );
  });

  it("reuses a large map's remembered order only for the very same listing of keys", () => {
    const keys = keysOf(40).reverse();
    const first = filled(keys);
    expect(sortedEntries(first)).toEqual(expected(first));
    // The same listing with other values: the remembered order, the new values.
    const again = filled(keys);
    for (const k of keys) again[k] = `new ${k}`;
    expect(sortedEntries(again)).toEqual(expected(again));
    // Same first key, one key more, one key fewer, one key renamed: each sorted afresh.
    const more = filled([...keys, "a.first"]);
    const fewer = filled(keys.slice(0, -1));
    const renamed = filled([...keys.slice(0, -1), "zzz"]);
    for (const m of [more, fewer, renamed, first]) expect(sortedEntries(m)).toEqual(expected(m));
    // Mutating the listing a caller got back leaves the remembered order alone.
    sortedEntries(first).values.reverse();
    expect(sortedEntries(first)).toEqual(expected(first));
  });

  it("agrees with a UTF-8 sort when large maps sharing a first key are sorted repeatedly", () => {
    const key = fc.stringMatching(/^[a-c]{1,3}$/);
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(key, { minLength: 10, maxLength: 30 }), { maxLength: 6 }), (listings) => {
        for (const keys of [...listings, ...listings]) {
          const m = filled(["first", ...keys]);
          expect(sortedEntries(m)).toEqual(expected(m));
        }
      }),
    );
  });

  it("agrees with a UTF-8 sort when small maps sharing a first key are sorted repeatedly", () => {
    // Listings of two to eight keys, more than are remembered per first key, in and out of
    // order, some with surrogates, each listed again with other values.
    const key = fc.oneof(fc.stringMatching(/^[a-d]{1,2}$/), fc.constantFrom("\u{1F600}", "\uff61", "\ud800"));
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(key, { minLength: 1, maxLength: 7 }), { maxLength: 12 }), (listings) => {
        for (const keys of [...listings, ...listings.reverse(), ...listings]) {
          const m = filled(["b", ...keys.filter((k) => k !== "b")]);
          expect(sortedEntries(m)).toEqual(expected(m));
          for (const k of Object.keys(m)) m[k] = `other ${k}`;
          expect(sortedEntries(m)).toEqual(expected(m));
        }
      }),
    );
  });

  it("reuses a small map's remembered order only for the very same listing of keys", () => {
    const keys = ["team", "app", "tier"];
    const first = filled(keys);
    expect(sortedEntries(first).keys).toEqual(["app", "team", "tier"]);
    // The values a caller gets back may be changed without changing the next answer.
    sortedEntries(first).values.reverse();
    sortedEntries(filled(["app", "team"])).values.reverse();
    for (const m of [filled(keys), filled(["team", "tier", "app"]), filled(["team", "app"]), filled(["app", "team"]), first]) {
      expect(sortedEntries(m)).toEqual(expected(m));
    }
  });

  it("round-trips large ConfigMaps through the generated codec, keys in Go's order", () => {
    const data = filled(keysOf(50).reverse());
    const cm = { kind: "ConfigMap", apiVersion: "v1", metadata: { name: "big" }, data };
    const back = decodeObject<{ data: Record<string, string> }>(scheme, encodeObject(scheme, cm));
    expect(back.data).toEqual(data);
    expect(Object.keys(back.data)).toEqual(Object.keys(data).sort(utf8Order));
  });
});
