/**
 * The downward API as upstream validates it: the Pod fields an environment variable or a
 * downwardAPI volume file may read (fieldRef), the container resources they may read
 * (resourceFieldRef: resource, divisor, and the container a volume must name), and the files'
 * paths and modes. Field paths and messages as upstream's, quirks included.
 */
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { canonicalQuantity, quantitySign } from "./quantity-text.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

/** The Pod fields the downward API converts (upstream's ConvertDownwardAPIFieldLabel for v1). */
const DOWNWARD_API_FIELDS = new Set([
  "metadata.annotations",
  "metadata.labels",
  "metadata.name",
  "metadata.namespace",
  "metadata.uid",
  "spec.nodeName",
  "spec.restartPolicy",
  "spec.serviceAccountName",
  "spec.schedulerName",
  "status.phase",
  "status.hostIP",
  "status.hostIPs",
  "status.podIP",
  "status.podIPs",
]);

/** Of those, what an environment variable may read (upstream's validEnvDownwardAPIFieldPathExpressions, sorted). */
export const ENV_FIELD_PATHS = [
  "metadata.name",
  "metadata.namespace",
  "metadata.uid",
  "spec.nodeName",
  "spec.serviceAccountName",
  "status.hostIP",
  "status.hostIPs",
  "status.podIP",
  "status.podIPs",
];

/** What a downwardAPI volume file may read (upstream's validVolumeDownwardAPIFieldPathExpressions, sorted). */
const VOLUME_FIELD_PATHS = ["metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"];

/** The container resources either may read (upstream's validContainerResourceFieldPathExpressions, sorted). */
const RESOURCE_FIELD_PATHS = [
  "limits.cpu",
  "limits.ephemeral-storage",
  "limits.memory",
  "requests.cpu",
  "requests.ephemeral-storage",
  "requests.memory",
];

const SUBSCRIPTED = /^(metadata\.(?:labels|annotations))\['(.*)'\]$/;

const CPU_DIVISORS = new Set(["1m", "1"]);
const BYTE_DIVISORS = new Set(["1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei"]);
const BYTE_DIVISOR_LIST = "1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei";
const FILE_MODE_MESSAGE = "must be a number between 0 and 0777 (octal), both inclusive";

/** A v1 fieldRef to a field of `allowed` (none is subscripted): every check of {@link validateObjectFieldSelector} passes, and its path need not be made. */
export function isPlainFieldRef(ref: Obj, allowed: readonly string[]): boolean {
  return ref.apiVersion === "v1" && typeof ref.fieldPath === "string" && allowed.includes(ref.fieldPath);
}

/** upstream's validateObjectFieldSelector: a known field, subscripts only on labels and annotations. */
export function validateObjectFieldSelector(ref: Obj, allowed: readonly string[], path: FieldPath): FieldError[] {
  const apiVersion = str(ref.apiVersion);
  const fieldPath = str(ref.fieldPath);
  if (apiVersion === "") return [fieldErrors.required(path.child("apiVersion"))];
  if (fieldPath === "") return [fieldErrors.required(path.child("fieldPath"))];
  // The common case, a plain allowed field of v1 (none is subscripted), passes every check below.
  if (apiVersion === "v1" && allowed.includes(fieldPath)) return [];
  const sub = SUBSCRIPTED.exec(fieldPath);
  if (apiVersion !== "v1")
    return [fieldErrors.invalid(path.child("fieldPath"), fieldPath, `error converting fieldPath: unsupported pod version: ${apiVersion}`)];
  if (!sub && !DOWNWARD_API_FIELDS.has(fieldPath))
    return [fieldErrors.invalid(path.child("fieldPath"), fieldPath, `error converting fieldPath: field label not supported: ${fieldPath}`)];
  if (sub) {
    const key = sub[1] === "metadata.annotations" ? sub[2]!.toLowerCase() : sub[2]!;
    return isQualifiedName(key).map((msg) => fieldErrors.invalid(path, key, msg));
  }
  if (!allowed.includes(fieldPath)) return [fieldErrors.notSupported(path.child("fieldPath"), fieldPath, allowed)];
  return [];
}

/** upstream's validateContainerResourceDivisor; an unset (zero) divisor passes. */
function validateDivisor(resource: string, divisor: unknown, path: FieldPath): FieldError[] {
  if (divisor === undefined || divisor === null || quantitySign(divisor) === 0) return [];
  const text = canonicalQuantity(divisor);
  const p = path.child("divisor");
  switch (resource) {
    case "limits.cpu":
    case "requests.cpu":
      if (!CPU_DIVISORS.has(text))
        return [fieldErrors.invalid(p, resource, "only divisor's values 1m and 1 are supported with the cpu resource")];
      return [];
    case "limits.memory":
    case "requests.memory":
      if (!BYTE_DIVISORS.has(text))
        return [fieldErrors.invalid(p, resource, `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the memory resource`)];
      return [];
    case "limits.ephemeral-storage":
    case "requests.ephemeral-storage":
      if (!BYTE_DIVISORS.has(text))
        return [
          fieldErrors.invalid(
            p,
            resource,
            `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the local ephemeral storage resource`,
          ),
        ];
      return [];
    default:
  }
  if ((resource.startsWith("requests.hugepages-") || resource.startsWith("limits.hugepages-")) && !BYTE_DIVISORS.has(text))
    return [fieldErrors.invalid(p, resource, `only divisor's values ${BYTE_DIVISOR_LIST} are supported with the hugepages resource`)];
  return [];
}

/**
 * upstream's validateContainerResourceFieldSelector: a volume file must name its container; the
 * resource is one of the six or a hugepages one; the divisor suits the resource. Upstream does
 * not check that the named container exists (the kubelet reports that), and neither do we.
 */
export function validateResourceFieldRef(ref: Obj, path: FieldPath, volume: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const resource = str(ref.resource);
  if (volume && str(ref.containerName) === "") errs.push(fieldErrors.required(path.child("containerName")));
  else if (resource === "") errs.push(fieldErrors.required(path.child("resource")));
  else if (
    !RESOURCE_FIELD_PATHS.includes(resource) &&
    !resource.startsWith("requests.hugepages-") &&
    !resource.startsWith("limits.hugepages-")
  )
    errs.push(fieldErrors.notSupported(path.child("resource"), resource, RESOURCE_FIELD_PATHS));
  errs.push(...validateDivisor(resource, ref.divisor, path));
  return errs;
}

/** Whether a `/`-separated path has a `..` element (no split: every projected file's path is checked). */
export function hasDotDotElement(target: string): boolean {
  for (let i = target.indexOf(".."); i >= 0; i = target.indexOf("..", i + 1)) {
    if ((i === 0 || target.charCodeAt(i - 1) === 47) && (i + 2 === target.length || target.charCodeAt(i + 2) === 47)) return true;
  }
  return false;
}

/** Relative and without `..` anywhere: {@link validateLocalNonReservedPath} has nothing to say (and its path need not be made). */
export function isPlainLocalPath(target: string): boolean {
  return target.charCodeAt(0) !== 47 && !target.includes("..");
}

/** A file mode out of 0..0777. */
export function badFileMode(mode: unknown): boolean {
  return typeof mode === "number" && (mode > 0o777 || mode < 0);
}

/**
 * Whether every item is a plain fieldRef file ({@link validateDownwardAPIItems} has nothing to
 * say): the token volume every Pod gets has one, and its paths need not be made.
 */
export function plainDownwardAPIItems(items: unknown): boolean {
  if (!Array.isArray(items)) return true;
  for (let i = 0; i < items.length; i++) {
    const file = items[i] as Obj;
    if (!isObj(file) || !isObj(file.fieldRef) || file.resourceFieldRef !== undefined || badFileMode(file.mode)) return false;
    const target = file.path;
    if (typeof target !== "string" || target === "" || !isPlainLocalPath(target) || !isPlainFieldRef(file.fieldRef, VOLUME_FIELD_PATHS))
      return false;
  }
  return true;
}

/** upstream's ValidateLocalNonReservedPath: relative, no `..` element, not starting with `..`. */
export function validateLocalNonReservedPath(target: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith("/")) errs.push(fieldErrors.invalid(path, target, "must be a relative path"));
  if (target.includes("..") && hasDotDotElement(target)) errs.push(fieldErrors.invalid(path, target, "must not contain '..'"));
  if (target.startsWith("..") && !target.startsWith("../")) errs.push(fieldErrors.invalid(path, target, "must not start with '..'"));
  return errs;
}

/**
 * The items of a downwardAPI volume (or projected source). As upstream, each item's errors are
 * reported under the source's path, not the item's index (`...downwardAPI.fieldRef`).
 */
export function validateDownwardAPIItems(items: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const item of list(items)) {
    const file = record(item);
    const target = str(file.path);
    if (target === "") errs.push(fieldErrors.required(path.child("path")));
    errs.push(...validateLocalNonReservedPath(target, path.child("path")));
    if (isObj(file.fieldRef)) {
      errs.push(...validateObjectFieldSelector(file.fieldRef, VOLUME_FIELD_PATHS, path.child("fieldRef")));
      if (isObj(file.resourceFieldRef))
        errs.push(fieldErrors.invalid(path, "resource", "fieldRef and resourceFieldRef can not be specified simultaneously"));
    } else if (isObj(file.resourceFieldRef)) {
      errs.push(...validateResourceFieldRef(file.resourceFieldRef, path.child("resourceFieldRef"), true));
    } else {
      errs.push(fieldErrors.required(path, "one of fieldRef and resourceFieldRef is required"));
    }
    if (typeof file.mode === "number" && (file.mode > 0o777 || file.mode < 0))
      errs.push(fieldErrors.invalid(path.child("mode"), file.mode, FILE_MODE_MESSAGE));
  }
  return errs;
}
