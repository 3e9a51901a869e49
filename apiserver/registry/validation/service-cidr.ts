/**
 * networking.k8s.io/v1 IPAddress and ServiceCIDR validation as upstream's: an IPAddress is named
 * by an IP in canonical form and references its parent (resource and name required); a
 * ServiceCIDR holds one or two CIDRs, one per family, each valid and canonical, and an update may
 * only add the second family's CIDR.
 */
import { isValidCIDR, parseCIDR } from "../../../runtime/validation/cidr.js";
import { isDNS1123Subdomain, isValidIP, isValidPathSegmentName, type NameValidator } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { isObj, list, record, str } from "./shape.js";

/** upstream's ValidateIPAddressName: an IP in canonical form; generated names are not considered. */
export const ipAddressName: NameValidator = (name) => isValidIP(name);

const PARENT_REF = FieldPath.of("spec", "parentRef");

export function validateIPAddress(obj: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  if (!isObj(spec.parentRef)) return [fieldErrors.required(PARENT_REF)];
  const ref = record(spec.parentRef);
  const errs: FieldError[] = [];
  // The core group of Services is "", so the group cannot be required.
  const group = str(ref.group);
  if (group !== "") for (const msg of isDNS1123Subdomain(group)) errs.push(fieldErrors.invalid(PARENT_REF.child("group"), group, msg));
  for (const key of ["resource", "name"] as const) {
    const value = str(ref[key]);
    if (value === "") errs.push(fieldErrors.required(PARENT_REF.child(key)));
    else for (const msg of isValidPathSegmentName(value)) errs.push(fieldErrors.invalid(PARENT_REF.child(key), value, msg));
  }
  const namespace = str(ref.namespace);
  if (namespace !== "")
    for (const msg of isValidPathSegmentName(namespace)) errs.push(fieldErrors.invalid(PARENT_REF.child("namespace"), namespace, msg));
  return errs;
}

/** The parent reference is fixed. */
export function validateIPAddressUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const ref = record(obj.spec).parentRef;
  const oldRef = record(old.spec).parentRef;
  const internal = (r: unknown) => {
    if (!isObj(r)) return null;
    // upstream prints the internal ParentReference, whose fields have no JSON names.
    return { Group: str(r.group), Resource: str(r.resource), Namespace: str(r.namespace), Name: str(r.name) };
  };
  if (JSON.stringify(internal(ref)) === JSON.stringify(internal(oldRef))) return [];
  return [fieldErrors.invalid(PARENT_REF, internal(ref), FIELD_IMMUTABLE)];
}

const CIDRS = FieldPath.of("spec", "cidrs");

/** upstream prints the internal ServiceCIDRSpec, which has no JSON names. */
function internalSpec(cidrs: string[]): unknown {
  return { CIDRs: cidrs };
}

/** One or two CIDRs, one per family when two, each a valid canonical CIDR. */
function validateCIDRs(cidrs: string[]): FieldError[] {
  if (cidrs.length === 0) return [fieldErrors.required(CIDRS, "at least one CIDR required")];
  if (cidrs.length > 2) return [fieldErrors.invalid(CIDRS, internalSpec(cidrs), "may only hold up to 2 values")];
  if (cidrs.length === 2) {
    const a = parseCIDR(cidrs[0]!);
    const b = parseCIDR(cidrs[1]!);
    if (!a || !b || a.family === b.family) {
      return [
        fieldErrors.invalid(
          CIDRS,
          internalSpec(cidrs),
          "may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64",
        ),
      ];
    }
  }
  const errs: FieldError[] = [];
  cidrs.forEach((c, i) => {
    for (const msg of isValidCIDR(c)) errs.push(fieldErrors.invalid(CIDRS.index(i), c, msg));
  });
  return errs;
}

export function validateServiceCIDR(obj: KubeObject): FieldError[] {
  return validateCIDRs(list(record(obj.spec).cidrs).map(str));
}

/** upstream's ValidateServiceCIDRUpdate: CIDRs are fixed, but a single-stack one may gain the other family. */
export function validateServiceCIDRUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const cidrs = list(record(obj.spec).cidrs).map(str);
  const oldCIDRs = list(record(old.spec).cidrs).map(str);
  if (cidrs.length === oldCIDRs.length) {
    const errs: FieldError[] = [];
    oldCIDRs.forEach((c, i) => {
      if (c !== cidrs[i]) errs.push(fieldErrors.invalid(CIDRS.index(i), cidrs[i], FIELD_IMMUTABLE));
    });
    return errs;
  }
  if (oldCIDRs.length === 1 && cidrs.length === 2) {
    const errs: FieldError[] = [];
    if (cidrs[0] !== oldCIDRs[0]) errs.push(fieldErrors.invalid(CIDRS.index(0), cidrs[0], FIELD_IMMUTABLE));
    errs.push(...validateCIDRs(cidrs));
    return errs;
  }
  return [fieldErrors.invalid(CIDRS, cidrs, FIELD_IMMUTABLE)];
}
