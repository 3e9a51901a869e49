/**
 * CertificateSigningRequest update rules as upstream's (main update, /status, /approval):
 * conditions' types and statuses, Approved and Denied exclusive, no condition of a final type
 * removed, approval conditions changed only through /approval, the certificate PEM checked and
 * set only through /status, once. What stored data already breaks is tolerated, as upstream does.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { checkIssuedCertificate } from "./certificates-pem.js";
import { list, record, str, type Obj } from "./shape.js";

export type CSRUpdatePath = "update" | "status" | "approval";

const CONDITIONS = FieldPath.of("status", "conditions");
const CERTIFICATE = FieldPath.of("status", "certificate");
const TRUE_ONLY = new Set(["Approved", "Denied", "Failed"]);
const ALL_STATUSES = ["False", "True", "Unknown"];

const conditionsOf = (csr: KubeObject): Obj[] => list(record(csr.status).conditions).map(record);
const certificateOf = (csr: KubeObject): string => str(record(csr.status).certificate);
const certificateBytes = (b64: string): Buffer => Buffer.from(b64, "base64");

/** The conditions' checks; `old` relaxes those its stored conditions already fail. */
function validateConditions(csr: KubeObject, old: KubeObject | undefined): FieldError[] {
  const oldConditions = old ? conditionsOf(old) : [];
  const oldTypes = oldConditions.map((c) => str(c.type));
  const allowEmptyType = oldTypes.includes("");
  const allowDuplicates = new Set(oldTypes).size !== oldTypes.length;
  const allowBoth = oldTypes.includes("Approved") && oldTypes.includes("Denied");
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  let approved = false;
  let denied = false;
  conditionsOf(csr).forEach((c, i) => {
    const p = CONDITIONS.index(i);
    const type = str(c.type);
    const status = str(c.status);
    if (!allowEmptyType && type === "") errs.push(fieldErrors.required(p.child("type")));
    const allowed = TRUE_ONLY.has(type) ? ["True"] : ALL_STATUSES;
    if (status === "") errs.push(fieldErrors.required(p.child("status")));
    else if (!allowed.includes(status)) errs.push(fieldErrors.notSupported(p.child("status"), status, allowed));
    if (!allowBoth) {
      if (type === "Approved") {
        approved = true;
        if (denied) errs.push(fieldErrors.invalid(CONDITIONS, type, "Approved and Denied conditions are mutually exclusive"));
      } else if (type === "Denied") {
        denied = true;
        if (approved) errs.push(fieldErrors.invalid(CONDITIONS, type, "Approved and Denied conditions are mutually exclusive"));
      }
    }
    if (!allowDuplicates) {
      if (seen.has(type)) errs.push(fieldErrors.duplicate(p.child("type"), type));
      seen.add(type);
    }
  });
  return errs;
}

const countOf = (csr: KubeObject, type: string) => conditionsOf(csr).filter((c) => str(c.type) === type).length;

/**
 * The kind's update checks, ObjectMeta's left to the caller. The spec is the stored one on
 * every path (the strategies copy it), so its create checks are not run again. A changed
 * approval condition cannot reach here: the main update keeps the stored status and /status
 * keeps the stored Approved and Denied conditions when their number is unchanged.
 */
export function validateCSRUpdate(csr: KubeObject, old: KubeObject, path: CSRUpdatePath): FieldError[] {
  const errs = validateConditions(csr, old);
  const cert = certificateOf(csr);
  const oldCert = certificateOf(old);
  const changed = !certificateBytes(cert).equals(certificateBytes(oldCert));
  // An untouched certificate, or one replacing stored garbage, is not parsed.
  if (changed && checkIssuedCertificate(certificateBytes(oldCert)) === undefined) {
    const problem = checkIssuedCertificate(certificateBytes(cert));
    if (problem) errs.push(fieldErrors.invalid(CERTIFICATE, "<certificate data>", problem));
  }
  for (const type of ["Approved", "Denied", "Failed"])
    if (countOf(csr, type) < countOf(old, type))
      errs.push(fieldErrors.forbidden(CONDITIONS, `updates may not remove a condition of type "${type}"`));
  if (path !== "approval")
    for (const type of ["Approved", "Denied"])
      if (countOf(csr, type) > countOf(old, type))
        errs.push(fieldErrors.forbidden(CONDITIONS, `updates may not add a condition of type "${type}"`));
  if (changed) {
    if (path !== "status") errs.push(fieldErrors.forbidden(CERTIFICATE, "updates may not set certificate content"));
    else if (certificateBytes(oldCert).length > 0)
      errs.push(fieldErrors.forbidden(CERTIFICATE, "updates may not modify existing certificate content"));
  }
  return errs;
}

/**
 * upstream's populateConditionTimestamps: a condition without lastUpdateTime gets now; without
 * lastTransitionTime, the time of a stored condition of the same type and status, else now.
 */
export function fillConditionTimestamps(csr: KubeObject, old: KubeObject, now = new Date()): void {
  const stamp = now.toISOString().replace(/\.\d+Z$/, "Z");
  const oldConditions = conditionsOf(old);
  for (const c of list(record(csr.status).conditions)) {
    if (typeof c !== "object" || c === null || Array.isArray(c)) continue;
    const cond = c as Obj;
    if (!str(cond.lastUpdateTime)) cond.lastUpdateTime = stamp;
    if (!str(cond.lastTransitionTime)) {
      const same = oldConditions.find(
        (o) => str(o.type) === str(cond.type) && str(o.status) === str(cond.status) && str(o.lastTransitionTime) !== "",
      );
      cond.lastTransitionTime = same ? same.lastTransitionTime : stamp;
    }
  }
}
