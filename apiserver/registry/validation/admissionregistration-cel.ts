/**
 * Compile-time checks of admission CEL expressions (webhook matchConditions, policies'
 * validations, messageExpressions, variables, auditAnnotations), with upstream's messages:
 * the engine's compile errors, references to variables the expression's environment does not
 * declare (params without a paramKind, authorizer in a messageExpression...), and a result
 * type that is plainly wrong (a literal or an operator whose type is known without the object).
 */
import { parse } from "@bufbuild/cel";
import type { Expr } from "@bufbuild/cel-spec/cel/expr/syntax_pb.js";
import { compile, CompileError } from "../../cel/env.js";

/** What an expression's environment declares besides object, oldObject, namespaceObject and request. */
export interface AdmissionCELEnv {
  params: boolean;
  authorizer: boolean;
  variables: boolean;
}

/** The type an expression must have: `bool` (conditions, validations) or `string` (messages); undefined for any. */
export type ResultType = "bool" | "string";

const ALWAYS = new Set(["object", "oldObject", "namespaceObject", "request"]);
/** CEL's type names, which are identifiers too (`type(x) == string`). */
const TYPE_NAMES = new Set(["int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type", "type", "dyn"]);
/** The namespaces of library functions (`sets.contains`, `optional.of`, `strings.quote`...). */
const FUNCTION_NAMESPACES = new Set(["sets", "optional", "strings", "math", "base64", "lists"]);
const BOOL_FUNCTIONS = new Set(["_==_", "_!=_", "_<_", "_<=_", "_>_", "_>=_", "_&&_", "_||_", "!_", "@in"]);

interface Ident {
  name: string;
  offset: number;
}

function walk(e: Expr | undefined, idents: Ident[], bound: Set<string>, positions: Record<string, number>): void {
  if (!e) return;
  const k = e.exprKind;
  switch (k.case) {
    case "identExpr":
      idents.push({ name: k.value.name, offset: positions[String(e.id)] ?? 0 });
      break;
    case "selectExpr":
      walk(k.value.operand, idents, bound, positions);
      break;
    case "callExpr": {
      const t = k.value.target?.exprKind;
      // `sets.contains(...)`, `optional.none()`: a namespaced function's name, not a variable.
      if (t?.case !== "identExpr" || !FUNCTION_NAMESPACES.has(t.value.name)) walk(k.value.target, idents, bound, positions);
      for (const a of k.value.args) walk(a, idents, bound, positions);
      break;
    }
    case "listExpr":
      for (const a of k.value.elements) walk(a, idents, bound, positions);
      break;
    case "structExpr":
      for (const en of k.value.entries) {
        if (en.keyKind.case === "mapKey") walk(en.keyKind.value, idents, bound, positions);
        walk(en.value, idents, bound, positions);
      }
      break;
    case "comprehensionExpr": {
      const c = k.value;
      bound.add(c.iterVar);
      if (c.iterVar2) bound.add(c.iterVar2);
      bound.add(c.accuVar);
      for (const x of [c.iterRange, c.accuInit, c.loopCondition, c.loopStep, c.result]) walk(x, idents, bound, positions);
      break;
    }
    default:
      break;
  }
}

/** cel-go's display of an error at an offset: position, message, the source line and a caret. */
function located(source: string, offset: number, message: string): string {
  const before = source.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const column = [...source.slice(lineStart, offset)].length;
  const lineText = (source.split("\n")[line - 1] ?? "").replace(/\t/g, " ");
  return `ERROR: <input>:${line}:${column + 1}: ${message}\n | ${lineText}\n | ${".".repeat(column)}^`;
}

/** The statically known result type of an expression, or undefined when only evaluation can tell. */
export function knownType(e: Expr | undefined): string | undefined {
  if (!e) return undefined;
  const k = e.exprKind;
  if (k.case === "callExpr" && BOOL_FUNCTIONS.has(k.value.function)) return "bool";
  if (k.case === "selectExpr" && k.value.testOnly) return "bool";
  if (k.case === "listExpr") return "list(dyn)";
  if (k.case === "constExpr") {
    switch (k.value.constantKind.case) {
      case "boolValue":
        return "bool";
      case "stringValue":
        return "string";
      case "int64Value":
        return "int";
      case "uint64Value":
        return "uint";
      case "doubleValue":
        return "double";
      case "bytesValue":
        return "bytes";
      case "nullValue":
        return "null_type";
      default:
        return undefined;
    }
  }
  return undefined;
}

/**
 * cel-go's issues for the identifiers a compiled expression reads that its environment does not
 * declare (CEL's type names and comprehension variables always are), or undefined when none.
 */
export function undeclaredReferences(source: string, declared: (name: string) => boolean): string | undefined {
  const parsed = parse(source);
  const idents: Ident[] = [];
  const bound = new Set<string>();
  walk(parsed.expr, idents, bound, parsed.sourceInfo?.positions ?? {});
  const undeclared = idents
    .filter((i) => !TYPE_NAMES.has(i.name) && !bound.has(i.name) && !declared(i.name))
    .sort((a, b) => a.offset - b.offset);
  if (undeclared.length === 0) return undefined;
  return undeclared.map((i) => located(source, i.offset, `undeclared reference to '${i.name}' (in container '')`)).join("\n");
}

/** cel-go's display of an issue at an offset of `source` (exported for other environments' checks). */
export function celIssue(source: string, offset: number, message: string): string {
  return located(source, offset, message);
}

/**
 * Why `source` does not compile in an admission environment (upstream's detail after the
 * field's `Invalid value`), or undefined when it compiles.
 */
export function admissionCompileError(source: string, env: AdmissionCELEnv, result: ResultType | undefined): string | undefined {
  try {
    compile(source);
  } catch (err) {
    if (err instanceof CompileError) return `compilation failed: ${err.message}`;
    throw err;
  }
  const undeclared = undeclaredReferences(
    source,
    (name) =>
      ALWAYS.has(name) ||
      (name === "params" && env.params) ||
      (name === "authorizer" && env.authorizer) ||
      (name === "variables" && env.variables),
  );
  if (undeclared !== undefined) return `compilation failed: ${undeclared}`;
  const type = knownType(parse(source).expr);
  if (result !== undefined && type !== undefined && type !== result) return `must evaluate to ${result}`;
  return undefined;
}
