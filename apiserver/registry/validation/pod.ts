/**
 * Pod and PodTemplate validation as upstream's ValidatePodSpec for what users set most: names,
 * containers (names, images, pull policies, ports, env and envFrom, resources with extended
 * resources in whole numbers, probes, hooks, mounts), volumes (items, downward API files,
 * projected sources, ephemeral claims, emptyDir size) and mounts referring to each other,
 * restart and DNS policies, tolerations, topology spread, affinity (affinity.ts), host aliases,
 * user and host namespaces, sysctls (pod-host.ts), hugepages in whole pages; the Pod update rule (only
 * images, activeDeadlineSeconds, tolerations additions, terminationGracePeriodSeconds and
 * scheduling gates removal may change). Field paths and messages as upstream's.
 */
import { goStyleDiff } from "./spec-diff.js";
import { goQuote } from "../../../runtime/go-strings.js";
import {
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidPortName,
  isValidIP,
  isValidLabelValue,
  isValidPortNum,
  maxLenError,
  regexError,
  nameIsDNSSubdomain,
  parseIP,
} from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { appendErrors, fieldErrors, FieldPath, GoSyntax, type FieldError } from "./field.js";
import { validateAnnotations, validateLabels } from "./object-meta.js";
import { validatePVCSpec } from "./storage.js";
import { validateLabelSelector } from "./label-selector.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";
import { canonicalQuantity, isWholeQuantity, quantitySign, quantityWholeValue } from "./quantity-text.js";
import { affinityOptionsFrom, validateAffinity, validateLabelKeys, type AffinityOptions } from "./affinity.js";
import { hostSysctlErrors, validateHostAliases, validateHostUsers, validatePodSecurityHostRules } from "./pod-host.js";
import { usesWindowsOptions, validateOSFields, validateWindowsPod } from "./pod-os.js";
import { validateAnnotationsMatchFields, validateAppArmorProfile, validatePodSpecificAnnotations } from "./pod-annotations.js";
import {
  validateEphemeralContainer,
  validatePodLevelResources,
  validatePodResourceClaims,
  validateResourceClaimRefs,
  validateVolumeDevices,
  type ResourceChecks,
} from "./pod-resources.js";
import {
  ENV_FIELD_PATHS,
  hasDotDotElement,
  badFileMode,
  isPlainFieldRef,
  isPlainLocalPath,
  plainDownwardAPIItems,
  validateDownwardAPIItems,
  validateLocalNonReservedPath,
  validateObjectFieldSelector,
  validateResourceFieldRef,
} from "./downward-api.js";
import type { PodSpec } from "../../../generated/apis/core/v1/index.js";
import { deepCopyPodSpec } from "../../../generated/apis/core/v1/zz_generated.deepcopy.js";
import { storedDeletionCostInvalid } from "./pod-deletion-cost.js";
import { STANDARD_RESOURCE_NAMES } from "./resource-names.js";
import { gatedPodUpdate } from "./pod-gated-update.js";
import { validateVolumeSourceFields } from "./volume-sources.js";

const PULL_POLICIES = ["Always", "IfNotPresent", "Never"];
const RESTART_POLICIES = ["Always", "OnFailure", "Never"];
const DNS_POLICIES = ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"];
const PROTOCOLS = ["SCTP", "TCP", "UDP"];
const TERMINATION_MESSAGE_POLICIES = ["File", "FallbackToLogsOnError"];
const STANDARD_RESOURCES = ["cpu", "memory", "ephemeral-storage"];
const VOLUME_SOURCES = [
  "hostPath",
  "emptyDir",
  "gcePersistentDisk",
  "awsElasticBlockStore",
  "gitRepo",
  "secret",
  "nfs",
  "iscsi",
  "glusterfs",
  "persistentVolumeClaim",
  "rbd",
  "flexVolume",
  "cinder",
  "cephfs",
  "flocker",
  "downwardAPI",
  "fc",
  "azureFile",
  "configMap",
  "vsphereVolume",
  "quobyte",
  "azureDisk",
  "photonPersistentDisk",
  "projected",
  "portworxVolume",
  "scaleIO",
  "storageos",
  "csi",
  "ephemeral",
  "image",
];
const VOLUME_SOURCE_NAMES = new Set(VOLUME_SOURCES);
/** Volume sources with a defaultMode. */
const MODED_SOURCES = ["secret", "configMap", "downwardAPI", "projected"];

/** What a check that found nothing returns where its caller only reads it (never pushed to). */
const NO_ERRORS: readonly FieldError[] = Object.freeze([]);

/** Lists longer than this are checked for duplicates through a Set (see {@link seenBefore}). */
const SCAN_MAX = 16;

/**
 * Whether an item of `items` before `i` has `value` under `key`. Lists of ports and mounts are
 * short: they are scanned, where a Set per container cost more; a long one fills `seen` instead.
 */
function seenBefore(items: unknown[], i: number, key: string, value: string, seen: Set<string> | undefined): boolean {
  if (seen !== undefined) {
    if (seen.has(value)) return true;
    seen.add(value);
    return false;
  }
  for (let j = 0; j < i; j++) if (str(record(items[j])[key]) === value) return true;
  return false;
}

function nonNegative(v: unknown, path: FieldPath): FieldError[] {
  return typeof v === "number" && v < 0 ? [fieldErrors.invalid(path, v, "must be greater than or equal to 0")] : [];
}

function dnsLabel(value: string, path: FieldPath): readonly FieldError[] {
  const msgs = isDNS1123Label(value);
  return msgs.length === 0 ? NO_ERRORS : msgs.map((msg) => fieldErrors.invalid(path, value, msg));
}

/** upstream's IsExtendedResourceName: a domain outside kubernetes.io, still a qualified name once quota prefixes it. */
function isExtendedResourceName(name: string): boolean {
  if (!name.includes("/") || name.includes("kubernetes.io/") || name.startsWith("requests.")) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** A resource name in requests/limits, as upstream's validateContainerResourceName. */
function validateResourceName(name: string, path: FieldPath): FieldError[] {
  if (STANDARD_RESOURCES.includes(name) || name.startsWith("hugepages-")) return [];
  const errs = isQualifiedName(name).map((msg) => fieldErrors.invalid(path, name, msg));
  if (!name.includes("/")) {
    if (errs.length === 0 && !STANDARD_RESOURCE_NAMES.has(name) && !name.startsWith("requests.hugepages-"))
      errs.push(fieldErrors.invalid(path, name, "must be a standard resource type or fully qualified"));
    errs.push(fieldErrors.invalid(path, name, "must be a standard resource for containers"));
  } else if (errs.length === 0 && !name.includes("kubernetes.io/") && !isExtendedResourceName(name)) {
    errs.push(fieldErrors.invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

/** upstream's ValidateResourceQuantityValue: not negative; whole for extended resources. */
function validateQuantityValue(name: string, q: unknown, path: FieldPath): FieldError[] {
  const n = parseQuantity(q);
  const errs: FieldError[] = [];
  if (n !== undefined && n < 0) errs.push(fieldErrors.invalid(path, canonicalQuantity(q), "must be greater than or equal to 0"));
  // Extended resources are rare in a Pod: the exact check runs only for them.
  if (isExtendedResourceName(name) && isWholeQuantity(q) === false)
    errs.push(fieldErrors.invalid(path, canonicalQuantity(q), "must be an integer"));
  return errs;
}

/** Requests and limits: names, non-negative quantities, requests <= limits (upstream's ValidateContainerResourceRequirements). */
/** Native resources (no domain, or a kubernetes.io one) but hugepages may be requested below their limit; extended ones may not. */
function overcommitAllowed(name: string): boolean {
  const native = !name.includes("/") || name.includes("kubernetes.io/");
  return native && !name.startsWith("hugepages-");
}

const CONTAINER_IDS = ["runAsUser", "runAsGroup"];
const POD_IDS = ["runAsUser", "runAsGroup", "fsGroup"];

/** A user or group ID out of range. Module-level: a closure per call is named by tsx at run time, which costs more than the check. */
function badID(v: unknown): v is number {
  return typeof v === "number" && (v < 0 || v > 2147483647 || !Number.isInteger(v));
}

const ID_RANGE = "must be between 0 and 2147483647, inclusive";

/**
 * User and group IDs of a security context (pod or container level), as upstream's
 * IsValidUserID/IsValidGroupID. `path` is the context's parent: paths are made only for the IDs out of range.
 */
function validateSecurityContextIDs(sc: unknown, path: FieldPath, podLevel: boolean): readonly FieldError[] {
  if (!isObj(sc)) return NO_ERRORS;
  let errs: FieldError[] | undefined;
  for (const f of podLevel ? POD_IDS : CONTAINER_IDS)
    if (badID(sc[f])) (errs ??= []).push(fieldErrors.invalid(path.child("securityContext", f), sc[f], ID_RANGE));
  if (podLevel && Array.isArray(sc.supplementalGroups)) {
    const groups = sc.supplementalGroups as unknown[];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i];
      if (badID(g)) (errs ??= []).push(fieldErrors.invalid(path.child("securityContext", "supplementalGroups").index(i), g, ID_RANGE));
    }
  }
  return errs ?? NO_ERRORS;
}

/** upstream's IsHugePageResourceValueDivisible: a whole number of pages of the size the name gives. */
function hugePageValueErrors(name: string, q: unknown, path: FieldPath): FieldError[] {
  const size = name.slice("hugepages-".length);
  const page = isWholeQuantity(size) === true ? quantityWholeValue(size) : undefined;
  const value = quantityWholeValue(q);
  if (value === undefined) return [];
  if (page !== undefined && page > 0n && value % page === 0n) return [];
  const text = canonicalQuantity(q);
  return [fieldErrors.invalid(path, text, `${text} is not positive integer multiple of ${name}`)];
}

const RESOURCE_LISTS = ["limits", "requests"] as const;

export function validateResources(resources: unknown, path: FieldPath, allowIndivisibleHugePages = false): FieldError[] {
  const r = record(resources);
  const errs: FieldError[] = [];
  const limits = record(r.limits);
  const requests = record(r.requests);
  let cpuOrMemory = false;
  let hugePages = false;
  for (const which of RESOURCE_LISTS) {
    const values = which === "limits" ? limits : requests;
    for (const name in values) {
      const q = values[name];
      const n = parseQuantity(q);
      // cpu and memory in non-negative amounts, what nearly every Pod has, need no path: one is built for the rest.
      if (!STANDARD_RESOURCES.includes(name) || (n !== undefined && n < 0)) {
        const p = path.child(which).key(name);
        errs.push(...validateResourceName(name, p), ...validateQuantityValue(name, q, p));
        if (name.startsWith("hugepages-")) {
          hugePages = true;
          if (!allowIndivisibleHugePages) errs.push(...hugePageValueErrors(name, q, p));
        }
      }
      if (name === "cpu" || name === "memory") cpuOrMemory = true;
    }
  }
  // As upstream, the comparisons name the requests as a whole, not the one resource (a path made only for an error).
  for (const name in requests) {
    const q = requests[name];
    if (!(name in limits)) {
      if (!overcommitAllowed(name))
        errs.push(fieldErrors.required(path.child("limits"), "Limit must be set for non overcommitable resources"));
      continue;
    }
    const req = parseQuantity(q);
    const lim = parseQuantity(limits[name]);
    if (req === undefined || lim === undefined) continue;
    if (req !== lim && !overcommitAllowed(name)) {
      errs.push(
        fieldErrors.invalid(
          path.child("requests"),
          canonicalQuantity(q),
          `must be equal to ${name} limit of ${canonicalQuantity(limits[name])}`,
        ),
      );
    } else if (req > lim) {
      errs.push(
        fieldErrors.invalid(
          path.child("requests"),
          canonicalQuantity(q),
          `must be less than or equal to ${name} limit of ${canonicalQuantity(limits[name])}`,
        ),
      );
    }
  }
  if (hugePages && !cpuOrMemory) errs.push(fieldErrors.forbidden(path, "HugePages require cpu or memory"));
  return errs;
}

const HANDLER_KINDS = ["exec", "httpGet", "tcpSocket", "grpc", "sleep"];

/** A probe's or lifecycle hook's handler; `grace` is the Pod's terminationGracePeriodSeconds, which a sleep may not exceed. */
function validateHandler(h: Obj, path: FieldPath, required: boolean, grace?: number): FieldError[] {
  let kinds = 0;
  let second: string | undefined;
  for (const k of HANDLER_KINDS) if (isObj(h[k]) && ++kinds === 2) second = k;
  const errs: FieldError[] = [];
  if (kinds === 0) {
    if (required) errs.push(fieldErrors.required(path, "must specify a handler type"));
    return errs;
  }
  if (second !== undefined) errs.push(fieldErrors.forbidden(path.child(second), "may not specify more than 1 handler type"));
  const http = record(h.httpGet);
  if (isObj(h.httpGet)) {
    if (!plainPort(http.port)) appendErrors(errs, validatePortNumOrName(http.port, path.child("httpGet", "port")));
    const scheme = str(http.scheme);
    if (scheme !== "" && scheme !== "HTTP" && scheme !== "HTTPS")
      errs.push(fieldErrors.notSupported(path.child("httpGet", "scheme"), scheme, ["HTTP", "HTTPS"]));
  }
  if (isObj(h.tcpSocket) && !plainPort(h.tcpSocket.port))
    appendErrors(errs, validatePortNumOrName(h.tcpSocket.port, path.child("tcpSocket", "port")));
  if (isObj(h.exec) && list(record(h.exec).command).length === 0) errs.push(fieldErrors.required(path.child("exec", "command")));
  if (isObj(h.grpc)) {
    const port = typeof h.grpc.port === "number" ? h.grpc.port : 0;
    for (const msg of isValidPortNum(port)) errs.push(fieldErrors.invalid(path.child("grpc", "port"), port, msg));
  }
  if (isObj(h.sleep) && grace !== undefined) {
    // 1.34 allows a zero sleep (PodLifecycleSleepActionAllowZero is on by default).
    const seconds = typeof h.sleep.seconds === "number" ? h.sleep.seconds : 0;
    if (seconds < 0 || seconds > grace)
      errs.push(
        fieldErrors.invalid(path.child("sleep"), seconds, `must be non-negative and less than terminationGracePeriodSeconds (${grace})`),
      );
  }
  return errs;
}

/** A port number in range or a name every rule accepts: {@link validatePortNumOrName} has nothing to say (and its path need not be made). */
function plainPort(port: unknown): boolean {
  if (typeof port === "number") return port >= 1 && port <= 65535 && Number.isInteger(port);
  return typeof port === "string" && port !== "" && !isDigits(port) && isValidPortName(port).length === 0;
}

/** `^\d+$` by char codes (a named port is checked on every probe). */
function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

function validatePortNumOrName(port: unknown, path: FieldPath): FieldError[] {
  if (typeof port === "number") return isValidPortNum(port).map((msg) => fieldErrors.invalid(path, port, msg));
  if (typeof port === "string" && port !== "") {
    if (isDigits(port)) return isValidPortNum(Number(port)).map((msg) => fieldErrors.invalid(path, port, msg));
    return isValidPortName(port).map((msg) => fieldErrors.invalid(path, port, msg));
  }
  return [fieldErrors.required(path)];
}

const PROBE_COUNTS = ["initialDelaySeconds", "timeoutSeconds", "periodSeconds", "successThreshold", "failureThreshold"];

function validateProbe(probe: unknown, path: FieldPath, liveness: boolean): FieldError[] {
  if (!isObj(probe)) return [];
  const errs = validateHandler(probe, path, true);
  for (const f of PROBE_COUNTS) {
    const v = probe[f];
    if (typeof v === "number" && v < 0) errs.push(fieldErrors.invalid(path.child(f), v, "must be greater than or equal to 0"));
  }
  const tgps = probe.terminationGracePeriodSeconds;
  if (typeof tgps === "number" && tgps <= 0)
    errs.push(fieldErrors.invalid(path.child("terminationGracePeriodSeconds"), tgps, "must be greater than 0"));
  if (liveness && typeof probe.successThreshold === "number" && probe.successThreshold !== 1) {
    errs.push(fieldErrors.invalid(path.child("successThreshold"), probe.successThreshold, "must be 1"));
  }
  return errs;
}

/** `[\x20-\x3c\x3e-\x7e]+` by char codes. */
function isEnvVarNameText(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x3d) return false;
  }
  return name.length > 0;
}

/** An environment variable name: printable ASCII but '=' (the 1.34 relaxed rule). */
function validateEnvVarName(name: string, path: FieldPath): FieldError[] {
  if (name === "") return [fieldErrors.required(path)];
  if (!isEnvVarNameText(name)) {
    return [
      fieldErrors.invalid(path, name, "a valid environment variable name must consist only of printable ASCII characters other than '='"),
    ];
  }
  return [];
}

/**
 * `configMapKeyRef` and `secretKeyRef` as upstream's: a name (a DNS subdomain, so not empty) and a
 * key. `path` is the env list's: the selector's `env[i].valueFrom.<which>` is made only for an error.
 */
function validateKeySelector(ref: Obj, path: FieldPath, i: number, which: string, errs: FieldError[]): void {
  const name = str(ref.name);
  for (const msg of nameIsDNSSubdomain(name, false))
    errs.push(fieldErrors.invalid(path.index(i).child("valueFrom", which, "name"), name, msg));
  const key = str(ref.key);
  if (key === "") errs.push(fieldErrors.required(path.index(i).child("valueFrom", which, "key")));
  else for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(path.index(i).child("valueFrom", which, "key"), key, msg));
}

function validateEnv(env: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const vars = list(env);
  for (let i = 0; i < vars.length; i++) {
    const r = record(vars[i]);
    const name = str(r.name);
    // Paths only for what fails: a plain fieldRef and valid key selectors make none.
    if (!isEnvVarNameText(name)) for (const e of validateEnvVarName(name, path.index(i).child("name"))) errs.push(e);
    if (!isObj(r.valueFrom)) continue;
    const from = r.valueFrom;
    let sources = 0;
    if (isObj(from.fieldRef)) {
      sources++;
      if (!isPlainFieldRef(from.fieldRef, ENV_FIELD_PATHS))
        appendErrors(errs, validateObjectFieldSelector(from.fieldRef, ENV_FIELD_PATHS, path.index(i).child("valueFrom", "fieldRef")));
    }
    if (isObj(from.resourceFieldRef)) {
      sources++;
      appendErrors(errs, validateResourceFieldRef(from.resourceFieldRef, path.index(i).child("valueFrom", "resourceFieldRef"), false));
    }
    if (isObj(from.configMapKeyRef)) {
      sources++;
      validateKeySelector(from.configMapKeyRef, path, i, "configMapKeyRef", errs);
    }
    if (isObj(from.secretKeyRef)) {
      sources++;
      validateKeySelector(from.secretKeyRef, path, i, "secretKeyRef", errs);
    }
    if (isObj(from.fileKeyRef)) sources++;
    if (sources === 0)
      errs.push(
        fieldErrors.invalid(
          path.index(i).child("valueFrom"),
          "",
          "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
        ),
      );
    else if (str(r.value) !== "")
      errs.push(fieldErrors.invalid(path.index(i).child("valueFrom"), "", "may not be specified when `value` is not empty"));
    else if (sources > 1)
      errs.push(fieldErrors.invalid(path.index(i).child("valueFrom"), "", "may not have more than one field specified at a time"));
  }
  return errs;
}

/** `envFrom` as upstream's ValidateEnvFrom (whose source-count errors name the list, not the item). */
function validateEnvFrom(envFrom: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  list(envFrom).forEach((e, i) => {
    const r = record(e);
    const p = path.index(i);
    const prefix = str(r.prefix);
    if (prefix !== "") errs.push(...validateEnvVarName(prefix, p.child("prefix")));
    let sources = 0;
    for (const s of ["configMapRef", "secretRef"]) {
      if (!isObj(r[s])) continue;
      sources++;
      const n = str(record(r[s]).name);
      if (n === "") errs.push(fieldErrors.required(p.child(s, "name")));
      else for (const msg of nameIsDNSSubdomain(n, true)) errs.push(fieldErrors.invalid(p.child(s, "name"), n, msg));
    }
    if (sources === 0) errs.push(fieldErrors.invalid(path, "", "must specify one of: `configMapRef` or `secretRef`"));
    else if (sources > 1) errs.push(fieldErrors.invalid(path, "", "may not have more than one field specified at a time"));
  });
  return errs;
}

/** upstream's validateLocalDescendingPath: relative, and no `..` element. */
function validateLocalDescendingPath(target: string, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (target.startsWith("/")) errs.push(fieldErrors.invalid(path, target, "must be a relative path"));
  if (target.includes("..") && hasDotDotElement(target)) errs.push(fieldErrors.invalid(path, target, "must not contain '..'"));
  return errs;
}

const SECCOMP_TYPES = ["Localhost", "RuntimeDefault", "Unconfined"];
const POD_CONTEXT_ENUMS: readonly (readonly [string, readonly string[]])[] = [
  ["fsGroupChangePolicy", ["Always", "OnRootMismatch"]],
  ["supplementalGroupsPolicy", ["Merge", "Strict"]],
  // SELinuxChangePolicy is on by default in 1.34, so both values are allowed.
  ["seLinuxChangePolicy", ["MountOption", "Recursive"]],
];

/** upstream's validateSeccompProfileField, for a pod's or a container's securityContext.seccompProfile. */
function validateSeccompProfile(sp: unknown, path: FieldPath): FieldError[] {
  if (!isObj(sp)) return [];
  const errs: FieldError[] = [];
  const type = str(sp.type);
  if (type === "") errs.push(fieldErrors.required(path.child("type"), "type is required when seccompProfile is set"));
  else if (!SECCOMP_TYPES.includes(type)) errs.push(fieldErrors.notSupported(path.child("type"), type, SECCOMP_TYPES));
  const profile = sp.localhostProfile;
  if (type === "Localhost") {
    if (typeof profile !== "string")
      errs.push(fieldErrors.required(path.child("localhostProfile"), "must be set when seccomp type is Localhost"));
    else errs.push(...validateLocalDescendingPath(profile, path.child("localhostProfile")));
  } else if (profile !== undefined && profile !== null) {
    // As upstream: the whole profile, printed as its internal struct (the pointer's address is the heap's there).
    const text = `core.SeccompProfile{Type:${goQuote(type)}, LocalhostProfile:(*string)(0xc000000000)}`;
    errs.push(fieldErrors.invalid(path.child("localhostProfile"), new GoSyntax(text), "can only be set when seccomp type is Localhost"));
  }
  return errs;
}

/** A container's securityContext printed as upstream's internal struct in Go's %#v (addresses fixed here). */
function securityContextText(sc: Obj): GoSyntax {
  const ptr = (type: string, v: unknown) => `(*${type})(${v === undefined || v === null ? "nil" : "0xc000000000"})`;
  const fields: [string, string][] = [
    ["Capabilities", "core.Capabilities"],
    ["Privileged", "bool"],
    ["SELinuxOptions", "core.SELinuxOptions"],
    ["WindowsOptions", "core.WindowsSecurityContextOptions"],
    ["RunAsUser", "int64"],
    ["RunAsGroup", "int64"],
    ["RunAsNonRoot", "bool"],
    ["ReadOnlyRootFilesystem", "bool"],
    ["AllowPrivilegeEscalation", "bool"],
    ["ProcMount", "core.ProcMountType"],
    ["SeccompProfile", "core.SeccompProfile"],
    ["AppArmorProfile", "core.AppArmorProfile"],
  ];
  const json = (go: string) => go[0]!.toLowerCase() + go.slice(1).replace(/^sELinux/, "seLinux");
  return new GoSyntax(`core.SecurityContext{${fields.map(([f, t]) => `${f}:${ptr(t, sc[json(f)])}`).join(", ")}}`);
}

/**
 * The rest of upstream's ValidateSecurityContext for a container (the IDs are checked apart):
 * procMount, the seccomp profile, and allowPrivilegeEscalation false beside what needs it.
 * Privileged containers are allowed (the apiserver's --allow-privileged, as kind and kubeadm set it).
 */
function validateContainerSecurityContext(sc: Obj, path: FieldPath, hostUsers: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (sc.procMount !== undefined && sc.procMount !== null) {
    const mount = str(sc.procMount);
    if (mount !== "Default" && mount !== "Unmasked")
      errs.push(fieldErrors.notSupported(path.child("procMount"), mount, ["Default", "Unmasked"]));
    if (hostUsers && mount === "Unmasked")
      errs.push(fieldErrors.invalid(path.child("procMount"), mount, "`hostUsers` must be false to use `Unmasked`"));
  }
  if (sc.seccompProfile !== undefined) errs.push(...validateSeccompProfile(sc.seccompProfile, path.child("seccompProfile")));
  if (sc.appArmorProfile !== undefined) errs.push(...validateAppArmorProfile(sc.appArmorProfile, path.child("appArmorProfile")));
  if (sc.allowPrivilegeEscalation === false) {
    if (sc.privileged === true)
      errs.push(
        fieldErrors.invalid(path, securityContextText(sc), "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"),
      );
    for (const cap of list(record(sc.capabilities).add))
      if (cap === "CAP_SYS_ADMIN")
        errs.push(
          fieldErrors.invalid(
            path,
            securityContextText(sc),
            "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN",
          ),
        );
  }
  return errs;
}

const MOUNT_PROPAGATIONS = ["Bidirectional", "HostToContainer", "None"];

/** upstream's validateMountPropagation: a known mode; Bidirectional only for privileged containers. */
function validateMountPropagation(mode: unknown, c: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof mode !== "string" || !MOUNT_PROPAGATIONS.includes(mode)) errs.push(fieldErrors.notSupported(path, mode, MOUNT_PROPAGATIONS));
  if (mode === "Bidirectional" && record(c.securityContext).privileged !== true)
    errs.push(fieldErrors.forbidden(path, "Bidirectional mount propagation is available only to privileged containers"));
  return errs;
}

interface ContainerContext {
  volumes: Set<string>;
  /** The spec, for what only rare fields need: the volumes by name (volumeDevices), the claim names, the non-ephemeral container names. */
  spec: Obj;
  /** A StatefulSet's claim templates, volumes of a PVC for the pods. */
  extraVolumes: readonly string[] | undefined;
  volumeSpecs?: Map<string, Obj>;
  claimNames?: Set<string>;
  otherNames?: Set<string>;
  names: Set<string>;
  kind: "containers" | "initContainers" | "ephemeralContainers";
  /** The Pod's terminationGracePeriodSeconds, when set. */
  grace: number | undefined;
  allowIndivisibleHugePages: boolean;
  resourceIsPod: boolean;
  /** The Pod shares the host's user namespace (hostUsers unset or true). */
  hostUsers: boolean;
  /** The Pod's restartPolicy, which resize policies depend on. */
  restartPolicy: string;
}

const RESIZE_RESOURCES = ["cpu", "memory"];
const RESIZE_POLICIES = ["NotRequired", "RestartContainer"];

/** upstream's validateResizePolicy, whose errors but the repeat name the list. */
function validateResizePolicy(policies: unknown[], path: FieldPath, podRestartPolicy: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  policies.forEach((entry, i) => {
    const p = record(entry);
    const name = str(p.resourceName);
    const policy = str(p.restartPolicy);
    if (seen.has(name)) errs.push(fieldErrors.duplicate(path.index(i), name));
    seen.add(name);
    if (name === "") errs.push(fieldErrors.required(path));
    else if (!RESIZE_RESOURCES.includes(name)) errs.push(fieldErrors.notSupported(path, name, RESIZE_RESOURCES));
    if (policy === "") errs.push(fieldErrors.required(path));
    else if (!RESIZE_POLICIES.includes(policy)) errs.push(fieldErrors.notSupported(path, policy, RESIZE_POLICIES));
    if (podRestartPolicy === "Never" && policy !== "NotRequired")
      errs.push(fieldErrors.invalid(path, policy, "must be 'NotRequired' when `restartPolicy` is 'Never'"));
  });
  return errs;
}

/** `path.<list>[i]`: made where an item reports, not for every item visited. */
function itemPath(path: FieldPath, listName: string, i: number): FieldPath {
  return path.child(listName).index(i);
}

const LIFECYCLE_HOOKS = ["postStart", "preStop"];

function validateContainer(c: Obj, path: FieldPath, ctx: ContainerContext): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(c.name);
  if (name === "") errs.push(fieldErrors.required(path.child("name")));
  else {
    if (isDNS1123Label(name).length > 0) appendErrors(errs, dnsLabel(name, path.child("name")));
    if (ctx.names.has(name)) errs.push(fieldErrors.duplicate(path.child("name"), name));
    ctx.names.add(name);
  }
  // As upstream: only an empty image is refused in a template (" " has served as a placeholder there); a Pod's
  // containers and every ephemeral container may not have surrounding whitespace.
  const image = str(c.image);
  if (image === "") errs.push(fieldErrors.required(path.child("image")));
  else if ((ctx.resourceIsPod || ctx.kind === "ephemeralContainers") && image !== image.trim())
    errs.push(fieldErrors.invalid(path.child("image"), image, "must not have leading or trailing whitespace"));
  const pull = str(c.imagePullPolicy);
  if (pull === "") errs.push(fieldErrors.required(path.child("imagePullPolicy")));
  else if (!PULL_POLICIES.includes(pull)) errs.push(fieldErrors.notSupported(path.child("imagePullPolicy"), pull, PULL_POLICIES));
  const tmp = str(c.terminationMessagePolicy);
  if (tmp === "") errs.push(fieldErrors.required(path.child("terminationMessagePolicy")));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(tmp))
    errs.push(fieldErrors.notSupported(path.child("terminationMessagePolicy"), tmp, TERMINATION_MESSAGE_POLICIES));
  // Plain loops over ports and mounts; an item's path is made only when it reports.
  const ports = list(c.ports);
  const portNames = ports.length > SCAN_MAX ? new Set<string>() : undefined;
  for (let i = 0; i < ports.length; i++) {
    const p = record(ports[i]);
    const pname = str(p.name);
    if (pname !== "") {
      for (const msg of isValidPortName(pname)) errs.push(fieldErrors.invalid(itemPath(path, "ports", i).child("name"), pname, msg));
      if (seenBefore(ports, i, "name", pname, portNames)) errs.push(fieldErrors.duplicate(itemPath(path, "ports", i).child("name"), pname));
    }
    const cp = typeof p.containerPort === "number" ? p.containerPort : 0;
    if (cp === 0) errs.push(fieldErrors.required(itemPath(path, "ports", i).child("containerPort")));
    else for (const msg of isValidPortNum(cp)) errs.push(fieldErrors.invalid(itemPath(path, "ports", i).child("containerPort"), cp, msg));
    if (typeof p.hostPort === "number" && p.hostPort !== 0)
      for (const msg of isValidPortNum(p.hostPort))
        errs.push(fieldErrors.invalid(itemPath(path, "ports", i).child("hostPort"), p.hostPort, msg));
    const proto = str(p.protocol);
    if (proto === "") errs.push(fieldErrors.required(itemPath(path, "ports", i).child("protocol")));
    else if (!PROTOCOLS.includes(proto))
      errs.push(fieldErrors.notSupported(itemPath(path, "ports", i).child("protocol"), proto, PROTOCOLS));
  }
  if (c.env !== undefined) appendErrors(errs, validateEnv(c.env, path.child("env")));
  if (c.envFrom !== undefined) appendErrors(errs, validateEnvFrom(c.envFrom, path.child("envFrom")));
  const mounts = list(c.volumeMounts);
  const mountPaths = mounts.length > SCAN_MAX ? new Set<string>() : undefined;
  for (let i = 0; i < mounts.length; i++) {
    const r = record(mounts[i]);
    const vname = str(r.name);
    if (vname === "") errs.push(fieldErrors.required(itemPath(path, "volumeMounts", i).child("name")));
    else if (!ctx.volumes.has(vname)) errs.push(fieldErrors.notFound(itemPath(path, "volumeMounts", i).child("name"), vname));
    const mountPath = str(r.mountPath);
    if (mountPath === "") errs.push(fieldErrors.required(itemPath(path, "volumeMounts", i).child("mountPath")));
    else if (seenBefore(mounts, i, "mountPath", mountPath, mountPaths))
      errs.push(fieldErrors.invalid(itemPath(path, "volumeMounts", i).child("mountPath"), mountPath, "must be unique"));
    // As upstream, back-steps are reported on the list's path, without the mount's index.
    const subPath = str(r.subPath);
    const subPathExpr = str(r.subPathExpr);
    if (subPath !== "") errs.push(...validateLocalDescendingPath(subPath, path.child("volumeMounts", "subPath")));
    if (subPathExpr !== "") {
      if (subPath !== "")
        errs.push(
          fieldErrors.invalid(
            itemPath(path, "volumeMounts", i).child("subPathExpr"),
            subPathExpr,
            "subPathExpr and subPath are mutually exclusive",
          ),
        );
      errs.push(...validateLocalDescendingPath(subPathExpr, path.child("volumeMounts", "subPathExpr")));
    }
    if (r.mountPropagation !== undefined)
      errs.push(...validateMountPropagation(r.mountPropagation, c, itemPath(path, "volumeMounts", i).child("mountPropagation")));
  }
  if (Array.isArray(c.volumeDevices) && c.volumeDevices.length > 0)
    errs.push(...validateVolumeDevices(c, (ctx.volumeSpecs ??= volumesByName(ctx.spec.volumes, ctx.extraVolumes)), path));
  appendErrors(errs, validateResources(c.resources, path.child("resources"), ctx.allowIndivisibleHugePages));
  const claims = record(c.resources).claims;
  if (Array.isArray(claims) && claims.length > 0)
    errs.push(
      ...validateResourceClaimRefs(claims, (ctx.claimNames ??= podClaimNames(ctx.spec.resourceClaims)), path.child("resources", "claims")),
    );
  if (Array.isArray(c.resizePolicy) && c.resizePolicy.length > 0)
    errs.push(...validateResizePolicy(c.resizePolicy, path.child("resizePolicy"), ctx.restartPolicy));
  if (isObj(c.securityContext)) {
    appendErrors(errs, validateSecurityContextIDs(c.securityContext, path, false));
    appendErrors(errs, validateContainerSecurityContext(c.securityContext, path.child("securityContext"), ctx.hostUsers));
  }
  if (c.restartPolicy !== undefined && c.restartPolicy !== null) {
    if (ctx.kind === "containers") errs.push(fieldErrors.forbidden(path.child("restartPolicy"), "may not be set for non-init containers"));
    else if (ctx.kind === "initContainers" && c.restartPolicy !== "Always")
      errs.push(fieldErrors.notSupported(path.child("restartPolicy"), c.restartPolicy, ["Always"]));
  }
  if (ctx.kind === "containers" || (ctx.kind === "initContainers" && c.restartPolicy === "Always")) {
    if (isObj(c.livenessProbe)) appendErrors(errs, validateProbe(c.livenessProbe, path.child("livenessProbe"), true));
    if (isObj(c.readinessProbe)) appendErrors(errs, validateProbe(c.readinessProbe, path.child("readinessProbe"), false));
    if (isObj(c.startupProbe)) appendErrors(errs, validateProbe(c.startupProbe, path.child("startupProbe"), true));
    if (isObj(c.readinessProbe) && c.readinessProbe.terminationGracePeriodSeconds !== undefined) {
      errs.push(
        fieldErrors.invalid(
          path.child("readinessProbe", "terminationGracePeriodSeconds"),
          c.readinessProbe.terminationGracePeriodSeconds,
          "must not be set for readinessProbes",
        ),
      );
    }
  } else if (ctx.kind === "initContainers" && c.restartPolicy !== "Always") {
    for (const f of ["lifecycle", "livenessProbe", "readinessProbe", "startupProbe"]) {
      if (c[f] !== undefined && c[f] !== null)
        errs.push(fieldErrors.forbidden(path.child(f), "may not be set for init containers without restartPolicy=Always"));
    }
    return errs;
  } else if (ctx.kind === "ephemeralContainers") {
    errs.push(...validateEphemeralContainer(c, path, (ctx.otherNames ??= containerNames(ctx.spec))));
    return errs;
  }
  if (isObj(c.lifecycle))
    for (const hook of LIFECYCLE_HOOKS) {
      const h = c.lifecycle[hook];
      if (isObj(h)) appendErrors(errs, validateHandler(h, path.child("lifecycle", hook), true, ctx.grace));
    }
  return errs;
}

/** Whether every item has a key, a plain local path and a mode in range: {@link validateKeyToPaths} has nothing to say. */
function plainKeyToPaths(items: unknown): boolean {
  if (!Array.isArray(items)) return true;
  for (let i = 0; i < items.length; i++) {
    const kp = items[i] as Obj;
    if (!isObj(kp) || typeof kp.key !== "string" || kp.key === "" || badFileMode(kp.mode)) return false;
    const target = kp.path;
    if (typeof target !== "string" || target === "" || !isPlainLocalPath(target)) return false;
  }
  return true;
}

/** `items` of a secret or configMap volume (upstream's validateKeyToPath). */
function validateKeyToPaths(items: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const all = list(items);
  for (let i = 0; i < all.length; i++) {
    const kp = record(all[i]);
    const target = str(kp.path);
    if (str(kp.key) === "") errs.push(fieldErrors.required(path.index(i).child("key")));
    if (target === "") errs.push(fieldErrors.required(path.index(i).child("path")));
    for (const e of validateLocalNonReservedPath(target, path.index(i).child("path"))) errs.push(e);
    if (typeof kp.mode === "number" && (kp.mode > 0o777 || kp.mode < 0))
      errs.push(fieldErrors.invalid(path.index(i).child("mode"), kp.mode, "must be a number between 0 and 0777 (octal), both inclusive"));
  }
  return errs;
}

const KEYED_SOURCES = ["secret", "configMap"];

/** A projected volume's sources: their items, and one kind per source; `allowNonLocalTokenPath` is the update ratchet. */
function validateProjectedSources(sources: unknown, path: FieldPath, allowNonLocalTokenPath: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const items = list(sources);
  // A source's path is made only when one of its checks reports.
  for (let i = 0; i < items.length; i++) {
    const src = record(items[i]);
    let kinds = 0;
    for (const kind of KEYED_SOURCES) {
      const keyed = src[kind];
      if (!isObj(keyed)) continue;
      kinds++;
      if (!plainKeyToPaths(keyed.items))
        for (const e of validateKeyToPaths(keyed.items, itemPath(path, "sources", i).child(kind, "items"))) errs.push(e);
    }
    if (isObj(src.downwardAPI)) {
      kinds++;
      if (!plainDownwardAPIItems(src.downwardAPI.items))
        for (const e of validateDownwardAPIItems(src.downwardAPI.items, itemPath(path, "sources", i).child("downwardAPI"))) errs.push(e);
    }
    if (isObj(src.serviceAccountToken)) {
      kinds++;
      const token = src.serviceAccountToken;
      const seconds = typeof token.expirationSeconds === "number" ? token.expirationSeconds : 0;
      if (seconds < 600)
        errs.push(
          fieldErrors.invalid(
            itemPath(path, "sources", i).child("serviceAccountToken", "expirationSeconds"),
            seconds,
            "may not specify a duration less than 10 minutes",
          ),
        );
      if (seconds > 2 ** 32)
        errs.push(
          fieldErrors.invalid(
            itemPath(path, "sources", i).child("serviceAccountToken", "expirationSeconds"),
            seconds,
            "may not specify a duration larger than 2^32 seconds",
          ),
        );
      // As upstream, the token's path errors name the projected volume's `path`, not the source's.
      const target = str(token.path);
      if (target === "") errs.push(fieldErrors.required(path.child("path")));
      else if (!allowNonLocalTokenPath && !isPlainLocalPath(target))
        for (const e of validateLocalNonReservedPath(target, path.child("path"))) errs.push(e);
    }
    if (isObj(src.clusterTrustBundle)) kinds++;
    if (kinds > 1) errs.push(fieldErrors.forbidden(itemPath(path, "sources", i), "may not specify more than 1 volume type per source"));
  }
  return errs;
}

/** A generic ephemeral volume: its claim template's labels, annotations and spec, as a PVC's (upstream's ValidatePersistentVolumeClaimTemplate). */
function validateEphemeralVolume(ephemeral: Obj, path: FieldPath): FieldError[] {
  if (!isObj(ephemeral.volumeClaimTemplate)) return [fieldErrors.required(path.child("volumeClaimTemplate"))];
  const template = ephemeral.volumeClaimTemplate;
  const tp = path.child("volumeClaimTemplate");
  const meta = record(template.metadata);
  return [
    ...validateLabels(meta.labels as Record<string, string> | undefined, tp.child("metadata", "labels")),
    ...validateAnnotations(meta.annotations as Record<string, string> | undefined, tp.child("metadata", "annotations")),
    ...validatePVCSpec(record(template.spec), tp.child("spec")),
  ];
}

/** Bits of the sources that have checks of their own, set from the volume's own keys. */
const CHECKED_SOURCES: ReadonlyMap<string, number> = new Map([
  ["persistentVolumeClaim", 1],
  ["configMap", 2],
  ["secret", 4],
  ["emptyDir", 16],
  ["downwardAPI", 32],
  ["projected", 64],
  ["ephemeral", 128],
]);
const MODED_BITS = [4, 2, 32, 64];

function validateVolumes(volumes: unknown, path: FieldPath, options: PodSpecOptions): { errs: FieldError[]; names: Set<string> } {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  const items = list(volumes);
  // Plain loops, one pass over each volume's own few keys, and a path only where an error is
  // reported: probing every source name on volumes of many shapes cost microseconds per Pod.
  for (let i = 0; i < items.length; i++) {
    const r = record(items[i]);
    const name = str(r.name);
    if (name === "") errs.push(fieldErrors.required(path.index(i).child("name")));
    else {
      for (const msg of isDNS1123Label(name)) errs.push(fieldErrors.invalid(path.index(i).child("name"), name, msg));
      if (names.has(name)) errs.push(fieldErrors.duplicate(path.index(i).child("name"), name));
    }
    names.add(name);
    let sources = 0;
    let checked = 0;
    for (const k in r) {
      const v = r[k];
      if (v === undefined || v === null) continue;
      if (VOLUME_SOURCE_NAMES.has(k)) sources++;
      // Present but not an object: none of the checks below applies (they read its fields).
      if (isObj(v)) checked |= CHECKED_SOURCES.get(k) ?? 0;
    }
    const p = path.index(i);
    // Only with two or more sources is the list's order needed, to name the second as upstream does.
    if (sources === 0) errs.push(fieldErrors.required(p, "must specify a volume type"));
    else if (sources >= 2) {
      const second = VOLUME_SOURCES.filter((src) => r[src] !== undefined && r[src] !== null)[1]!;
      errs.push(fieldErrors.forbidden(p.child(second), "may not specify more than 1 volume type"));
    }
    if (checked !== 0) volumeSourceChecks(r, checked, p, options, errs);
    if (sources > 0) validateVolumeSourceFields(r, p, options.resourceIsPod === true, errs);
    for (let m = 0; m < MODED_SOURCES.length; m++) {
      if ((checked & MODED_BITS[m]!) === 0) continue;
      const key = MODED_SOURCES[m]!;
      const mode = (r[key] as Obj).defaultMode;
      if (typeof mode === "number" && (mode < 0 || mode > 0o777))
        errs.push(fieldErrors.invalid(p.child(key, "defaultMode"), mode, "must be a number between 0 and 0777 (octal), both inclusive"));
    }
  }
  return { errs, names };
}

/** The checks of the sources whose bits are in `checked` (each an object), in upstream's order. */
function volumeSourceChecks(r: Obj, checked: number, p: FieldPath, options: PodSpecOptions, errs: FieldError[]): void {
  const pvc = checked & 1 ? (r.persistentVolumeClaim as Obj) : undefined;
  const configMap = checked & 2 ? (r.configMap as Obj) : undefined;
  const secret = checked & 4 ? (r.secret as Obj) : undefined;
  if (pvc && str(pvc.claimName) === "") errs.push(fieldErrors.required(p.child("persistentVolumeClaim", "claimName")));
  if (configMap && str(configMap.name) === "") errs.push(fieldErrors.required(p.child("configMap", "name")));
  if (secret && str(secret.secretName) === "") errs.push(fieldErrors.required(p.child("secret", "secretName")));
  if (checked & 16) {
    const sizeLimit = (r.emptyDir as Obj).sizeLimit;
    if (sizeLimit !== undefined && quantitySign(sizeLimit) === -1)
      errs.push(fieldErrors.forbidden(p.child("emptyDir", "sizeLimit"), "SizeLimit field must be a valid resource quantity"));
  }
  if (secret && !plainKeyToPaths(secret.items)) for (const e of validateKeyToPaths(secret.items, p.child("secret", "items"))) errs.push(e);
  if (configMap && !plainKeyToPaths(configMap.items))
    for (const e of validateKeyToPaths(configMap.items, p.child("configMap", "items"))) errs.push(e);
  const downwardAPI = checked & 32 ? (r.downwardAPI as Obj) : undefined;
  if (downwardAPI && !plainDownwardAPIItems(downwardAPI.items))
    for (const e of validateDownwardAPIItems(downwardAPI.items, p.child("downwardAPI"))) errs.push(e);
  if (checked & 64)
    for (const e of validateProjectedSources((r.projected as Obj).sources, p.child("projected"), options.allowNonLocalTokenPath === true))
      errs.push(e);
  if (checked & 128) for (const e of validateEphemeralVolume(r.ephemeral as Obj, p.child("ephemeral"))) errs.push(e);
}

export interface PodSpecOptions {
  /** Restart policies a template may use (workloads restrict them); all three for Pods. */
  restartPolicies?: readonly string[];
  /** Hugepages need not be whole pages: an update of an object stored with such values (upstream's AllowIndivisibleHugePagesValues). */
  allowIndivisibleHugePages?: boolean;
  /** Affinity label values the stored object already had that are invalid (see affinityOptionsFrom). */
  affinity?: AffinityOptions;
  /** The stored spec's topology spread selectors break the rules: they may stay (upstream's AllowInvalidTopologySpreadConstraintLabelSelector). */
  allowInvalidSpreadSelector?: boolean;
  /** The stored spec's matchLabelKeys break the rules: they are not checked (upstream's OldPodViolatesMatchLabelKeysValidation). */
  oldViolatesMatchLabelKeys?: boolean;
  /** The stored spec had namespaced sysctls beside hostNetwork or hostIPC (upstream's AllowNamespacedSysctlsForHostNetAndHostIPC). */
  allowHostNamespacedSysctls?: boolean;
  /** The stored spec had a projected token path that is not local (upstream's AllowNonLocalProjectedTokenPath). */
  allowNonLocalTokenPath?: boolean;
  /** The spec is a Pod's, not a template's (upstream's ResourceIsPod): image whitespace is refused. */
  resourceIsPod?: boolean;
  /** Volumes the pods get from elsewhere (a StatefulSet's volumeClaimTemplates), which mounts may name. */
  extraVolumes?: readonly string[];
  /** The stored object's pod-deletion-cost annotation did not parse: it is not checked (upstream's AllowInvalidPodDeletionCost). */
  allowInvalidDeletionCost?: boolean;
}

/** Two ports of the Pod's containers on one host port, protocol and host IP (upstream's checkHostPortConflicts). */
function hostPortConflicts(containers: unknown[], specPath: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  // Made at the first host port: most Pods have none.
  let seen: Set<string> | undefined;
  for (let ci = 0; ci < containers.length; ci++) {
    const ports = list(record(containers[ci]).ports);
    for (let pi = 0; pi < ports.length; pi++) {
      const p = record(ports[pi]);
      if (typeof p.hostPort !== "number" || p.hostPort === 0) continue;
      const key = `${str(p.protocol)}/${str(p.hostIP)}/${p.hostPort}`;
      seen ??= new Set();
      if (seen.has(key))
        errs.push(fieldErrors.duplicate(specPath.child("containers").index(ci).child("ports").index(pi).child("hostPort"), key));
      else seen.add(key);
    }
  }
  return errs;
}

/** upstream's validatePodDNSConfig for the nameservers: required for dnsPolicy None, at most three, IPs. */
function validateDNSConfig(config: unknown, dnsPolicy: string, path: FieldPath): FieldError[] {
  const nameservers = list(record(config).nameservers);
  if (dnsPolicy === "None") {
    if (!isObj(config)) return [fieldErrors.required(path, "must provide `dnsConfig` when `dnsPolicy` is None")];
    if (nameservers.length === 0)
      return [fieldErrors.required(path.child("nameservers"), "must provide at least one DNS nameserver when `dnsPolicy` is None")];
  }
  if (!isObj(config)) return [];
  const errs: FieldError[] = [];
  if (nameservers.length > 3)
    errs.push(fieldErrors.invalid(path.child("nameservers"), nameservers, "must not have more than 3 nameservers"));
  // Only unparseable addresses: the stricter canonical-form rules depend on upstream's IP feature gates.
  nameservers.forEach((ns, i) => {
    if (!parseIP(str(ns))) errs.push(fieldErrors.invalid(path.child("nameservers").index(i), str(ns), isValidIP(str(ns))[0]!));
  });
  const searches = list(config.searches).map(str);
  if (searches.length > MAX_DNS_SEARCH_PATHS)
    errs.push(fieldErrors.invalid(path.child("searches"), searches, `must not have more than ${MAX_DNS_SEARCH_PATHS} search paths`));
  if (searches.join(" ").length > MAX_DNS_SEARCH_CHARS)
    errs.push(
      fieldErrors.invalid(
        path.child("searches"),
        searches,
        `must not have more than ${MAX_DNS_SEARCH_CHARS} characters (including spaces) in the search list`,
      ),
    );
  // RelaxedDNSSearchValidation (GA in 1.34): "." alone, a trailing dot, and underscores are allowed.
  searches.forEach((search, i) => {
    if (search === ".") return;
    const name = search.endsWith(".") ? search.slice(0, -1) : search;
    for (const msg of dnsSubdomainWithUnderscore(name)) errs.push(fieldErrors.invalid(path.child("searches").index(i), name, msg));
  });
  list(config.options).forEach((o, i) => {
    if (str(record(o).name) === "") errs.push(fieldErrors.required(path.child("options").index(i), "must not be empty"));
  });
  return errs;
}

const MAX_DNS_SEARCH_PATHS = 32;
const MAX_DNS_SEARCH_CHARS = 2048;
const DNS_LABEL_UNDERSCORE = "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?";
const DNS_SUBDOMAIN_UNDERSCORE = `${DNS_LABEL_UNDERSCORE}(\\.${DNS_LABEL_UNDERSCORE})*`;
const DNS_SUBDOMAIN_UNDERSCORE_RE = new RegExp(`^${DNS_SUBDOMAIN_UNDERSCORE}$`);

/** upstream's IsDNS1123SubdomainWithUnderscore. */
function dnsSubdomainWithUnderscore(value: string): string[] {
  const errs: string[] = [];
  if (Buffer.byteLength(value, "utf8") > 253) errs.push(maxLenError(253));
  if (!DNS_SUBDOMAIN_UNDERSCORE_RE.test(value))
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character",
        DNS_SUBDOMAIN_UNDERSCORE,
        "example.com",
      ),
    );
  return errs;
}

const WHEN_UNSATISFIABLE = ["DoNotSchedule", "ScheduleAnyway"];
const NODE_INCLUSION_POLICIES = ["Honor", "Ignore"];

/**
 * upstream's validateTopologySpreadConstraints. matchLabelKeys get 1.34's rules for a selector the
 * Pod strategy merged them into (MatchLabelKeysInPodTopologySpreadSelectorMerge, on by default).
 */
function validateTopologySpread(constraints: unknown, path: FieldPath, options: PodSpecOptions): FieldError[] {
  const all = list(constraints).map(record);
  const errs: FieldError[] = [];
  all.forEach((c, i) => {
    const p = path.index(i);
    const maxSkew = typeof c.maxSkew === "number" ? c.maxSkew : 0;
    if (maxSkew <= 0) errs.push(fieldErrors.invalid(p.child("maxSkew"), maxSkew, "must be greater than zero"));
    const key = str(c.topologyKey);
    if (key === "") errs.push(fieldErrors.required(p.child("topologyKey"), "can not be empty"));
    const action = str(c.whenUnsatisfiable);
    if (!WHEN_UNSATISFIABLE.includes(action)) errs.push(fieldErrors.notSupported(p.child("whenUnsatisfiable"), action, WHEN_UNSATISFIABLE));
    // As upstream, a repeated pair is reported on the first of the two.
    if (all.slice(i + 1).some((o) => str(o.topologyKey) === key && str(o.whenUnsatisfiable) === action))
      errs.push(fieldErrors.duplicate(p.child("{topologyKey, whenUnsatisfiable}"), `{${key}, ${action}}`));
    if (typeof c.minDomains === "number") {
      if (c.minDomains <= 0) errs.push(fieldErrors.invalid(p.child("minDomains"), c.minDomains, "must be greater than zero"));
      if (action !== "DoNotSchedule")
        errs.push(
          fieldErrors.invalid(
            p.child("minDomains"),
            c.minDomains,
            `can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ${action}`,
          ),
        );
    }
    for (const f of ["nodeAffinityPolicy", "nodeTaintsPolicy"]) {
      if (c[f] !== undefined && c[f] !== null && !NODE_INCLUSION_POLICIES.includes(str(c[f])))
        errs.push(fieldErrors.notSupported(p.child(f), c[f], NODE_INCLUSION_POLICIES));
    }
    if (options.oldViolatesMatchLabelKeys !== true && Array.isArray(c.matchLabelKeys)) errs.push(...validateLabelKeys(c, p));
    if (isObj(c.labelSelector) && options.allowInvalidSpreadSelector !== true)
      errs.push(...validateLabelSelector(c.labelSelector, p.child("labelSelector")));
  });
  return errs;
}

const CONTAINER_KINDS = ["containers", "initContainers", "ephemeralContainers"] as const;

const RESOURCE_CHECKS: ResourceChecks = {
  requirements: validateResources,
  isStandardName: (name) => STANDARD_RESOURCE_NAMES.has(name) || name.startsWith("hugepages-") || name.startsWith("requests.hugepages-"),
};

function volumesByName(volumes: unknown, extra: readonly string[] = []): Map<string, Obj> {
  const m = new Map<string, Obj>();
  for (const name of extra) m.set(name, { name, persistentVolumeClaim: { claimName: name } });
  for (const v of list(volumes)) m.set(str(record(v).name), record(v));
  return m;
}

function podClaimNames(claims: unknown): Set<string> {
  const names = new Set<string>();
  for (const c of list(claims)) if (str(record(c).name) !== "") names.add(str(record(c).name));
  return names;
}

function containerNames(spec: Obj): Set<string> {
  const names = new Set<string>();
  for (const kind of ["containers", "initContainers"]) for (const c of list(spec[kind])) names.add(str(record(c).name));
  return names;
}

/** upstream's ValidatePodSpec, for the fields users set most. */
/** The spec's fields naming objects by DNS subdomain, in upstream's order. */
const SUBDOMAIN_NAMED = ["serviceAccountName", "nodeName", "priorityClassName", "schedulerName"];

export function validatePodSpec(spec: unknown, path: FieldPath, options: PodSpecOptions = {}): FieldError[] {
  const s = record(spec);
  const { errs, names: volumes } = validateVolumes(s.volumes, path.child("volumes"), options);
  if (options.extraVolumes !== undefined) for (const v of options.extraVolumes) volumes.add(v);
  const names = new Set<string>();
  const grace = typeof s.terminationGracePeriodSeconds === "number" ? s.terminationGracePeriodSeconds : undefined;
  const allowIndivisibleHugePages = options.allowIndivisibleHugePages === true;
  const resourceIsPod = options.resourceIsPod === true;
  const restartPolicy = str(s.restartPolicy);
  if (s.resourceClaims !== undefined) errs.push(...validatePodResourceClaims(s.resourceClaims, path.child("resourceClaims")));
  if (list(s.containers).length === 0) errs.push(fieldErrors.required(path.child("containers")));
  // One context for every container; what only rare fields need is built on first use (no closures:
  // the runtime names each function it makes, which costs more than the check).
  const ctx: ContainerContext = {
    volumes,
    names,
    kind: "containers",
    grace,
    allowIndivisibleHugePages,
    resourceIsPod,
    restartPolicy,
    hostUsers: s.hostUsers !== false,
    spec: s,
    extraVolumes: options.extraVolumes,
  };
  for (const kind of CONTAINER_KINDS) {
    const containers = s[kind];
    if (!Array.isArray(containers)) continue;
    ctx.kind = kind;
    const listPath = path.child(kind);
    for (let i = 0; i < containers.length; i++) appendErrors(errs, validateContainer(record(containers[i]), listPath.index(i), ctx));
  }
  if (s.resources !== undefined && s.resources !== null)
    errs.push(...validatePodLevelResources(s, path.child("resources"), allowIndivisibleHugePages, RESOURCE_CHECKS));
  appendErrors(errs, hostPortConflicts(list(s.containers), path));
  if (s.hostNetwork === true) {
    // Defaulting made an unset hostPort the containerPort: any other value cannot be honoured on the host's network.
    list(s.containers).forEach((c, ci) =>
      list(record(c).ports).forEach((port, pi) => {
        const p = record(port);
        // A template may leave the port 0: it is defaulted when the Pod is made (upstream's validatePodHostNetworkDeps).
        const hostPort = p.hostPort ?? 0;
        if ((resourceIsPod || hostPort !== 0) && hostPort !== (p.containerPort ?? 0))
          errs.push(
            fieldErrors.invalid(
              path.child("containers").index(ci).child("ports").index(pi).child("hostPort"),
              p.hostPort ?? 0,
              "must match `containerPort` when `hostNetwork` is true",
            ),
          );
      }),
    );
  }
  if (isObj(s.securityContext)) {
    const sc = s.securityContext;
    appendErrors(errs, validateSecurityContextIDs(sc, path, true));
    if (sc.seccompProfile !== undefined)
      errs.push(...validateSeccompProfile(sc.seccompProfile, path.child("securityContext", "seccompProfile")));
    if (sc.appArmorProfile !== undefined)
      errs.push(...validateAppArmorProfile(sc.appArmorProfile, path.child("securityContext", "appArmorProfile")));
    // Enumerations of the pod's securityContext, when set, with upstream's sorted lists.
    for (const [f, allowed] of POD_CONTEXT_ENUMS) {
      const v = sc[f];
      if (v !== undefined && v !== null && !allowed.includes(str(v)))
        errs.push(fieldErrors.notSupported(path.child("securityContext", f), v, allowed));
    }
  }
  // The rarer host-sharing fields: each check runs only when its fields are there.
  if (s.shareProcessNamespace === true || (isObj(s.securityContext) && s.securityContext.sysctls !== undefined))
    errs.push(...validatePodSecurityHostRules(s, path.child("securityContext"), options.allowHostNamespacedSysctls === true));
  if (isObj(s.affinity)) errs.push(...validateAffinity(s.affinity, path.child("affinity"), options.affinity));
  const restart = str(s.restartPolicy);
  if (restart === "") errs.push(fieldErrors.required(path.child("restartPolicy")));
  else if (!RESTART_POLICIES.includes(restart)) errs.push(fieldErrors.notSupported(path.child("restartPolicy"), restart, RESTART_POLICIES));
  else if (options.restartPolicies && !options.restartPolicies.includes(restart))
    errs.push(fieldErrors.notSupported(path.child("restartPolicy"), restart, options.restartPolicies));
  const dns = str(s.dnsPolicy);
  if (dns === "") errs.push(fieldErrors.required(path.child("dnsPolicy")));
  else if (!DNS_POLICIES.includes(dns)) errs.push(fieldErrors.notSupported(path.child("dnsPolicy"), dns, DNS_POLICIES));
  // Without a dnsConfig only the None policy has something to say.
  if (isObj(s.dnsConfig) || dns === "None") appendErrors(errs, validateDNSConfig(s.dnsConfig, dns, path.child("dnsConfig")));
  const readinessGates = list(s.readinessGates);
  for (let i = 0; i < readinessGates.length; i++) {
    const type = str(record(readinessGates[i]).conditionType);
    for (const msg of isQualifiedName(type))
      errs.push(fieldErrors.invalid(path.child("readinessGates").index(i).child("conditionType"), type, msg));
  }
  const gates = list(s.schedulingGates);
  for (let i = 0; i < gates.length; i++) {
    const name = str(record(gates[i]).name);
    const gp = path.child("schedulingGates").index(i);
    for (const msg of isQualifiedName(name)) errs.push(fieldErrors.invalid(gp, name, msg));
    if (seenBefore(gates, i, "name", name, undefined)) errs.push(fieldErrors.duplicate(gp, name));
  }
  if (s.topologySpreadConstraints !== undefined)
    errs.push(...validateTopologySpread(s.topologySpreadConstraints, path.child("topologySpreadConstraints"), options));
  if (usesWindowsOptions(s)) errs.push(...validateWindowsPod(s, path));
  if (s.preemptionPolicy !== undefined && s.preemptionPolicy !== null) {
    const pp = str(s.preemptionPolicy);
    if (pp === "") errs.push(fieldErrors.required(path.child("preemptionPolicy")));
    else if (pp !== "PreemptLowerPriority" && pp !== "Never")
      errs.push(fieldErrors.notSupported(path.child("preemptionPolicy"), pp, ["PreemptLowerPriority", "Never"]));
  }
  if (isObj(s.os)) {
    // As upstream, an unknown OS is reported on `os` itself.
    const os = str(s.os.name);
    if (os === "") errs.push(fieldErrors.required(path.child("os", "name"), "cannot be empty"));
    else if (os !== "linux" && os !== "windows") errs.push(fieldErrors.notSupported(path.child("os"), os, ["linux", "windows"]));
    else errs.push(...validateOSFields(s, os, path));
  }
  for (const f of SUBDOMAIN_NAMED) {
    const v = str(s[f]);
    if (v !== "") for (const msg of isDNS1123Subdomain(v)) errs.push(fieldErrors.invalid(path.child(f), v, msg));
  }
  if (s.runtimeClassName !== undefined && s.runtimeClassName !== null) {
    const rc = str(s.runtimeClassName);
    for (const msg of nameIsDNSSubdomain(rc, false)) errs.push(fieldErrors.invalid(path.child("runtimeClassName"), rc, msg));
  }
  // As upstream's validateOverhead: the overhead is checked as a container's limits, and named so.
  if (isObj(s.overhead)) errs.push(...validateResources({ limits: s.overhead }, path.child("overhead"), allowIndivisibleHugePages));
  if (str(s.hostname) !== "") errs.push(...dnsLabel(str(s.hostname), path.child("hostname")));
  if (str(s.subdomain) !== "") errs.push(...dnsLabel(str(s.subdomain), path.child("subdomain")));
  if (typeof s.terminationGracePeriodSeconds === "number" && s.terminationGracePeriodSeconds < 0)
    appendErrors(errs, nonNegative(s.terminationGracePeriodSeconds, path.child("terminationGracePeriodSeconds")));
  if (typeof s.activeDeadlineSeconds === "number" && s.activeDeadlineSeconds <= 0) {
    errs.push(
      fieldErrors.invalid(path.child("activeDeadlineSeconds"), s.activeDeadlineSeconds, "must be between 1 and 2147483647, inclusive"),
    );
  }
  if (s.nodeSelector !== undefined)
    appendErrors(errs, validateLabels(s.nodeSelector as Record<string, string> | undefined, path.child("nodeSelector")));
  if (s.hostAliases !== undefined) errs.push(...validateHostAliases(s.hostAliases, path.child("hostAliases")));
  if (s.hostUsers === false) errs.push(...validateHostUsers(s, path));
  const tolerations = list(s.tolerations);
  if (tolerations.length > 0) {
    const tp = path.child("tolerations");
    for (let i = 0; i < tolerations.length; i++) appendErrors(errs, validateToleration(record(tolerations[i]), tp.index(i)));
  }
  return errs;
}

/** upstream's ValidateTolerations for one toleration, in its order. */
export function validateToleration(r: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const op = str(r.operator);
  const key = str(r.key);
  const value = str(r.value);
  const effect = str(r.effect);
  if (key !== "") for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(p.child("key"), key, msg));
  if (key === "" && op !== "Exists")
    errs.push(
      fieldErrors.invalid(
        p.child("operator"),
        op,
        'operator must be Exists when `key` is empty, which means "match all values and all keys"',
      ),
    );
  if (r.tolerationSeconds !== undefined && r.tolerationSeconds !== null && effect !== "NoExecute")
    errs.push(fieldErrors.invalid(p.child("effect"), effect, "effect must be 'NoExecute' when `tolerationSeconds` is set"));
  if (op === "" || op === "Equal") {
    // As upstream: the value must be a label value, every broken rule in one message.
    const bad = isValidLabelValue(value);
    if (bad.length > 0) errs.push(fieldErrors.invalid(p.child("operator"), value, bad.join(";")));
  } else if (op === "Exists") {
    if (value !== "") errs.push(fieldErrors.invalid(p.child("operator"), value, "value must be empty when `operator` is 'Exists'"));
  } else errs.push(fieldErrors.notSupported(p.child("operator"), op, ["Equal", "Exists"]));
  if (effect !== "" && !TAINT_EFFECTS.includes(effect)) errs.push(fieldErrors.notSupported(p.child("effect"), effect, TAINT_EFFECTS));
  return errs;
}

const TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];

/** A PodTemplateSpec inside a workload: its labels and its spec. */
export function validatePodTemplateSpec(template: unknown, path: FieldPath, options: PodSpecOptions = {}): FieldError[] {
  if (!isObj(template)) return [fieldErrors.required(path)];
  const meta = record(template.metadata);
  const errs = validateLabels(meta.labels as Record<string, string> | undefined, path.child("metadata", "labels"));
  errs.push(
    ...validatePodSpecificAnnotations(
      meta.annotations,
      template.spec,
      path.child("metadata", "annotations"),
      options.allowInvalidDeletionCost,
    ),
  );
  errs.push(...validatePodSpec(template.spec, path.child("spec"), options));
  errs.push(...validateAnnotationsMatchFields(meta.annotations, template.spec, path.child("spec")));
  const spec = record(template.spec);
  if (list(spec.ephemeralContainers).length > 0)
    errs.push(fieldErrors.forbidden(path.child("spec", "ephemeralContainers"), "ephemeral containers not allowed in pod template"));
  return errs;
}

/** A Pod's spec with the rules only Pods have (upstream's validatePodMetadataAndSpec), on create and update. */
export function validatePod(pod: KubeObject, options: PodSpecOptions = POD_CREATE_OPTIONS): FieldError[] {
  const errs = validatePodSpecificAnnotations(pod.metadata?.annotations, pod.spec, ANNOTATIONS_PATH, options.allowInvalidDeletionCost);
  // A create's options are one shared object, not a copy per Pod.
  appendErrors(errs, validatePodSpec(pod.spec, SPEC_PATH, options === POD_CREATE_OPTIONS ? options : { ...options, resourceIsPod: true }));
  const s = record(pod.spec);
  // A token needs an account to be issued for: ServiceAccount admission fills the name in, so this is rare.
  if (str(s.serviceAccountName) === "")
    list(s.volumes).forEach((v, vi) => {
      list(record(record(v).projected).sources).forEach((source, si) => {
        if (isObj(record(source).serviceAccountToken))
          errs.push(
            fieldErrors.forbidden(
              SPEC_PATH.child("volumes").index(vi).child("projected", "sources").index(si).child("serviceAccountToken"),
              "must not be specified when serviceAccountName is not set",
            ),
          );
      });
    });
  return errs;
}

const SPEC_PATH = FieldPath.of("spec");
/** A Pod's options without a stored object to ratchet from. */
const POD_CREATE_OPTIONS: PodSpecOptions = Object.freeze({ resourceIsPod: true });
const ANNOTATIONS_PATH = FieldPath.of("metadata", "annotations");

/** upstream's ValidatePodCreate: the Pod rules, then what only a new Pod may not have. */
export function validatePodCreate(pod: KubeObject): FieldError[] {
  const errs = validatePod(pod);
  const s = record(pod.spec);
  if (list(s.ephemeralContainers).length > 0)
    errs.push(fieldErrors.forbidden(SPEC_PATH.child("ephemeralContainers"), "cannot be set on create"));
  if (str(s.nodeName) !== "" && list(s.schedulingGates).length > 0)
    errs.push(fieldErrors.forbidden(SPEC_PATH.child("nodeName"), "cannot be set until all schedulingGates have been cleared"));
  errs.push(...validateAnnotationsMatchFields(pod.metadata?.annotations, pod.spec, SPEC_PATH));
  return errs;
}

/** Whether a spec has hugepages that are not whole pages (upstream's ratchet: such a stored spec may still be updated). */
export function hasIndivisibleHugePages(spec: unknown): boolean {
  const s = record(spec);
  for (const kind of ["containers", "initContainers"]) {
    for (const c of list(s[kind])) {
      const r = record(record(c).resources);
      for (const values of [record(r.limits), record(r.requests)]) {
        for (const name of Object.keys(values)) {
          if (name.startsWith("hugepages-") && hugePageValueErrors(name, values[name], FieldPath.root()).length > 0) return true;
        }
      }
    }
  }
  return false;
}

/**
 * The options an update of a spec stored as `oldSpec` gets (upstream's
 * GetValidationOptionsFromPodSpecAndMeta with an old spec): values the stored spec already had
 * that a rule now refuses may stay, so objects stored before the rule existed can still change.
 * Pods and every workload's pod template take them.
 */
export function ratchetOptionsFrom(oldSpec: unknown, oldAnnotations?: unknown): PodSpecOptions {
  const s = record(oldSpec);
  const options: PodSpecOptions = { allowIndivisibleHugePages: hasIndivisibleHugePages(s), affinity: affinityOptionsFrom(s) };
  if (storedDeletionCostInvalid(oldAnnotations)) options.allowInvalidDeletionCost = true;
  const root = FieldPath.root();
  for (const c of list(s.topologySpreadConstraints)) {
    const constraint = record(c);
    if (validateLabelSelector(constraint.labelSelector, root).length > 0) options.allowInvalidSpreadSelector = true;
    if (Array.isArray(constraint.matchLabelKeys) && validateLabelKeys(constraint, root).length > 0)
      options.oldViolatesMatchLabelKeys = true;
  }
  if (hostSysctlErrors(s)) options.allowHostNamespacedSysctls = true;
  for (const v of list(s.volumes)) {
    for (const source of list(record(record(v).projected).sources)) {
      const token = record(source).serviceAccountToken;
      if (isObj(token) && validateLocalNonReservedPath(str(token.path), root).length > 0) options.allowNonLocalTokenPath = true;
    }
  }
  return options;
}

const POD_UPDATE_MESSAGE =
  "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)";

/** Pod spec updates: only the mutable fields may differ (upstream's ValidatePodUpdate). */
export function validatePodUpdate(pod: KubeObject, old: KubeObject): FieldError[] {
  const errs = validatePod(pod, ratchetOptionsFrom(old.spec, old.metadata?.annotations));
  const spec = deepCopyPodSpec(record(pod.spec) as unknown as PodSpec) as unknown as Obj;
  const oldSpec = record(old.spec);
  // Copy the fields that may change from the old spec, then any difference left is forbidden.
  for (const kind of ["containers", "initContainers"]) {
    const now = list(spec[kind]);
    const before = list(oldSpec[kind]);
    if (now.length === before.length) now.forEach((c, i) => isObj(c) && (c.image = record(before[i]).image));
  }
  const oldDeadline = oldSpec.activeDeadlineSeconds;
  const newDeadline = spec.activeDeadlineSeconds;
  if (typeof newDeadline === "number" && (oldDeadline === undefined || (typeof oldDeadline === "number" && newDeadline <= oldDeadline)))
    spec.activeDeadlineSeconds = oldDeadline;
  if (oldDeadline !== undefined && newDeadline === undefined)
    errs.push(
      fieldErrors.invalid(FieldPath.of("spec", "activeDeadlineSeconds"), null, "must not update from a positive integer to nil value"),
    );
  const oldTolerations = list(oldSpec.tolerations);
  if (oldTolerations.every((t) => list(spec.tolerations).some((n) => sameJSON(n, t)))) spec.tolerations = oldSpec.tolerations;
  if (list(spec.schedulingGates).every((g) => list(oldSpec.schedulingGates).some((o) => sameJSON(o, g))))
    spec.schedulingGates = oldSpec.schedulingGates;
  if (
    typeof oldSpec.terminationGracePeriodSeconds === "number" &&
    oldSpec.terminationGracePeriodSeconds < 0 &&
    spec.terminationGracePeriodSeconds === 1
  ) {
    spec.terminationGracePeriodSeconds = oldSpec.terminationGracePeriodSeconds;
  }
  // nodeName may be set once (binding does it); ephemeral containers change only through their subresource.
  spec.ephemeralContainers = oldSpec.ephemeralContainers;
  errs.push(...gatedPodUpdate(spec, oldSpec, FieldPath.of("spec")));
  if (!sameJSON(spec, oldSpec)) {
    // As upstream: the message ends with the spec diff (old `-`, new `+`) after the updatable fields were set back.
    errs.push(fieldErrors.forbidden(FieldPath.of("spec"), `${POD_UPDATE_MESSAGE}\n${goStyleDiff("core.PodSpec", oldSpec, spec)}`));
  }
  return errs;
}
