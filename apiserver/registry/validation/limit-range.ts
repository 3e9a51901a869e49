/**
 * LimitRange validation as upstream's ValidateLimitRange: limit types (standard or fully
 * qualified, one item per type), no defaults on Pod items, a min or a max storage on
 * PersistentVolumeClaim items, and per resource the orderings min ≤ defaultRequest ≤ default ≤
 * max, maxLimitRequestRatio at least 1 and within max/min, and default equal to defaultRequest
 * for resources that cannot be overcommitted; resource names as containers' for Pod and Container
 * items, any resource name for the others. Quantities print in their canonical form.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { canonicalQuantity } from "./quantity-text.js";
import { validateContainerResourceName, validateResourceName } from "./resource-names.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const SPEC = FieldPath.of("spec");
const LIMIT_TYPES = ["Container", "PersistentVolumeClaim", "Pod"];

/** A limit type is a qualified name: a standard one, or any with a prefix (`example.com/gpu-slice`). */
function validateLimitTypeName(type: string, p: FieldPath): FieldError[] {
  const errs = isQualifiedName(type).map((msg) => fieldErrors.invalid(p, type, msg));
  if (errs.length > 0) return errs;
  if (!type.includes("/") && !LIMIT_TYPES.includes(type))
    return [fieldErrors.invalid(p, type, "must be a standard limit type or fully qualified")];
  return [];
}

/** upstream's IsOvercommitAllowed: native resources but hugepages. */
function overcommitAllowed(name: string): boolean {
  return (!name.includes("/") || name.includes("kubernetes.io/")) && !name.startsWith("hugepages-");
}

/** Quantity.MilliValue: thousandths, rounded up. */
const milli = (n: number) => Math.ceil(n * 1000 - 1e-9);

/** Go's %f: six decimals. */
const goFloat = (n: number) => (Number.isFinite(n) ? n.toFixed(6) : n > 0 ? "+Inf" : n < 0 ? "-Inf" : "NaN");

interface Bound {
  text: string;
  value: number;
}

function bounds(values: unknown): Map<string, Bound> {
  const out = new Map<string, Bound>();
  for (const [k, v] of Object.entries(record(values))) {
    const n = parseQuantity(v);
    if (n !== undefined) out.set(k, { text: canonicalQuantity(v), value: n });
  }
  return out;
}

/** upstream's validateLimitRangeResourceName: container names for Pod and Container items, any resource name for others. */
function resourceNames(type: string, values: unknown, p: FieldPath): FieldError[] {
  const check = type === "Pod" || type === "Container" ? validateContainerResourceName : validateResourceName;
  return Object.keys(record(values)).flatMap((k) => check(k, p.key(k)));
}

function validateItem(item: Obj, p: FieldPath): FieldError[] {
  const type = str(item.type);
  const errs: FieldError[] = [...resourceNames(type, item.max, p.child("max")), ...resourceNames(type, item.min, p.child("min"))];
  const max = bounds(item.max);
  const min = bounds(item.min);
  const keys = new Set([...max.keys(), ...min.keys()]);
  let defaults = new Map<string, Bound>();
  let defaultRequests = new Map<string, Bound>();
  if (type === "Pod") {
    if (isObj(item.default) && Object.keys(item.default).length > 0)
      errs.push(fieldErrors.forbidden(p.child("default"), "may not be specified when `type` is 'Pod'"));
    if (isObj(item.defaultRequest) && Object.keys(item.defaultRequest).length > 0)
      errs.push(fieldErrors.forbidden(p.child("defaultRequest"), "may not be specified when `type` is 'Pod'"));
  } else {
    errs.push(
      ...resourceNames(type, item.default, p.child("default")),
      ...resourceNames(type, item.defaultRequest, p.child("defaultRequest")),
    );
    defaults = bounds(item.default);
    defaultRequests = bounds(item.defaultRequest);
    for (const k of [...defaults.keys(), ...defaultRequests.keys()]) keys.add(k);
  }
  if (type === "PersistentVolumeClaim" && !min.has("storage") && !max.has("storage"))
    errs.push(fieldErrors.required(p.child("limits"), "either minimum or maximum storage value is required, but neither was provided"));
  errs.push(...resourceNames(type, item.maxLimitRequestRatio, p.child("maxLimitRequestRatio")));
  const ratios = bounds(item.maxLimitRequestRatio);
  for (const k of ratios.keys()) keys.add(k);
  for (const k of keys) {
    const lo = min.get(k);
    const hi = max.get(k);
    const def = defaults.get(k);
    const req = defaultRequests.get(k);
    const ratio = ratios.get(k);
    if (lo && hi && lo.value > hi.value)
      errs.push(fieldErrors.invalid(p.child("min").key(k), lo.text, `min value ${lo.text} is greater than max value ${hi.text}`));
    if (req && lo && lo.value > req.value)
      errs.push(
        fieldErrors.invalid(
          p.child("defaultRequest").key(k),
          req.text,
          `min value ${lo.text} is greater than default request value ${req.text}`,
        ),
      );
    if (req && hi && req.value > hi.value)
      errs.push(
        fieldErrors.invalid(
          p.child("defaultRequest").key(k),
          req.text,
          `default request value ${req.text} is greater than max value ${hi.text}`,
        ),
      );
    if (req && def && req.value > def.value)
      errs.push(
        fieldErrors.invalid(
          p.child("defaultRequest").key(k),
          req.text,
          `default request value ${req.text} is greater than default limit value ${def.text}`,
        ),
      );
    // upstream reports these two with the bound's value, not the default's.
    if (def && lo && lo.value > def.value)
      errs.push(fieldErrors.invalid(p.child("default").key(k), lo.text, `min value ${lo.text} is greater than default value ${def.text}`));
    if (def && hi && def.value > hi.value)
      errs.push(fieldErrors.invalid(p.child("default").key(k), hi.text, `default value ${def.text} is greater than max value ${hi.text}`));
    if (ratio && ratio.value < 1)
      errs.push(fieldErrors.invalid(p.child("maxLimitRequestRatio").key(k), ratio.text, `ratio ${ratio.text} is less than 1`));
    if (ratio && lo && hi) {
      const limit = milli(hi.value) / milli(lo.value);
      if (milli(ratio.value) / 1000 > limit)
        errs.push(
          fieldErrors.invalid(
            p.child("maxLimitRequestRatio").key(k),
            ratio.text,
            `ratio ${ratio.text} is greater than max/min = ${goFloat(limit)}`,
          ),
        );
    }
    if (!overcommitAllowed(k) && def && req && def.value !== req.value)
      errs.push(
        fieldErrors.invalid(
          p.child("defaultRequest").key(k),
          req.text,
          `default value ${def.text} must equal to defaultRequest value ${req.text} in ${k}`,
        ),
      );
  }
  return errs;
}

export function validateLimitRange(lr: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(record(lr.spec).limits).forEach((item, i) => {
    const r = record(item);
    const p = SPEC.child("limits").index(i);
    const type = str(r.type);
    errs.push(...validateLimitTypeName(type, p.child("type")));
    if (seen.has(type)) errs.push(fieldErrors.duplicate(p.child("type"), type));
    seen.add(type);
    errs.push(...validateItem(r, p));
  });
  return errs;
}
