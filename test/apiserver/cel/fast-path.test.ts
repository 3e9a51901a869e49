/**
 * The CEL fast path (apiserver/cel/fast-path.ts) against @bufbuild/cel's planner: on random
 * expressions over random objects, both give the same value, the same error text and the same
 * runtime cost; and the rules CRD authors write compile to the fast path.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { celList, celMap, isCelList, isCelMap, isCelUint, type CelInput } from "@bufbuild/cel";
import { compile, type Bindings } from "../../../apiserver/cel/env.js";

/** A CEL value in a comparable form (bigints and doubles apart, maps by sorted keys). */
function canon(v: unknown): unknown {
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "number") return Number.isNaN(v) ? "NaN" : Object.is(v, -0) ? "-0" : v;
  if (isCelUint(v)) return `${v.value}u`;
  if (isCelList(v)) return [...v].map(canon);
  if (isCelMap(v))
    return [...v.entries()].map(([k, x]) => [canon(k), canon(x)]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (v instanceof Uint8Array) return { bytes: [...v] };
  if (v !== null && typeof v === "object") return { other: (v as { constructor?: { name?: string } }).constructor?.name };
  return v;
}

function outcome(source: string, fastPath: boolean, bindings: Bindings): unknown {
  const r = compile(source, { fastPath }).evalMetered(bindings);
  return { value: canon(r.value), error: r.error?.message, cost: r.cost, exceeded: r.exceeded };
}

const int = fc.oneof(
  fc.constantFrom("self.i", "self.j", "self.n.i", "size(self.l)", "size(self.s)", "self.l[0]", "self.l[5]", "self.m['a']", "self.missing"),
  fc.constantFrom("0", "1", "-3", "7", "9223372036854775807", "-9223372036854775808", "self.d", "1.5", "2u"),
);
const str = fc.constantFrom("self.s", "self.t", "'ab'", "''", "'é🙂'", "self.n.s", "self.ls[1]", "self.m", "self.z");
const list = fc.constantFrom("self.l", "self.ls", "[1, 2, 3]", "['a', 'b']", "[]", "self.m", "self.s");

const expr: fc.Arbitrary<string> = fc.letrec<{ i: string; b: string; s: string }>((tie) => ({
  i: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    int,
    fc.tuple(tie("i"), fc.constantFrom("+", "-", "*", "/", "%"), tie("i")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie("i").map((a) => `-(${a})`),
    fc.tuple(tie("b"), tie("i"), tie("i")).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
    fc.tuple(list, tie("i")).map(([l, a]) => `${l}.filter(x, x != ${a}).size()`),
  ),
  s: fc.oneof(
    { depthSize: "small" },
    str,
    fc.tuple(tie("s"), tie("s")).map(([a, b]) => `(${a} + ${b})`),
    fc.tuple(tie("b"), tie("s"), tie("s")).map(([c, a, b]) => `(${c} ? ${a} : ${b})`),
  ),
  b: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("self.b", "true", "false", "has(self.n)", "has(self.missing)", "has(self.s.x)", "has(self.n.s)", "self.z == null"),
    fc.tuple(tie("i"), fc.constantFrom("<", "<=", ">", ">=", "==", "!="), tie("i")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("s"), fc.constantFrom("<", "==", "!=", ">="), tie("s")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("i"), fc.constantFrom("==", "!="), tie("s")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(tie("b"), fc.constantFrom("&&", "||"), tie("b")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    tie("b").map((a) => `!(${a})`),
    fc.tuple(tie("s"), fc.constantFrom("startsWith", "endsWith", "contains", "matches"), tie("s")).map(([a, f, b]) => `${a}.${f}(${b})`),
    fc.tuple(tie("i"), list).map(([a, l]) => `(${a} in ${l})`),
    fc.tuple(tie("s"), list).map(([a, l]) => `(${a} in ${l})`),
    fc
      .tuple(list, fc.constantFrom("all", "exists", "exists_one"), tie("b"))
      .map(([l, m, b]) => `${l}.${m}(x, ${b.replace(/self\.i/g, "x")})`),
    fc.tuple(list, tie("i")).map(([l, a]) => `${l}.map(x, x * 2) == [${a}]`),
    fc.tuple(list, list).map(([a, b]) => `${a} == ${b}`),
    fc.constantFrom("self.l.isSorted()", "isIP(self.t)", "quantity('1Gi').isLessThan(quantity('2Gi'))", "sets.contains(self.l, [1])"),
  ),
})).b;

/** A rule's `self` as the schema path converts it, fields dropped at random. */
const object = fc
  .record(
    {
      i: fc.bigInt({ min: -5n, max: 5n }),
      j: fc.constantFrom(0n, 9223372036854775807n, -9223372036854775808n, 3n),
      d: fc.constantFrom(1.0, 1.5, -0, Number.NaN),
      s: fc.constantFrom("", "a", "ab", "abc", "é🙂", "10.0.0.1"),
      t: fc.constantFrom("a", "b", "::1", "ab"),
      b: fc.boolean(),
      l: fc.array(fc.bigInt({ min: -2n, max: 3n }), { maxLength: 4 }),
      ls: fc.array(fc.constantFrom("a", "b", "ab"), { maxLength: 3 }),
      m: fc.dictionary(fc.constantFrom("a", "b"), fc.bigInt({ min: 0n, max: 2n })),
      n: fc.record({ i: fc.bigInt({ min: -1n, max: 1n }), s: fc.constantFrom("a", "x") }, { requiredKeys: [] }),
      z: fc.constant(null),
    },
    { requiredKeys: [] },
  )
  .chain((o) => fc.boolean().map((plain) => ({ o, plain })));

function asCEL(v: unknown): unknown {
  if (Array.isArray(v)) return celList(v.map(asCEL) as CelInput[]);
  if (v !== null && typeof v === "object") return celMap(new Map(Object.entries(v).map(([k, x]) => [k, asCEL(x) as CelInput])));
  return v;
}

describe("CEL fast path", () => {
  it("gives the planner's value, error and cost on random expressions and objects", () => {
    let fast = 0;
    let runs = 0;
    fc.assert(
      fc.property(expr, object, (source, { o, plain }) => {
        // The schema path binds engine values; admission binds plain JSON-shaped objects.
        const bindings = { self: plain ? o : asCEL(o) };
        runs++;
        if (compile(source).fast) fast++;
        expect(outcome(source, true, bindings)).toEqual(outcome(source, false, bindings));
      }),
      { numRuns: 600 },
    );
    // The generator stays inside the compiled subset most of the time.
    expect(fast / runs).toBeGreaterThan(0.9);
  });

  it("keeps the planner's semantics where errors are absorbed, ints overflow and types mix", () => {
    const self = asCEL({ i: 2n, d: 2.0, s: "a", l: [1n, 2n], big: 9223372036854775807n });
    const cases: [string, unknown][] = [
      ["self.missing > 1 || true", true],
      ["true || self.missing > 1", true],
      ["self.missing > 1 && false", false],
      ["self.l.exists(x, x == 2 || self.missing)", true],
      ["self.big + 1 > 0", "int overflow"],
      ["self.i / 0 == 1", "divide by zero"],
      ["self.i == self.d", undefined],
      ["self.i < self.d + 0.5", undefined],
      ["self.s == 1", undefined],
      ["[1, 'a'] == [1, 'a']", undefined],
      ["self.l[2] == 1", undefined],
      ["self.s.size() == 1", undefined],
    ];
    for (const [source, want] of cases) {
      const p = compile(source);
      expect(p.fast, source).toBe(true);
      const a = outcome(source, true, { self });
      expect(a, source).toEqual(outcome(source, false, { self }));
      if (typeof want === "boolean") expect((a as { value: unknown }).value, source).toBe(want);
      if (typeof want === "string") expect((a as { error?: string }).error, source).toContain(want);
    }
  });

  it("compiles the rules CRD authors write, and falls back to the planner where it does not", () => {
    for (const rule of [
      "self.minReplicas <= self.replicas",
      "self.name.matches('^[a-z][a-z0-9-]*$')",
      "self.ports.all(p, p > 0 && p < 65536)",
      "size(self.tags) <= 8 && self.tags.all(t, size(t) <= 16)",
      "isQuantity(self.memory) && quantity(self.memory).isLessThan(quantity('4Gi'))",
      "!has(self.mode) || self.mode in ['a', 'b', 'c']",
      "self == oldSelf",
      "self.items.map(x, x.name).filter(n, n.startsWith('a')).size() < 3",
    ])
      expect(compile(rule).fast, rule).toBe(true);
    // Map literals are the planner's only.
    const source = "{'x': 1}[self.k] == self.v";
    expect(compile(source).fast).toBe(false);
    const self = asCEL({ k: "x", v: 1n });
    expect(outcome(source, true, { self })).toEqual(outcome(source, false, { self }));
    expect(outcome(source, true, { self })).toMatchObject({ value: true });
  });
});
