/** JSON text as Go's decoder reads it: its syntax error texts, the nesting bound, and number literals JSON.parse forgets. */
import { describe, expect, it } from "vitest";
import {
  goJSONSyntaxError,
  MAX_NESTING_DEPTH,
  nestsDeeperThan,
  nonIntegerLiterals,
  parseJSONText,
} from "../../../apiserver/registry/patch/json-text.js";

describe("Go's JSON syntax errors", () => {
  it.each([
    ["notjson", "invalid character 'o' in literal null (expecting 'u')"],
    ["", "unexpected end of JSON input"],
    ['{"a":1', "unexpected end of JSON input"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ["[1,]", "invalid character ']' looking for beginning of value"],
    ["[1 2]", "invalid character '2' after array element"],
    ["{1:2}", "invalid character '1' looking for beginning of object key string"],
    ["{} x", "invalid character 'x' after top-level value"],
    ["01", "invalid character '1' after top-level value"],
    ["1.", "unexpected end of JSON input"],
    ["1.x", "invalid character 'x' after decimal point in numeric literal"],
    ["1ex", "invalid character 'x' in exponent of numeric literal"],
    ["-x", "invalid character 'x' in numeric literal"],
    ["tru", "unexpected end of JSON input"],
    ["fals3", "invalid character '3' in literal false (expecting 'e')"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
  ])("%j -> %s", (text, message) => {
    expect(goJSONSyntaxError(text)).toBe(message);
    const parsed = parseJSONText(text);
    expect(parsed).toEqual({ ok: false, message });
  });

  it("accepts what JSON.parse accepts", () => {
    for (const text of ['{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"],"b":{}}', " [ ] ", "0", '""']) {
      expect(goJSONSyntaxError(text)).toBeUndefined();
      expect(parseJSONText(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });
});

describe("nesting", () => {
  const nested = (n: number): string => "[".repeat(n) + "]".repeat(n);
  it("allows exactly the limit and refuses one more, with Go's text", () => {
    expect(parseJSONText(nested(MAX_NESTING_DEPTH)).ok).toBe(true);
    expect(parseJSONText(nested(MAX_NESTING_DEPTH + 1))).toEqual({ ok: false, message: "invalid character '[' exceeded max depth" });
    // Many brackets side by side are not depth.
    expect(parseJSONText(JSON.stringify(Array.from({ length: 5000 }, () => ({ a: [1] })))).ok).toBe(true);
    // Brackets inside strings do not count.
    expect(parseJSONText(JSON.stringify({ s: "[".repeat(5000) })).ok).toBe(true);
  });

  it("measures decoded values without recursing", () => {
    let v: unknown = 1;
    for (let i = 0; i < 100_000; i++) v = { a: v };
    expect(nestsDeeperThan(v)).toBe(true);
    expect(nestsDeeperThan(JSON.parse(nested(MAX_NESTING_DEPTH)))).toBe(false);
    expect(nestsDeeperThan(JSON.parse(nested(MAX_NESTING_DEPTH + 1)))).toBe(true);
  });
});

describe("number literals", () => {
  it("finds fraction and exponent literals by the path of their value", () => {
    const text = '{"spec":{"ports":[{"port":80},{"port":1e2,"x":"1.5e3"}],"n":-1.0},"m":{"a b":2E+1}}';
    expect([...nonIntegerLiterals(text)]).toEqual([
      ["spec.ports[1].port", "1e2"],
      ["spec.n", "-1.0"],
      ["m.a b", "2E+1"],
    ]);
    expect(nonIntegerLiterals('{"image":"nginx:1.25","n":100}').size).toBe(0);
  });
});
