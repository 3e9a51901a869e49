/**
 * A static cost estimate of a CEL expression, approximating cel-go's estimator as the apiserver
 * uses it: each call and field read costs 1, string functions cost a tenth of the string's
 * maximum length, and a comprehension costs its range's maximum size times its body. Sizes come
 * from the schema (maxItems, maxProperties, maxLength); unbounded ones from the request size
 * limit divided by the smallest element, as upstream estimates them.
 */
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";

/** What the estimator knows of a value: its maximum size and the shape of its elements or fields. */
export interface CostShape {
  /** Max length of a string, items of a list, properties of a map. */
  maxSize?: number;
  elem?: CostShape;
  fields?: Record<string, CostShape>;
}

/** Per-rule limit (upstream's StaticEstimatedCostLimit). */
export const RULE_COST_LIMIT = 10_000_000;
/** Whole-schema limit (upstream's StaticEstimatedCRDCostLimit). */
export const CRD_COST_LIMIT = 100_000_000;
/** Runtime limit of one expression's evaluation (upstream's PerCallLimit). */
export const PER_CALL_LIMIT = 1_000_000;
/** Runtime budget of all the rules run for one custom resource write (upstream's RuntimeCELCostBudget). */
export const RUNTIME_COST_BUDGET = 10_000_000;

const STRING_FUNCS = new Set([
  "contains",
  "startsWith",
  "endsWith",
  "matches",
  "find",
  "findAll",
  "split",
  "replace",
  "lowerAscii",
  "upperAscii",
  "trim",
  "indexOf",
  "lastIndexOf",
  "substring",
  "join",
  "format",
  "url",
  "isURL",
  "quantity",
  "isQuantity",
  "ip",
  "cidr",
  "isIP",
  "isCIDR",
  "_+_",
  "_==_",
  "_!=_",
]);
const LIST_FUNCS = new Set([
  "sum",
  "min",
  "max",
  "isSorted",
  "indexOf",
  "lastIndexOf",
  "sets.contains",
  "sets.equivalent",
  "sets.intersects",
  "_in_",
  "_+_",
  "_==_",
  "_!=_",
]);

/** Whether a function's cost grows with the size of its receiver or first argument (a string, list or map). */
export function isSizedFunction(name: string): boolean {
  return STRING_FUNCS.has(name) || LIST_FUNCS.has(name);
}

interface Scope {
  vars: Map<string, CostShape | undefined>;
}

/** The shape an expression evaluates to, when it is a path from a known variable. */
function shapeOf(e: Expr | undefined, scope: Scope): CostShape | undefined {
  if (!e) return undefined;
  const k = e.exprKind;
  if (k.case === "identExpr") return scope.vars.get(k.value.name);
  if (k.case === "selectExpr") {
    const base = shapeOf(k.value.operand, scope);
    return base?.fields?.[k.value.field] ?? base?.elem;
  }
  if (k.case === "callExpr" && k.value.function === "_[_]") return shapeOf(k.value.args[0], scope)?.elem;
  if (k.case === "listExpr") return { maxSize: k.value.elements.length };
  return undefined;
}

function cost(e: Expr | undefined, scope: Scope): number {
  if (!e) return 0;
  const k = e.exprKind;
  switch (k.case) {
    case "constExpr":
      return 0;
    case "identExpr":
      return 1;
    case "selectExpr":
      return 1 + cost(k.value.operand, scope);
    case "listExpr":
      return 10 + k.value.elements.reduce((s, x) => s + cost(x, scope), 0);
    case "structExpr":
      return (
        30 +
        k.value.entries.reduce((s, en) => s + cost(en.value, scope) + (en.keyKind.case === "mapKey" ? cost(en.keyKind.value, scope) : 0), 0)
      );
    case "callExpr": {
      const c = k.value;
      let total = 1 + cost(c.target, scope) + c.args.reduce((s, x) => s + cost(x, scope), 0);
      const operand = c.target ?? c.args[0];
      const size = shapeOf(operand, scope)?.maxSize;
      if (size !== undefined && (STRING_FUNCS.has(c.function) || LIST_FUNCS.has(c.function)))
        total += Math.ceil(size * (STRING_FUNCS.has(c.function) && !LIST_FUNCS.has(c.function) ? 0.1 : 1));
      return total;
    }
    case "comprehensionExpr": {
      const c = k.value;
      const range = shapeOf(c.iterRange, scope);
      const n = range?.maxSize ?? 1;
      const inner: Scope = { vars: new Map(scope.vars) };
      inner.vars.set(c.iterVar, range?.elem);
      if (c.iterVar2) inner.vars.set(c.iterVar2, range?.elem);
      inner.vars.set(c.accuVar, undefined);
      const body = cost(c.loopCondition, inner) + cost(c.loopStep, inner);
      return cost(c.iterRange, scope) + cost(c.accuInit, scope) + n * body + cost(c.result, inner);
    }
    default:
      return 1;
  }
}

/** The estimated cost of an expression given the shapes of its variables. */
export function estimateCost(e: Expr, vars: Record<string, CostShape | undefined>): number {
  return cost(e, { vars: new Map(Object.entries(vars)) });
}

/** Upstream's text for a cost over its limit. */
export function costErrorMessage(what: string, cost: number, limit: number): string {
  const f = cost / limit;
  const factor = f > 100 ? "more than 100x" : f < 1.5 ? `${f.toFixed(6)}x` : `${f.toFixed(1)}x`;
  return `${what} exceeds budget by factor of ${factor} (try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)`;
}
