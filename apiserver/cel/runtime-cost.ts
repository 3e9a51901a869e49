/**
 * Runtime cost of a CEL evaluation, as far as @bufbuild/cel lets us see it. The engine has no
 * cost hook (cel-go's ActualCost), so programs are planned from an instrumented copy of their
 * AST that reports what drives cost at run time:
 *
 * - every comprehension's loop condition is wrapped in `@kubegen_cost(cond, n)`, where n is the
 *   static cost of one iteration (condition plus step), so each iteration actually run adds it;
 * - the receiver of a method whose cost grows with its input (the static estimator's sized
 *   functions: contains, matches, split, join, sum, indexOf...) and the list of `in` are wrapped in
 *   `@kubegen_size(x)`, which adds the value's actual size (a tenth of a string's length, as
 *   cel-go charges string traversal);
 * - everything else is the expression's static node count, added once.
 *
 * This is an approximation of cel-go's tracker, not a copy: it counts at iteration granularity,
 * its per-node weights are the static estimator's, and an exceeded limit aborts the evaluation
 * at the next charge (the engine cannot be interrupted elsewhere).
 */
import { celError, celFunc, CelScalar, isCelList, isCelMap, parse, type CelFunc } from "@bufbuild/cel";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { estimateCost, isSizedFunction } from "./cost.js";

/** cel-go's error text when an evaluation passes its actual cost limit. */
export const COST_LIMIT_EXCEEDED = "operation cancelled: actual cost limit exceeded";
/** Upstream's text once a request's rules together spend the runtime budget. */
export const OUT_OF_BUDGET = "validation failed due to running out of cost budget, no further validation rules will be run";

const TICK = "@kubegen_cost";
const SIZE = "@kubegen_size";

/** Namespaces of qualified functions (`sets.contains(a, b)` parses as a call on the identifier `sets`). */
const NAMESPACES = new Set(["sets", "strings", "lists", "math", "optional", "ip", "cidr"]);

/** The meter of the evaluation running now (evaluation is synchronous, so one at a time). */
let meter: { cost: number; limit: number } | undefined;

function charge(n: number): void {
  if (!meter) return;
  meter.cost += n;
  if (meter.cost > meter.limit) throw celError(COST_LIMIT_EXCEEDED);
}

function sizeCost(v: unknown): number {
  if (typeof v === "string") return Math.ceil(v.length * 0.1);
  if (isCelList(v) || isCelMap(v)) return v.size;
  return 0;
}

/** The functions the instrumented programs call; part of every environment that plans them. */
export const meterLibrary: readonly CelFunc[] = [
  celFunc(TICK, [CelScalar.DYN, CelScalar.INT], CelScalar.DYN, (v, n) => {
    charge(Number(n));
    return v;
  }),
  celFunc(SIZE, [CelScalar.DYN], CelScalar.DYN, (v) => {
    charge(sizeCost(v));
    return v;
  }),
];

// Node templates with the message types the planner expects, taken from the parser itself.
const template = parse("f(a, 1)").expr;

function call(fn: string, args: Expr[]): Expr {
  const k = template.exprKind;
  if (k.case !== "callExpr") throw new Error("unexpected template");
  return { ...template, id: 0n, exprKind: { case: "callExpr", value: { ...k.value, function: fn, target: undefined, args } } };
}

function int(n: number): Expr {
  const arg = (template.exprKind.value as { args: Expr[] }).args[1]!;
  const k = arg.exprKind;
  if (k.case !== "constExpr") throw new Error("unexpected template");
  return { ...arg, id: 0n, exprKind: { case: "constExpr", value: { ...k.value, constantKind: { case: "int64Value", value: BigInt(n) } } } };
}

/** A copy of `e` with the meter's calls added (see the module comment). */
export function instrument(e: Expr | undefined): Expr | undefined {
  if (!e) return e;
  const k = e.exprKind;
  switch (k.case) {
    case "selectExpr":
      return { ...e, exprKind: { case: "selectExpr", value: { ...k.value, operand: instrument(k.value.operand) } } };
    case "callExpr": {
      const c = k.value;
      let target = instrument(c.target);
      let args = c.args.map((a) => instrument(a)!);
      const qualified = target?.exprKind.case === "identExpr" && NAMESPACES.has(target.exprKind.value.name);
      if (target && isSizedFunction(c.function) && !qualified) target = call(SIZE, [target]);
      else if (!target && c.function === "@in" && args[1]) args = [args[0]!, call(SIZE, [args[1]])];
      return { ...e, exprKind: { case: "callExpr", value: { ...c, target, args } } };
    }
    case "listExpr":
      return { ...e, exprKind: { case: "listExpr", value: { ...k.value, elements: k.value.elements.map((x) => instrument(x)!) } } };
    case "structExpr":
      return {
        ...e,
        exprKind: {
          case: "structExpr",
          value: {
            ...k.value,
            entries: k.value.entries.map((en) => ({
              ...en,
              keyKind: en.keyKind.case === "mapKey" ? { case: "mapKey" as const, value: instrument(en.keyKind.value)! } : en.keyKind,
              value: instrument(en.value),
            })),
          },
        },
      };
    case "comprehensionExpr": {
      const c = k.value;
      // One iteration's own nodes; loops nested in it charge for themselves when they run.
      const perIteration = Math.max(1, estimateCost(c.loopCondition!, {}) + estimateCost(c.loopStep!, {}));
      return {
        ...e,
        exprKind: {
          case: "comprehensionExpr",
          value: {
            ...c,
            iterRange: instrument(c.iterRange),
            accuInit: instrument(c.accuInit),
            loopCondition: call(TICK, [instrument(c.loopCondition)!, int(perIteration)]),
            loopStep: instrument(c.loopStep),
            result: instrument(c.result),
          },
        },
      };
    }
    default:
      return e;
  }
}

/** The running meter's cost so far (undefined outside a metered run), to rewind to after a discarded attempt. */
export function meterMark(): number | undefined {
  return meter?.cost;
}

/** Sets the running meter back to a mark: the fast path's charges are dropped when the planner reruns the expression. */
export function meterRewind(mark: number | undefined): void {
  if (meter && mark !== undefined) meter.cost = mark;
}

/** The meter a run replaces (restored by meterStop). */
export type OuterMeter = { cost: number; limit: number } | undefined;

/**
 * Starts a meter with `limit`, charged `base` (the program's static cost) up front, for the
 * evaluation of an instrumented program that follows; returns the meter it replaces. Start and
 * stop rather than a callback: this runs once per rule and request.
 */
export function meterStart(base: number, limit: number): OuterMeter {
  const outer = meter;
  meter = { cost: base, limit };
  return outer;
}

/** Stops the running meter, restores the outer one and returns the cost charged. */
export function meterStop(outer: OuterMeter): number {
  const cost = meter?.cost ?? 0;
  meter = outer;
  return cost;
}
