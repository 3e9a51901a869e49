/**
 * The list scanner an informer's lazily decoded cache rests on: on random lists it finds the
 * same items, and the same metadata namespace/name/resourceVersion, as JSON.parse; it accepts
 * and refuses exactly the bodies JSON.parse does (truncated or mutated bodies fail with a
 * SyntaxError).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scanJsonList } from "../../../runtime/rest/json-list-scan.js";

/** Strings with unicode, escapes (quotes, backslashes, control characters) and braces. */
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("", "{", "}", "[", "]", '"', "\\", '{"a":[1,"}"]}', "\n\t", "é", "😀", "\u0000", "\u2028"),
  fc.string({ unit: fc.constantFrom("{", "}", "[", "]", '"', "\\", ":", ",", "a"), maxLength: 8 }),
);
const metaValue = fc.oneof({ weight: 6, arbitrary: text }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) });
const item = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record(
      {
        apiVersion: fc.constant("v1"),
        metadata: fc.oneof(
          {
            weight: 8,
            arbitrary: fc.record(
              { name: metaValue, namespace: metaValue, resourceVersion: metaValue, labels: fc.dictionary(text, text) },
              { requiredKeys: [] },
            ),
          },
          { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
        ),
        data: fc.dictionary(text, fc.jsonValue({ maxDepth: 3 })),
        spec: fc.jsonValue({ maxDepth: 4 }),
      },
      { requiredKeys: ["metadata"] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const list = fc.record({
  kind: fc.constant("ConfigMapList"),
  apiVersion: fc.constant("v1"),
  metadata: fc.record({ resourceVersion: fc.string(), continue: fc.string() }, { requiredKeys: [] }),
  items: fc.array(item, { maxLength: 8 }),
});
/** The body as a server might write it: compact, indented, or with every non-ASCII character escaped. */
const body = fc.tuple(list, fc.constantFrom<"compact" | "indented" | "escaped">("compact", "indented", "escaped")).map(([l, style]) => {
  const t = JSON.stringify(l, null, style === "indented" ? 2 : undefined);
  return style === "escaped" ? t.replace(/[^ -~\t\n\r]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`) : t;
});

/** What the scanner should find, by JSON.parse. */
function expected(t: string) {
  const parsed = JSON.parse(t) as Record<string, unknown>;
  const items = parsed.items as unknown[];
  const { items: _, ...head } = parsed;
  const meta = items.map((it) => {
    const m = (it as { metadata?: unknown } | null)?.metadata;
    const md = typeof m === "object" && m !== null && !Array.isArray(m) ? (m as Record<string, unknown>) : {};
    const str = (v: unknown) => (typeof v === "string" ? v : undefined);
    const plain = ["name", "namespace", "resourceVersion"].every((k) => md[k] === undefined || typeof md[k] === "string");
    return { namespace: str(md.namespace), name: str(md.name), resourceVersion: str(md.resourceVersion), plain };
  });
  return { head, items, meta };
}

describe("scanJsonList", () => {
  it("property: finds the items, their metadata keys and the head as JSON.parse does", () => {
    fc.assert(
      fc.property(body, (t) => {
        const want = expected(t);
        const got = scanJsonList(t);
        expect(got.head).toEqual(want.head);
        expect(got.items!.map((r) => r.decode())).toEqual(want.items);
        expect(
          got.items!.map((r) => ({ namespace: r.namespace, name: r.name, resourceVersion: r.resourceVersion, plain: r.plainMeta })),
        ).toEqual(want.meta);
      }),
      { numRuns: 400 },
    );
  });

  it("property: a truncated body fails with a SyntaxError", () => {
    fc.assert(
      fc.property(
        body.chain((t) => fc.tuple(fc.constant(t), fc.nat({ max: t.length - 1 }))),
        ([t, cut]) => {
          const prefix = t.slice(0, cut);
          expect(() => JSON.parse(prefix)).toThrow(SyntaxError);
          expect(() => scanJsonList(prefix)).toThrow(SyntaxError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("property: a mutated body is refused exactly when JSON.parse refuses it, else split as JSON.parse reads it", () => {
    const mutation = fc.constantFrom("", "{", "}", "[", "]", '"', "\\", ":", ",", " ", "x", "1", "-", ".", "e", "n", "\u0001", "\\u12");
    fc.assert(
      fc.property(
        body.chain((t) => fc.tuple(fc.constant(t), fc.nat({ max: t.length }), fc.nat({ max: 2 }), mutation)),
        ([t, at, drop, insert]) => {
          const m = t.slice(0, at) + insert + t.slice(at + drop);
          let parsed: unknown;
          try {
            parsed = JSON.parse(m);
          } catch (err) {
            expect(err).toBeInstanceOf(SyntaxError);
            expect(() => scanJsonList(m)).toThrow(SyntaxError);
            return;
          }
          if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
            expect(() => scanJsonList(m)).toThrow(TypeError);
            return;
          }
          const got = scanJsonList(m);
          const items = (parsed as { items?: unknown }).items;
          if (Array.isArray(items)) expect(got.items!.map((r) => r.decode())).toEqual(items);
          else expect(got.items).toBeUndefined();
          const { items: _, ...head } = parsed as Record<string, unknown>;
          expect(got.head).toEqual(head);
        },
      ),
      { numRuns: 600 },
    );
  });

  it("reads escaped keys and values as JSON.parse does, the last of duplicate keys winning", () => {
    const t = '{"items":[{"meta\\u0064ata":{"na\\u006de":"a\\"b","namespace":"x","namespace":"ns\\/1","resourceVersion":"7"}}],"kind":"L"}';
    const { head, items } = scanJsonList(t);
    expect(head).toEqual({ kind: "L" });
    expect(items).toHaveLength(1);
    expect([items![0]!.namespace, items![0]!.name, items![0]!.resourceVersion, items![0]!.plainMeta]).toEqual(["ns/1", 'a"b', "7", true]);
    const twice = scanJsonList('{"items":[{"metadata":{"name":"old"},"metadata":{"namespace":"n"}}]}').items![0]!;
    expect([twice.name, twice.namespace]).toEqual([undefined, "n"]);
  });

  it("marks an item whose name is not a string, and reads an empty list, a list without items and a Status", () => {
    expect(scanJsonList('{"items":[{"metadata":{"name":5}}]}').items![0]!.plainMeta).toBe(false);
    expect(scanJsonList('{"kind":"L","items":[]}')).toEqual({ head: { kind: "L" }, items: [] });
    expect(scanJsonList(' {"items":null} ')).toEqual({ head: {}, items: undefined });
    const status = '{"kind":"Status","status":"Failure","code":410}';
    expect(scanJsonList(status)).toEqual({ head: JSON.parse(status), items: undefined });
  });

  it("names where a body goes wrong", () => {
    expect(() => scanJsonList('{"items":[{"a":1}')).toThrow(/Unexpected end of JSON input \(the list body is truncated\)/);
    expect(() => scanJsonList('{"items":[{"a":tru}]}')).toThrow(/Unexpected character "t" at position 15 of the list body/);
    expect(() => scanJsonList("[1]")).toThrow(new TypeError("a list body must be a JSON object, not an array"));
    expect(() => scanJsonList("")).toThrow(SyntaxError);
  });
});
