/**
 * The runtime cost meter on @bufbuild/cel (apiserver/cel/runtime-cost.ts): iterations and sized
 * calls charged as they run, the per-call limit final even where the expression absorbs the
 * error, and results unchanged by the instrumentation.
 */
import { describe, expect, it } from "vitest";
import { compile } from "../../../apiserver/cel/env.js";
import { PER_CALL_LIMIT } from "../../../apiserver/cel/cost.js";

const ints = (n: number): bigint[] => Array.from({ length: n }, () => 1n);

describe("runtime cost", () => {
  it("grows with the iterations actually run", () => {
    const p = compile("self.all(x, x > 0)");
    const small = p.evalMetered({ self: ints(10) });
    const large = p.evalMetered({ self: ints(1000) });
    expect(small.value).toBe(true);
    expect(large.value).toBe(true);
    // A fixed charge per iteration: the difference is a whole multiple of the 990 extra ones.
    const perIteration = (large.cost - small.cost) / 990;
    expect(Number.isInteger(perIteration) && perIteration >= 2).toBe(true);
    // `all` stops at the first false: the rest of the list costs nothing.
    expect(p.evalMetered({ self: [0n, ...ints(999)] }).cost).toBeLessThan(small.cost);
  });

  it("charges string and list functions by the size of their input", () => {
    const p = compile("self.s.contains('z') || 'z' in self.l");
    const short = p.evalMetered({ self: { s: "a".repeat(10), l: ["a"] } });
    const long = p.evalMetered({ self: { s: "a".repeat(10_000), l: Array.from({ length: 500 }, () => "a") } });
    expect(long.cost - short.cost).toBe(999 + 499);
  });

  it("stops past the per-call limit with cel-go's error, which `|| true` cannot absorb", () => {
    const p = compile("self.all(x, x > 0) || true");
    const r = p.evalMetered({ self: ints(PER_CALL_LIMIT) });
    expect(r.exceeded).toBe(true);
    expect(r.error?.message).toBe("operation cancelled: actual cost limit exceeded");
    expect(p.evalMetered({ self: ints(100) })).toMatchObject({ value: true, exceeded: false });
  });

  it("leaves results, errors and qualified functions as they were", () => {
    expect(compile("sets.contains([1, 2, 3], [2])").eval({})).toBe(true);
    expect(compile("['b', 'a'].join('-')").eval({})).toBe("b-a");
    expect([...(compile("self.map(x, x * 2).filter(x, x > 2)").eval({ self: [1n, 2n, 3n] }) as Iterable<bigint>)]).toEqual([4n, 6n]);
    expect(compile("self.exists(x, x == 2)").evalMetered({ self: [1n, 2n] }).value).toBe(true);
    expect(compile("self.x").evalMetered({ self: {} }).error?.message).toBe("no such key: x");
  });
});
