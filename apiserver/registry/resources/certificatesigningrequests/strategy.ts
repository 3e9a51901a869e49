/**
 * certificates.k8s.io/v1 CertificateSigningRequests as upstream's strategy: status reset on
 * create, spec fixed after it (updates keep the stored spec), create validation of the request,
 * usages, signerName and expirationSeconds (validation.ts), any name; the requesting user is
 * filled in by the store (storage.ts). The `approval` subresource changes only
 * status.conditions, `status` all of status but the Approved and Denied conditions; both are
 * checked as upstream's (validation/certificates-csr-update.ts).
 */
import type { KubeObject } from "../../rest.js";
import { statusUpdateStrategy, type UpdateStrategy } from "../../strategy.js";
import { fillConditionTimestamps, validateCSRUpdate } from "../../validation/certificates-csr-update.js";
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
  // The stored spec and status are kept, so this finds only what stored data already breaks.
  validateUpdate: (obj, old) => validateCSRUpdate(obj, old, "update"),
  fields: { "spec.signerName": (obj) => str(record(obj.spec).signerName) },
});

function keepConditionsOf(type: string, obj: KubeObject, old: KubeObject): void {
  const now = list(record(obj.status).conditions);
  const was = list(record(old.status).conditions);
  const at = (l: unknown[]) => l.flatMap((c, i) => (str(record(c).type) === type ? [i] : []));
  const nowAt = at(now);
  const wasAt = at(was);
  // A changed count is an addition or removal, which validation refuses.
  if (nowAt.length !== wasAt.length) return;
  nowAt.forEach((n, i) => (now[n] = copyObject(was[wasAt[i]!] as KubeObject)));
}

const STATUS_ONLY = statusUpdateStrategy();

/**
 * The status subresource: only status changes, the stored Approved and Denied conditions are kept
 * (an added or removed one is refused), condition timestamps filled, the certificate checked.
 */
export const csrStatusStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    STATUS_ONLY.prepareForUpdate?.(obj, old);
    keepConditionsOf("Approved", obj, old);
    keepConditionsOf("Denied", obj, old);
    fillConditionTimestamps(obj, old);
  },
  validateUpdate: (obj, old) => [...validateCSRUpdate(obj, old, "status"), ...validateObjectMetaUpdate(obj.metadata, old.metadata)],
};

export const csrApprovalStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    fillConditionTimestamps(obj, old);
    const conditions = record(obj.status).conditions;
    const managedFields = obj.metadata?.managedFields;
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, copyObject(old));
    obj.status = { ...record(obj.status), conditions };
    if (conditions === undefined) delete (obj.status as Record<string, unknown>).conditions;
    if (managedFields !== undefined) obj.metadata = { ...obj.metadata, managedFields };
  },
  validateUpdate: (obj, old) => [...validateCSRUpdate(obj, old, "approval"), ...validateObjectMetaUpdate(obj.metadata, old.metadata)],
};
