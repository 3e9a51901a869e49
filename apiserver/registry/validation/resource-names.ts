/** The resource names upstream's validation knows by name (core/helper's standard sets), and its checks of them. */
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { canonicalQuantity, isWholeQuantity, quantitySign } from "./quantity-text.js";

/** upstream's standardQuotaResources: what a ResourceQuota tracks (besides `requests.hugepages-*`). */
export const STANDARD_QUOTA_RESOURCES: ReadonlySet<string> = new Set([
  "cpu",
  "memory",
  "ephemeral-storage",
  "requests.cpu",
  "requests.memory",
  "requests.storage",
  "requests.ephemeral-storage",
  "limits.cpu",
  "limits.memory",
  "limits.ephemeral-storage",
  "pods",
  "services",
  "replicationcontrollers",
  "resourcequotas",
  "secrets",
  "persistentvolumeclaims",
  "configmaps",
  "services.nodeports",
  "services.loadbalancers",
]);

/** upstream's IsStandardResourceName set: the quota names and `storage` (the hugepages prefixes aside). */
export const STANDARD_RESOURCE_NAMES: ReadonlySet<string> = new Set([...STANDARD_QUOTA_RESOURCES, "storage"]);

/** upstream's integerResources: counts a quota may only hold whole values of. */
const INTEGER_RESOURCES: ReadonlySet<string> = new Set([
  "pods",
  "services",
  "replicationcontrollers",
  "resourcequotas",
  "secrets",
  "configmaps",
  "persistentvolumeclaims",
  "services.nodeports",
  "services.loadbalancers",
]);

/** Hugepages under either name a quota may give them. */
const isHugePagesName = (name: string) => name.startsWith("hugepages-") || name.startsWith("requests.hugepages-");

/** A native resource: no domain, or a kubernetes.io one. */
export const isNativeResourceName = (name: string) => !name.includes("/") || name.includes("kubernetes.io/");

/** upstream's IsExtendedResourceName: a domain outside kubernetes.io, still a qualified name once quota prefixes it. */
export function isExtendedResourceName(name: string): boolean {
  if (isNativeResourceName(name) || name.startsWith("requests.")) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** upstream's IsIntegerResourceName: the object counts and extended resources (so `count/...` too). */
export const isIntegerResourceName = (name: string) => INTEGER_RESOURCES.has(name) || isExtendedResourceName(name);

/** upstream's validateResourceName: a qualified name, and a standard one when it has no domain. */
export function validateResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
  if (errs.length > 0) return errs;
  if (!name.includes("/") && !STANDARD_RESOURCE_NAMES.has(name) && !isHugePagesName(name))
    return [fieldErrors.invalid(path, name, "must be a standard resource type or fully qualified")];
  return [];
}

/** upstream's validateContainerResourceName: cpu, memory, ephemeral-storage, hugepages, or a domain-named one. */
export function validateContainerResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes("/")) {
    if (!["cpu", "memory", "ephemeral-storage"].includes(name) && !name.startsWith("hugepages-"))
      errs.push(fieldErrors.invalid(path, name, "must be a standard resource for containers"));
  } else if (!isNativeResourceName(name) && !isExtendedResourceName(name))
    errs.push(fieldErrors.invalid(path, name, "doesn't follow extended resource name standard"));
  return errs;
}

/** upstream's ValidateResourceQuotaResourceName: a resource name a quota tracks (any domain-named one too). */
export function validateQuotaResourceName(name: string, path: FieldPath): FieldError[] {
  const errs = validateResourceName(name, path);
  if (!name.includes("/") && !STANDARD_QUOTA_RESOURCES.has(name) && !isHugePagesName(name))
    errs.push(fieldErrors.invalid(path, name, "must be a standard resource for quota"));
  return errs;
}

/** upstream's ValidateResourceQuantityValue: not negative, and whole for integer resources. */
export function validateResourceQuantityValue(name: string, q: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if ((quantitySign(q) ?? 0) < 0) errs.push(fieldErrors.invalid(path, canonicalQuantity(q), "must be greater than or equal to 0"));
  if (isIntegerResourceName(name) && isWholeQuantity(q) === false)
    errs.push(fieldErrors.invalid(path, canonicalQuantity(q), "must be an integer"));
  return errs;
}
