/**
 * The rarer parts of upstream 1.34's ValidatePodSpec, each run only when its field is set:
 * `volumeDevices` (ValidateVolumeDevices: a PVC or ephemeral volume, unique names and paths, none
 * shared with the mounts), `resourceClaims` and the containers' `resources.claims` referring to
 * them (validatePodResourceClaims, validateResourceClaimNames), pod-level `resources`
 * (PodLevelResources is beta and on in 1.34: validatePodResources), and the ephemeral container
 * rules (validateEphemeralContainers: the field allow-list, targetContainerName, no subPath).
 */
import { isDNS1123Label, isQualifiedName, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { fieldErrors, GoSyntax, type FieldError, type FieldPath } from "./field.js";
import { canonicalQuantity } from "./quantity-text.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const isSet = (v: unknown) => v !== undefined && v !== null;

/** upstream's ValidateVolumeDevices, with ValidateVolumeMounts' checks of the mounts against the devices. */
export function validateVolumeDevices(c: Obj, volumes: Map<string, Obj>, containerPath: FieldPath): FieldError[] {
  const path = containerPath.child("volumeDevices");
  const errs: FieldError[] = [];
  const devices = list(c.volumeDevices).map(record);
  const mounts = list(c.volumeMounts).map(record);
  const deviceNames = new Set(devices.map((d) => str(d.name)));
  const devicePathSet = new Set(devices.map((d) => str(d.devicePath)));
  const mountNames = new Set(mounts.map((m) => str(m.name)));
  const mountPaths = new Set(mounts.map((m) => str(m.mountPath)));
  mounts.forEach((m, i) => {
    const mp = containerPath.child("volumeMounts").index(i);
    if (deviceNames.has(str(m.name)))
      errs.push(fieldErrors.invalid(mp.child("name"), str(m.name), "must not already exist in volumeDevices"));
    if (devicePathSet.has(str(m.mountPath)))
      errs.push(fieldErrors.invalid(mp.child("mountPath"), str(m.mountPath), "must not already exist as a path in volumeDevices"));
  });
  const names = new Set<string>();
  const paths = new Set<string>();
  devices.forEach((d, i) => {
    const p = path.index(i);
    const name = str(d.name);
    const devPath = str(d.devicePath);
    const volume = volumes.get(name);
    if (name === "") errs.push(fieldErrors.required(p.child("name")));
    if (names.has(name)) errs.push(fieldErrors.invalid(p.child("name"), name, "must be unique"));
    if (volume !== undefined && !isSet(volume.persistentVolumeClaim) && !isSet(volume.ephemeral))
      errs.push(
        fieldErrors.invalid(p.child("name"), name, "can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode"),
      );
    if (volume === undefined) errs.push(fieldErrors.notFound(p.child("name"), name));
    if (devPath === "") errs.push(fieldErrors.required(p.child("devicePath")));
    if (paths.has(devPath)) errs.push(fieldErrors.invalid(p.child("devicePath"), devPath, "must be unique"));
    if (devPath !== "" && devPath.split("/").includes(".."))
      errs.push(fieldErrors.invalid(p.child("devicePath"), devPath, "can not contain backsteps ('..')"));
    else paths.add(devPath);
    if (mountNames.has(name)) errs.push(fieldErrors.invalid(p.child("name"), name, "must not already exist in volumeMounts"));
    if (mountPaths.has(devPath))
      errs.push(fieldErrors.invalid(p.child("devicePath"), devPath, "must not already exist as a path in volumeMounts"));
    if (name !== "") names.add(name);
  });
  return errs;
}

/** upstream's validateResourceClaimNames: a container's resources.claims name the pod's claims (and requests) once each. */
export function validateResourceClaimRefs(claims: unknown[], podClaims: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  claims.forEach((entry, i) => {
    const claim = record(entry);
    const p = path.index(i);
    const name = str(claim.name);
    if (name === "") {
      errs.push(fieldErrors.required(p));
      return;
    }
    if (seen.has(name)) errs.push(fieldErrors.duplicate(p, name));
    else {
      const request = str(claim.request);
      let key = name;
      if (request !== "") {
        for (const msg of isDNS1123Label(request)) errs.push(fieldErrors.invalid(p.child("request"), request, msg));
        key = `${name}/${request}`;
      }
      if (seen.has(key)) errs.push(fieldErrors.duplicate(p, key));
      else if (request === "") {
        // A whole claim after one of its requests overlaps it.
        for (const k of seen) if (k.startsWith(`${name}/`)) errs.push(fieldErrors.duplicate(p, name));
      }
      seen.add(key);
    }
    if (!podClaims.has(name)) {
      const known = [...podClaims].sort();
      const detail = `must be one of the names in pod.spec.resourceClaims${known.length === 0 ? " which is empty" : `: ${known.join(", ")}`}`;
      errs.push({ ...fieldErrors.notFound(p, name), detail });
    }
  });
  return errs;
}

/** A PodResourceClaim printed as upstream's internal struct in Go's %#v (addresses fixed here). */
function podResourceClaimText(claim: Obj): GoSyntax {
  const ptr = (v: unknown) => `(*string)(${isSet(v) ? "0xc000000000" : "nil"})`;
  return new GoSyntax(
    `core.PodResourceClaim{Name:${goQuote(str(claim.name))}, ResourceClaimName:${ptr(claim.resourceClaimName)}, ResourceClaimTemplateName:${ptr(claim.resourceClaimTemplateName)}}`,
  );
}

/** upstream's validatePodResourceClaims: DNS-label names, once each, and exactly one source per claim. */
export function validatePodResourceClaims(claims: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list(claims).forEach((entry, i) => {
    const claim = record(entry);
    const p = path.index(i);
    const name = str(claim.name);
    if (name === "") errs.push(fieldErrors.required(p.child("name")));
    else if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(fieldErrors.invalid(p.child("name"), name, msg));
      names.add(name);
    }
    const byName = isSet(claim.resourceClaimName);
    const byTemplate = isSet(claim.resourceClaimTemplateName);
    if (byName && byTemplate)
      errs.push(
        fieldErrors.invalid(
          p,
          podResourceClaimText(claim),
          "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified",
        ),
      );
    if (!byName && !byTemplate)
      errs.push(
        fieldErrors.invalid(p, podResourceClaimText(claim), "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"),
      );
    for (const f of ["resourceClaimName", "resourceClaimTemplateName"]) {
      if (!isSet(claim[f])) continue;
      const v = str(claim[f]);
      for (const msg of nameIsDNSSubdomain(v, false)) errs.push(fieldErrors.invalid(p.child(f), v, msg));
    }
  });
  return errs;
}

/** upstream's supportedPodLevelResources as its NotSupported error lists them (sorted; hugepages by prefix). */
const POD_LEVEL_RESOURCES = ["cpu", "hugepages-", "memory"];
/** upstream's IsSupportedPodLevelResource: cpu, memory and hugepages of any size (1.34). */
export const isPodLevelResource = (name: string) => name === "cpu" || name === "memory" || name.startsWith("hugepages-");
/** What pod.ts knows of resources, passed in so this module does not import it back. */
export interface ResourceChecks {
  /** A container's requirements: names, quantities, requests within limits. */
  requirements: (resources: unknown, path: FieldPath, allowIndivisibleHugePages: boolean) => FieldError[];
  /** upstream's IsStandardResourceName. */
  isStandardName: (name: string) => boolean;
}

/** A sum of quantities as upstream's Quantity.String() prints it, in the first addend's format. */
function sumText(total: number, first: unknown): string {
  if (/[KMGTPE]i$/.test(str(first)) && Number.isInteger(total) && total % 1024 === 0) return canonicalQuantity(`${total / 1024}Ki`);
  if (Number.isInteger(total)) return String(total);
  return `${Math.round(total * 1000)}m`;
}

/**
 * The containers' requests (or limits) the pod needs at once (upstream's AggregateContainerRequests
 * and AggregateContainerLimits): the regular containers and sidecars together, or the largest init
 * container beside the sidecars started before it. Only for `name`; the first addend's text gives
 * the printed format.
 */
function aggregate(spec: Obj, name: string, which: "requests" | "limits"): { total: number; first: unknown } | undefined {
  let first: unknown;
  let seen = false;
  const req = (c: unknown) => {
    const q = record(record(record(c).resources)[which])[name];
    if (q === undefined) return 0;
    seen = true;
    first ??= q;
    return parseQuantity(q) ?? 0;
  };
  let total = 0;
  for (const c of list(spec.containers)) total += req(c);
  let sidecars = 0;
  let initMax = 0;
  for (const c of list(spec.initContainers)) {
    const r = req(c);
    if (record(c).restartPolicy === "Always") {
      total += r;
      sidecars += r;
      initMax = Math.max(initMax, sidecars);
    } else initMax = Math.max(initMax, r + sidecars);
  }
  return seen ? { total: Math.max(total, initMax), first } : undefined;
}

/** Every resource the containers name under `which`, with its aggregate as upstream prints it. */
export function aggregateContainerResources(spec: Obj, which: "requests" | "limits"): Map<string, string> {
  const names = new Set<string>();
  for (const c of [...list(spec.containers), ...list(spec.initContainers)])
    for (const n of Object.keys(record(record(record(c).resources)[which]))) names.add(n);
  const out = new Map<string, string>();
  for (const n of names) {
    const agg = aggregate(spec, n, which);
    if (agg) out.set(n, sumText(agg.total, agg.first));
  }
  return out;
}

/**
 * upstream's validatePodResources: no claims, only cpu, memory and hugepages, the quantities and
 * requests-within-limits of a container's resources, the containers' aggregate requests within
 * the pod's requests, their hugepages limits within the pod's, and each container's limits
 * within the pod's limits. The pod's missing requests (and hugepages limits) were defaulted from
 * the containers and its limits first (defaults/pod-level-resources.ts).
 */
export function validatePodLevelResources(spec: Obj, path: FieldPath, allowIndivisible: boolean, checks: ResourceChecks): FieldError[] {
  const r = record(spec.resources);
  const errs: FieldError[] = [];
  if (isSet(r.claims)) errs.push(fieldErrors.forbidden(path.child("claims"), "claims cannot be set for Resources at pod-level"));
  const supported: Obj = {};
  for (const which of ["limits", "requests"] as const) {
    const values = record(r[which]);
    const kept: Obj = {};
    for (const name of Object.keys(values)) {
      if (isPodLevelResource(name)) kept[name] = values[name];
      else errs.push(...podResourceNameErrors(name, path.child(which).key(name), checks.isStandardName));
    }
    supported[which] = kept;
  }
  errs.push(...checks.requirements(supported, path, allowIndivisible));
  const requests = record(supported.requests);
  const limits = record(supported.limits);
  for (const name of Object.keys(requests)) {
    const agg = aggregate(spec, name, "requests");
    const podReq = parseQuantity(requests[name]);
    if (agg && podReq !== undefined && agg.total > podReq)
      errs.push(
        fieldErrors.invalid(
          path.child("requests").key(name),
          canonicalQuantity(requests[name]),
          `must be greater than or equal to aggregate container requests of ${sumText(agg.total, agg.first)}`,
        ),
      );
  }
  // Hugepages cannot be overcommitted: the pod's limit must cover the containers' too.
  for (const name of Object.keys(limits)) {
    if (!name.startsWith("hugepages-")) continue;
    const agg = aggregate(spec, name, "limits");
    const podLim = parseQuantity(limits[name]);
    if (agg && podLim !== undefined && agg.total > podLim)
      errs.push(
        fieldErrors.invalid(
          path.child("limits").key(name),
          canonicalQuantity(limits[name]),
          `must be greater than or equal to aggregate container limits of ${sumText(agg.total, agg.first)}`,
        ),
      );
  }
  list(spec.containers).forEach((c, i) => {
    const own = record(record(record(c).resources).limits);
    for (const name of Object.keys(own)) {
      if (limits[name] === undefined) continue;
      const mine = parseQuantity(own[name]);
      const pod = parseQuantity(limits[name]);
      if (mine !== undefined && pod !== undefined && mine > pod)
        errs.push(
          fieldErrors.invalid(
            path.child("containers").index(i).key(name).child("limits"),
            canonicalQuantity(own[name]),
            `must be less than or equal to pod limits of ${canonicalQuantity(limits[name])}`,
          ),
        );
    }
  });
  return errs;
}

/** upstream's validatePodResourceName: a resource name, then one of the pod-level ones. */
function podResourceNameErrors(name: string, path: FieldPath, isStandardName: (n: string) => boolean): FieldError[] {
  const bad = isQualifiedName(name);
  if (bad.length > 0) return bad.map((msg) => fieldErrors.invalid(path, name, msg));
  if (!name.includes("/") && !isStandardName(name))
    return [fieldErrors.invalid(path, name, "must be a standard resource type or fully qualified")];
  return [fieldErrors.notSupported(path, name, POD_LEVEL_RESOURCES)];
}

/** The EphemeralContainerCommon fields upstream forbids, in its struct's order. */
const EPHEMERAL_FORBIDDEN = [
  "ports",
  "resources",
  "resizePolicy",
  "restartPolicy",
  "livenessProbe",
  "readinessProbe",
  "startupProbe",
  "lifecycle",
] as const;
const NOT_FOR_EPHEMERAL = "cannot be set for an Ephemeral Container";

/** Whether a field holds more than Go's zero value (an empty list or object counts as unset here). */
function setValue(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isObj(v)) return Object.keys(v).some((k) => setValue(v[k]));
  return true;
}

/** upstream's validateEphemeralContainers for one container, after the checks common to all containers. */
export function validateEphemeralContainer(c: Obj, path: FieldPath, otherNames: Set<string>): FieldError[] {
  const errs: FieldError[] = [];
  const target = str(c.targetContainerName);
  if (target !== "" && !otherNames.has(target)) errs.push(fieldErrors.notFound(path.child("targetContainerName"), target));
  for (const f of EPHEMERAL_FORBIDDEN) if (setValue(c[f])) errs.push(fieldErrors.forbidden(path.child(f), NOT_FOR_EPHEMERAL));
  list(c.volumeMounts).forEach((m, i) => {
    const mount = record(m);
    if (str(mount.subPath) !== "")
      errs.push(fieldErrors.forbidden(path.child("volumeMounts").index(i).child("subPath"), NOT_FOR_EPHEMERAL));
    if (str(mount.subPathExpr) !== "")
      errs.push(fieldErrors.forbidden(path.child("volumeMounts").index(i).child("subPathExpr"), NOT_FOR_EPHEMERAL));
  });
  return errs;
}
