/**
 * The Kubernetes CEL environment on @bufbuild/cel: the standard library, the extended strings
 * library and Kubernetes' libraries, with `self` (and `oldSelf` for transition rules) bound as
 * dynamic values. Programs are planned once and run per request.
 */
import { celEnv, isCelError, parse, plan, CelScalar, type CelValue } from "@bufbuild/cel";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { kubernetesLibrary } from "./library.js";
import { optionalLibrary } from "./optional.js";
import { estimateCost, PER_CALL_LIMIT } from "./cost.js";
import { COST_LIMIT_EXCEEDED, instrument, meterLibrary, meterMark, meterRewind, meterStart, meterStop } from "./runtime-cost.js";
import { BAIL, compileFast } from "./fast-path.js";
import { cachedRE2 } from "./regex-cache.js";

const env = celEnv({
  funcs: [...kubernetesLibrary, ...optionalLibrary, ...meterLibrary],
  re2: cachedRE2,
  variables: {
    self: CelScalar.DYN,
    oldSelf: CelScalar.DYN,
    params: CelScalar.DYN,
    object: CelScalar.DYN,
    oldObject: CelScalar.DYN,
    request: CelScalar.DYN,
    namespaceObject: CelScalar.DYN,
    authorizer: CelScalar.DYN,
    variables: CelScalar.DYN,
  },
});

export type Bindings = Record<string, unknown>;

/** JSON as CEL sees it: whole numbers as ints. */
export function jsonToCEL(v: unknown): unknown {
  if (typeof v === "number") return Number.isInteger(v) ? BigInt(v) : v;
  if (Array.isArray(v)) return v.map(jsonToCEL);
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, jsonToCEL(x)]));
  return v;
}

/** A compiled expression. */
export interface Program {
  expr: Expr;
  /** Runs the program; throws EvalError with the engine's message. */
  eval(bindings: Bindings): unknown;
  /**
   * Runs the program under a runtime cost limit (cel-go's per-call limit; see runtime-cost.ts
   * for what is counted). `error` is the EvalError eval would throw; past the limit it is
   * cel-go's "operation cancelled: actual cost limit exceeded".
   */
  evalMetered(bindings: Bindings, limit?: number): { value?: unknown; error?: EvalError; cost: number; exceeded: boolean };
  /** Identifiers the expression reads (`self`, `oldSelf`, ...). */
  idents: ReadonlySet<string>;
  /** Whether the expression has a compiled fast path (see fast-path.ts); the planner runs otherwise. */
  fast: boolean;
}

export interface CompileOptions {
  /** Compile the fast path (default); off, every evaluation is the planner's (tests compare the two). */
  fastPath?: boolean;
}

export class CompileError extends Error {}
export class EvalError extends Error {}

/** cel-go's prefix for a syntax error, with the engine's position and text. */
function syntaxError(message: string): string {
  const m = /^(<input>:\d+:\d+): (.*)$/s.exec(message);
  return m ? `ERROR: ${m[1]}: Syntax error: ${m[2]}` : `ERROR: <input>: Syntax error: ${message}`;
}

function collectIdents(e: Expr | undefined, out: Set<string>): void {
  if (!e) return;
  const k = e.exprKind;
  switch (k.case) {
    case "identExpr":
      out.add(k.value.name);
      break;
    case "selectExpr":
      collectIdents(k.value.operand, out);
      break;
    case "callExpr":
      collectIdents(k.value.target, out);
      k.value.args.forEach((a) => collectIdents(a, out));
      break;
    case "listExpr":
      k.value.elements.forEach((a) => collectIdents(a, out));
      break;
    case "structExpr":
      k.value.entries.forEach((en) => {
        if (en.keyKind.case === "mapKey") collectIdents(en.keyKind.value, out);
        collectIdents(en.value, out);
      });
      break;
    case "comprehensionExpr": {
      const c = k.value;
      [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result].forEach((x) => collectIdents(x, out));
      break;
    }
    default:
      break;
  }
}

/** The engine's runtime error texts in cel-go's words where they differ. */
function celGoMessage(m: string): string {
  const missing = /^field not found: (.*)$/.exec(m);
  return missing ? `no such key: ${missing[1]}` : m;
}

/** Parses and plans an expression; throws CompileError with cel-go's message shape. */
export function compile(source: string, options: CompileOptions = {}): Program {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(source);
  } catch (err) {
    throw new CompileError(syntaxError((err as Error).message));
  }
  let run: (ctx?: Record<string, unknown>) => CelValue | Error;
  const instrumented = instrument(parsed.expr)!;
  try {
    run = plan(env, instrumented) as unknown as typeof run;
  } catch (err) {
    throw new CompileError(`ERROR: <input>: ${(err as Error).message}`);
  }
  const fast = options.fastPath === false ? undefined : compileFast(env, instrumented);
  const idents = new Set<string>();
  collectIdents(parsed.expr, idents);
  const evaluate = (bindings: Bindings): unknown => {
    let r: unknown;
    if (fast) {
      const mark = meterMark();
      try {
        return fast(bindings);
      } catch (err) {
        // BAIL, or anything unexpected: the planner decides, from the meter's state before the attempt.
        if (err !== BAIL && !(err instanceof Error)) throw err;
        meterRewind(mark);
      }
    }
    try {
      r = run(bindings);
    } catch (err) {
      throw new EvalError((err as Error).message);
    }
    if (isCelError(r)) throw new EvalError(celGoMessage(r.message));
    return r;
  };
  // The static node count: what the meter charges besides iterations and sized calls.
  const base = estimateCost(parsed.expr, {});
  return {
    expr: parsed.expr,
    idents,
    fast: fast !== undefined,
    eval: evaluate,
    evalMetered(bindings, limit = PER_CALL_LIMIT) {
      const outer = meterStart(base, limit);
      let value: unknown;
      let error: EvalError | undefined;
      let cost: number;
      try {
        value = evaluate(bindings);
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        error = err;
      } finally {
        cost = meterStop(outer);
      }
      // An exceeded limit is final even where the expression absorbed the error (`... || true`).
      if (cost > limit) return { error: new EvalError(COST_LIMIT_EXCEEDED), cost, exceeded: true };
      return error ? { error, cost, exceeded: false } : { value, cost, exceeded: false };
    },
  };
}
