/**
 * A ClusterRole's `aggregationRule` as upstream's ValidateClusterRole checks it: at least one
 * selector, each a valid label selector. An update keeps label values the stored role's selectors
 * already had that are no longer valid (upstream's AllowInvalidLabelValueInSelector).
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { list, record } from "./shape.js";

const SELECTORS = FieldPath.of("aggregationRule", "clusterRoleSelectors");

export function validateAggregationRule(role: KubeObject, allowInvalidValues = false): FieldError[] {
  const rule = role.aggregationRule;
  if (rule === undefined || rule === null) return [];
  const selectors = list(record(rule).clusterRoleSelectors);
  const errs: FieldError[] = [];
  if (selectors.length === 0)
    errs.push(fieldErrors.required(SELECTORS, "at least one clusterRoleSelector required if aggregationRule is non-nil"));
  selectors.forEach((s, i) => errs.push(...validateLabelSelector(s, SELECTORS.index(i), allowInvalidValues)));
  return errs;
}

/** The update: the stored role's invalid selector values may stay. */
export function validateAggregationRuleUpdate(role: KubeObject, old: KubeObject): FieldError[] {
  const storedInvalid = validateAggregationRule(old).length > 0;
  return validateAggregationRule(role, storedInvalid);
}
