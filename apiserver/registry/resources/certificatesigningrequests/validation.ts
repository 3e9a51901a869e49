/**
 * CertificateSigningRequest create validation as upstream's (certificates.k8s.io/v1): a signed
 * PEM request, usages present, known and unique, a qualified signerName (not the legacy one),
 * expirationSeconds of at least ten minutes.
 */
import { isDNS1123Label, isDNS1123Subdomain } from "../../../../runtime/validation/strings.js";
import type { KubeObject } from "../../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { list, record, str } from "../../validation/shape.js";
import { checkCertificateRequest } from "./pkcs10.js";

const SPEC = FieldPath.of("spec");
const LEGACY_SIGNER = "kubernetes.io/legacy-unknown";
const SUBDOMAIN_MAX = 253;
const LABEL_MAX = 63;

const VALID_USAGES = [
  "signing",
  "digital signature",
  "content commitment",
  "key encipherment",
  "key agreement",
  "data encipherment",
  "cert sign",
  "crl sign",
  "encipher only",
  "decipher only",
  "any",
  "server auth",
  "client auth",
  "code signing",
  "email protection",
  "s/mime",
  "ipsec end system",
  "ipsec tunnel",
  "ipsec user",
  "timestamping",
  "ocsp signing",
  "microsoft sgc",
  "netscape sgc",
].sort();

/** `<domain>/<path>`, as upstream's ValidateSignerName. */
export function validateSignerName(path: FieldPath, signerName: string): FieldError[] {
  if (signerName === "") return [fieldErrors.required(path)];
  const segments = signerName.split("/");
  if (segments.length !== 2)
    return [fieldErrors.invalid(path, signerName, "must be a fully qualified domain and path of the form 'example.com/signer-name'")];
  const [domain, rest] = segments as [string, string];
  const errs: FieldError[] = [];
  if (domain.length > SUBDOMAIN_MAX) errs.push(fieldErrors.tooLong(path, SUBDOMAIN_MAX));
  const labels = domain.split(".");
  for (const lbl of labels) {
    const problems = isDNS1123Label(lbl);
    if (problems.length > 0) {
      for (const p of problems) errs.push(fieldErrors.invalid(path, domain, `validating label ${JSON.stringify(lbl)}: ${p}`));
      break;
    }
  }
  if (labels.length < 2) errs.push(fieldErrors.invalid(path, domain, "should be a domain with at least two segments separated by dots"));
  for (const lbl of rest.split(".")) {
    const problems = isDNS1123Subdomain(lbl);
    if (problems.length > 0) {
      for (const p of problems) errs.push(fieldErrors.invalid(path, rest, `validating label ${JSON.stringify(lbl)}: ${p}`));
      break;
    }
  }
  const max = SUBDOMAIN_MAX + (SUBDOMAIN_MAX + LABEL_MAX + 1) + 1;
  if (signerName.length > max) errs.push(fieldErrors.tooLong(path, max));
  return errs;
}

export function validateCSRCreate(csr: KubeObject): FieldError[] {
  const spec = record(csr.spec);
  const errs: FieldError[] = [];
  const request = str(spec.request);
  const problem = checkCertificateRequest(Buffer.from(request, "base64"));
  if (problem) errs.push(fieldErrors.invalid(SPEC.child("request"), request, problem));
  const usages = list(spec.usages).map((u) => str(u));
  if (usages.length === 0) errs.push(fieldErrors.required(SPEC.child("usages")));
  usages.forEach((u, i) => {
    if (!VALID_USAGES.includes(u)) errs.push(fieldErrors.notSupported(SPEC.child("usages").index(i), u, VALID_USAGES));
  });
  const seen = new Set<string>();
  usages.forEach((u, i) => {
    if (seen.has(u)) errs.push(fieldErrors.duplicate(SPEC.child("usages").index(i), u));
    seen.add(u);
  });
  const signer = str(spec.signerName);
  if (signer === LEGACY_SIGNER)
    errs.push(fieldErrors.invalid(SPEC.child("signerName"), signer, "the legacy signerName is not allowed via this API version"));
  else errs.push(...validateSignerName(SPEC.child("signerName"), signer));
  const exp = spec.expirationSeconds;
  if (typeof exp === "number" && exp < 600)
    errs.push(fieldErrors.invalid(SPEC.child("expirationSeconds"), exp, "may not specify a duration less than 600 seconds (10 minutes)"));
  return errs;
}
