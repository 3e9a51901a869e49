/**
 * `x-kubernetes-validations` of a structural schema: rules compiled once per CRD version (with
 * upstream's compile-time checks and static cost estimate), then run against each write's object
 * — transition rules (those reading `oldSelf`) only where an old value correlates, as upstream:
 * through object properties, map keys and the keys of `x-kubernetes-list-type: map` lists.
 */
import { celList, celMap, type CelInput } from "@bufbuild/cel";
import { compile, CompileError, type Program } from "../../cel/env.js";
import { costErrorMessage, CRD_COST_LIMIT, estimateCost, RULE_COST_LIMIT, RUNTIME_COST_BUDGET, type CostShape } from "../../cel/cost.js";
import { COST_LIMIT_EXCEEDED, OUT_OF_BUDGET } from "../../cel/runtime-cost.js";
import { optionalOf } from "../../cel/optional.js";
import { fieldErrors, FieldPath, OMIT_VALUE, type FieldError } from "../validation/field.js";
import { validateValue } from "./validate.js";
import { additionalOf, isObject, itemsOf, type JSONSchemaProps } from "./types.js";

export interface ValidationRule {
  rule?: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

interface CompiledRule {
  source: ValidationRule;
  program: Program;
  message?: Program;
  transition: boolean;
}

/** The compiled rules of a schema, shaped as the schema (only where rules exist below). */
export interface RuleNode {
  schema: JSONSchemaProps;
  rules: CompiledRule[];
  properties?: Map<string, RuleNode>;
  additional?: RuleNode;
  items?: RuleNode;
}

const REASONS = ["FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"];
/** Upstream's request size limit, which bounds unbounded lists, maps and strings in the cost estimate. */
const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

function minJSONSize(s: JSONSchemaProps | undefined): number {
  if (!s) return 1;
  switch (s.type) {
    case "string":
      return 2;
    case "boolean":
      return 4;
    case "object":
    case "array":
      return 2;
    default:
      return 1;
  }
}

/** The cost estimator's view of a schema: maximum sizes, bounded by the request size when undeclared. */
function shapeOf(s: JSONSchemaProps | undefined, depth = 0): CostShape | undefined {
  if (!s || depth > 20) return undefined;
  const items = itemsOf(s);
  const add = additionalOf(s);
  if (s.type === "array")
    return { maxSize: s.maxItems ?? Math.floor(MAX_REQUEST_BYTES / (minJSONSize(items) + 1)), elem: shapeOf(items, depth + 1) };
  if (s.type === "string") return { maxSize: s.maxLength ?? MAX_REQUEST_BYTES };
  if (s.type === "object" && add && !s.properties)
    return { maxSize: s.maxProperties ?? Math.floor(MAX_REQUEST_BYTES / (minJSONSize(add) + 4)), elem: shapeOf(add, depth + 1) };
  if (s.properties) return { fields: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, shapeOf(v, depth + 1) ?? {}])) };
  return undefined;
}

/** How many times a node's rules may run in one object: the product of the enclosing lists' and maps' sizes. */
function cardinalityStep(s: JSONSchemaProps, child: "items" | "additional"): number {
  if (child === "items") return s.maxItems ?? Math.floor(MAX_REQUEST_BYTES / (minJSONSize(itemsOf(s)) + 1));
  return s.maxProperties ?? Math.floor(MAX_REQUEST_BYTES / (minJSONSize(additionalOf(s)) + 4));
}

/** Go's %#v of a rule, as upstream prints the bad value of a rule that does not compile. */
function goDump(r: ValidationRule): string {
  const q = (s: string | undefined): string => JSON.stringify(s ?? "");
  const reason =
    r.reason === undefined ? "(*apiextensions.FieldValueErrorReason)(nil)" : `(*apiextensions.FieldValueErrorReason)(${q(r.reason)})`;
  const old = r.optionalOldSelf === undefined ? "(*bool)(nil)" : `(*bool)(${String(r.optionalOldSelf)})`;
  return `apiextensions.ValidationRule{Rule:${q(r.rule)}, Message:${q(r.message)}, MessageExpression:${q(r.messageExpression)}, Reason:${reason}, FieldPath:${q(r.fieldPath)}, OptionalOldSelf:${old}}`;
}

/** What a rule sees of a resource root's metadata (upstream's WithTypeAndObjectMeta): its name and generateName. */
const ROOT_METADATA: JSONSchemaProps = { type: "object", properties: { name: { type: "string" }, generateName: { type: "string" } } };

/** Fields read from `self`/`oldSelf` that the schema does not declare (cel-go's "undefined field"). */
function undefinedFields(p: Program, schema: JSONSchemaProps, resourceRoot: boolean): string[] {
  const out: string[] = [];
  const walk = (e: Program["expr"] | undefined): void => {
    if (!e) return;
    const k = e.exprKind;
    if (k.case === "selectExpr") {
      const chain: string[] = [];
      let cur: Program["expr"] | undefined = e;
      while (cur && cur.exprKind.case === "selectExpr") {
        chain.unshift(cur.exprKind.value.field);
        cur = cur.exprKind.value.operand;
      }
      if (cur && cur.exprKind.case === "identExpr" && (cur.exprKind.value.name === "self" || cur.exprKind.value.name === "oldSelf")) {
        let s: JSONSchemaProps | undefined = schema;
        let root = resourceRoot || !!schema["x-kubernetes-embedded-resource"];
        for (const f of chain) {
          if (root && f === "metadata") {
            s = ROOT_METADATA;
            root = false;
            continue;
          }
          root = false;
          if (!s || s["x-kubernetes-preserve-unknown-fields"] || s["x-kubernetes-embedded-resource"] || s.type !== "object") break;
          const add = additionalOf(s);
          if (add && !s.properties) {
            s = add;
            continue;
          }
          const next: JSONSchemaProps | undefined = s.properties?.[f];
          if (!next && !(f === "apiVersion" || f === "kind" || f === "metadata")) {
            out.push(f);
            break;
          }
          s = next;
        }
      } else walk(cur);
      return;
    }
    if (k.case === "callExpr") {
      walk(k.value.target);
      // has(self.x) is a select with testOnly; its field is still checked by cel-go.
      k.value.args.forEach(walk);
    } else if (k.case === "listExpr") k.value.elements.forEach(walk);
    else if (k.case === "structExpr") k.value.entries.forEach((en) => walk(en.value));
    else if (k.case === "comprehensionExpr")
      [k.value.iterRange, k.value.accuInit, k.value.loopCondition, k.value.loopStep, k.value.result].forEach(walk);
  };
  walk(p.expr);
  return out;
}

export interface CompileResult {
  node?: RuleNode;
  errors: FieldError[];
}

/**
 * Compiles every rule of a schema. `path` is the schema's field path (for errors);
 * errors are upstream's: compile failures, bad reasons, oldSelf where nothing correlates,
 * and costs over budget.
 */
export function compileSchemaRules(schema: JSONSchemaProps, path: FieldPath): CompileResult {
  const errors: FieldError[] = [];
  let total = 0;
  const walk = (
    s: JSONSchemaProps,
    p: FieldPath,
    correlatable: boolean,
    cardinality: number,
    uncorrelatedAt: string,
  ): RuleNode | undefined => {
    const rules: CompiledRule[] = [];
    const raw = Array.isArray(s["x-kubernetes-validations"]) ? s["x-kubernetes-validations"] : [];
    raw.forEach((r0, i) => {
      const r = (isObject(r0) ? r0 : {}) as ValidationRule;
      const rp = p.child("x-kubernetes-validations").index(i);
      if (!r.rule || r.rule.trim() === "") {
        errors.push(fieldErrors.required(rp.child("rule"), "rule is not specified"));
        return;
      }
      if (r.reason !== undefined && !REASONS.includes(r.reason))
        errors.push(fieldErrors.notSupported(rp.child("reason"), r.reason, REASONS));
      if (r.message !== undefined && /[\r\n]/.test(r.message))
        errors.push(fieldErrors.invalid(rp.child("message"), r.message, "message must not contain line breaks"));
      if (r.message !== undefined && r.message.trim() === "")
        errors.push(fieldErrors.required(rp.child("message"), "message must be non-empty if specified"));
      if (r.fieldPath !== undefined && !/^(\.[A-Za-z_][A-Za-z0-9_-]*|\['[^']*'\]|\[\d+\])+$/.test(r.fieldPath))
        errors.push(fieldErrors.invalid(rp.child("fieldPath"), r.fieldPath, "fieldPath must be a valid path"));
      let program: Program;
      try {
        program = compile(r.rule);
      } catch (err) {
        if (!(err instanceof CompileError)) throw err;
        errors.push(fieldErrors.invalid(rp.child("rule"), OMIT_VALUE, `${goDump(r)}: compilation failed: ${err.message}`));
        return;
      }
      // The schema compileSchemaRules was given is a resource's root (a CRD version's, a compiled-in kind's).
      const missing = undefinedFields(program, s, s === schema);
      if (missing.length > 0) {
        errors.push(
          fieldErrors.invalid(
            rp.child("rule"),
            OMIT_VALUE,
            `${goDump(r)}: compilation failed: ERROR: <input>:1:1: undefined field '${missing[0]}'`,
          ),
        );
        return;
      }
      const transition = program.idents.has("oldSelf");
      if (transition && !correlatable)
        errors.push(
          fieldErrors.invalid(
            rp.child("rule"),
            r.rule,
            `oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatedAt}`,
          ),
        );
      if (r.optionalOldSelf === true && !transition)
        errors.push(fieldErrors.invalid(rp.child("optionalOldSelf"), true, "may not be set if oldSelf is not used in rule"));
      let message: Program | undefined;
      if (r.messageExpression !== undefined) {
        try {
          message = compile(r.messageExpression);
        } catch (err) {
          if (!(err instanceof CompileError)) throw err;
          errors.push(
            fieldErrors.invalid(
              rp.child("messageExpression"),
              OMIT_VALUE,
              `${goDump(r)}: messageExpression compilation failed: ${err.message}`,
            ),
          );
          return;
        }
      }
      const shape = shapeOf(s);
      const c =
        estimateCost(program.expr, { self: shape, oldSelf: shape }) +
        (message ? estimateCost(message.expr, { self: shape, oldSelf: shape }) : 0);
      if (c > RULE_COST_LIMIT)
        errors.push(fieldErrors.forbidden(rp.child("rule"), costErrorMessage("estimated rule cost", c, RULE_COST_LIMIT)));
      total += c * cardinality;
      rules.push({ source: r, program, message, transition });
    });
    const node: RuleNode = { schema: s, rules };
    let any = rules.length > 0;
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      const child = walk(v, p.child("properties").key(k), correlatable, cardinality, uncorrelatedAt);
      if (child) (node.properties ??= new Map()).set(k, child);
    }
    const add = additionalOf(s);
    if (add && isObject(s.additionalProperties)) {
      const child = walk(
        add,
        p.child("additionalProperties"),
        correlatable,
        cardinality * cardinalityStep(s, "additional"),
        uncorrelatedAt,
      );
      if (child) node.additional = child;
    }
    const items = itemsOf(s);
    if (items) {
      const keyed = s["x-kubernetes-list-type"] === "map";
      const child = walk(
        items,
        p.child("items"),
        correlatable && keyed,
        cardinality * cardinalityStep(s, "items"),
        correlatable && !keyed ? p.toString() : uncorrelatedAt,
      );
      if (child) node.items = child;
    }
    any ||= node.properties !== undefined || node.additional !== undefined || node.items !== undefined;
    return any ? node : undefined;
  };
  const node = walk(schema, path, true, 1, "");
  if (total > CRD_COST_LIMIT)
    errors.push(
      fieldErrors.forbidden(
        path,
        costErrorMessage("x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema", total, CRD_COST_LIMIT),
      ),
    );
  return { node, errors };
}

/**
 * A JSON value as CEL sees it under its schema: integers as CEL ints, lists and maps as the
 * engine's own values, converted once per object (the engine would otherwise re-wrap a plain
 * object at every variable read, once per rule and per field access).
 */
function toCEL(v: unknown, s: JSONSchemaProps | undefined): unknown {
  if (v === null || v === undefined) return v;
  if (typeof v === "number") {
    if (s?.type === "number") return v;
    return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (Array.isArray(v)) {
    const items = s ? itemsOf(s) : undefined;
    return celList(v.map((x) => toCEL(x, items)) as CelInput[]);
  }
  if (isObject(v)) {
    const out = new Map<string, CelInput>();
    const add = s ? additionalOf(s) : undefined;
    for (const [k, x] of Object.entries(v)) out.set(k, toCEL(x, s?.properties?.[k] ?? add) as CelInput);
    return celMap(out);
  }
  return v;
}

function typeName(s: JSONSchemaProps): string {
  return s.type ?? "";
}

function withFieldPath(base: FieldPath, fp: string | undefined): FieldPath {
  if (!fp) return base;
  let p = base;
  for (const t of fp.match(/\.[A-Za-z_][A-Za-z0-9_-]*|\['[^']*'\]|\[\d+\]/g) ?? []) {
    if (t.startsWith(".")) p = p.child(t.slice(1));
    else if (t.startsWith("['")) p = p.key(t.slice(2, -2));
    else p = p.index(Number(t.slice(1, -1)));
  }
  return p;
}

/** Upstream's ruleErrorString: the rule's message when it has one, else its text. */
function ruleErrorString(r: ValidationRule): string {
  return r.message ? r.message.trim() : (r.rule ?? "").trim();
}

/** Why a rule run stops every further rule (upstream returns a negative remaining budget). */
class Stop extends Error {
  constructor(readonly error: FieldError) {
    super(error.detail);
  }
}

/** The cost meter of one object's validation: upstream's RuntimeCELCostBudget shared by every rule. */
interface Budget {
  remaining: number;
}

/** Charges a metered run to the budget; throws Stop past the per-call limit or the budget, with upstream's texts. */
function charge(budget: Budget, run: { cost: number; exceeded: boolean }, perCall: () => FieldError, outOfBudget: () => FieldError): void {
  if (run.exceeded) throw new Stop(perCall());
  if (run.cost > budget.remaining) throw new Stop(outOfBudget());
  budget.remaining -= run.cost;
}

/** The message of a failed rule: its messageExpression's value when that evaluates to a usable string, else the static one. */
function failureDetail(rule: CompiledRule, bindings: Record<string, unknown>, budget: Budget, at: FieldPath, type: string): string {
  if (rule.message) {
    const src = rule.source.messageExpression ?? "";
    const run = rule.message.evalMetered(bindings);
    charge(
      budget,
      run,
      () =>
        fieldErrors.invalid(
          at,
          type,
          `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(src)}`,
        ),
      () =>
        fieldErrors.invalid(
          at,
          type,
          "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run",
        ),
    );
    const m = run.value;
    // An empty, non-string, too long or multi-line message falls back to the static one, as upstream.
    if (!run.error && typeof m === "string" && m.trim() !== "" && m.trim().length <= 5 * 1024 && !/\n/.test(m.trim())) return m.trim();
  }
  return rule.source.message?.trim() || `failed rule: ${ruleErrorString(rule.source)}`;
}

function failure(rule: CompiledRule, s: JSONSchemaProps, at: FieldPath, detail: string): FieldError {
  switch (rule.source.reason) {
    case "FieldValueForbidden":
      return fieldErrors.forbidden(at, detail);
    case "FieldValueRequired":
      return fieldErrors.required(at, detail);
    case "FieldValueDuplicate":
      // Upstream's field.Duplicate carries no detail: the message is dropped.
      return fieldErrors.duplicate(at, typeName(s));
    default:
      return fieldErrors.invalid(at, typeName(s), detail);
  }
}

/** Correlates a list item with the old list by its map keys (listType map only). */
function oldItem(s: JSONSchemaProps, item: unknown, old: unknown): unknown {
  if (s["x-kubernetes-list-type"] !== "map" || !Array.isArray(old) || !isObject(item)) return undefined;
  const keys = s["x-kubernetes-list-map-keys"] ?? [];
  return old.find((o) => isObject(o) && keys.every((k) => o[k] === item[k]));
}

/** Upstream validates a custom resource's rules from a nil field path, which prints as `<nil>` at the root. */
const NIL_PATH = FieldPath.of("<nil>");

/** Runs one node's rules against its value; pushes failures to `errs`, throws Stop when no further rule may run. */
function runRules(n: RuleNode, v: unknown, o: unknown, path: FieldPath, budget: Budget, errs: FieldError[]): void {
  const type = typeName(n.schema);
  const p = path.toString() === "" ? NIL_PATH : path;
  if (budget.remaining <= 0) throw new Stop(fieldErrors.invalid(p, type, OUT_OF_BUDGET));
  const self = toCEL(v, n.schema);
  const hasOld = o !== undefined && o !== null;
  const oldSelf = hasOld ? toCEL(o, n.schema) : undefined;
  for (const r of n.rules) {
    if (r.transition && !hasOld && !r.source.optionalOldSelf) continue;
    const bindings = { self, oldSelf: r.source.optionalOldSelf ? optionalOf(oldSelf) : oldSelf };
    const run = r.program.evalMetered(bindings);
    charge(
      budget,
      run,
      () =>
        fieldErrors.invalid(
          p,
          type,
          `'${COST_LIMIT_EXCEEDED}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(r.source)}`,
        ),
      () => fieldErrors.invalid(p, type, OUT_OF_BUDGET),
    );
    if (run.error) {
      const m = run.error.message;
      errs.push(
        fieldErrors.invalid(
          p,
          type,
          m.startsWith("no such overload")
            ? `'${m}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(r.source)}`
            : `${m} evaluating rule: ${ruleErrorString(r.source)}`,
        ),
      );
      continue;
    }
    if (run.value !== true) {
      const at = r.source.fieldPath ? withFieldPath(path, r.source.fieldPath) : p;
      // messageExpression sees oldSelf as a plain value even under optionalOldSelf, as upstream's activation.
      errs.push(failure(r, n.schema, at, failureDetail(r, { self, oldSelf }, budget, at, type)));
    }
  }
}

/**
 * Runs the rules of `node` against a value (JSON as stored) and its correlated old value, within
 * upstream's runtime cost limits: an expression past PerCallLimit, or all of them past
 * RuntimeCELCostBudget, stop every further rule with upstream's message.
 */
export function validateRules(
  node: RuleNode,
  value: unknown,
  old: unknown,
  path: FieldPath,
  costBudget = RUNTIME_COST_BUDGET,
): FieldError[] {
  const errs: FieldError[] = [];
  const budget: Budget = { remaining: costBudget };
  const walk = (n: RuleNode, v: unknown, o: unknown, p: FieldPath): void => {
    if (v === undefined || v === null) return;
    if (n.rules.length > 0) runRules(n, v, o, p, budget, errs);
    if (n.properties && isObject(v)) {
      for (const [k, child] of n.properties) walk(child, v[k], isObject(o) ? o[k] : undefined, p.child(k));
    }
    if (n.additional && isObject(v)) {
      for (const [k, x] of Object.entries(v)) walk(n.additional, x, isObject(o) ? o[k] : undefined, p.key(k));
    }
    if (n.items && Array.isArray(v)) v.forEach((x, i) => walk(n.items!, x, oldItem(n.schema, x, o), p.index(i)));
  };
  try {
    walk(node, value, old, path);
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    errs.push(err.error);
  }
  return errs;
}

/** A schema's whole validation, compiled once (see schemaValidator). */
export interface SchemaValidator {
  /** Rules that did not compile (a CRD with any is refused before it is served); they are left out. */
  compileErrors: FieldError[];
  /** Schema errors and rule errors (upstream reports the scale checks between them); the rules run only on a value that passed the schema. */
  validate(obj: unknown, old: unknown): { schema: FieldError[]; rules: FieldError[] };
}

/**
 * A schema's whole validation as the custom resource store runs it, for custom resources and
 * compiled-in kinds alike: the OpenAPI checks, then x-kubernetes-validations within the runtime
 * cost budget. Rules are compiled here, once per schema.
 */
export function schemaValidator(schema: JSONSchemaProps): SchemaValidator {
  const compiled = compileSchemaRules(schema, FieldPath.root());
  const rules = compiled.node;
  return {
    compileErrors: compiled.errors,
    validate(obj, old) {
      const errors = validateValue(obj, schema);
      return { schema: errors, rules: rules && errors.length === 0 ? validateRules(rules, obj, old, FieldPath.root()) : [] };
    },
  };
}
