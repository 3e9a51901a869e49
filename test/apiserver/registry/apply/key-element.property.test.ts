/**
 * A list-map item's path element is written directly, not through a key object: it must be the
 * compact JSON of the object of its key fields (or their defaults) in sorted order, whatever the
 * names (index-like, repeated, `__proto__`, names of Object.prototype) and values.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyElement } from "../../../../apiserver/registry/apply/field-set.js";

/** The element as a key object writes it. */
function viaObject(item: Record<string, unknown>, keys: readonly string[], defaults: Record<string, unknown>): string {
  const key: Record<string, unknown> = {};
  for (const k of keys.length > 1 ? [...keys].sort() : keys) {
    const v = item[k] !== undefined ? item[k] : defaults[k];
    if (v !== undefined) key[k] = v;
  }
  return `k:${JSON.stringify(key)}`;
}

const name = fc.oneof(fc.constantFrom("type", "port", "protocol", "1", "0", "01", "__proto__", "toString"), fc.string());

describe("keyElement", () => {
  it("is the compact JSON of the item's key fields in sorted order", () => {
    fc.assert(
      fc.property(
        fc.array(name, { maxLength: 4 }),
        fc.dictionary(name, fc.jsonValue({ maxDepth: 2 })),
        fc.dictionary(name, fc.jsonValue({ maxDepth: 1 })),
        (keys, item, defaults) => {
          expect(keyElement(item, keys, defaults)).toBe(viaObject(item, keys, defaults));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("writes the usual keys as before", () => {
    expect(keyElement({ type: "Ready", status: "True" }, ["type"])).toBe('k:{"type":"Ready"}');
    expect(keyElement({ port: 80 }, ["protocol", "port"], { protocol: "TCP" })).toBe('k:{"port":80,"protocol":"TCP"}');
    expect(keyElement({}, ["name"])).toBe("k:{}");
  });
});
