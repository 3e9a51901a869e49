/**
 * The Job spec rules of upstream's validateJobSpec beyond the counts: `backoffLimitPerIndex` and
 * `maxFailedIndexes` (Indexed Jobs only, with their bounds), the Indexed limits on parallelism and
 * on Jobs above 100000 completions, `managedBy` (a domain-prefixed path of at most 63 bytes), and
 * `successPolicy` (Indexed only, 1 to 20 rules of succeeded indexes and counts).
 */
import { isDNS1123Subdomain, regexError } from "../../../runtime/validation/strings.js";
import { fieldErrors, GoSyntax, type FieldError, type FieldPath } from "./field.js";
import { countIndexes } from "./job-indexes.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const MAX_INDEXED_PARALLELISM = 100_000;
const MAX_FAILED_INDEXES = 100_000;
const COMPLETIONS_SOFT_LIMIT = 100_000;
const HIGH_COMPLETIONS_PARALLELISM = 10_000;
const HIGH_COMPLETIONS_MAX_FAILED = 10_000;
const MAX_MANAGED_BY = 63;
const MAX_SUCCEEDED_INDEXES = 64 * 1024;
const MAX_SUCCESS_RULES = 20;
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH = new RegExp(`^${HTTP_PATH_FMT}$`);
const HIGH = `when completions are above ${COMPLETIONS_SOFT_LIMIT} and used with backoff limit per index`;

const isNum = (v: unknown): v is number => typeof v === "number";
const nonNegative = (v: unknown, p: FieldPath): FieldError[] =>
  isNum(v) && v < 0 ? [fieldErrors.invalid(p, v, "must be greater than or equal to 0")] : [];

/** upstream's IsDomainPrefixedPath. */
export function validateDomainPrefixedPath(p: FieldPath, value: string): FieldError[] {
  if (value === "") return [fieldErrors.required(p)];
  const slash = value.indexOf("/");
  const host = slash < 0 ? "" : value.slice(0, slash);
  const path = slash < 0 ? "" : value.slice(slash + 1);
  if (host === "" || path === "") return [fieldErrors.invalid(p, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => fieldErrors.invalid(p, host, msg));
  if (!HTTP_PATH.test(path)) errs.push(fieldErrors.invalid(p, path, regexError("Invalid path", HTTP_PATH_FMT)));
  return errs;
}

/** Per-index backoff, maxFailedIndexes and managedBy: the checks upstream runs with the counts, before the completion mode's. */
export function validateJobIndexFields(spec: Obj, path: FieldPath): FieldError[] {
  const errs = nonNegative(spec.backoffLimitPerIndex, path.child("backoffLimitPerIndex"));
  if (spec.maxFailedIndexes != null) {
    errs.push(...nonNegative(spec.maxFailedIndexes, path.child("maxFailedIndexes")));
    if (spec.backoffLimitPerIndex == null)
      errs.push(fieldErrors.required(path.child("backoffLimitPerIndex"), "when maxFailedIndexes is specified"));
  }
  if (typeof spec.managedBy === "string") {
    errs.push(...validateDomainPrefixedPath(path.child("managedBy"), spec.managedBy));
    if (Buffer.byteLength(spec.managedBy) > MAX_MANAGED_BY) errs.push(fieldErrors.tooLong(path.child("managedBy"), MAX_MANAGED_BY));
  }
  return errs;
}

/** The Indexed limits, after upstream's `completions` required check. */
export function validateIndexedLimits(spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const { parallelism, completions, maxFailedIndexes } = spec;
  if (isNum(parallelism) && parallelism > MAX_INDEXED_PARALLELISM)
    errs.push(
      fieldErrors.invalid(
        path.child("parallelism"),
        parallelism,
        `must be less than or equal to ${MAX_INDEXED_PARALLELISM} when completion mode is Indexed`,
      ),
    );
  if (isNum(completions) && isNum(maxFailedIndexes) && maxFailedIndexes > completions)
    errs.push(fieldErrors.invalid(path.child("maxFailedIndexes"), maxFailedIndexes, "must be less than or equal to completions"));
  if (isNum(maxFailedIndexes) && maxFailedIndexes > MAX_FAILED_INDEXES)
    errs.push(fieldErrors.invalid(path.child("maxFailedIndexes"), maxFailedIndexes, `must be less than or equal to ${MAX_FAILED_INDEXES}`));
  if (isNum(completions) && completions > COMPLETIONS_SOFT_LIMIT && spec.backoffLimitPerIndex != null) {
    if (maxFailedIndexes == null)
      errs.push(
        fieldErrors.required(path.child("maxFailedIndexes"), `must be specified when completions is above ${COMPLETIONS_SOFT_LIMIT}`),
      );
    if (isNum(parallelism) && parallelism > HIGH_COMPLETIONS_PARALLELISM)
      errs.push(
        fieldErrors.invalid(
          path.child("parallelism"),
          parallelism,
          `must be less than or equal to ${HIGH_COMPLETIONS_PARALLELISM} ${HIGH}`,
        ),
      );
    if (isNum(maxFailedIndexes) && maxFailedIndexes > HIGH_COMPLETIONS_MAX_FAILED)
      errs.push(
        fieldErrors.invalid(
          path.child("maxFailedIndexes"),
          maxFailedIndexes,
          `must be less than or equal to ${HIGH_COMPLETIONS_MAX_FAILED} ${HIGH}`,
        ),
      );
  }
  return errs;
}

/** A NonIndexed Job (or one with no mode) may not have the per-index fields. */
export function validateNonIndexedFields(spec: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ["backoffLimitPerIndex", "maxFailedIndexes"])
    if (spec[f] != null) errs.push(fieldErrors.invalid(path.child(f), spec[f], "requires indexed completion mode"));
  return errs;
}

/** A pointer in Go's %#v: typed nil, or an address (a fixed one here: upstream's is wherever the heap put it). */
const goPointer = (type: string, v: unknown) => `(*${type})(${v === undefined || v === null ? "nil" : "0xc000000000"})`;

/** The policy as upstream prints it: its internal struct in Go's %#v. */
function goSuccessPolicy(policy: Obj): GoSyntax {
  const rules = list(policy.rules).map((r) => {
    const rule = record(r);
    return `batch.SuccessPolicyRule{SucceededIndexes:${goPointer("string", rule.succeededIndexes)}, SucceededCount:${goPointer("int32", rule.succeededCount)}}`;
  });
  const type = "[]batch.SuccessPolicyRule";
  return new GoSyntax(`batch.SuccessPolicy{Rules:${Array.isArray(policy.rules) ? `${type}{${rules.join(", ")}}` : `${type}(nil)`}}`);
}

function validateSuccessRule(rule: Obj, completions: unknown, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const indexes = rule.succeededIndexes;
  const count = rule.succeededCount;
  if (count == null && indexes == null)
    errs.push(fieldErrors.required(p, "at least one of succeededCount or succeededIndexes must be specified"));
  let total = 0;
  if (typeof indexes === "string") {
    const ip = p.child("succeededIndexes");
    if (Buffer.byteLength(indexes) > MAX_SUCCEEDED_INDEXES) errs.push(fieldErrors.tooLong(ip, MAX_SUCCEEDED_INDEXES));
    const r = countIndexes(indexes, isNum(completions) ? completions : 0);
    if (typeof r === "string") errs.push(fieldErrors.invalid(ip, indexes, `error parsing succeededIndexes: ${r}`));
    else total = r;
  }
  if (isNum(count)) {
    const cp = p.child("succeededCount");
    errs.push(...nonNegative(count, cp));
    if (isNum(completions) && count > completions)
      errs.push(fieldErrors.invalid(cp, count, `must be less than or equal to ${completions} (the number of specified completions)`));
    if (typeof indexes === "string" && count > total)
      errs.push(
        fieldErrors.invalid(
          cp,
          count,
          `must be less than or equal to ${total} (the number of indexes in the specified succeededIndexes field)`,
        ),
      );
  }
  return errs;
}

/** The `successPolicy` as upstream prints it (nil when unset). */
export const successPolicyValue = (spec: Obj): unknown => (isObj(spec.successPolicy) ? goSuccessPolicy(spec.successPolicy) : null);

/** upstream's successPolicy checks: Indexed Jobs only, then the rules. */
export function validateSuccessPolicy(spec: Obj, path: FieldPath): FieldError[] {
  if (!isObj(spec.successPolicy)) return [];
  const policy = spec.successPolicy;
  const p = path.child("successPolicy");
  if (str(spec.completionMode) !== "Indexed") return [fieldErrors.invalid(p, goSuccessPolicy(policy), "requires indexed completion mode")];
  const rules = list(policy.rules);
  const rp = p.child("rules");
  const errs: FieldError[] = [];
  if (rules.length === 0) errs.push(fieldErrors.required(rp, "at least one rules must be specified when the successPolicy is specified"));
  if (rules.length > MAX_SUCCESS_RULES) errs.push(fieldErrors.tooMany(rp, rules.length, MAX_SUCCESS_RULES));
  rules.forEach((r, i) => errs.push(...validateSuccessRule(record(r), spec.completions, rp.index(i))));
  return errs;
}
