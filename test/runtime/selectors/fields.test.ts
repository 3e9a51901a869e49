/**
 * Field selectors: splitting, escaping, parsing and matching, on the cases of upstream's
 * pkg/fields/selector_test.go, plus a round-trip property.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  escapeFieldValue,
  FieldsSelector,
  InvalidSelectorError,
  parseFieldSelector,
  splitFieldTerm,
  splitFieldTerms,
  unescapeFieldValue,
} from "../../../runtime/selectors/index.js";

describe("splitting", () => {
  it.each<[string, string[]]>([
    ["a", ["a"]],
    ["a=avalue", ["a=avalue"]],
    ["a=avalue,b=bvalue", ["a=avalue", "b=bvalue"]],
    ["a=avalue,b==bvalue,c!=cvalue", ["a=avalue", "b==bvalue", "c!=cvalue"]],
    ["", []],
    ["a=a,", ["a=a", ""]],
    [",a=a", ["", "a=a"]],
    ["k=\\,,k2=v2", ["k=\\,", "k2=v2"]],
    ["k=\\\\,k2=v2", ["k=\\\\", "k2=v2"]],
    ["k=\\\\\\,,k2=v2", ["k=\\\\\\,", "k2=v2"]],
    ["k=\\a\\b\\", ["k=\\a\\b\\"]],
    ["k=\\", ["k=\\"]],
    ["함=수,목=록", ["함=수", "목=록"]],
  ])("terms of %j", (s, want) => {
    expect(splitFieldTerms(s)).toEqual(want);
  });

  it.each<[string, ReturnType<typeof splitFieldTerm>]>([
    ["a=value", { field: "a", operator: "=", value: "value" }],
    ["b==value", { field: "b", operator: "==", value: "value" }],
    ["c!=value", { field: "c", operator: "!=", value: "value" }],
    ["", undefined],
    ["a", undefined],
    ["k=\\,", { field: "k", operator: "=", value: "\\," }],
    ["k=\\=", { field: "k", operator: "=", value: "\\=" }],
    ["k=\\\\\\a\\b\\=\\,\\", { field: "k", operator: "=", value: "\\\\\\a\\b\\=\\,\\" }],
    ["함=수", { field: "함", operator: "=", value: "수" }],
  ])("term %j", (s, want) => {
    expect(splitFieldTerm(s)).toEqual(want);
  });
});

describe("escaping", () => {
  it.each([
    ["", ""],
    ["a", "a"],
    ["=", "\\="],
    [",", "\\,"],
    ["\\", "\\\\"],
    ["\\=\\,\\", "\\\\\\=\\\\\\,\\\\"],
  ])("%j <-> %j", (raw, escaped) => {
    expect(escapeFieldValue(raw)).toBe(escaped);
    expect(unescapeFieldValue(escaped)).toBe(raw);
  });

  it("rejects bad sequences with upstream's messages", () => {
    expect(() => unescapeFieldValue("\\")).toThrow("invalid field selector: invalid escape sequence: \\");
    expect(() => unescapeFieldValue("\\\\\\")).toThrow("invalid field selector: invalid escape sequence: \\");
    expect(() => unescapeFieldValue("\\a")).toThrow("invalid field selector: invalid escape sequence: \\a");
    expect(() => unescapeFieldValue("a,b")).toThrow("invalid field selector: unescaped character in value: 44");
  });
});

describe("parse and print", () => {
  it.each(["x=a,y=b,z=c", "", "x!=a,y=b", "x=a||y\\=b", "x=a\\=\\=b"])("%j re-prints unchanged", (s) => {
    expect(parseFieldSelector(s).toString()).toBe(s);
  });

  it.each(["x=a||y=b", "x==a==b", "x=a,b", "x in (a)", "x in (a,b,c)", "x"])("%j is rejected", (s) => {
    expect(() => parseFieldSelector(s)).toThrow(InvalidSelectorError);
  });

  it("names the term it cannot read", () => {
    expect(() => parseFieldSelector("x=a,b")).toThrow("invalid selector: 'x=a,b'; can't understand 'b'");
  });

  it("orders terms deterministically and prints == as =", () => {
    expect(parseFieldSelector("x=a,a=x").toString()).toBe(parseFieldSelector("a=x,x=a").toString());
    expect(parseFieldSelector("b==c,a!=d").toString()).toBe("a!=d,b=c");
    expect(parseFieldSelector("a=b,").toString()).toBe("a=b");
  });

  it("transforms terms, dropping the ones mapped to nothing", () => {
    const t = (s: string, fn: (f: string, v: string) => readonly [string, string]) => FieldsSelector.parse(s, fn);
    expect(t("", (f, v) => [f, v]).empty()).toBe(true);
    expect(t("a=b,c=d", (f, v) => [f, v]).toString()).toBe("a=b,c=d");
    expect(t("a=b,c=d", (f, v) => (f === "a" ? ["e", "f"] : [f, v])).toString()).toBe("e=f,c=d");
    expect(t("a=b", () => ["", ""]).empty()).toBe(true);
    expect(t("a=b,c=d,e=f", (f, v) => (f === "c" ? ["", ""] : [f, v])).toString()).toBe("a=b,e=f");
  });
});

describe("matching", () => {
  it.each<[string, Record<string, string>, boolean]>([
    ["", { x: "y" }, true],
    ["x=y", { x: "y" }, true],
    ["x=y,z=w", { x: "y", z: "w" }, true],
    ["x!=y,z!=w", { x: "z", z: "a" }, true],
    ["notin=in", { notin: "in" }, true],
    ["x=y", { x: "z" }, false],
    ["x=y,z=w", { x: "w", z: "w" }, false],
    ["x!=y,z!=w", { x: "z", z: "w" }, false],
    ["foo=bar,baz=blah,complex=\\=value\\\\\\,\\\\", { foo: "bar", baz: "blah", complex: "=value\\,\\" }, true],
    ["foo=bar,foobar=bar,baz=blah", { foo: "bar", baz: "blah" }, false],
    ["missing=", {}, true],
    ["missing!=", {}, false],
  ])("%j on %j is %s", (s, fields, want) => {
    expect(parseFieldSelector(s).matches(fields)).toBe(want);
  });

  it("reads fields through a getter", () => {
    const pod = { metadata: { name: "a", namespace: "ns" }, status: { phase: "Running" } };
    const get = (f: string) =>
      ({ "metadata.name": pod.metadata.name, "metadata.namespace": pod.metadata.namespace, "status.phase": pod.status.phase })[f];
    expect(parseFieldSelector("metadata.name=a,status.phase!=Failed").matches(get)).toBe(true);
    expect(parseFieldSelector("spec.nodeName=n1").matches(get)).toBe(false);
  });

  it("sets, one-term selectors, everything and nothing", () => {
    expect(FieldsSelector.fromSet({}).matches({ foo: "bar" })).toBe(true);
    expect(FieldsSelector.fromSet({ foo: "bar", baz: "blah" }).matches({ foo: "bar", baz: "blah" })).toBe(true);
    expect(FieldsSelector.fromSet({ foo: "=blah" }).matches({ foo: "bar" })).toBe(false);
    expect(FieldsSelector.fromSet({ foo: "bar", baz: "blah" }).toString()).toBe("baz=blah,foo=bar");
    expect(FieldsSelector.fromSet(undefined).empty()).toBe(true);
    expect(FieldsSelector.oneTermEqual("x", "y").matches({ x: "y" })).toBe(true);
    expect(FieldsSelector.oneTermEqual("x", "y").matches({ x: "z" })).toBe(false);
    expect(FieldsSelector.oneTermNotEqual("x", "y").matches({ x: "z" })).toBe(true);
    expect(FieldsSelector.everything().matches({ x: "y" })).toBe(true);
    expect(FieldsSelector.everything().empty()).toBe(true);
    expect(FieldsSelector.nothing().matches({})).toBe(false);
    expect(FieldsSelector.and(FieldsSelector.everything(), FieldsSelector.everything()).empty()).toBe(true);
    expect(FieldsSelector.and(FieldsSelector.oneTermEqual("a", "b")).empty()).toBe(false);
  });

  it.each<[FieldsSelector, string, string | undefined]>([
    [FieldsSelector.fromSet({}), "test", undefined],
    [FieldsSelector.oneTermEqual("", ""), "test", undefined],
    [FieldsSelector.oneTermEqual("a", "b"), "test", undefined],
    [FieldsSelector.oneTermEqual("test", "b"), "test", "b"],
    [FieldsSelector.oneTermEqual("test", ""), "test", ""],
    [FieldsSelector.oneTermNotEqual("test", "b"), "test", undefined],
    [FieldsSelector.and(FieldsSelector.everything()), "test", undefined],
    [FieldsSelector.and(FieldsSelector.oneTermEqual("test", "b")), "test", "b"],
    [FieldsSelector.and(FieldsSelector.oneTermEqual("", ""), FieldsSelector.oneTermEqual("test", "b")), "test", "b"],
  ])("requiresExactMatch of %s on %j", (s, field, want) => {
    expect(s.requiresExactMatch(field)).toBe(want);
  });
});

describe("round trip", () => {
  const field = fc.stringMatching(/^[a-z][a-zA-Z.]{0,12}$/);
  const value = fc.string({ unit: fc.constantFrom("a", "b", "=", ",", "\\", "!", " ", "é", "😀"), maxLength: 8 });
  const term = fc.tuple(field, fc.constantFrom<"=" | "!=">("=", "!="), value);

  it("parse(s.toString()) equals s once terms are in upstream's order", () => {
    fc.assert(
      fc.property(fc.array(term, { maxLength: 5 }), (terms) => {
        const s = FieldsSelector.and(
          ...terms.map(([f, op, v]) => (op === "=" ? FieldsSelector.oneTermEqual(f, v) : FieldsSelector.oneTermNotEqual(f, v))),
        );
        const once = parseFieldSelector(s.toString());
        const twice = parseFieldSelector(once.toString());
        expect(twice.equals(once)).toBe(true);
        expect(once.toString()).toBe(twice.toString());
        // Matching never depends on term order.
        const fields = Object.fromEntries(terms.map(([f, , v]) => [f, v]));
        expect(once.matches(fields)).toBe(s.matches(fields));
      }),
      { numRuns: 500 },
    );
  });

  it("a single term survives exactly", () => {
    fc.assert(
      fc.property(term, ([f, op, v]) => {
        const s = op === "=" ? FieldsSelector.oneTermEqual(f, v) : FieldsSelector.oneTermNotEqual(f, v);
        expect(parseFieldSelector(s.toString()).equals(s)).toBe(true);
      }),
    );
  });
});
