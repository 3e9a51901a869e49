/**
 * ResourceQuota rules of upstream's ValidateResourceQuotaSpec beyond the basic ones in
 * cluster.ts: scopes that do not fit the quota's standard resources (`unsupported scope applied
 * to resource`), conflicting scope pairs, the `scopeSelector` expressions, scopes immutable on
 * update, the `hard` names and values (also on `/status`, with `used`).
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { STANDARD_QUOTA_RESOURCES, validateQuotaResourceName, validateResourceQuantityValue } from "./resource-names.js";
import { list, record, str, type Obj } from "./shape.js";

const SPEC = FieldPath.of("spec");
const STANDARD_SCOPES = new Set([
  "Terminating",
  "NotTerminating",
  "BestEffort",
  "NotBestEffort",
  "PriorityClass",
  "CrossNamespacePodAffinity",
  "VolumeAttributesClass",
]);
const POD_COUNT = new Set(["pods"]);
const POD_COMPUTE = new Set(["cpu", "memory", "limits.cpu", "limits.memory", "requests.cpu", "requests.memory"]);
const PVC_RESOURCES = new Set(["persistentvolumeclaims", "requests.storage"]);
const CONFLICTING = [
  ["BestEffort", "NotBestEffort"],
  ["Terminating", "NotTerminating"],
];
/** Scopes a selector may only test for existence. */
const EXISTS_ONLY = new Set(["BestEffort", "NotBestEffort", "Terminating", "NotTerminating", "CrossNamespacePodAffinity"]);

const isStandardQuotaResource = (name: string) => STANDARD_QUOTA_RESOURCES.has(name) || name.startsWith("requests.hugepages-");

/** upstream's IsResourceQuotaScopeValidForResource. */
function scopeFits(scope: string, resource: string): boolean {
  switch (scope) {
    case "Terminating":
    case "NotTerminating":
    case "NotBestEffort":
    case "PriorityClass":
    case "CrossNamespacePodAffinity":
      return POD_COUNT.has(resource) || POD_COMPUTE.has(resource);
    case "BestEffort":
      return POD_COUNT.has(resource);
    case "VolumeAttributesClass":
      return PVC_RESOURCES.has(resource);
    default:
      return true;
  }
}

/** The standard resources of `hard`, sorted as upstream's sets.List. */
function standardHard(spec: Obj): string[] {
  return Object.keys(record(spec.hard)).filter(isStandardQuotaResource).sort();
}

const conflicts = (scopes: Set<string>) => CONFLICTING.filter(([a, b]) => scopes.has(a!) && scopes.has(b!)).length;

/** The scopes as upstream prints them (a nil slice is null). */
const scopesValue = (spec: Obj) => (Array.isArray(spec.scopes) ? spec.scopes : null);

function validateScopes(spec: Obj): FieldError[] {
  const scopes = list(spec.scopes).map(str);
  if (scopes.length === 0) return [];
  const errs: FieldError[] = [];
  const path = SPEC.child("scopes");
  const hard = standardHard(spec);
  for (const scope of scopes)
    for (const k of hard)
      if (STANDARD_SCOPES.has(scope) && !scopeFits(scope, k))
        errs.push(fieldErrors.invalid(path, scopesValue(spec), "unsupported scope applied to resource"));
  for (let i = conflicts(new Set(scopes)); i > 0; i--) errs.push(fieldErrors.invalid(path, scopesValue(spec), "conflicting scopes"));
  return errs;
}

/** The selector as upstream prints it: its internal struct in JSON, Go field names. */
function selectorValue(selector: Obj): unknown {
  return {
    MatchExpressions: Array.isArray(selector.matchExpressions)
      ? selector.matchExpressions.map((e) => {
          const r = record(e);
          return { ScopeName: str(r.scopeName), Operator: str(r.operator), Values: Array.isArray(r.values) ? r.values : null };
        })
      : null,
  };
}

function validateScopeSelector(spec: Obj): FieldError[] {
  if (spec.scopeSelector === undefined || spec.scopeSelector === null) return [];
  const selector = record(spec.scopeSelector);
  const path = SPEC.child("scopeSelector", "matchExpressions");
  const hard = standardHard(spec);
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of list(selector.matchExpressions)) {
    const req = record(e);
    const scope = str(req.scopeName);
    const op = str(req.operator);
    const values = list(req.values);
    if (!STANDARD_SCOPES.has(scope)) errs.push(fieldErrors.invalid(path.child("scopeName"), scope, "unsupported scope"));
    for (const k of hard)
      if (!scopeFits(scope, k)) errs.push(fieldErrors.invalid(path, selectorValue(selector), "unsupported scope applied to resource"));
    if (EXISTS_ONLY.has(scope) && op !== "Exists")
      errs.push(
        fieldErrors.invalid(
          path.child("operator"),
          op,
          "must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
        ),
      );
    if (op === "In" || op === "NotIn") {
      if (values.length === 0)
        errs.push(
          fieldErrors.required(path.child("values"), "must be at least one value when `operator` is 'In' or 'NotIn' for scope selector"),
        );
    } else if (op === "Exists" || op === "DoesNotExist") {
      if (values.length !== 0)
        errs.push(
          fieldErrors.invalid(
            path.child("values"),
            values,
            "must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
          ),
        );
    } else errs.push(fieldErrors.invalid(path.child("operator"), op, "not a valid selector operator"));
    seen.add(scope);
  }
  // upstream prints the quota's scopes here, not the selector.
  for (let i = conflicts(seen); i > 0; i--) errs.push(fieldErrors.invalid(path, scopesValue(spec), "conflicting scopes"));
  return errs;
}

/** The spec rules added to cluster.ts's: scopes against the resources, then the selector. */
export function validateQuotaScopes(q: KubeObject): FieldError[] {
  const spec = record(q.spec);
  return [...validateScopes(spec), ...validateScopeSelector(spec)];
}

/** Update: the set of scopes may not change. */
export function validateQuotaScopesUnchanged(q: KubeObject, old: KubeObject): FieldError[] {
  const now = new Set(list(record(q.spec).scopes).map(str));
  const before = new Set(list(record(old.spec).scopes).map(str));
  const same = now.size === before.size && [...now].every((s) => before.has(s));
  return same ? [] : [fieldErrors.invalid(SPEC.child("scopes"), scopesValue(record(q.spec)), FIELD_IMMUTABLE)];
}

/** upstream's loop over a quota's resources: each name one a quota tracks, its value not negative (whole for counts). */
export function validateQuotaResources(values: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const [k, v] of Object.entries(record(values)))
    errs.push(...validateQuotaResourceName(k, path.key(k)), ...validateResourceQuantityValue(k, v, path.key(k)));
  return errs;
}

/** `/status`: the names and values of `hard` and `used`, as the spec's. */
export function validateQuotaStatusUpdate(q: KubeObject): FieldError[] {
  const status = record(q.status);
  return [
    ...validateQuotaResources(status.hard, FieldPath.of("status", "hard")),
    ...validateQuotaResources(status.used, FieldPath.of("status", "used")),
  ];
}
