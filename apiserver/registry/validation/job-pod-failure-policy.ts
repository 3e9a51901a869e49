/**
 * A Job's `podFailurePolicy` as upstream's validatePodFailurePolicy: at most 20 rules, each with a
 * known action (FailIndex only with backoffLimitPerIndex) and exactly one of `onExitCodes`
 * (operator In or NotIn, a container of the template, 1 to 255 ordered unique values, no 0 for
 * In) and `onPodConditions` (at most 20, qualified types, statuses); the template's restartPolicy
 * must then be Never.
 */
import { fieldErrors, OMIT_VALUE, type FieldError, type FieldPath } from "./field.js";
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const MAX_RULES = 20;
const MAX_EXIT_CODES = 255;
const MAX_CONDITION_PATTERNS = 20;
const ACTIONS = ["Count", "FailIndex", "FailJob", "Ignore"];
const OPERATORS = ["In", "NotIn"];
const STATUSES = ["False", "True", "Unknown"];

/** Go's %q of a []string: `["a" "b"]`. */
const goQuotedList = (items: string[]) => `[${items.map(goQuote).join(" ")}]`;

function validateOnExitCodes(req: Obj, path: FieldPath, containers: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const op = str(req.operator);
  if (op === "") errs.push(fieldErrors.required(path.child("operator"), `valid values: ${goQuotedList(OPERATORS)}`));
  else if (!OPERATORS.includes(op)) errs.push(fieldErrors.notSupported(path.child("operator"), op, OPERATORS));
  if (typeof req.containerName === "string" && !containers.has(req.containerName))
    errs.push(
      fieldErrors.invalid(
        path.child("containerName"),
        req.containerName,
        "must be one of the container or initContainer names in the pod template",
      ),
    );
  const valuesPath = path.child("values");
  const values = list(req.values).map((v) => (typeof v === "number" ? v : 0));
  if (values.length === 0)
    errs.push(fieldErrors.invalid(valuesPath, Array.isArray(req.values) ? values : null, "at least one value is required"));
  else if (values.length > MAX_EXIT_CODES) errs.push(fieldErrors.tooMany(valuesPath, values.length, MAX_EXIT_CODES));
  let ordered = true;
  const seen = new Set<number>();
  values.forEach((v, j) => {
    if (op === "In" && v === 0) errs.push(fieldErrors.invalid(valuesPath.index(j), v, "must not be 0 for the In operator"));
    if (seen.has(v)) errs.push(fieldErrors.duplicate(valuesPath.index(j), v));
    seen.add(v);
    if (j > 0 && values[j - 1]! > v) ordered = false;
  });
  if (!ordered) errs.push(fieldErrors.invalid(valuesPath, values, "must be ordered"));
  return errs;
}

function validateOnPodConditions(patterns: unknown[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (patterns.length > MAX_CONDITION_PATTERNS) errs.push(fieldErrors.tooMany(path, patterns.length, MAX_CONDITION_PATTERNS));
  patterns.forEach((p, j) => {
    const pattern = record(p);
    const patternPath = path.index(j);
    const type = str(pattern.type);
    for (const msg of isQualifiedName(type)) errs.push(fieldErrors.invalid(patternPath.child("type"), type, msg));
    const status = str(pattern.status);
    if (status === "") errs.push(fieldErrors.required(patternPath.child("status"), `valid values: ${goQuotedList(STATUSES)}`));
    else if (!STATUSES.includes(status)) errs.push(fieldErrors.notSupported(patternPath.child("status"), status, STATUSES));
  });
  return errs;
}

/** The policy's errors; `path` is `spec.podFailurePolicy`'s. */
export function validatePodFailurePolicy(spec: Obj, path: FieldPath): FieldError[] {
  if (!isObj(spec.podFailurePolicy)) return [];
  const rules = list(spec.podFailurePolicy.rules);
  const rulesPath = path.child("rules");
  const errs: FieldError[] = [];
  if (rules.length > MAX_RULES) errs.push(fieldErrors.tooMany(rulesPath, rules.length, MAX_RULES));
  const podSpec = record(record(spec.template).spec);
  const containers = new Set([...list(podSpec.containers), ...list(podSpec.initContainers)].map((c) => str(record(c).name)));
  rules.forEach((r, i) => {
    const rule = record(r);
    const rulePath = rulesPath.index(i);
    const action = str(rule.action);
    if (action === "") errs.push(fieldErrors.required(rulePath.child("action"), `valid values: ${goQuotedList(ACTIONS)}`));
    else if (action === "FailIndex") {
      if (spec.backoffLimitPerIndex === undefined || spec.backoffLimitPerIndex === null)
        errs.push(fieldErrors.invalid(rulePath.child("action"), action, "requires the backoffLimitPerIndex to be set"));
    } else if (!ACTIONS.includes(action)) errs.push(fieldErrors.notSupported(rulePath.child("action"), action, ACTIONS));
    const onExitCodes = isObj(rule.onExitCodes);
    const conditions = list(rule.onPodConditions);
    if (onExitCodes) errs.push(...validateOnExitCodes(record(rule.onExitCodes), rulePath.child("onExitCodes"), containers));
    if (conditions.length > 0) errs.push(...validateOnPodConditions(conditions, rulePath.child("onPodConditions")));
    if (onExitCodes && conditions.length > 0)
      errs.push(fieldErrors.invalid(rulePath, OMIT_VALUE, "specifying both OnExitCodes and OnPodConditions is not supported"));
    if (!onExitCodes && conditions.length === 0)
      errs.push(fieldErrors.invalid(rulePath, OMIT_VALUE, "specifying one of OnExitCodes and OnPodConditions is required"));
  });
  return errs;
}

/** With a policy, the template may only use restartPolicy Never; `path` is the Job spec's. */
export function podFailurePolicyRestartErrors(spec: Obj, path: FieldPath): FieldError[] {
  const restart = str(record(record(spec.template).spec).restartPolicy);
  if (!isObj(spec.podFailurePolicy) || restart !== "OnFailure") return [];
  return [
    fieldErrors.invalid(
      path.child("template", "spec", "restartPolicy"),
      restart,
      `only ${goQuote("Never")} is supported when podFailurePolicy is specified`,
    ),
  ];
}
