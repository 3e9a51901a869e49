/** metav1.LabelSelector: validation as upstream's ValidateLabelSelector, matching, and its string form. */
import { isQualifiedName, isValidLabelValue } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { validateLabels } from "./object-meta.js";
import { list, record, str } from "./shape.js";

const OPERATORS = ["In", "NotIn", "Exists", "DoesNotExist"];

/** `allowInvalidValues`: upstream's AllowInvalidLabelValueInSelector, for updates of objects stored with such values. */
export function validateLabelSelector(sel: unknown, path: FieldPath, allowInvalidValues = false): FieldError[] {
  if (sel === undefined || sel === null) return [];
  const s = record(sel);
  const errs: FieldError[] = [];
  list(s.matchExpressions).forEach((e, i) => {
    const r = record(e);
    const p = path.child("matchExpressions").index(i);
    const op = str(r.operator);
    const values = list(r.values);
    if (!OPERATORS.includes(op)) errs.push(fieldErrors.invalid(p.child("operator"), op, "not a valid selector operator"));
    else if ((op === "In" || op === "NotIn") && values.length === 0)
      errs.push(fieldErrors.required(p.child("values"), "must be specified when `operator` is 'In' or 'NotIn'"));
    else if ((op === "Exists" || op === "DoesNotExist") && values.length > 0)
      errs.push(fieldErrors.forbidden(p.child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    for (const msg of isQualifiedName(str(r.key))) errs.push(fieldErrors.invalid(p.child("key"), str(r.key), msg));
    if (!allowInvalidValues)
      values.forEach((v, j) => {
        for (const msg of isValidLabelValue(str(v))) errs.push(fieldErrors.invalid(p.child("values").index(j), v, msg));
      });
  });
  errs.push(...validateLabels(s.matchLabels as Record<string, string> | undefined, path.child("matchLabels")));
  return errs;
}

/** Whether a selector selects nothing and everything: no terms at all. */
export function selectorIsEmpty(sel: unknown): boolean {
  const s = record(sel);
  return Object.keys(record(s.matchLabels)).length === 0 && list(s.matchExpressions).length === 0;
}

/** Whether `labels` satisfy the selector (a missing selector matches nothing, as upstream's conversion). */
export function selectorMatches(sel: unknown, labels: Record<string, string> | undefined): boolean {
  if (sel === undefined || sel === null) return false;
  const s = record(sel);
  const l = labels ?? {};
  for (const [k, v] of Object.entries(record(s.matchLabels))) if (l[k] !== v) return false;
  for (const e of list(s.matchExpressions)) {
    const r = record(e);
    const key = str(r.key);
    const values = list(r.values).map(String);
    const has = Object.prototype.hasOwnProperty.call(l, key);
    switch (str(r.operator)) {
      case "In":
        if (!has || !values.includes(l[key]!)) return false;
        break;
      case "NotIn":
        if (has && values.includes(l[key]!)) return false;
        break;
      case "Exists":
        if (!has) return false;
        break;
      case "DoesNotExist":
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** The selector as a label selector string (what Scale's status.selector and kubectl show). */
export function selectorString(sel: unknown): string {
  const s = record(sel);
  const parts: string[] = [];
  for (const [k, v] of Object.entries(record(s.matchLabels))) parts.push(`${k}=${String(v)}`);
  for (const e of list(s.matchExpressions)) {
    const r = record(e);
    const values = list(r.values).map(String).sort();
    switch (str(r.operator)) {
      case "In":
        parts.push(`${str(r.key)} in (${values.join(",")})`);
        break;
      case "NotIn":
        parts.push(`${str(r.key)} notin (${values.join(",")})`);
        break;
      case "Exists":
        parts.push(str(r.key));
        break;
      case "DoesNotExist":
        parts.push(`!${str(r.key)}`);
        break;
    }
  }
  return parts.sort().join(",");
}
