/**
 * resource.k8s.io/v1 validation as upstream 1.34's (pkg/apis/resource/validation): ResourceClaim
 * specs (requests with `exactly` or `firstAvailable`, allocation modes, device class names,
 * CEL selectors, constraints, opaque config, tolerations), ResourceClaim status (reservedFor,
 * allocation results, device status), ResourceClaimTemplates, DeviceClasses and ResourceSlices
 * (driver, pool, node selection, devices and their attributes and capacities, shared counters),
 * with upstream's limits and messages.
 */
import {
  isCIdentifier,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidLabelValue,
} from "../../../runtime/validation/strings.js";
import { formatIP, parseIP } from "../../../runtime/validation/strings.js";
import { goQuote } from "../../../runtime/go-strings.js";
import type { KubeObject } from "../rest.js";
import { validateNodeSelector } from "./affinity.js";
import { fieldErrors, FieldPath, GoSyntax, type FieldError } from "./field.js";
import { FIELD_IMMUTABLE, validateAnnotations, validateLabels } from "./object-meta.js";
import { isExtendedResourceName } from "./resource-names.js";
import { deviceSelectorCompileError, deviceSelectorTooComplex } from "./resource-cel.js";
import { isObj, list, num, record, sameJSON, str, type Obj } from "./shape.js";
import { validateCSIDriverName } from "./volume-sources.js";
import { validateConditions } from "./workload-status.js";

// upstream's limits (pkg/apis/resource/types.go, 1.34).
export const DEVICE_REQUESTS_MAX = 32;
export const FIRST_AVAILABLE_MAX = 8;
export const DEVICE_SELECTORS_MAX = 32;
export const DEVICE_CONSTRAINTS_MAX = 32;
export const DEVICE_CONFIG_MAX = 32;
export const ALLOCATION_RESULTS_MAX = 32;
export const CEL_SELECTOR_MAX_LENGTH = 10 * 1024;
export const OPAQUE_PARAMETERS_MAX_LENGTH = 10 * 1024;
export const RESERVED_FOR_MAX = 256;
export const POOL_NAME_MAX_LENGTH = 253;
export const SLICE_MAX_DEVICES = 128;
export const SLICE_MAX_DEVICES_WITH_TAINTS_OR_COUNTERS = 64;
export const ATTRIBUTES_AND_CAPACITIES_MAX = 32;
const DEVICE_MAX_DOMAIN_LENGTH = 63;
const DEVICE_MAX_ID_LENGTH = 32;
const ATTRIBUTE_MAX_VALUE_LENGTH = 64;
const DEVICE_TAINTS_MAX = 4;
const COUNTER_SETS_MAX = 8;
const COUNTERS_PER_SET_MAX = 32;
const COUNTER_CONSUMPTIONS_PER_DEVICE_MAX = 2;
const COUNTERS_PER_CONSUMPTION_MAX = 32;
const BINDING_CONDITIONS_MAX = 4;
const DEVICE_STATUS_MAX_CONDITIONS = 8;
const DEVICE_STATUS_DATA_MAX_LENGTH = 10 * 1024;
const INTERFACE_NAME_MAX_LENGTH = 256;
const HARDWARE_ADDRESS_MAX_LENGTH = 128;
const NETWORK_IPS_MAX = 16;
const ATTRIBUTE_KEY_MAX = DEVICE_MAX_DOMAIN_LENGTH + 1 + DEVICE_MAX_ID_LENGTH;

const ALLOCATION_MODES = ["All", "ExactCount"];
const TOLERATION_OPERATORS = ["Equal", "Exists"];
const TAINT_EFFECTS = ["NoExecute", "NoSchedule"];
const CONFIG_SOURCES = ["FromClaim", "FromClass"];
const REQUEST_REF = "must be the name of a request in the claim or the name of a request and a subrequest separated by '/'";

const has = (o: Obj, k: string) => o[k] !== undefined && o[k] !== null;

// --- generic list, set and map checks (upstream's validateSlice, validateSet, validateMap) ---

/** Too many entries is the only error (a DoS guard); otherwise each entry is checked. */
function validateSlice(items: unknown[], max: number, item: (v: unknown, p: FieldPath) => FieldError[], path: FieldPath): FieldError[] {
  if (max >= 0 && items.length > max) return [fieldErrors.tooMany(path, items.length, max)];
  const errs: FieldError[] = [];
  items.forEach((v, i) => errs.push(...item(v, path.index(i))));
  return errs;
}

/** As validateSlice, then a Duplicate for each repeated key. */
function validateSet(
  items: unknown[],
  max: number,
  item: (v: unknown, p: FieldPath) => FieldError[],
  key: (v: unknown) => string,
  path: FieldPath,
): FieldError[] {
  if (max >= 0 && items.length > max) return [fieldErrors.tooMany(path, items.length, max)];
  const errs: FieldError[] = [];
  items.forEach((v, i) => errs.push(...item(v, path.index(i))));
  const seen = new Set<string>();
  items.forEach((v, i) => {
    const k = key(v);
    if (seen.has(k)) errs.push(fieldErrors.duplicate(path.index(i), k));
    else seen.add(k);
  });
  return errs;
}

/** Keys longer than `max` are shortened in the middle in paths (upstream's truncateIfTooLong). */
function truncate(s: string, max: number): string {
  const n = Math.max(max, 16);
  if (s.length <= n) return s;
  const remaining = n - 3;
  return `${s.slice(0, Math.floor((remaining + 1) / 2))}...${s.slice(s.length - Math.floor(remaining / 2))}`;
}

function validateMap(
  m: Obj,
  max: number,
  keyMax: number,
  key: (k: string, p: FieldPath) => FieldError[],
  item: (v: unknown, p: FieldPath) => FieldError[],
  path: FieldPath,
): FieldError[] {
  const keys = Object.keys(m);
  if (max >= 0 && keys.length > max) return [fieldErrors.tooMany(path, keys.length, max)];
  const errs: FieldError[] = [];
  for (const k of keys) {
    errs.push(...key(k, path));
    errs.push(...item(m[k], path.key(truncate(k, keyMax))));
  }
  return errs;
}

// --- names ---

const dnsLabel = (name: string, p: FieldPath) => isDNS1123Label(name).map((m) => fieldErrors.invalid(p, name, m));
const dnsSubdomain = (name: string, p: FieldPath) => isDNS1123Subdomain(name).map((m) => fieldErrors.invalid(p, name, m));
const labelName = (name: string, p: FieldPath) => isQualifiedName(name).map((m) => fieldErrors.invalid(p, name, m));
const labelValue = (value: string, p: FieldPath) => isValidLabelValue(value).map((m) => fieldErrors.invalid(p, value, m));

/** One or more DNS subdomains joined by slashes, at most 253 bytes. */
export function validatePoolName(name: string, p: FieldPath): FieldError[] {
  if (name === "") return [fieldErrors.required(p)];
  const errs: FieldError[] = [];
  if (name.length > POOL_NAME_MAX_LENGTH) errs.push(fieldErrors.tooLong(p, POOL_NAME_MAX_LENGTH));
  for (const part of name.split("/")) errs.push(...dnsSubdomain(part, p));
  return errs;
}

function validateCIdentifier(id: string, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (id.length > DEVICE_MAX_ID_LENGTH) errs.push(fieldErrors.tooLong(p, DEVICE_MAX_ID_LENGTH));
  for (const m of isCIdentifier(id)) errs.push(fieldErrors.invalid(p, id, m));
  return errs;
}

/** A C identifier, optionally behind a driver-name domain and a slash. */
function validateQualifiedName(name: string, p: FieldPath): FieldError[] {
  const parts = name.split("/");
  if (parts.length === 1) return validateCIdentifier(name, p);
  if (parts.length > 2) return [fieldErrors.invalid(p, name, "must not contain more than one slash")];
  const errs: FieldError[] = [];
  if (parts[0] === "") errs.push(fieldErrors.invalid(p, "", "the domain must not be empty"));
  else errs.push(...validateCSIDriverName(parts[0]!, p));
  if (parts[1] === "") errs.push(fieldErrors.invalid(p, "", "the name must not be empty"));
  else errs.push(...validateCIdentifier(parts[1]!, p));
  return errs;
}

function validateFullyQualifiedName(name: string, p: FieldPath): FieldError[] {
  const errs = validateQualifiedName(name, p);
  if (!name.includes("/"))
    errs.push(fieldErrors.invalid(p, name, "a fully qualified name must be a domain and a name separated by a slash"));
  return errs;
}

/** Go's uuid.Validate, then the normalized lower-case 36-character form. */
function validateUID(uid: string, p: FieldPath): FieldError[] {
  let body = uid;
  if (uid.length === 45 && uid.toLowerCase().startsWith("urn:uuid:")) body = uid.slice(9);
  else if (uid.length === 38 && uid.startsWith("{") && uid.endsWith("}")) body = uid.slice(1, -1);
  let why: string | undefined;
  if (![32, 36].includes(body.length) || (body !== uid && body.length !== 36)) why = `invalid UUID length: ${uid.length}`;
  else if (
    body.length === 36
      ? !/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(body)
      : !/^[0-9a-fA-F]{32}$/.test(body)
  )
    why = "invalid UUID format";
  if (why !== undefined) return [fieldErrors.invalid(p, uid, `error validating uid: ${why}`)];
  if (uid.length !== 36 || uid !== uid.toLowerCase())
    return [
      fieldErrors.invalid(
        p,
        uid,
        "uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase hexadecimal characters",
      ),
    ];
  return [];
}

// --- ResourceClaim spec ---

/** Request names, each with its subrequests' names (empty for an `exactly` request). */
type RequestNames = Map<string, Set<string> | undefined>;

function gatherRequestNames(devices: Obj): RequestNames {
  const names: RequestNames = new Map();
  for (const r of list(devices.requests)) {
    const req = record(r);
    const subs = list(req.firstAvailable);
    names.set(str(req.name), subs.length === 0 ? undefined : new Set(subs.map((s) => str(record(s).name))));
  }
  return names;
}

function hasRequest(names: RequestNames, ref: string): boolean {
  const segs = ref.split("/");
  if (segs.length > 2 || !names.has(segs[0]!)) return false;
  return segs.length === 1 || (names.get(segs[0]!)?.has(segs[1]!) ?? false);
}

function validateRequestNameRef(name: string, p: FieldPath, names: RequestNames): FieldError[] {
  const segs = name.split("/");
  if (segs.length > 2) return [fieldErrors.invalid(p, name, REQUEST_REF)];
  const errs: FieldError[] = [];
  for (const s of segs) errs.push(...dnsLabel(s, p));
  if (!hasRequest(names, name)) errs.push(fieldErrors.invalid(p, name, REQUEST_REF));
  return errs;
}

const requestRefs = (refs: unknown, p: FieldPath, names: RequestNames) =>
  validateSet(list(refs), DEVICE_REQUESTS_MAX, (n, q) => validateRequestNameRef(str(n), q, names), str, p);

function validateDeviceClassName(name: string, p: FieldPath): FieldError[] {
  return name === "" ? [fieldErrors.required(p)] : dnsSubdomain(name, p);
}

/** A CEL device selector: at most 10Ki bytes, then it must compile (not re-checked once stored). */
function validateSelector(sel: unknown, p: FieldPath, stored: boolean): FieldError[] {
  const s = record(sel);
  if (!isObj(s.cel)) return [fieldErrors.required(p.child("cel"))];
  if (stored) return [];
  const exprPath = p.child("cel", "expression");
  const expression = str(s.cel.expression);
  if (expression.length > CEL_SELECTOR_MAX_LENGTH) return [fieldErrors.tooLong(exprPath, CEL_SELECTOR_MAX_LENGTH)];
  const why = deviceSelectorCompileError(expression);
  if (why !== undefined) return [fieldErrors.invalid(exprPath, expression, why)];
  return deviceSelectorTooComplex(expression) ? [fieldErrors.forbidden(exprPath, "too complex, exceeds cost limit")] : [];
}

const validateSelectors = (sels: unknown, p: FieldPath, stored: boolean) =>
  validateSlice(list(sels), DEVICE_SELECTORS_MAX, (s, q) => validateSelector(s, q, stored), p);

function validateAllocationMode(r: Obj, p: FieldPath): FieldError[] {
  const mode = str(r.allocationMode);
  const count = num(r.count);
  switch (mode) {
    case "All":
      return count !== 0 ? [fieldErrors.invalid(p.child("count"), count, "must not be specified when allocationMode is 'All'")] : [];
    case "ExactCount":
      return count <= 0 ? [fieldErrors.invalid(p.child("count"), count, "must be greater than zero")] : [];
    default:
      return [fieldErrors.notSupported(p.child("allocationMode"), mode, ALLOCATION_MODES)];
  }
}

export function validateDeviceToleration(t: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const key = str(t.key);
  if (key !== "") errs.push(...labelName(key, p.child("key")));
  const op = str(t.operator);
  const value = str(t.value);
  if (op === "Exists") {
    if (value !== "") errs.push(fieldErrors.invalid(p.child("value"), value, "must be empty for operator `Exists`"));
  } else if (op === "Equal") errs.push(...labelValue(value, p.child("value")));
  else if (op === "") errs.push(fieldErrors.required(p.child("operator")));
  else errs.push(fieldErrors.notSupported(p.child("operator"), op, TOLERATION_OPERATORS));
  const effect = str(t.effect);
  if (effect !== "" && !TAINT_EFFECTS.includes(effect)) errs.push(fieldErrors.notSupported(p.child("effect"), effect, TAINT_EFFECTS));
  return errs;
}

const tolerations = (ts: unknown, p: FieldPath) => list(ts).flatMap((t, i) => validateDeviceToleration(record(t), p.index(i)));

/** What an `exactly` request and a subrequest share: class, selectors, allocation mode, tolerations. */
function validateRequestBody(r: Obj, p: FieldPath, stored: boolean): FieldError[] {
  return [
    ...validateDeviceClassName(str(r.deviceClassName), p.child("deviceClassName")),
    ...validateSelectors(r.selectors, p.child("selectors"), stored),
    ...validateAllocationMode(r, p),
    ...tolerations(r.tolerations, p.child("tolerations")),
  ];
}

function validateDeviceRequest(request: unknown, p: FieldPath, stored: boolean): FieldError[] {
  const r = record(request);
  const errs = dnsLabel(str(r.name), p.child("name"));
  const first = list(r.firstAvailable);
  const hasFirst = first.length > 0;
  const hasExactly = isObj(r.exactly);
  if (!hasFirst && !hasExactly) errs.push(fieldErrors.required(p, "exactly one of `exactly` or `firstAvailable` is required"));
  else if (hasFirst && hasExactly)
    errs.push(fieldErrors.invalid(p, null, "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"));
  else if (hasFirst)
    errs.push(
      ...validateSet(
        first,
        FIRST_AVAILABLE_MAX,
        (s, q) => [...dnsLabel(str(record(s).name), q.child("name")), ...validateRequestBody(record(s), q, stored)],
        (s) => str(record(s).name),
        p.child("firstAvailable"),
      ),
    );
  else errs.push(...validateRequestBody(record(r.exactly), p.child("exactly"), stored));
  return errs;
}

function validateDeviceConstraint(c: Obj, p: FieldPath, names: RequestNames): FieldError[] {
  const errs = requestRefs(c.requests, p.child("requests"), names);
  if (has(c, "matchAttribute")) errs.push(...validateFullyQualifiedName(str(c.matchAttribute), p.child("matchAttribute")));
  else if (has(c, "distinctAttribute")) errs.push(...validateFullyQualifiedName(str(c.distinctAttribute), p.child("distinctAttribute")));
  else errs.push(fieldErrors.required(p.child("matchAttribute")));
  return errs;
}

/** An opaque parameter blob: required, at most `max` bytes of JSON on create, a JSON object. */
function validateRawExtension(v: unknown, p: FieldPath, stored: boolean, max: number): FieldError[] {
  if (v === undefined || v === null) return [fieldErrors.required(p)];
  const raw = JSON.stringify(v);
  if (!stored && Buffer.byteLength(raw) > max) return [fieldErrors.tooLong(p, max)];
  if (!isObj(v)) return [fieldErrors.invalid(p, "<value omitted>", "must be a valid JSON object")];
  return [];
}

function validateDeviceConfiguration(c: Obj, p: FieldPath, stored: boolean): FieldError[] {
  if (!isObj(c.opaque)) return [fieldErrors.required(p.child("opaque"))];
  const op = p.child("opaque");
  return [
    ...validateCSIDriverName(str(c.opaque.driver), op.child("driver")),
    ...validateRawExtension(c.opaque.parameters, op.child("parameters"), stored, OPAQUE_PARAMETERS_MAX_LENGTH),
  ];
}

function validateDeviceClaim(devices: Obj, p: FieldPath, stored: boolean): FieldError[] {
  const names = gatherRequestNames(devices);
  return [
    ...validateSet(
      list(devices.requests),
      DEVICE_REQUESTS_MAX,
      (r, q) => validateDeviceRequest(r, q, stored),
      (r) => str(record(r).name),
      p.child("requests"),
    ),
    ...validateSlice(
      list(devices.constraints),
      DEVICE_CONSTRAINTS_MAX,
      (c, q) => validateDeviceConstraint(record(c), q, names),
      p.child("constraints"),
    ),
    ...validateSlice(
      list(devices.config),
      DEVICE_CONFIG_MAX,
      (c, q) => [...requestRefs(record(c).requests, q.child("requests"), names), ...validateDeviceConfiguration(record(c), q, stored)],
      p.child("config"),
    ),
  ];
}

/** A claim's spec (`stored`: CEL selectors and parameter sizes were accepted before and are not re-checked). */
export function validateResourceClaimSpec(spec: unknown, p: FieldPath, stored: boolean): FieldError[] {
  return validateDeviceClaim(record(record(spec).devices), p.child("devices"), stored);
}

const SPEC = FieldPath.of("spec");

export function validateResourceClaim(claim: KubeObject): FieldError[] {
  return validateResourceClaimSpec(claim.spec, SPEC, false);
}

/** The spec never changes; what is there was checked when it was stored. */
export function validateResourceClaimUpdate(claim: KubeObject, old: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  if (!sameJSON(claim.spec, old.spec)) errs.push(fieldErrors.invalid(SPEC, claim.spec, FIELD_IMMUTABLE));
  errs.push(...validateResourceClaimSpec(claim.spec, SPEC, true));
  return errs;
}

// --- ResourceClaim status ---

const deviceKey = (driver: string, pool: string, device: string, shareID: unknown) =>
  `${driver}/${pool}/${device}${typeof shareID === "string" && shareID !== "" ? `/${shareID}` : ""}`;

function validateBindingParameters(conds: unknown, failures: unknown, p: FieldPath): FieldError[] {
  const bc = list(conds).map(str);
  const bf = list(failures).map(str);
  const errs = [
    ...validateSlice(bc, BINDING_CONDITIONS_MAX, (c, q) => labelName(str(c), q), p.child("bindingConditions")),
    ...validateSlice(bf, BINDING_CONDITIONS_MAX, (c, q) => labelName(str(c), q), p.child("bindingFailureConditions")),
  ];
  const seen = new Set<string>();
  bc.forEach((c, i) => {
    if (seen.has(c)) errs.push(fieldErrors.duplicate(p.child("bindingConditions").index(i), c));
    seen.add(c);
  });
  const seenF = new Set<string>();
  bf.forEach((c, i) => {
    if (seenF.has(c)) errs.push(fieldErrors.duplicate(p.child("bindingFailureConditions").index(i), c));
    seenF.add(c);
    if (bc.includes(c))
      errs.push(
        fieldErrors.invalid(
          p.child("bindingFailureConditions").index(i),
          c,
          "bindingFailureConditions must not overlap with bindingConditions",
        ),
      );
  });
  if (bc.length === 0 && bf.length > 0)
    errs.push(fieldErrors.invalid(p.child("bindingConditions"), bc, "bindingConditions are required to use bindingFailureConditions"));
  if (bf.length === 0 && bc.length > 0)
    errs.push(
      fieldErrors.invalid(p.child("bindingFailureConditions"), bf, "bindingFailureConditions are required to use bindingConditions"),
    );
  return errs;
}

function validateAllocationResultEntry(r: Obj, p: FieldPath, names: RequestNames): FieldError[] {
  const errs = [
    ...validateRequestNameRef(str(r.request), p.child("request"), names),
    ...validateCSIDriverName(str(r.driver), p.child("driver")),
    ...validatePoolName(str(r.pool), p.child("pool")),
    ...dnsLabel(str(r.device), p.child("device")),
    ...validateBindingParameters(r.bindingConditions, r.bindingFailureConditions, p),
    ...tolerations(r.tolerations, p.child("tolerations")),
  ];
  if (has(r, "shareID")) errs.push(...validateUID(str(r.shareID), p.child("shareID")));
  return errs;
}

function validateAllocationResult(a: Obj, p: FieldPath, names: RequestNames): FieldError[] {
  const devices = record(a.devices);
  const dp = p.child("devices");
  const errs = [
    ...validateSlice(
      list(devices.results),
      ALLOCATION_RESULTS_MAX,
      (r, q) => validateAllocationResultEntry(record(r), q, names),
      dp.child("results"),
    ),
    ...validateSlice(
      list(devices.config),
      2 * DEVICE_CONFIG_MAX,
      (c, q) => {
        const cfg = record(c);
        const source = str(cfg.source);
        const e: FieldError[] = [];
        if (source === "") e.push(fieldErrors.required(q.child("source")));
        else if (!CONFIG_SOURCES.includes(source)) e.push(fieldErrors.notSupported(q.child("source"), source, CONFIG_SOURCES));
        e.push(...requestRefs(cfg.requests, q.child("requests"), names), ...validateDeviceConfiguration(cfg, q, false));
        return e;
      },
      dp.child("config"),
    ),
  ];
  if (isObj(a.nodeSelector)) errs.push(...validateNodeSelector(a.nodeSelector, p.child("nodeSelector")));
  return errs;
}

/** upstream's IsValidInterfaceAddress: an address in CIDR form, in canonical form. */
function validateInterfaceAddress(value: string, p: FieldPath): FieldError[] {
  const slash = value.indexOf("/");
  const ip = slash < 0 ? undefined : parseIP(value.slice(0, slash));
  const prefix = slash < 0 ? NaN : Number(value.slice(slash + 1));
  const bits = ip && ip.bytes.length === 4 ? 32 : 128;
  if (!ip || !/^\d+$/.test(value.slice(slash + 1)) || prefix > bits)
    return [fieldErrors.invalid(p, value, "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)")];
  const canonical = `${formatIP(ip)}/${prefix}`;
  return canonical === value ? [] : [fieldErrors.invalid(p, value, `must be in canonical form (${goQuote(canonical)})`)];
}

function validateDeviceStatus(d: Obj, p: FieldPath, allocated: Set<string>): FieldError[] {
  const errs = [
    ...validateCSIDriverName(str(d.driver), p.child("driver")),
    ...validatePoolName(str(d.pool), p.child("pool")),
    ...dnsLabel(str(d.device), p.child("device")),
  ];
  if (has(d, "shareID")) errs.push(...validateUID(str(d.shareID), p.child("shareID")));
  const key = deviceKey(str(d.driver), str(d.pool), str(d.device), d.shareID);
  if (!allocated.has(key)) errs.push(fieldErrors.invalid(p, key, "must be an allocated device in the claim"));
  const conds = list(d.conditions);
  if (conds.length > DEVICE_STATUS_MAX_CONDITIONS)
    errs.push(fieldErrors.tooMany(p.child("conditions"), conds.length, DEVICE_STATUS_MAX_CONDITIONS));
  errs.push(...validateConditions(conds, p.child("conditions")));
  if (has(d, "data")) errs.push(...validateRawExtension(d.data, p.child("data"), false, DEVICE_STATUS_DATA_MAX_LENGTH));
  if (isObj(d.networkData)) {
    const n = d.networkData;
    const np = p.child("networkData");
    if (str(n.interfaceName).length > INTERFACE_NAME_MAX_LENGTH)
      errs.push(fieldErrors.tooLong(np.child("interfaceName"), INTERFACE_NAME_MAX_LENGTH));
    if (str(n.hardwareAddress).length > HARDWARE_ADDRESS_MAX_LENGTH)
      errs.push(fieldErrors.tooLong(np.child("hardwareAddress"), HARDWARE_ADDRESS_MAX_LENGTH));
    errs.push(...validateSet(list(n.ips), NETWORK_IPS_MAX, (ip, q) => validateInterfaceAddress(str(ip), q), str, np.child("ips")));
  }
  return errs;
}

const consumerKey = (c: unknown) => str(record(c).uid);

/**
 * A /status update: consumers named and unique, reserved only while allocated and never newly
 * while the claim is being deleted, an allocation set once and then unchanged, device status
 * entries only for allocated devices.
 */
export function validateResourceClaimStatusUpdate(claim: KubeObject, old: KubeObject): FieldError[] {
  const status = record(claim.status);
  const oldStatus = record(old.status);
  const p = FieldPath.of("status");
  const names = gatherRequestNames(record(record(claim.spec).devices));
  const reserved = list(status.reservedFor);
  const errs = validateSet(
    reserved,
    RESERVED_FOR_MAX,
    (c, q) => {
      const ref = record(c);
      const e: FieldError[] = [];
      if (str(ref.resource) === "") e.push(fieldErrors.required(q.child("resource")));
      if (str(ref.name) === "") e.push(fieldErrors.required(q.child("name")));
      if (str(ref.uid) === "") e.push(fieldErrors.required(q.child("uid")));
      return e;
    },
    consumerKey,
    p.child("reservedFor"),
  );
  const allocation = isObj(status.allocation) ? status.allocation : undefined;
  const allocated = new Set(
    list(record(allocation?.devices).results).map((r) => {
      const res = record(r);
      return deviceKey(str(res.driver), str(res.pool), str(res.device), res.shareID);
    }),
  );
  errs.push(
    ...validateSet(
      list(status.devices),
      -1,
      (d, q) => validateDeviceStatus(record(d), q, allocated),
      (d) => {
        const ds = record(d);
        return deviceKey(str(ds.driver), str(ds.pool), str(ds.device), ds.shareID);
      },
      p.child("devices"),
    ),
  );
  if (reserved.length > 0) {
    if (!allocation) errs.push(fieldErrors.forbidden(p.child("reservedFor"), "may not be specified when `allocated` is not set"));
    else if (claim.metadata?.deletionTimestamp) {
      const before = new Set(list(oldStatus.reservedFor).map((c) => JSON.stringify(record(c), Object.keys(record(c)).sort())));
      if (reserved.some((c) => !before.has(JSON.stringify(record(c), Object.keys(record(c)).sort()))))
        errs.push(
          fieldErrors.forbidden(
            p.child("reservedFor"),
            "new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
          ),
        );
    }
  }
  const oldAllocation = isObj(oldStatus.allocation) ? oldStatus.allocation : undefined;
  if (oldAllocation && allocation) {
    if (!sameJSON(allocation, oldAllocation)) errs.push(fieldErrors.invalid(p.child("allocation"), allocation, FIELD_IMMUTABLE));
  } else if (allocation) errs.push(...validateAllocationResult(allocation, p.child("allocation"), names));
  return errs;
}

// --- ResourceClaimTemplate ---

function validateTemplateSpec(t: KubeObject, stored: boolean): FieldError[] {
  const spec = record(t.spec);
  const meta = record(spec.metadata);
  const mp = SPEC.child("metadata");
  return [
    ...validateLabels(meta.labels as Record<string, string> | undefined, mp.child("labels")),
    ...validateAnnotations(meta.annotations as Record<string, string> | undefined, mp.child("annotations")),
    ...validateResourceClaimSpec(spec.spec, SPEC.child("spec"), stored),
  ];
}

export const validateResourceClaimTemplate = (t: KubeObject): FieldError[] => validateTemplateSpec(t, false);

/** As a claim's: the spec never changes, and what is there was checked when it was stored. */
export function validateResourceClaimTemplateUpdate(t: KubeObject, old: KubeObject): FieldError[] {
  const errs = sameJSON(t.spec, old.spec) ? [] : [fieldErrors.invalid(SPEC, t.spec, FIELD_IMMUTABLE)];
  return [...errs, ...validateTemplateSpec(t, true)];
}

// --- DeviceClass ---

function validateDeviceClassSpec(spec: Obj, old: Obj | undefined): FieldError[] {
  // Selectors or config exactly as before count as stored: only a change is checked as new.
  const selectorsStored = old !== undefined && sameJSON(spec.selectors, old.selectors);
  const configStored = old !== undefined && sameJSON(spec.config, old.config);
  const errs = [
    ...validateSlice(
      list(spec.selectors),
      DEVICE_SELECTORS_MAX,
      (s, q) => validateSelector(s, q, selectorsStored),
      SPEC.child("selectors"),
    ),
    ...validateSlice(
      list(spec.config),
      DEVICE_CONFIG_MAX,
      (c, q) => validateDeviceConfiguration(record(c), q, configStored),
      SPEC.child("config"),
    ),
  ];
  if (typeof spec.extendedResourceName === "string" && !isExtendedResourceName(spec.extendedResourceName))
    errs.push(fieldErrors.invalid(SPEC.child("extendedResourceName"), spec.extendedResourceName, "must be a valid extended resource name"));
  return errs;
}

export const validateDeviceClass = (c: KubeObject): FieldError[] => validateDeviceClassSpec(record(c.spec), undefined);
export const validateDeviceClassUpdate = (c: KubeObject, old: KubeObject): FieldError[] =>
  validateDeviceClassSpec(record(c.spec), record(old.spec));

// --- ResourceSlice ---

const SEMVER_ID = "(0|[1-9]\\d*)";
const SEMVER_PRE = "(0|[1-9]\\d*|\\d*[a-zA-Z-][0-9a-zA-Z-]*)";
const SEMVER_BUILD = "[0-9a-zA-Z-]+";
const SEMVER_RE = new RegExp(
  `^${SEMVER_ID}\\.${SEMVER_ID}\\.${SEMVER_ID}(-${SEMVER_PRE}(\\.${SEMVER_PRE})*)?(\\+${SEMVER_BUILD}(\\.${SEMVER_BUILD})*)?$`,
);

/** Go's %#v of a DeviceAttribute with several values set (pointers print as addresses). */
function goAttribute(a: Obj): GoSyntax {
  const ptr = (t: string, k: string) => (has(a, k) ? `(*${t})(0xc000000000)` : `(*${t})(nil)`);
  return new GoSyntax(
    `resource.DeviceAttribute{IntValue:${ptr("int64", "int")}, BoolValue:${ptr("bool", "bool")}, StringValue:${ptr("string", "string")}, VersionValue:${ptr("string", "version")}}`,
  );
}

function validateDeviceAttribute(v: unknown, p: FieldPath): FieldError[] {
  const a = record(v);
  const errs: FieldError[] = [];
  let n = 0;
  if (has(a, "bool")) n++;
  if (has(a, "int")) n++;
  if (has(a, "string")) {
    n++;
    if (str(a.string).length > ATTRIBUTE_MAX_VALUE_LENGTH) errs.push(fieldErrors.tooLong(p.child("string"), ATTRIBUTE_MAX_VALUE_LENGTH));
  }
  if (has(a, "version")) {
    n++;
    const ver = str(a.version);
    if (!SEMVER_RE.test(ver))
      errs.push(fieldErrors.invalid(p.child("version"), ver, "must be a string compatible with semver.org spec 2.0.0"));
    if (ver.length > ATTRIBUTE_MAX_VALUE_LENGTH) errs.push(fieldErrors.tooLong(p.child("version"), ATTRIBUTE_MAX_VALUE_LENGTH));
  }
  if (n === 0) errs.push(fieldErrors.invalid(p, "", "exactly one value must be specified"));
  else if (n > 1) errs.push(fieldErrors.invalid(p, goAttribute(a), "exactly one value must be specified"));
  return errs;
}

function validateDeviceTaint(t: Obj, p: FieldPath): FieldError[] {
  const errs = labelName(str(t.key), p.child("key"));
  if (str(t.value) !== "") errs.push(...labelValue(str(t.value), p.child("value")));
  const effect = str(t.effect);
  if (effect === "") errs.push(fieldErrors.required(p.child("effect")));
  else if (!TAINT_EFFECTS.includes(effect)) errs.push(fieldErrors.notSupported(p.child("effect"), effect, TAINT_EFFECTS));
  return errs;
}

const counterMap = (m: unknown, max: number, p: FieldPath) =>
  validateMap(
    record(m),
    max,
    63,
    (k, q) => dnsLabel(k, q),
    () => [],
    p,
  );

function validateCounterSet(v: unknown, p: FieldPath): FieldError[] {
  const cs = record(v);
  const errs: FieldError[] = [];
  const name = str(cs.name);
  if (name === "") errs.push(fieldErrors.required(p.child("name")));
  else errs.push(...dnsLabel(name, p.child("name")));
  if (Object.keys(record(cs.counters)).length === 0) errs.push(fieldErrors.required(p.child("counters")));
  else errs.push(...counterMap(cs.counters, COUNTERS_PER_SET_MAX, p.child("counters")));
  return errs;
}

function validateCounterConsumption(v: unknown, p: FieldPath): FieldError[] {
  const c = record(v);
  const errs: FieldError[] = [];
  const set = str(c.counterSet);
  if (set === "") errs.push(fieldErrors.required(p.child("counterSet")));
  else errs.push(...dnsLabel(set, p.child("counterSet")));
  if (Object.keys(record(c.counters)).length === 0) errs.push(fieldErrors.required(p.child("counters")));
  else errs.push(...counterMap(c.counters, COUNTERS_PER_CONSUMPTION_MAX, p.child("counters")));
  return errs;
}

function validateDevice(d: Obj, old: Obj | undefined, p: FieldPath, perDeviceNodeSelection: boolean): FieldError[] {
  const errs = dnsLabel(str(d.name), p.child("name"));
  const attrs = record(d.attributes);
  const caps = record(d.capacity);
  const total = Object.keys(attrs).length + Object.keys(caps).length;
  if (total > ATTRIBUTES_AND_CAPACITIES_MAX)
    errs.push(
      fieldErrors.invalid(p, total, `the total number of attributes and capacities must not exceed ${ATTRIBUTES_AND_CAPACITIES_MAX}`),
    );
  errs.push(...validateMap(attrs, -1, ATTRIBUTE_KEY_MAX, validateQualifiedName, validateDeviceAttribute, p.child("attributes")));
  if (old === undefined || !sameJSON(old.capacity, d.capacity)) {
    const multi = d.allowMultipleAllocations === true;
    errs.push(
      ...validateMap(
        caps,
        -1,
        ATTRIBUTE_KEY_MAX,
        validateQualifiedName,
        (c, q) =>
          !multi && has(record(c), "requestPolicy")
            ? [fieldErrors.forbidden(q.child("requestPolicy"), "allowMultipleAllocations must be true")]
            : [],
        p.child("capacity"),
      ),
    );
  }
  if (old === undefined || !sameJSON(old.taints, d.taints))
    errs.push(...validateSlice(list(d.taints), DEVICE_TAINTS_MAX, (t, q) => validateDeviceTaint(record(t), q), p.child("taints")));
  errs.push(
    ...validateSet(
      list(d.consumesCounters),
      COUNTER_CONSUMPTIONS_PER_DEVICE_MAX,
      validateCounterConsumption,
      (c) => str(record(c).counterSet),
      p.child("consumesCounters"),
    ),
  );
  if (perDeviceNodeSelection) {
    const set: string[] = [];
    if (has(d, "nodeName")) {
      const n = str(d.nodeName);
      if (n !== "") {
        set.push("`nodeName`");
        errs.push(...dnsSubdomain(n, p.child("nodeName")));
      } else errs.push(fieldErrors.invalid(p.child("nodeName"), n, "must not be empty"));
    }
    if (isObj(d.nodeSelector)) {
      set.push("`nodeSelector`");
      errs.push(...validateNodeSelector(d.nodeSelector, p.child("nodeSelector")));
    }
    if (has(d, "allNodes")) {
      if (d.allNodes === true) set.push("`allNodes`");
      else errs.push(fieldErrors.invalid(p.child("allNodes"), d.allNodes, "must be either unset or set to true"));
    }
    const why =
      "exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when `perDeviceNodeSelection` is set to true in the ResourceSlice spec";
    if (set.length === 0) errs.push(fieldErrors.required(p, why));
    else if (set.length > 1) errs.push(fieldErrors.invalid(p, `{${set.join(", ")}}`, why));
  } else if (has(d, "nodeName") || has(d, "nodeSelector") || has(d, "allNodes")) {
    errs.push(
      fieldErrors.invalid(
        p,
        null,
        "`nodeName`, `nodeSelector` and `allNodes` can only be set if `perDeviceNodeSelection` is set to true in the ResourceSlice spec",
      ),
    );
  }
  errs.push(...validateBindingParameters(d.bindingConditions, d.bindingFailureConditions, p));
  return errs;
}

/** Go's %#v of a node selector's terms (requirements in full: they are short). */
function goTerms(terms: unknown): GoSyntax {
  if (!Array.isArray(terms)) return new GoSyntax("[]core.NodeSelectorTerm(nil)");
  const strs = (v: unknown) => (Array.isArray(v) ? `[]string{${v.map((x) => goQuote(str(x))).join(", ")}}` : "[]string(nil)");
  const reqs = (v: unknown) =>
    Array.isArray(v)
      ? `[]core.NodeSelectorRequirement{${v
          .map((r) => {
            const q = record(r);
            return `core.NodeSelectorRequirement{Key:${goQuote(str(q.key))}, Operator:${goQuote(str(q.operator))}, Values:${strs(q.values)}}`;
          })
          .join(", ")}}`
      : "[]core.NodeSelectorRequirement(nil)";
  return new GoSyntax(
    `[]core.NodeSelectorTerm{${terms
      .map((t) => `core.NodeSelectorTerm{MatchExpressions:${reqs(record(t).matchExpressions)}, MatchFields:${reqs(record(t).matchFields)}}`)
      .join(", ")}}`,
  );
}

function validateResourceSliceSpec(spec: Obj, old: Obj | undefined): FieldError[] {
  const errs = validateCSIDriverName(str(spec.driver), SPEC.child("driver"));
  const pool = record(spec.pool);
  const pp = SPEC.child("pool");
  errs.push(...validatePoolName(str(pool.name), pp.child("name")));
  if (num(pool.resourceSliceCount) <= 0)
    errs.push(fieldErrors.invalid(pp.child("resourceSliceCount"), num(pool.resourceSliceCount), "must be greater than zero"));
  if (num(pool.generation) < 0)
    errs.push(fieldErrors.invalid(pp.child("generation"), num(pool.generation), "must be greater than or equal to zero"));
  if (old) {
    const oldPool = record(old.pool);
    if (str(pool.name) !== str(oldPool.name)) errs.push(fieldErrors.invalid(pp.child("name"), str(pool.name), FIELD_IMMUTABLE));
    if (str(spec.driver) !== str(old.driver)) errs.push(fieldErrors.invalid(SPEC.child("driver"), str(spec.driver), FIELD_IMMUTABLE));
    if ((spec.nodeName ?? null) !== (old.nodeName ?? null))
      errs.push(fieldErrors.invalid(SPEC.child("nodeName"), spec.nodeName ?? null, FIELD_IMMUTABLE));
  }
  const set: string[] = [];
  if (has(spec, "nodeName")) {
    const n = str(spec.nodeName);
    if (n !== "") {
      set.push("`nodeName`");
      errs.push(...dnsSubdomain(n, SPEC.child("nodeName")));
    } else errs.push(fieldErrors.invalid(SPEC.child("nodeName"), n, "must be either unset or set to a non-empty string"));
  }
  if (isObj(spec.nodeSelector)) {
    set.push("`nodeSelector`");
    errs.push(...validateNodeSelector(spec.nodeSelector, SPEC.child("nodeSelector")));
    const terms = spec.nodeSelector.nodeSelectorTerms;
    if (list(terms).length !== 1)
      errs.push(
        fieldErrors.invalid(SPEC.child("nodeSelector", "nodeSelectorTerms"), goTerms(terms), "must have exactly one node selector term"),
      );
  }
  if (has(spec, "allNodes")) {
    if (spec.allNodes === true) set.push("`allNodes`");
    else errs.push(fieldErrors.invalid(SPEC.child("allNodes"), spec.allNodes, "must be either unset or set to true"));
  }
  if (has(spec, "perDeviceNodeSelection")) {
    if (spec.perDeviceNodeSelection === true) set.push("`perDeviceNodeSelection`");
    else
      errs.push(
        fieldErrors.invalid(SPEC.child("perDeviceNodeSelection"), spec.perDeviceNodeSelection, "must be either unset or set to true"),
      );
  }
  const oneOf = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required";
  if (set.length === 0) errs.push(fieldErrors.required(SPEC, oneOf));
  else if (set.length > 1) errs.push(fieldErrors.invalid(SPEC, `{${set.join(", ")}}`, `${oneOf}, but multiple fields are set`));
  const devices = list(spec.devices);
  if (has(spec, "sharedCounters") && has(spec, "devices"))
    errs.push(fieldErrors.invalid(SPEC, "", "only one of `sharedCounters` or `devices` is allowed"));
  const advanced = devices.some((d) => list(record(d).taints).length > 0 || list(record(d).consumesCounters).length > 0);
  const oldDevices = new Map(list(old?.devices).map((d) => [str(record(d).name), record(d)]));
  errs.push(
    ...validateSet(
      devices,
      advanced ? SLICE_MAX_DEVICES_WITH_TAINTS_OR_COUNTERS : SLICE_MAX_DEVICES,
      (d, q) => validateDevice(record(d), old ? oldDevices.get(str(record(d).name)) : undefined, q, spec.perDeviceNodeSelection === true),
      (d) => str(record(d).name),
      SPEC.child("devices"),
    ),
  );
  errs.push(
    ...validateSet(
      list(spec.sharedCounters),
      COUNTER_SETS_MAX,
      validateCounterSet,
      (c) => str(record(c).name),
      SPEC.child("sharedCounters"),
    ),
  );
  return errs;
}

export const validateResourceSlice = (s: KubeObject): FieldError[] => validateResourceSliceSpec(record(s.spec), undefined);
export const validateResourceSliceUpdate = (s: KubeObject, old: KubeObject): FieldError[] =>
  validateResourceSliceSpec(record(s.spec), record(old.spec));
