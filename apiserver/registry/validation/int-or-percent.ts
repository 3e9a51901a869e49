/**
 * IntOrString fields that hold a count or a percentage (rolling update surge and unavailability,
 * PDB budgets), as upstream's apps validation checks them. Bad values show as upstream's JSON of
 * the IntOrString: a string quoted (`Invalid value: "120%"`), a number not.
 */
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";

const PERCENT = /^[0-9]+%$/;
const PERCENT_MESSAGE =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

/** The value as upstream's error renders it (JSON of the IntOrString): the string or the number; 0 when unset. */
export function intOrStringValue(v: unknown): string | number {
  return typeof v === "string" || typeof v === "number" ? v : 0;
}

/** upstream's ValidatePositiveIntOrPercent: a non-negative integer or a `N%` string. */
export function validatePositiveIntOrPercent(v: unknown, path: FieldPath): FieldError[] {
  if (v === undefined || v === null) return [];
  if (typeof v === "number") return v < 0 ? [fieldErrors.invalid(path, v, "must be greater than or equal to 0")] : [];
  if (typeof v === "string" && PERCENT.test(v)) return [];
  return [fieldErrors.invalid(path, intOrStringValue(v), PERCENT_MESSAGE)];
}

/** upstream's IsNotMoreThan100Percent: only percentages are bounded. */
export function isNotMoreThan100Percent(v: unknown, path: FieldPath): FieldError[] {
  if (typeof v !== "string" || !PERCENT.test(v) || Number(v.slice(0, -1)) <= 100) return [];
  return [fieldErrors.invalid(path, intOrStringValue(v), "must not be greater than 100%")];
}

/** upstream's getIntOrPercentValue: the number, or the percentage's number; 0 for anything else. */
export function intOrPercentValue(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && PERCENT.test(v)) return Number(v.slice(0, -1));
  return 0;
}
