/** JSON text as Go's decoder reads it: its syntax error texts, the nesting bound, and number literals JSON.parse forgets. */
import fc from "fast-check";
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

  it("finds them after blanks, at the start, and past strings that only look like them", () => {
    expect([...nonIntegerLiterals('{"a" :\n -2.5, "b": [ 1e3 ]}')]).toEqual([
      ["a", "-2.5"],
      ["b[0]", "1e3"],
    ]);
    expect([...nonIntegerLiterals(" 1.5")]).toEqual([["", "1.5"]]);
    expect(nonIntegerLiterals('{"v":"1.2.3","args":["--listen=:8080","x:1.5"],"tag":"a\\":1.0"}').size).toBe(0);
  });

  // The quick pre-check must never skip a literal: the map matches the literals JSON.stringify wrote.
  it("misses no literal the text holds, compact or indented", () => {
    const expected = (v: unknown, path = "", out = new Map<string, string>()): Map<string, string> => {
      if (typeof v === "number") {
        const s = JSON.stringify(v);
        if (/[.eE]/.test(s)) out.set(path, s);
      } else if (Array.isArray(v)) v.forEach((x, i) => expected(x, `${path}[${i}]`, out));
      else if (typeof v === "object" && v !== null) {
        for (const [k, x] of Object.entries(v)) expected(x, path === "" ? k : `${path}.${k}`, out);
      }
      return out;
    };
    const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("image", "a:1", ":1.5", ",2e3", "[3.5"));
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        fc.constantFrom("nginx:1.2.3", '",1.5', '":2e1', "[4.0", "1.0"),
        fc.string({ maxLength: 6 }),
        fc.array(tie("v"), { maxLength: 4 }),
        fc.dictionary(key, tie("v"), { maxKeys: 4 }),
      ),
    })).v;
    fc.assert(
      fc.property(value, fc.boolean(), (v, indent) => {
        const text = indent ? JSON.stringify(v, null, 2) : JSON.stringify(v);
        expect([...nonIntegerLiterals(text)].sort()).toEqual([...expected(v)].sort());
      }),
    );
  });
});
