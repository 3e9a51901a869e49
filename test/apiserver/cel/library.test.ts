/** The Kubernetes CEL environment's libraries, evaluated as rules use them. */
import { describe, expect, it } from "vitest";
import { compile, CompileError, EvalError } from "../../../apiserver/cel/env.js";
import { optionalOf } from "../../../apiserver/cel/optional.js";

const run = (expr: string, self: unknown = {}): unknown => compile(expr).eval({ self });

describe("Kubernetes CEL libraries", () => {
  it.each([
    [
      "lists",
      "[1, 2, 3].isSorted() && ![2, 1].isSorted() && [1, 2, 3].sum() == 6 && [3, 1].min() == 1 && [3, 1].max() == 3 && [1, 2, 1].indexOf(1) == 0 && [1, 2, 1].lastIndexOf(1) == 2",
    ],
    [
      "sets",
      "sets.contains([1, 2, 3], [2]) && sets.equivalent([1, 2], [2, 1]) && sets.intersects([1], [1, 5]) && !sets.intersects([1], [2])",
    ],
    [
      "regex",
      "'abc 123'.find('[0-9]+') == '123' && 'a1b22'.findAll('[0-9]+') == ['1', '22'] && 'a1b22c3'.findAll('[0-9]+', 2) == ['1', '22'] && 'abc'.matches('^a')",
    ],
    [
      "strings",
      "'Hello'.lowerAscii() == 'hello' && 'a,b'.split(',') == ['a', 'b'] && ' x '.trim() == 'x' && 'abc'.indexOf('c') == 2 && ['a', 'b'].join('-') == 'a-b'",
    ],
    [
      "urls",
      "isURL('https://example.com:8443/p?x=1') && url('https://example.com:8443/p?x=1').getHost() == 'example.com:8443' && url('https://example.com:8443/p').getPort() == '8443' && url('https://example.com/p').getScheme() == 'https' && url('https://example.com/p?x=1&x=2').getQuery()['x'] == ['1', '2'] && !isURL('not a url')",
    ],
    [
      "quantities",
      "isQuantity('1Gi') && quantity('1Gi').isGreaterThan(quantity('1G')) && quantity('500m').isLessThan(quantity('1')) && quantity('2k').asInteger() == 2000 && quantity('1').add(quantity('1')).compareTo(quantity('2')) == 0 && !isQuantity('1.5.5')",
    ],
    [
      "IPs and CIDRs",
      "isIP('10.0.0.1') && !isIP('10.0.0.256') && ip('::1').isLoopback() && ip('10.0.0.1').family() == 4 && cidr('10.0.0.0/8').containsIP('10.1.2.3') && !cidr('10.0.0.0/8').containsIP('11.0.0.1') && cidr('10.0.0.0/8').containsCIDR('10.1.0.0/16') && cidr('10.0.0.0/8').prefixLength() == 8 && isCIDR('fd00::/64')",
    ],
  ])("%s", (_name, expr) => {
    expect(run(expr)).toBe(true);
  });

  it("binds optional oldSelf with hasValue, value and orValue", () => {
    const p = compile("oldSelf.hasValue() ? self >= oldSelf.value() : self == oldSelf.orValue(5)");
    expect(p.eval({ self: 5n, oldSelf: optionalOf(undefined) })).toBe(true);
    expect(p.eval({ self: 4n, oldSelf: optionalOf(undefined) })).toBe(false);
    expect(p.eval({ self: 3n, oldSelf: optionalOf(2n) })).toBe(true);
  });

  it("reports a syntax error as cel-go's compile error and a runtime error as an EvalError", () => {
    expect(() => compile("self.a > 1 +")).toThrow(CompileError);
    expect(() => compile("self.a > 1 +")).toThrow(/^ERROR: <input>:1:\d+: Syntax error: /);
    expect(() => run("self.missing == 1")).toThrow(EvalError);
    expect(() => run("quantity('nope')")).toThrow(/quantities must match/);
  });
});
