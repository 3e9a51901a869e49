/**
 * storage.k8s.io/v1 CSIDriver, CSINode, CSIStorageCapacity and VolumeAttachment validation as
 * upstream 1.34's: driver spec fields and the two immutable ones, node driver entries, capacity
 * selectors and quantities, attachment sources and the immutable attachment spec.
 */
import { isDNS1123Subdomain, isQualifiedName } from "../../../runtime/validation/strings.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, GO_ADDRESS, GoSyntax, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { canonicalQuantity } from "./quantity-text.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";
import { validateCSIDriverName } from "./volume-sources.js";
import { validatePVSpec } from "./pv-spec.js";

const SPEC = FieldPath.of("spec");
const FS_GROUP_POLICIES = ["File", "None", "ReadWriteOnceWithFSType"];
const LIFECYCLE_MODES = ["Persistent", "Ephemeral"];
const goStrings = (v: unknown) => (Array.isArray(v) ? `[]string{${v.map((x) => goQuote(str(x))).join(", ")}}` : "[]string(nil)");
const isNum = (v: unknown): v is number => typeof v === "number";
const unset = (v: unknown) => v === undefined || v === null;

// --- CSIDriver ---

function validateCSIDriverSpec(spec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  // upstream's path says "attachedRequired" for attachRequired.
  if (unset(spec.attachRequired)) errs.push(fieldErrors.required(SPEC.child("attachedRequired")));
  if (unset(spec.podInfoOnMount)) errs.push(fieldErrors.required(SPEC.child("podInfoOnMount")));
  if (unset(spec.storageCapacity)) errs.push(fieldErrors.required(SPEC.child("storageCapacity")));
  if (!unset(spec.fsGroupPolicy) && !FS_GROUP_POLICIES.includes(str(spec.fsGroupPolicy)))
    errs.push(fieldErrors.notSupported(SPEC.child("fsGroupPolicy"), spec.fsGroupPolicy, FS_GROUP_POLICIES));
  errs.push(...validateTokenRequests(spec.tokenRequests, SPEC.child("tokenRequests")));
  for (const mode of list(spec.volumeLifecycleModes))
    if (!LIFECYCLE_MODES.includes(str(mode)))
      errs.push(fieldErrors.notSupported(SPEC.child("volumeLifecycleModes"), mode, LIFECYCLE_MODES));
  if (unset(spec.seLinuxMount)) errs.push(fieldErrors.required(SPEC.child("seLinuxMount")));
  const period = spec.nodeAllocatableUpdatePeriodSeconds;
  if (isNum(period) && period < 10)
    errs.push(fieldErrors.invalid(SPEC.child("nodeAllocatableUpdatePeriodSeconds"), period, "must be greater than or equal to 10 seconds"));
  return errs;
}

/** Audiences unique (a repeat is reported once, its expiry left unchecked), expiry between 10 minutes and 2^32 seconds. */
function validateTokenRequests(requests: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  list(requests).forEach((r, i) => {
    const req = record(r);
    const p = path.index(i);
    const audience = str(req.audience);
    if (seen.has(audience)) {
      errs.push(fieldErrors.duplicate(p.child("audience"), audience));
      return;
    }
    seen.add(audience);
    const exp = req.expirationSeconds;
    if (!isNum(exp)) return;
    if (exp < 600) errs.push(fieldErrors.invalid(p.child("expirationSeconds"), exp, "may not specify a duration less than 10 minutes"));
    if (exp > 2 ** 32)
      errs.push(fieldErrors.invalid(p.child("expirationSeconds"), exp, "may not specify a duration larger than 2^32 seconds"));
  });
  return errs;
}

export function validateCSIDriver(d: KubeObject): FieldError[] {
  return validateCSIDriverSpec(record(d.spec));
}

/** Go's %#v of a *bool and a []VolumeLifecycleMode, as ValidateImmutableField prints them. */
function goBool(v: unknown): unknown {
  return typeof v === "boolean" ? v : new GoSyntax("null");
}
function goModes(v: unknown): GoSyntax {
  if (!Array.isArray(v)) return new GoSyntax("[]storage.VolumeLifecycleMode(nil)");
  return new GoSyntax(`[]storage.VolumeLifecycleMode{${v.map((m) => goQuote(str(m))).join(", ")}}`);
}

export function validateCSIDriverUpdate(d: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(d.spec);
  const oldSpec = record(old.spec);
  const errs = validateCSIDriverSpec(spec);
  if (!sameJSON(spec.attachRequired, oldSpec.attachRequired))
    errs.push(fieldErrors.invalid(SPEC.child("attachedRequired"), goBool(spec.attachRequired), FIELD_IMMUTABLE));
  if (!sameJSON(spec.volumeLifecycleModes, oldSpec.volumeLifecycleModes))
    errs.push(fieldErrors.invalid(SPEC.child("volumeLifecycleModes"), goModes(spec.volumeLifecycleModes), FIELD_IMMUTABLE));
  return errs;
}

// --- CSINode ---

export function validateCSINode(n: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  list(record(n.spec).drivers).forEach((d, i) => {
    const driver = record(d);
    const p = SPEC.child("drivers").index(i);
    const name = str(driver.name);
    errs.push(...validateCSIDriverName(name, p.child("name")));
    const nodeID = str(driver.nodeID);
    if (nodeID === "") errs.push(fieldErrors.required(p.child("nodeID")));
    // upstream's strategy always allows the longer node IDs (256, not 192).
    if (nodeID.length > 256) errs.push(fieldErrors.invalid(p.child("nodeID"), nodeID, "must be 256 characters or less"));
    const count = record(driver.allocatable).count;
    if (isNum(count) && count < 0)
      errs.push(fieldErrors.invalid(p.child("allocatable", "count"), count, "must be greater than or equal to 0"));
    if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
    names.add(name);
    const keys = new Set<string>();
    for (const k of list(driver.topologyKeys)) {
      const key = str(k);
      if (key === "") errs.push(fieldErrors.required(p));
      if (keys.has(key)) errs.push(fieldErrors.duplicate(p, key));
      keys.add(key);
      for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(p, key, msg));
    }
  });
  return errs;
}

/** A CSINodeDriver without its allocatable, as Go's %#v prints it (allocatable is mutable in 1.34). */
function goDriver(d: Obj): GoSyntax {
  return new GoSyntax(
    `storage.CSINodeDriver{Name:${goQuote(str(d.name))}, NodeID:${goQuote(str(d.nodeID))}, TopologyKeys:${goStrings(d.topologyKeys)}, Allocatable:(*storage.VolumeNodeResources)(nil)}`,
  );
}

export function validateCSINodeUpdate(n: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateCSINode(n);
  const drivers = list(record(n.spec).drivers).map(record);
  for (const o of list(record(old.spec).drivers).map(record))
    for (const d of drivers) {
      if (str(o.name) !== str(d.name)) continue;
      const { allocatable: _a, ...now } = d;
      const { allocatable: _b, ...was } = o;
      if (!sameJSON(now, was)) errs.push(fieldErrors.invalid(SPEC.child("drivers"), goDriver(d), FIELD_IMMUTABLE));
    }
  return errs;
}

// --- CSIStorageCapacity ---

export function validateCSIStorageCapacity(c: KubeObject): FieldError[] {
  const errs = validateLabelSelector(c.nodeTopology, FieldPath.of("nodeTopology"));
  const cls = str(c.storageClassName);
  for (const msg of isDNS1123Subdomain(cls)) errs.push(fieldErrors.invalid(FieldPath.of("storageClassName"), cls, msg));
  if (!unset(c.capacity)) {
    const q = parseQuantity(c.capacity);
    if (q !== undefined && q < 0)
      errs.push(fieldErrors.invalid(FieldPath.of("capacity"), canonicalQuantity(c.capacity), "must be greater than or equal to 0"));
  }
  return errs;
}

/** Go's %#v of the LabelSelector a *metav1.LabelSelector points to (the field error prints the pointee), null when unset. */
function goSelector(v: unknown): GoSyntax {
  if (!isObj(v)) return new GoSyntax("null");
  const labels = isObj(v.matchLabels)
    ? `map[string]string{${Object.keys(v.matchLabels)
        .sort()
        .map((k) => `${goQuote(k)}:${goQuote(str(record(v.matchLabels)[k]))}`)
        .join(", ")}}`
    : "map[string]string(nil)";
  const exprs = Array.isArray(v.matchExpressions)
    ? `[]v1.LabelSelectorRequirement{${v.matchExpressions
        .map(record)
        .map(
          (e) =>
            `v1.LabelSelectorRequirement{Key:${goQuote(str(e.key))}, Operator:${goQuote(str(e.operator))}, Values:${goStrings(e.values)}}`,
        )
        .join(", ")}}`
    : "[]v1.LabelSelectorRequirement(nil)";
  return new GoSyntax(`v1.LabelSelector{MatchLabels:${labels}, MatchExpressions:${exprs}}`);
}

/** Update: the create checks, and the two inputs of the driver's GetCapacity call never change. */
export function validateCSIStorageCapacityUpdate(c: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateCSIStorageCapacity(c);
  if (!sameJSON(c.nodeTopology, old.nodeTopology))
    errs.push(fieldErrors.invalid(FieldPath.of("nodeTopology"), goSelector(c.nodeTopology), FIELD_IMMUTABLE));
  if (str(c.storageClassName) !== str(old.storageClassName))
    errs.push(fieldErrors.invalid(FieldPath.of("storageClassName"), str(c.storageClassName), FIELD_IMMUTABLE));
  return errs;
}

// --- VolumeAttachment ---

const MAX_ATTACHMENT_METADATA = 256 * 1024;
const MAX_VOLUME_ERROR_MESSAGE = 1024;

function validateVolumeAttachmentSource(source: Obj, p: FieldPath): FieldError[] {
  const inline = !unset(source.inlineVolumeSpec);
  const pv = !unset(source.persistentVolumeName);
  const both = "must specify exactly one of inlineVolumeSpec and persistentVolumeName";
  if (!inline && !pv) return [fieldErrors.required(p, both)];
  if (inline && pv) return [fieldErrors.forbidden(p, both)];
  if (pv && str(source.persistentVolumeName) === "")
    return [fieldErrors.required(p.child("persistentVolumeName"), "must specify non empty persistentVolumeName")];
  // An inline spec is a PersistentVolume spec under upstream's inline rules (CSI only, no claim,
  // capacity, node affinity or class).
  if (inline)
    return validatePVSpec(record(source.inlineVolumeSpec), p.child("inlineVolumeSpec"), {
      inline: true,
      pvName: "",
      checkNodeValues: true,
    });
  return [];
}

function validateVolumeError(e: unknown, p: FieldPath): FieldError[] {
  if (!isObj(e)) return [];
  const errs: FieldError[] = [];
  // upstream reports the metadata limit here, not the message's own.
  if (str(e.message).length > MAX_VOLUME_ERROR_MESSAGE) errs.push(fieldErrors.tooLong(p.child("message"), MAX_ATTACHMENT_METADATA));
  if (isNum(e.errorCode) && e.errorCode < 0)
    errs.push(fieldErrors.invalid(p.child("errorCode"), e.errorCode, "must be between 0 and 2147483647, inclusive"));
  return errs;
}

function validateVolumeAttachmentStatus(status: Obj): FieldError[] {
  const p = FieldPath.of("status");
  const errs: FieldError[] = [];
  let size = 0;
  for (const [k, v] of Object.entries(record(status.attachmentMetadata))) size += Buffer.byteLength(k) + Buffer.byteLength(str(v));
  if (size > MAX_ATTACHMENT_METADATA) errs.push(fieldErrors.tooLong(p.child("attachmentMetadata"), MAX_ATTACHMENT_METADATA));
  errs.push(...validateVolumeError(status.attachError, p.child("attachError")));
  errs.push(...validateVolumeError(status.detachError, p.child("detachError")));
  return errs;
}

/** ValidateVolumeAttachment: the spec and status checks of every version. */
function validateVolumeAttachmentCommon(va: KubeObject): FieldError[] {
  const spec = record(va.spec);
  const errs: FieldError[] = [];
  if (str(spec.attacher) === "") errs.push(fieldErrors.required(SPEC.child("attacher")));
  errs.push(...validateVolumeAttachmentSource(record(spec.source), SPEC.child("source")));
  const node = str(spec.nodeName);
  for (const msg of isDNS1123Subdomain(node)) errs.push(fieldErrors.invalid(SPEC.child("nodeName"), node, msg));
  errs.push(...validateVolumeAttachmentStatus(record(va.status)));
  return errs;
}

/** Create: the common checks, then v1's tighter attacher and persistent volume name. */
export function validateVolumeAttachment(va: KubeObject): FieldError[] {
  const errs = validateVolumeAttachmentCommon(va);
  const spec = record(va.spec);
  errs.push(...validateCSIDriverName(str(spec.attacher), FieldPath.of("spec.attacher")));
  const source = record(spec.source);
  if (typeof source.persistentVolumeName === "string") {
    const pv = source.persistentVolumeName;
    for (const msg of isDNS1123Subdomain(pv)) errs.push(fieldErrors.invalid(FieldPath.of("spec.source.persistentVolumeName"), pv, msg));
  }
  return errs;
}

/** Go's %#v of a VolumeAttachmentSpec (pointers print as an address, as upstream's do). */
function goAttachmentSpec(spec: Obj): GoSyntax {
  const source = record(spec.source);
  const ptr = (type: string, v: unknown) => `(*${type})(${unset(v) ? "nil" : GO_ADDRESS})`;
  return new GoSyntax(
    `storage.VolumeAttachmentSpec{Attacher:${goQuote(str(spec.attacher))}, Source:storage.VolumeAttachmentSource{PersistentVolumeName:${ptr("string", source.persistentVolumeName)}, InlineVolumeSpec:${ptr("core.PersistentVolumeSpec", source.inlineVolumeSpec)}}, NodeName:${goQuote(str(spec.nodeName))}}`,
  );
}

/**
 * Update (main and /status): the spec never changes. upstream's strategy runs the common checks
 * and then its update function, which runs them again: a bad field is reported twice.
 */
export function validateVolumeAttachmentUpdate(va: KubeObject, old: KubeObject): FieldError[] {
  const errs = [...validateVolumeAttachmentCommon(va), ...validateVolumeAttachmentCommon(va)];
  if (!sameJSON(va.spec, old.spec)) errs.push(fieldErrors.invalid(SPEC, goAttachmentSpec(record(va.spec)), FIELD_IMMUTABLE));
  return errs;
}
