/**
 * autoscaling/v2 `spec.behavior` as upstream's validateBehavior: per direction a stabilization
 * window of 0 to 3600 s, a select policy Disabled, Max or Min, at least one policy, each of type
 * Pods or Percent with a positive value and a period of 1 to 1800 s.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isObj, list, record, str } from "./shape.js";

const MAX_PERIOD_SECONDS = 1800;
const MAX_STABILIZATION_WINDOW_SECONDS = 3600;
const SELECT_POLICIES = ["Disabled", "Max", "Min"];
const POLICY_TYPES = ["Percent", "Pods"];

/** A Go int32 field: absent reads as zero. */
const int = (v: unknown) => (typeof v === "number" ? v : 0);

function validateScalingRules(rules: unknown, path: FieldPath): FieldError[] {
  if (!isObj(rules)) return [];
  const errs: FieldError[] = [];
  const window = rules.stabilizationWindowSeconds;
  if (typeof window === "number" && window < 0)
    errs.push(fieldErrors.invalid(path.child("stabilizationWindowSeconds"), window, "must be greater than or equal to zero"));
  if (typeof window === "number" && window > MAX_STABILIZATION_WINDOW_SECONDS)
    errs.push(
      fieldErrors.invalid(
        path.child("stabilizationWindowSeconds"),
        window,
        `must be less than or equal to ${MAX_STABILIZATION_WINDOW_SECONDS}`,
      ),
    );
  if (typeof rules.selectPolicy === "string" && !SELECT_POLICIES.includes(rules.selectPolicy))
    errs.push(fieldErrors.notSupported(path.child("selectPolicy"), rules.selectPolicy, SELECT_POLICIES));
  const policies = list(rules.policies);
  const policiesPath = path.child("policies");
  if (policies.length === 0) errs.push(fieldErrors.required(policiesPath, "must specify at least one Policy"));
  policies.forEach((p, i) => {
    const policy = record(p);
    const pp = policiesPath.index(i);
    const type = str(policy.type);
    if (!POLICY_TYPES.includes(type)) errs.push(fieldErrors.notSupported(pp.child("type"), type, POLICY_TYPES));
    if (int(policy.value) <= 0) errs.push(fieldErrors.invalid(pp.child("value"), int(policy.value), "must be greater than zero"));
    const period = int(policy.periodSeconds);
    if (period <= 0) errs.push(fieldErrors.invalid(pp.child("periodSeconds"), period, "must be greater than zero"));
    if (period > MAX_PERIOD_SECONDS)
      errs.push(fieldErrors.invalid(pp.child("periodSeconds"), period, `must be less than or equal to ${MAX_PERIOD_SECONDS}`));
  });
  return errs;
}

export function validateHPABehavior(hpa: KubeObject): FieldError[] {
  const behavior = record(hpa.spec).behavior;
  if (!isObj(behavior)) return [];
  const path = FieldPath.of("spec", "behavior");
  return [
    ...validateScalingRules(behavior.scaleUp, path.child("scaleUp")),
    ...validateScalingRules(behavior.scaleDown, path.child("scaleDown")),
  ];
}
