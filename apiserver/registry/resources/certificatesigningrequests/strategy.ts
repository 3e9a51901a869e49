/**
 * certificates.k8s.io/v1 CertificateSigningRequests as upstream's strategy: status reset on
 * create, spec fixed after it (updates keep the stored spec), create validation of the request,
 * usages, signerName and expirationSeconds (validation.ts), any name; the requesting user is
 * filled in by the store (storage.ts). The `approval` subresource changes only
 * status.conditions and refuses a request both approved and denied.
 */
import type { KubeObject } from "../../rest.js";
import type { UpdateStrategy } from "../../strategy.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { list, record, str } from "../../validation/shape.js";
import { copyObject } from "../../copy.js";
import { kindStrategy } from "../kind-strategy.js";
import { validateCSRCreate } from "./validation.js";

export const csrStrategy = kindStrategy({
  kind: "CertificateSigningRequest",
  version: "v1",
  namespaced: false,
  hasStatus: true,
  trackGeneration: false,
  // Upstream accepts any name for a certificate request.
  nameValidator: () => [],
  prepareForCreate(obj) {
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    obj.spec = copyObject(old).spec;
  },
  validate: validateCSRCreate,
  validateUpdate: () => [],
});

const APPROVAL_TYPES = ["Approved", "Denied", "Failed"];

function validateConditions(csr: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const conditions = list(record(csr.status).conditions);
  const seen = new Set<string>();
  conditions.forEach((c, i) => {
    const type = str(record(c).type);
    const path = FieldPath.of("status", "conditions").index(i);
    if (type === "") errs.push(fieldErrors.required(path.child("type")));
    if (APPROVAL_TYPES.includes(type) && seen.has(type)) errs.push(fieldErrors.duplicate(path.child("type"), type));
    seen.add(type);
    const status = str(record(c).status);
    if (APPROVAL_TYPES.includes(type) && status !== "True") errs.push(fieldErrors.notSupported(path.child("status"), status, ["True"]));
  });
  if (seen.has("Approved") && seen.has("Denied")) {
    errs.push(
      fieldErrors.invalid(FieldPath.of("status", "conditions"), conditions, "Approved and Denied conditions are mutually exclusive"),
    );
  }
  return errs;
}

export const csrApprovalStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    const conditions = record(obj.status).conditions;
    const managedFields = obj.metadata?.managedFields;
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, copyObject(old));
    obj.status = { ...record(obj.status), conditions };
    if (conditions === undefined) delete (obj.status as Record<string, unknown>).conditions;
    if (managedFields !== undefined) obj.metadata = { ...obj.metadata, managedFields };
  },
  validateUpdate: (obj, old) => [...validateObjectMetaUpdate(obj.metadata, old.metadata), ...validateConditions(obj)],
};
