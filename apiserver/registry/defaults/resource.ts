/**
 * resource.k8s.io/v1 defaulting as upstream's SetDefaults_* (pkg/apis/resource/v1/defaults.go
 * and the API's `+default` tags): a request's allocation mode is ExactCount, and an ExactCount
 * request asks for one device; a toleration's operator is Equal; a device taint gets the time
 * it was added.
 */
import { isObj, list, record, type Obj } from "../validation/shape.js";

function defaultRequestBody(r: Obj): void {
  if (r.allocationMode === undefined || r.allocationMode === null || r.allocationMode === "") r.allocationMode = "ExactCount";
  if (r.allocationMode === "ExactCount" && (r.count === undefined || r.count === null || r.count === 0)) r.count = 1;
  for (const t of list(r.tolerations))
    if (isObj(t) && (t.operator === undefined || t.operator === null || t.operator === "")) t.operator = "Equal";
}

/** The requests of a claim spec (a ResourceClaim's spec, a template's spec.spec). */
export function defaultResourceClaimSpec(spec: unknown): void {
  for (const r of list(record(record(spec).devices).requests)) {
    if (!isObj(r)) continue;
    if (isObj(r.exactly)) defaultRequestBody(r.exactly);
    for (const s of list(r.firstAvailable)) if (isObj(s)) defaultRequestBody(s);
  }
}

export function defaultResourceClaim(c: Obj): void {
  defaultResourceClaimSpec(c.spec);
  for (const r of list(record(record(record(c.status).allocation).devices).results))
    for (const t of list(record(r).tolerations)) if (isObj(t) && !t.operator) t.operator = "Equal";
}

export function defaultResourceClaimTemplate(t: Obj): void {
  defaultResourceClaimSpec(record(t.spec).spec);
}

/** Seconds precision, as a metav1.Time is serialized. */
const nowSeconds = () => new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace(".000Z", "Z");

export function defaultResourceSlice(s: Obj): void {
  for (const d of list(record(s.spec).devices))
    for (const t of list(record(d).taints)) if (isObj(t) && !t.timeAdded) t.timeAdded = nowSeconds();
}
