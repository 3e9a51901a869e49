/** Validation of coordination.k8s.io/v1 Leases, with upstream's messages. */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isQualifiedName, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "./object-meta.js";

const LEASE_STRATEGIES = ["OldestEmulationVersion"];

function validateLeaseSpec(spec: Record<string, unknown>): FieldError[] {
  const errs: FieldError[] = [];
  const path = FieldPath.of("spec");
  const duration = spec.leaseDurationSeconds;
  if (typeof duration === "number" && duration <= 0)
    errs.push(fieldErrors.invalid(path.child("leaseDurationSeconds"), duration, "must be greater than 0"));
  const transitions = spec.leaseTransitions;
  if (typeof transitions === "number" && transitions < 0) {
    errs.push(fieldErrors.invalid(path.child("leaseTransitions"), transitions, "must be greater than or equal to 0"));
  }
  const strategy = typeof spec.strategy === "string" ? spec.strategy : undefined;
  if (strategy !== undefined) {
    // upstream nests the field name twice here.
    const sp = path.child("strategy", "strategy");
    if (!strategy.includes("/")) {
      if (!LEASE_STRATEGIES.includes(strategy)) errs.push(fieldErrors.notSupported(sp, strategy, LEASE_STRATEGIES));
    } else {
      for (const msg of isQualifiedName(strategy)) errs.push(fieldErrors.invalid(sp, strategy, msg));
    }
  }
  if (typeof spec.preferredHolder === "string" && spec.preferredHolder !== "" && !strategy) {
    errs.push(fieldErrors.forbidden(path.child("preferredHolder"), "may only be specified if `strategy` is defined"));
  }
  return errs;
}

function specOf(obj: KubeObject): Record<string, unknown> {
  return typeof obj.spec === "object" && obj.spec !== null ? (obj.spec as Record<string, unknown>) : {};
}

export function validateLease(lease: KubeObject): FieldError[] {
  return [...validateObjectMeta(lease.metadata, true, nameIsDNSSubdomain), ...validateLeaseSpec(specOf(lease))];
}

export function validateLeaseUpdate(lease: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(lease.metadata, old.metadata), ...validateLeaseSpec(specOf(lease))];
}
