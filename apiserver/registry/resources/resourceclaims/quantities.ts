/**
 * The Quantities of resource.k8s.io that the shared decode check (kind-strategy's, keyed by
 * ResourceList field names) does not reach: device capacities and their request policies,
 * counters, and allocation results' consumed capacity. A bad one is upstream's decode 400.
 */
import { parseQuantity } from "../../../../runtime/quantity.js";
import { isObj, list, record } from "../../validation/shape.js";
import { quantityDecodeError } from "../kind-strategy.js";

const bad = (q: unknown) => q !== undefined && q !== null && parseQuantity(q) === undefined;
const badValues = (m: unknown, pick: (v: unknown) => unknown) => Object.values(record(m)).some((v) => bad(pick(v)));
const valueOf = (v: unknown) => record(v).value;

function badPolicy(p: unknown): boolean {
  if (!isObj(p)) return false;
  const range = record(p.validRange);
  return bad(p.default) || list(p.validValues).some(bad) || bad(range.min) || bad(range.max) || bad(range.step);
}

export function checkSliceQuantities(slice: Record<string, unknown>): void {
  const spec = record(slice.spec);
  const wrong =
    list(spec.sharedCounters).some((c) => badValues(record(c).counters, valueOf)) ||
    list(spec.devices).some((d) => {
      const dev = record(d);
      return (
        badValues(dev.capacity, valueOf) ||
        Object.values(record(dev.capacity)).some((c) => badPolicy(record(c).requestPolicy)) ||
        list(dev.consumesCounters).some((c) => badValues(record(c).counters, valueOf))
      );
    });
  if (wrong) throw quantityDecodeError("ResourceSlice", "v1");
}

export function checkClaimStatusQuantities(claim: Record<string, unknown>): void {
  const results = list(record(record(record(claim.status).allocation).devices).results);
  if (results.some((r) => badValues(record(r).consumedCapacity, (v) => v))) throw quantityDecodeError("ResourceClaim", "v1");
}
