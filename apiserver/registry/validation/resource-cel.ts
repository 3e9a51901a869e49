/**
 * Compile-time checks of DRA device selectors (upstream's dynamic-resource-allocation CEL
 * compiler for 1.34's GA fields): the expression parses and plans in kubegen's CEL environment,
 * it reads only `device`, of `device` only `driver`, `attributes` and `capacity` (the fields
 * 1.34 declares with its alpha gates off), and its result is bool or unknown.
 */
import { parse } from "@bufbuild/cel";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { estimateCost, type CostShape } from "../../cel/cost.js";
import { compile, CompileError } from "../../cel/env.js";
import { celIssue, knownType, undeclaredReferences } from "./admissionregistration-cel.js";

/** The fields of upstream's `device` object type. */
const DEVICE_FIELDS: Readonly<Record<string, string>> = { driver: "string", attributes: "map", capacity: "map" };

/** `device.<field>` selections that name no field of the device type, in source order. */
function undefinedFields(e: Expr | undefined, positions: Record<string, number>, out: { name: string; offset: number }[]): void {
  if (!e) return;
  const k = e.exprKind;
  switch (k.case) {
    case "selectExpr": {
      const op = k.value.operand;
      if (op?.exprKind.case === "identExpr" && op.exprKind.value.name === "device" && !(k.value.field in DEVICE_FIELDS))
        out.push({ name: k.value.field, offset: positions[String(e.id)] ?? 0 });
      undefinedFields(op, positions, out);
      break;
    }
    case "callExpr":
      undefinedFields(k.value.target, positions, out);
      for (const a of k.value.args) undefinedFields(a, positions, out);
      break;
    case "listExpr":
      for (const a of k.value.elements) undefinedFields(a, positions, out);
      break;
    case "structExpr":
      for (const en of k.value.entries) {
        if (en.keyKind.case === "mapKey") undefinedFields(en.keyKind.value, positions, out);
        undefinedFields(en.value, positions, out);
      }
      break;
    case "comprehensionExpr": {
      const c = k.value;
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) undefinedFields(x, positions, out);
      break;
    }
    default:
      break;
  }
}

/** The statically known type of a selector's result: CEL literals and operators, and `device.driver`. */
function resultType(e: Expr | undefined): string | undefined {
  if (e?.exprKind.case === "selectExpr" && !e.exprKind.value.testOnly) {
    const op = e.exprKind.value.operand;
    if (op?.exprKind.case === "identExpr" && op.exprKind.value.name === "device") {
      const t = DEVICE_FIELDS[e.exprKind.value.field];
      return t === "map"
        ? e.exprKind.value.field === "capacity"
          ? "map(string, map(string, quantity))"
          : "map(string, map(string, any))"
        : t;
    }
  }
  const t = knownType(e);
  return t === "list(dyn)" ? "list(dyn)" : t;
}

/** Upstream's CELSelectorExpressionMaxCost. */
export const CEL_SELECTOR_MAX_COST = 1_000_000;

// The sizes upstream's device type declares: driver names of 63 bytes, at most 32 attributes
// and capacities (by domain, then by name), attribute strings of 64 bytes.
const VALUE: CostShape = { maxSize: 64 };
const BY_NAME: CostShape = { maxSize: 32, elem: VALUE };
const DEVICE_SHAPE: CostShape = {
  fields: { driver: { maxSize: 63 }, attributes: { maxSize: 32, elem: BY_NAME }, capacity: { maxSize: 32, elem: BY_NAME } },
};

/** Whether a compiled selector's estimated cost is over upstream's limit. */
export function deviceSelectorTooComplex(source: string): boolean {
  const expr = parse(source).expr;
  return expr !== undefined && estimateCost(expr, { device: DEVICE_SHAPE }) > CEL_SELECTOR_MAX_COST;
}

/** Why a device selector does not compile (upstream's detail after `Invalid value`), or undefined. */
export function deviceSelectorCompileError(source: string): string | undefined {
  try {
    compile(source);
  } catch (err) {
    if (err instanceof CompileError) return `compilation failed: ${err.message}`;
    throw err;
  }
  const undeclared = undeclaredReferences(source, (name) => name === "device");
  if (undeclared !== undefined) return `compilation failed: ${undeclared}`;
  const parsed = parse(source);
  const missing: { name: string; offset: number }[] = [];
  undefinedFields(parsed.expr, parsed.sourceInfo?.positions ?? {}, missing);
  if (missing.length > 0) {
    missing.sort((a, b) => a.offset - b.offset);
    return `compilation failed: ${missing.map((m) => celIssue(source, m.offset, `undefined field '${m.name}'`)).join("\n")}`;
  }
  const type = resultType(parsed.expr);
  if (type !== undefined && type !== "bool") return `must evaluate to bool or the unknown type, not ${type}`;
  return undefined;
}
