/**
 * A JSON body's decode makes one walk where it made three: the schema walk counts the keys the
 * duplicate-key shortcut compares with the text's (keyCount's figure, whatever it drops), and
 * the depth bound is scanned for only when text that short could nest that deep (text JSON.parse
 * refuses gets the same message as before, depth first).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { keyCount, parseJSONText } from "../../../../apiserver/registry/patch/json-text.js";
import { SchemaIndex } from "../../../../apiserver/registry/patch/schema-check.js";
import { bracketPastDepth } from "../../../../runtime/json-depth.js";

/** Any value, or one of the schema's own shapes, so that both known and unknown fields, nulls and wrong types turn up. */
const anything = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(null));
const container = fc.record(
  {
    name: fc.oneof(fc.string(), anything),
    image: fc.string(),
    ports: fc.array(fc.record({ containerPort: fc.oneof(fc.integer(), fc.double(), fc.string()), bogus: anything }, { requiredKeys: [] })),
    env: fc.array(fc.oneof(fc.record({ name: fc.string(), value: anything }), anything)),
    resources: fc.record({ limits: fc.dictionary(fc.string(), fc.oneof(fc.string(), anything)) }, { requiredKeys: [] }),
    unknownField: anything,
  },
  { requiredKeys: [] },
);
const podLike = fc.record(
  {
    apiVersion: fc.constant("v1"),
    kind: fc.constant("Pod"),
    metadata: fc.oneof(
      fc.record(
        {
          name: fc.string(),
          labels: fc.dictionary(fc.string(), fc.oneof(fc.string(), anything)),
          managedFields: fc.array(fc.record({ manager: fc.string(), fieldsV1: anything, extra: anything }, { requiredKeys: [] })),
          ownerReferences: anything,
        },
        { requiredKeys: [] },
      ),
      anything,
    ),
    spec: fc.oneof(
      fc.record(
        { containers: fc.array(container, { maxLength: 3 }), nodeSelector: anything, volumes: fc.array(anything), overhead: anything },
        { requiredKeys: [] },
      ),
      anything,
    ),
    status: anything,
    extra: anything,
  },
  { requiredKeys: [] },
);

describe("the schema walk's key count", () => {
  const index = SchemaIndex.builtin();

  it("is keyCount of the body as given, and the problems are check's", () => {
    fc.assert(
      fc.property(podLike, (obj) => {
        const text = JSON.stringify(obj);
        const walked = JSON.parse(text) as Record<string, unknown>;
        const checked = JSON.parse(text) as Record<string, unknown>;
        const body = index.checkBody("", "v1", "Pod", walked)!;
        expect(body.keys).toBe(keyCount(JSON.parse(text)));
        const problems = index.check("", "v1", "Pod", checked)!;
        expect({ unknown: body.unknown, invalid: body.invalid }).toEqual(problems);
        expect(walked).toEqual(checked);
      }),
    );
  });

  it("counts a Pod's keys", () => {
    const obj = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "web", labels: { app: "web" }, managedFields: [{ manager: "m", fieldsV1: { "f:spec": { ".": {} } } }] },
      spec: {
        containers: [{ name: "c", image: "nginx", ports: [{ containerPort: 80 }], resources: { limits: { cpu: "1" } } }],
        volumes: [{ name: "v", emptyDir: {} }],
      },
    };
    expect(index.checkBody("", "v1", "Pod", JSON.parse(JSON.stringify(obj)))!.keys).toBe(keyCount(obj));
  });

  it("is undefined for a kind without a schema", () => {
    expect(index.checkBody("example.com", "v1", "Nothing", {})).toBeUndefined();
  });
});

describe("parseJSONText's depth bound", () => {
  /** What it answered when every text was scanned for depth before JSON.parse. */
  const scanFirst = (text: string, maxDepth: number): string | undefined => {
    const deep = bracketPastDepth(text, maxDepth);
    if (deep !== undefined) return `invalid character '${deep}' exceeded max depth`;
    const parsed = parseJSONText(text, Number.MAX_SAFE_INTEGER);
    return parsed.ok ? undefined : parsed.message;
  };
  const brackety = fc
    .array(fc.constantFrom("[", "]", "{", "}", '"a"', ":", ",", "1", " ", "x", '"'), { maxLength: 40 })
    .map((parts) => parts.join(""));

  it("answers as scanning first did, for short and long text, valid or not", () => {
    fc.assert(
      fc.property(brackety, fc.integer({ min: 1, max: 6 }), (text, maxDepth) => {
        const parsed = parseJSONText(text, maxDepth);
        expect(parsed.ok ? undefined : parsed.message).toBe(scanFirst(text, maxDepth));
      }),
    );
  });

  it("refuses valid JSON past the bound, at its boundary length", () => {
    const deep = (d: number): string => "[".repeat(d) + "]".repeat(d);
    expect(parseJSONText(deep(5), 5).ok).toBe(true);
    expect(parseJSONText(deep(6), 5)).toEqual({ ok: false, message: "invalid character '[' exceeded max depth" });
    expect(parseJSONText(`${"[".repeat(6)}x`, 5)).toEqual({ ok: false, message: "invalid character '[' exceeded max depth" });
  });
});
