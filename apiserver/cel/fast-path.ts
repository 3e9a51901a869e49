/**
 * A faster evaluation of planned CEL for the values rules see: each expression is compiled once
 * into a tree of JavaScript closures that runs the successful evaluations of @bufbuild/cel's
 * planner, and gives up (BAIL) on anything else. Whoever runs it then evaluates the same
 * expression with the planner, so every error, every absorbed error (`x || true`), every
 * unusual binding and every construct not compiled here keeps the engine's own semantics and
 * messages. What the fast path may return is the planner's value only:
 *
 * - functions and operators are the environment's own overloads (same resolver, same dispatch),
 *   except ==, !=, <, <=, >, >=, !, and int/string +, - on operands whose overloads are the
 *   standard library's plain comparisons (bigint, string, boolean, double), inlined;
 * - variables are read as the planner's activation reads them, and a field chain `a.b.c` is
 *   only taken from `a` when no binding named `a.b` or `a.b.c` exists (the planner prefers the
 *   most qualified name);
 * - comprehensions (all, exists, map, filter...) fold as the planner folds, over the list's
 *   elements or the map's keys.
 *
 * The runtime cost meter sees the same calls (its functions are in the program's AST), so a
 * caller that bails resets the meter to where it stood (see runtime-cost.ts).
 */
import { celList, celMap, isCelError, isCelList, isCelMap, isCelType, isCelUint, celUint, type CelEnv, type CelInput } from "@bufbuild/cel";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";

/** Thrown where the fast path does not produce the planner's value; the caller runs the planner. */
export const BAIL: unique symbol = Symbol("cel fast path bail");

type Bindings = Record<string, unknown>;
type Locals = unknown[];
type Node = (b: Bindings, l: Locals) => unknown;

/** The slice of a function group the planner dispatches through (CelEnv's resolver entry). */
interface Group {
  call(id: number, target: unknown, args: unknown[]): unknown;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function bail(): never {
  throw BAIL;
}

/** A binding as the planner's activation converts it (its toCel), or BAIL for what it would wrap otherwise. */
function readBinding(v: unknown): unknown {
  switch (typeof v) {
    case "bigint":
    case "boolean":
    case "number":
    case "string":
      return v;
    case "object":
      break;
    default:
      return bail();
  }
  if (v === null || v instanceof Uint8Array || isCelList(v) || isCelMap(v) || isCelUint(v) || isCelType(v)) {
    if (isCelError(v)) bail();
    return v;
  }
  if (Array.isArray(v)) return celList(v as CelInput[]);
  if (v instanceof Map) return celMap(v as Map<string, CelInput>);
  if (v.constructor?.name === "Object") return celMap(new Map(Object.entries(v as Record<string, CelInput>)));
  return bail();
}

/** A field of a value (StringAccess): maps only; anything else, or a missing key, is the planner's business. */
function field(v: unknown, name: string): unknown {
  if (!isCelMap(v)) bail();
  const x = v.get(name);
  if (x === undefined) bail();
  return x;
}

function isPlain(a: unknown): boolean {
  const t = typeof a;
  return t === "bigint" || t === "string" || t === "boolean";
}

/** Standard-library results for operands whose overloads are plain JavaScript comparisons. */
function inlineOp(fn: string, l: unknown, r: unknown): unknown {
  const t = typeof l;
  if (t !== typeof r) return BAIL;
  const numeric = t === "bigint" || t === "string" || t === "boolean" || t === "number";
  if (!numeric) return BAIL;
  const a = l as number;
  const b = r as number;
  switch (fn) {
    case "_==_":
      return t === "number" ? BAIL : a === b;
    case "_!=_":
      return t === "number" ? BAIL : a !== b;
    case "_<_":
      return a < b;
    case "_<=_":
      return a <= b;
    case "_>_":
      return a > b;
    case "_>=_":
      return a >= b;
    case "_+_":
      if (t === "string") return (l as string) + (r as string);
      if (t === "bigint") {
        const s = (l as bigint) + (r as bigint);
        return s < INT64_MIN || s > INT64_MAX ? BAIL : s;
      }
      return BAIL;
    case "_-_":
      if (t === "bigint") {
        const s = (l as bigint) - (r as bigint);
        return s < INT64_MIN || s > INT64_MAX ? BAIL : s;
      }
      return BAIL;
    default:
      return BAIL;
  }
}

const INLINE = new Set(["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_", "_+_", "_-_"]);

/** The dotted name of an ident or field chain (the planner's toQualifiedName), else undefined. */
function qualifiedName(e: Expr): string | undefined {
  const k = e.exprKind;
  if (k.case === "identExpr") return k.value.name;
  if (k.case === "selectExpr" && !k.value.testOnly && k.value.operand) {
    const p = qualifiedName(k.value.operand);
    return p === undefined ? undefined : `${p}.${k.value.field}`;
  }
  return undefined;
}

class Unsupported extends Error {}

/**
 * Compiles `expr` for `env` (which must have no namespace); undefined when some construct is
 * not covered, in which case the planner is the only path.
 */
export function compileFast(env: CelEnv, expr: Expr): ((bindings: Bindings) => unknown) | undefined {
  const funcs = env.funcs as unknown as { find(name: string): Group | undefined };
  const registry = env.registry as unknown as { getMessage(n: string): unknown; getEnum(n: string): unknown };
  if (env.namespace !== "") return undefined;
  let slots = 0;
  // Comprehension variables in scope, innermost last, with their local slot.
  const scope: [string, number][] = [];
  const local = (name: string): number | undefined => {
    for (let i = scope.length - 1; i >= 0; i--) if (scope[i]![0] === name) return scope[i]![1];
    return undefined;
  };
  const unsupported = (): never => {
    throw new Unsupported();
  };

  /** A type or enum constant that the planner would find under a dotted name instead of a variable. */
  const namesType = (name: string): boolean => {
    if (registry.getMessage(name) !== undefined) return true;
    const dot = name.lastIndexOf(".");
    return dot > 1 && registry.getEnum(name.slice(0, dot)) !== undefined;
  };

  /** An ident read: a comprehension variable, else a binding as the activation converts it. */
  const ident = (name: string): Node => {
    if (name.startsWith(".")) unsupported();
    const slot = local(name);
    if (slot !== undefined) return (_b, l) => l[slot];
    return (b) => {
      const v = b[name];
      return v === undefined ? bail() : readBinding(v);
    };
  };

  /**
   * A chain `root.f1...fn` (fields, or constant string indexes): the planner tries the most
   * qualified binding first, so any binding named with a dotted prefix of the chain bails.
   */
  const chain = (e: Expr): Node | undefined => {
    const fields: string[] = [];
    let cur: Expr | undefined = e;
    for (;;) {
      const k: Expr["exprKind"] = cur.exprKind;
      if (k.case === "selectExpr" && !k.value.testOnly && k.value.operand) {
        fields.unshift(k.value.field);
        cur = k.value.operand;
      } else if (
        k.case === "callExpr" &&
        k.value.function === "_[_]" &&
        !k.value.target &&
        k.value.args.length === 2 &&
        k.value.args[1]!.exprKind.case === "constExpr" &&
        k.value.args[1]!.exprKind.value.constantKind.case === "stringValue"
      ) {
        fields.unshift(k.value.args[1]!.exprKind.value.constantKind.value);
        cur = k.value.args[0]!;
      } else break;
    }
    if (cur.exprKind.case !== "identExpr" || fields.length === 0) return undefined;
    const root = cur.exprKind.value.name;
    const names: string[] = [];
    for (let i = 1; i <= fields.length; i++) names.push(`${root}.${fields.slice(0, i).join(".")}`);
    if (namesType(names[names.length - 1]!)) unsupported();
    const read = ident(root);
    const n = fields.length;
    return (b, l) => {
      for (let i = 0; i < names.length; i++) if (b[names[i]!] !== undefined) bail();
      let v = read(b, l);
      for (let i = 0; i < n; i++) v = field(v, fields[i]!);
      return v;
    };
  };

  const compileNode = (e: Expr | undefined): Node => {
    if (!e) return unsupported();
    const k = e.exprKind;
    switch (k.case) {
      case "constExpr": {
        const c = k.value.constantKind;
        let v: unknown;
        switch (c.case) {
          case "stringValue":
          case "doubleValue":
          case "boolValue":
          case "int64Value":
          case "bytesValue":
            v = c.value;
            break;
          case "uint64Value":
            v = celUint(c.value);
            break;
          case "nullValue":
            v = null;
            break;
          default:
            return unsupported();
        }
        return () => v;
      }
      case "identExpr": {
        const name = k.value.name;
        // A bare ident that is no binding may be a type (`int`) or enum constant: the planner's.
        return ident(name);
      }
      case "selectExpr": {
        const s = k.value;
        if (s.testOnly) {
          const operand = compileNode(s.operand);
          const f = s.field;
          // has(): presence in a map; a scalar has no fields (false), anything else is the planner's.
          return (b, l) => {
            const v = operand(b, l);
            if (isCelMap(v)) return v.has(f);
            if (v === null || typeof v !== "object") return typeof v === "undefined" ? bail() : false;
            return bail();
          };
        }
        const c = chain(e);
        if (c) return c;
        const operand = compileNode(s.operand);
        const f = s.field;
        return (b, l) => field(operand(b, l), f);
      }
      case "listExpr": {
        if (k.value.optionalIndices.length > 0) unsupported();
        const elems = k.value.elements.map(compileNode);
        return (b, l) => celList(elems.map((x) => x(b, l)) as CelInput[]);
      }
      case "comprehensionExpr": {
        const c = k.value;
        const range = compileNode(c.iterRange);
        const init = compileNode(c.accuInit);
        const accuSlot = slots++;
        const iterSlot = slots++;
        scope.push([c.accuVar, accuSlot]);
        const result = compileNode(c.result);
        scope.push([c.iterVar, iterSlot]);
        const cond = compileNode(c.loopCondition);
        const step = compileNode(c.loopStep);
        scope.pop();
        scope.pop();
        return (b, l) => {
          l[accuSlot] = init(b, l);
          const r = range(b, l);
          let items: unknown[];
          if (isCelMap(r)) items = Array.from(r.keys());
          else if (isCelList(r)) items = Array.from(r);
          else return bail();
          for (const item of items) {
            l[iterSlot] = item;
            const ok = cond(b, l);
            if (ok !== true) {
              if (ok === false) break;
              // Anything but a boolean ends the planner's loop too, but may be an error value.
              return bail();
            }
            l[accuSlot] = step(b, l);
          }
          return result(b, l);
        };
      }
      case "callExpr":
        return compileCall(e, k.value);
      default:
        return unsupported();
    }
  };

  const compileCall = (e: Expr, c: Extract<Expr["exprKind"], { case: "callExpr" }>["value"]): Node => {
    const fn = c.function;
    if (c.target) {
      const q = qualifiedName(c.target);
      // A namespaced function (`sets.contains(...)`): the planner calls it without a receiver.
      if (q !== undefined && funcs.find(`${q}.${fn}`) !== undefined) {
        const g = funcs.find(`${q}.${fn}`)!;
        const args = c.args.map(compileNode);
        return (b, l) =>
          dispatch(
            g,
            undefined,
            args.map((a) => a(b, l)),
          );
      }
    }
    switch (fn) {
      case "_&&_":
      case "_||_": {
        const args = c.args.map(compileNode);
        const stop = fn === "_||_";
        return (b, l) => {
          for (const a of args) {
            const v = a(b, l);
            if (v === stop) return stop;
            if (v !== !stop) bail();
          }
          return !stop;
        };
      }
      case "_?_:_": {
        const [cond, t, f] = c.args.map(compileNode);
        if (!cond || !t || !f) return unsupported();
        return (b, l) => {
          const v = cond(b, l);
          if (v === true) return t(b, l);
          if (v === false) return f(b, l);
          return bail();
        };
      }
      case "@not_strictly_false":
      case "__not_strictly_false__": {
        const a = compileNode(c.args[0]);
        return (b, l) => a(b, l) !== false;
      }
      case "_[_]": {
        if (c.target || c.args.length !== 2) return unsupported();
        const ch = chain(e);
        if (ch) return ch;
        const [obj, idx] = c.args.map(compileNode) as [Node, Node];
        return (b, l) => {
          const o = obj(b, l);
          const i = idx(b, l);
          let v: unknown;
          if (isCelMap(o)) v = o.get(i as never);
          else if (isCelList(o) && typeof i === "bigint") v = i < 0n || i >= BigInt(o.size) ? undefined : o.get(Number(i));
          if (v === undefined) bail();
          return v;
        };
      }
      case "_[?_]":
      case "_?._":
        return unsupported();
      case "!_": {
        const g = funcs.find(fn);
        if (!g) return unsupported();
        const a = compileNode(c.args[0]);
        return (b, l) => {
          const v = a(b, l);
          return typeof v === "boolean" ? !v : dispatch(g, undefined, [v]);
        };
      }
      default:
        break;
    }
    const g = funcs.find(fn);
    if (!g) return unsupported();
    const target = c.target ? compileNode(c.target) : undefined;
    const args = c.args.map(compileNode);
    if (!target && args.length === 2 && INLINE.has(fn)) {
      const [x, y] = args as [Node, Node];
      return (b, l) => {
        const l0 = x(b, l);
        const r0 = y(b, l);
        const v = isPlain(l0) || typeof l0 === "number" ? inlineOp(fn, l0, r0) : BAIL;
        return v === BAIL ? dispatch(g, undefined, [l0, r0]) : v;
      };
    }
    if (target)
      return (b, l) =>
        dispatch(
          g,
          target(b, l),
          args.map((a) => a(b, l)),
        );
    if (args.length === 1) {
      const a0 = args[0]!;
      return (b, l) => dispatch(g, undefined, [a0(b, l)]);
    }
    return (b, l) =>
      dispatch(
        g,
        undefined,
        args.map((a) => a(b, l)),
      );
  };

  let root: Node;
  try {
    root = compileNode(expr);
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  const size = slots;
  return (bindings) => root(bindings, new Array<unknown>(size));
}

/** The planner's call: the group's first matching overload; no overload or an error is the planner's to report. */
function dispatch(g: Group, target: unknown, args: unknown[]): unknown {
  const r = g.call(0, target, args);
  if (r === undefined || isCelError(r)) bail();
  return r;
}
