/**
 * Runs cel-spec's conformance tests (from @bufbuild/cel-spec) through each installed CEL
 * implementation and prints how many each passes, to choose the apiserver's CEL engine by
 * measurement. Usage: npx tsx bench/cel-conformance.ts [--failures <impl>]
 *
 * The comparison is deliberately lenient and the same for all three: numbers compare by value
 * whatever their CEL numeric type (int/uint/double), lists and maps by their elements, an
 * expected evaluation error passes when the engine throws or returns an error. Tests that bind
 * protobuf messages count as attempts like any other (an engine that cannot take them fails).
 */
import { tests } from "@bufbuild/cel-spec/testdata/conformance.js";
import type { SerializedIncrementalTestSuite } from "@bufbuild/cel-spec/testdata/tests.js";
import * as buf from "@bufbuild/cel";
import * as marc from "@marcbachmann/cel-js";
import * as celjs from "cel-js";
import { BAIL, compileFast } from "../apiserver/cel/fast-path.js";

type Json = Record<string, unknown>;
interface Case {
  suite: string;
  name: string;
  expr: string;
  bindings: Record<string, Json>;
  value?: Json;
  evalError?: unknown;
  container?: string;
}

function collect(s: SerializedIncrementalTestSuite, prefix: string, out: Case[]): void {
  const name = prefix ? `${prefix}/${s.name}` : s.name;
  for (const t of s.tests ?? []) {
    const o = t.original as Json;
    const b: Record<string, Json> = {};
    for (const [k, v] of Object.entries((o.bindings as Json | undefined) ?? {})) b[k] = ((v as Json).value ?? {}) as Json;
    out.push({
      suite: name,
      name: String(o.name ?? o.expr),
      expr: String(o.expr),
      bindings: b,
      value: o.value as Json | undefined,
      evalError: o.evalError,
      container: o.container as string | undefined,
    });
  }
  for (const c of s.suites ?? []) collect(c, name, out);
}

/** A canonical, engine-neutral form of a value: what the comparison looks at. */
type Canon =
  | string
  | boolean
  | null
  | Canon[]
  | { map: [string, Canon][] }
  | { num: number }
  | { bytes: string }
  | { type: string }
  | { other: string };

function fromExpected(v: Json): Canon {
  if ("int64Value" in v) return { num: Number(v.int64Value) };
  if ("uint64Value" in v) return { num: Number(v.uint64Value) };
  if ("doubleValue" in v) return { num: Number(v.doubleValue) };
  if ("stringValue" in v) return String(v.stringValue);
  if ("boolValue" in v) return Boolean(v.boolValue);
  if ("nullValue" in v) return null;
  if ("bytesValue" in v) return { bytes: Buffer.from(String(v.bytesValue), "base64").toString("hex") };
  if ("listValue" in v) return (((v.listValue as Json).values as Json[] | undefined) ?? []).map(fromExpected);
  if ("mapValue" in v)
    return {
      map: (((v.mapValue as Json).entries as Json[] | undefined) ?? [])
        .map((e) => [JSON.stringify(fromExpected(e.key as Json)), fromExpected(e.value as Json)] as [string, Canon])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  if ("typeValue" in v) return { type: String(v.typeValue) };
  if (Object.keys(v).length === 0) return null;
  return { other: JSON.stringify(v) };
}

/** Binding values as plain JS (int64 as bigint where the engine takes it). */
function toInput(v: Json, ints: "bigint" | "number"): unknown {
  if ("int64Value" in v) return ints === "bigint" ? BigInt(String(v.int64Value)) : Number(v.int64Value);
  if ("uint64Value" in v) return ints === "bigint" ? BigInt(String(v.uint64Value)) : Number(v.uint64Value);
  if ("doubleValue" in v) return Number(v.doubleValue);
  if ("stringValue" in v) return String(v.stringValue);
  if ("boolValue" in v) return Boolean(v.boolValue);
  if ("nullValue" in v) return null;
  if ("bytesValue" in v) return new Uint8Array(Buffer.from(String(v.bytesValue), "base64"));
  if ("listValue" in v) return (((v.listValue as Json).values as Json[] | undefined) ?? []).map((x) => toInput(x, ints));
  if ("mapValue" in v)
    return Object.fromEntries(
      (((v.mapValue as Json).entries as Json[] | undefined) ?? []).map((e) => [
        String(toInput(e.key as Json, ints)),
        toInput(e.value as Json, ints),
      ]),
    );
  throw new Error(`unsupported binding ${JSON.stringify(v).slice(0, 80)}`);
}

function canon(x: unknown): Canon {
  if (x === null || x === undefined) return null;
  if (typeof x === "bigint" || typeof x === "number") return { num: Number(x) };
  if (typeof x === "string" || typeof x === "boolean") return x;
  if (x instanceof Uint8Array) return { bytes: Buffer.from(x).toString("hex") };
  if (buf.isCelUint(x)) return { num: Number(x.value) };
  if (buf.isCelList(x)) return [...x].map(canon);
  if (buf.isCelMap(x))
    return {
      map: [...x.entries()]
        .map(([k, v]) => [JSON.stringify(canon(k)), canon(v)] as [string, Canon])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  if (buf.isCelType(x)) return { type: x.name };
  if (Array.isArray(x)) return x.map(canon);
  if (x instanceof Map)
    return {
      map: [...x.entries()]
        .map(([k, v]) => [JSON.stringify(canon(k)), canon(v)] as [string, Canon])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  if (typeof x !== "object") return { other: typeof x };
  const ctor = x.constructor?.name;
  if (ctor === "UnsignedInt" || ctor === "Uint" || ("value" in x && typeof x.value === "bigint"))
    return { num: Number((x as { value: bigint }).value) };
  if (ctor === "Object")
    return {
      map: Object.entries(x as Json)
        .map(([k, v]) => [JSON.stringify(k), canon(v)] as [string, Canon])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    };
  if (ctor === "Type" || ctor === "TypeDeclaration") return { type: (x as { name?: string }).name ?? ctor };
  // The engines' own value classes (durations, timestamps, optionals) print through their toString.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  return { other: String(x) };
}

function same(a: Canon, b: Canon): boolean {
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null && "num" in a && "num" in b)
    return a.num === b.num || (Number.isNaN(a.num) && Number.isNaN(b.num));
  return JSON.stringify(a) === JSON.stringify(b);
}

interface Engine {
  name: string;
  run(c: Case): { ok: true; value: unknown } | { ok: false; error: string };
}

const engines: Engine[] = [
  {
    name: "@bufbuild/cel",
    run(c) {
      const bindings = Object.fromEntries(Object.entries(c.bindings).map(([k, v]) => [k, toInput(v, "bigint")])) as Record<
        string,
        buf.CelInput
      >;
      const r = buf.run(c.expr, bindings, c.container ? { namespace: c.container } : undefined);
      return buf.isCelError(r) ? { ok: false, error: r.message } : { ok: true, value: r };
    },
  },
  {
    name: "@marcbachmann/cel-js",
    run(c) {
      const bindings = Object.fromEntries(Object.entries(c.bindings).map(([k, v]) => [k, toInput(v, "bigint")]));
      return { ok: true, value: marc.evaluate(c.expr, bindings) };
    },
  },
  {
    name: "cel-js",
    run(c) {
      const bindings = Object.fromEntries(Object.entries(c.bindings).map(([k, v]) => [k, toInput(v, "number")]));
      return { ok: true, value: celjs.evaluate(c.expr, bindings) };
    },
  },
];

/** The apiserver's fast path (apiserver/cel/fast-path.ts) over @bufbuild/cel: its answer where it gives one, else the planner's. */
const fastStats = { answered: 0, disagreements: [] as string[] };
engines.push({
  name: "kubegen fast path",
  run(c) {
    const bindings = Object.fromEntries(Object.entries(c.bindings).map(([k, v]) => [k, toInput(v, "bigint")])) as Record<
      string,
      buf.CelInput
    >;
    const env = buf.celEnv(c.container ? { namespace: c.container } : undefined);
    let parsed: ReturnType<typeof buf.parse>;
    try {
      parsed = buf.parse(c.expr);
    } catch (err) {
      return { ok: false, error: (err as Error).message };
    }
    const planned = () => {
      try {
        return buf.plan(env, parsed)(bindings);
      } catch (err) {
        return buf.celError(err);
      }
    };
    const fast = parsed.expr ? compileFast(env, parsed.expr) : undefined;
    if (fast) {
      let value: unknown = BAIL;
      try {
        value = fast(bindings);
      } catch (err) {
        if (err !== BAIL && !(err instanceof Error)) throw err;
      }
      if (value !== BAIL) {
        fastStats.answered++;
        // Every answer is checked against the planner's: the fast path may only return what it would.
        const r = planned();
        if (buf.isCelError(r) || !same(canon(value), canon(r))) fastStats.disagreements.push(`${c.suite} ${c.name}: ${c.expr}`);
        return { ok: true, value };
      }
    }
    const r = planned();
    return buf.isCelError(r) ? { ok: false, error: r.message } : { ok: true, value: r };
  },
});

const cases: Case[] = [];
collect(tests, "", cases);
const showFailures = process.argv.includes("--failures") ? process.argv[process.argv.indexOf("--failures") + 1] : undefined;
console.log(`cel-spec conformance: ${cases.length} tests`);
for (const e of engines) {
  let pass = 0;
  const bySuite = new Map<string, [number, number]>();
  const t0 = performance.now();
  for (const c of cases) {
    let ok = false;
    let why = "";
    try {
      const r = e.run(c);
      if (c.evalError !== undefined) ok = !r.ok;
      else if (r.ok) {
        ok = same(canon(r.value), c.value ? fromExpected(c.value) : null);
        if (!ok) why = `got ${JSON.stringify(canon(r.value), (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)).slice(0, 100)}`;
      } else why = r.error;
    } catch (err) {
      ok = c.evalError !== undefined;
      why = String((err as Error).message ?? err).split("\n")[0]!;
    }
    const top = c.suite.split("/")[1] ?? c.suite;
    const s = bySuite.get(top) ?? [0, 0];
    s[1]++;
    if (ok) {
      pass++;
      s[0]++;
    } else if (showFailures === e.name) console.log(`  FAIL ${c.suite} ${c.name}: ${c.expr.slice(0, 80)} — ${why.slice(0, 120)}`);
    bySuite.set(top, s);
  }
  console.log(`${e.name}: ${pass}/${cases.length} passed (${(performance.now() - t0).toFixed(0)} ms)`);
  console.log("  " + [...bySuite].map(([k, [p, n]]) => `${k} ${p}/${n}`).join(", "));
}

console.log(
  `kubegen fast path: answered ${fastStats.answered}/${cases.length} tests itself (the planner the rest), ${fastStats.disagreements.length} answers differing from the planner's`,
);
for (const d of fastStats.disagreements) console.log(`  DIFFERS ${d}`);

// Speed on rules CRD authors write (standard library only, so every engine can run them).
const RULES = [
  "self.minReplicas <= self.replicas",
  "self.replicas <= 100",
  "self.image.startsWith('registry.example.com/')",
  "self.name.matches('^[a-z][a-z0-9-]*$')",
  "self.ports.all(p, p > 0 && p < 65536)",
  "size(self.tags) <= 8 && self.tags.all(t, size(t) <= 16)",
  "!has(self.mode) || self.mode in ['a', 'b', 'c']",
];
const selfBig = {
  minReplicas: 1n,
  replicas: 3n,
  image: "registry.example.com/app:v1",
  name: "web-1",
  ports: [80n, 443n, 8080n],
  tags: ["a", "b"],
  mode: "a",
};
const selfNum = { ...selfBig, minReplicas: 1, replicas: 3, ports: [80, 443, 8080] };
const N = 20_000;
const speed: [string, () => (s: unknown) => unknown[]][] = [
  [
    "@bufbuild/cel",
    () => {
      const env = buf.celEnv({ variables: { self: buf.CelScalar.DYN } });
      const ps = RULES.map((r) => buf.plan(env, buf.parse(r)));
      return (self) => ps.map((p) => p({ self } as never));
    },
  ],
  [
    "kubegen fast path",
    () => {
      const env = buf.celEnv({ variables: { self: buf.CelScalar.DYN } });
      const ps = RULES.map((r) => buf.parse(r)).map((p) => ({ fast: compileFast(env, p.expr), plan: buf.plan(env, p) }));
      return (self) =>
        ps.map((p) => {
          try {
            if (p.fast) return p.fast({ self });
          } catch (err) {
            if (err !== BAIL) throw err;
          }
          return p.plan({ self } as never);
        });
    },
  ],
  [
    "@marcbachmann/cel-js",
    () => {
      const ps = RULES.map((r) => marc.parse(r));
      return (self) => ps.map((p) => p({ self }));
    },
  ],
  [
    "cel-js",
    () => {
      const ps = RULES.map((r) => celjs.parse(r));
      return (self) => ps.map((p) => (p.isSuccess ? celjs.evaluate(p.cst, { self }) : undefined));
    },
  ],
];
console.log(`\nspeed: ${RULES.length} rules on one object, ${N} evaluations of the set`);
for (const [name, mk] of speed) {
  try {
    const f = mk();
    const self = name === "cel-js" ? selfNum : selfBig;
    const ok = f(self).every((x) => x === true);
    const t0 = performance.now();
    for (let i = 0; i < N; i++) f(self);
    const ms = performance.now() - t0;
    console.log(`${name}: ${((N * RULES.length) / (ms / 1000)).toFixed(0)} rule evaluations/s${ok ? "" : " (some results wrong)"}`);
  } catch (err) {
    console.log(`${name}: failed: ${(err as Error).message.split("\n")[0]}`);
  }
}
