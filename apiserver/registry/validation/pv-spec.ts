/**
 * upstream's ValidatePersistentVolumeSpec, for PersistentVolumes and for the inline specs of
 * VolumeAttachments (which must be CSI, without claimRef, capacity, node affinity or class, and
 * may only be Retained), and ValidatePersistentVolumeUpdate's spec rules: the source, volume mode
 * and node affinity fixed (a node affinity may move a term from a beta node label to its GA
 * name), a volume attributes class never unset. The mount-options annotation is refused on
 * plugins that take no mount options (pkg/volume/validation).
 */
import { isDNS1123Subdomain } from "../../../runtime/validation/strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { fieldErrors, FieldPath, GO_ADDRESS, GoSyntax, type FieldError } from "./field.js";
import { validateNodeSelector } from "./affinity.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { canonicalQuantity } from "./quantity-text.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";
import { PV_SOURCES, validatePVSources } from "./volume-sources.js";
import { goQuote } from "../../../runtime/go-strings.js";

const ACCESS_MODES = ["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"];
const RECLAIM_POLICIES = ["Delete", "Recycle", "Retain"];
const VOLUME_MODES = ["Block", "Filesystem"];
const INLINE = "may not be specified in the context of inline volumes";

export interface PVSpecOptions {
  /** A VolumeAttachment's inline spec (upstream's validateInlinePersistentVolumeSpec). */
  inline: boolean;
  /** The volume's name, which the iscsi initiator length rule counts. */
  pvName: string;
  /** Node-affinity label values are checked (false: the stored volume already had bad ones). */
  checkNodeValues: boolean;
}

const unset = (v: unknown): boolean => v === undefined || v === null;

/**
 * A ResourceList as upstream's message prints it (Go's %#v): exact for an absent list; entries
 * show each Quantity by its text, not Go's internal fields.
 */
function goResourceList(v: unknown): GoSyntax {
  if (!isObj(v)) return new GoSyntax("core.ResourceList(nil)");
  const entries = Object.keys(v)
    .sort()
    .map((k) => `${goQuote(k)}:resource.MustParse(${goQuote(canonicalQuantity(v[k]))})`);
  return new GoSyntax(`core.ResourceList{${entries.join(", ")}}`);
}

function validateAccessModes(modes: unknown, path: FieldPath): FieldError[] {
  const m = list(modes).map(String);
  const errs: FieldError[] = [];
  if (m.length === 0) errs.push(fieldErrors.required(path));
  let once = false;
  let other = false;
  for (const mode of m) {
    if (!ACCESS_MODES.includes(mode)) errs.push(fieldErrors.notSupported(path, mode, ACCESS_MODES));
    else if (mode === "ReadWriteOncePod") once = true;
    else other = true;
  }
  if (once && other) errs.push(fieldErrors.forbidden(path, "may not use ReadWriteOncePod with other access modes"));
  return errs;
}

function validateCapacity(capacity: unknown, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const entries = isObj(capacity) ? Object.keys(capacity).sort() : [];
  if (entries.length === 0) errs.push(fieldErrors.required(path));
  if (!entries.includes("storage") || entries.length > 1) errs.push(fieldErrors.notSupported(path, goResourceList(capacity), ["storage"]));
  for (const k of entries) {
    const q = (capacity as Obj)[k];
    const n = parseQuantity(q);
    if (n === undefined) continue;
    // validateBasicResource prints the value rounded up to a whole number, then the positive check its text.
    if (Math.ceil(n) < 0) errs.push(fieldErrors.invalid(path.key(k), Math.ceil(n), "must be a valid resource quantity"));
    if (n <= 0) errs.push(fieldErrors.invalid(path.key(k), canonicalQuantity(q), "must be greater than zero"));
  }
  return errs;
}

/** Go's path.Clean(p) == "/": an absolute path of nothing but separators, `.` and `..`. */
function cleansToRoot(p: string): boolean {
  return p.startsWith("/") && p.split("/").every((seg) => seg === "" || seg === "." || seg === "..");
}

/** upstream's ValidatePersistentVolumeSpec at `path`. */
export function validatePVSpec(spec: Obj, path: FieldPath, opts: PVSpecOptions): FieldError[] {
  const errs: FieldError[] = [];
  const inline = opts.inline;
  const capacity = spec.capacity;
  if (inline) {
    if (!unset(spec.claimRef)) errs.push(fieldErrors.forbidden(path.child("claimRef"), INLINE));
    if (isObj(capacity) && Object.keys(capacity).length > 0) errs.push(fieldErrors.forbidden(path.child("capacity"), INLINE));
    if (!isObj(spec.csi)) errs.push(fieldErrors.required(path.child("csi"), "has to be specified in the context of inline volumes"));
  }
  errs.push(...validateAccessModes(spec.accessModes, path.child("accessModes")));
  if (!inline) errs.push(...validateCapacity(capacity, path.child("capacity")));
  const policy = str(spec.persistentVolumeReclaimPolicy);
  if (policy !== "") {
    if (inline) {
      if (policy !== "Retain")
        errs.push(
          fieldErrors.forbidden(path.child("persistentVolumeReclaimPolicy"), "may only be Retain in the context of inline volumes"),
        );
    } else if (!RECLAIM_POLICIES.includes(policy)) {
      errs.push(fieldErrors.notSupported(path.child("persistentVolumeReclaimPolicy"), policy, RECLAIM_POLICIES));
    }
  }
  let hasAffinity = false;
  if (!unset(spec.nodeAffinity)) {
    if (inline) errs.push(fieldErrors.forbidden(path.child("nodeAffinity"), INLINE));
    else {
      hasAffinity = true;
      const required = record(spec.nodeAffinity).required;
      const ap = path.child("nodeAffinity", "required");
      if (!isObj(required)) errs.push(fieldErrors.required(ap, "must specify required node constraints"));
      else errs.push(...validateNodeSelector(required, ap, opts.checkNodeValues));
    }
  }
  errs.push(
    ...validatePVSources(spec, path, opts.pvName, (key) =>
      key === "local" && !hasAffinity ? [fieldErrors.required(path.child("nodeAffinity"), "Local volume requires node affinity")] : [],
    ),
  );
  if (isObj(spec.hostPath) && cleansToRoot(str(spec.hostPath.path)) && policy === "Recycle")
    errs.push(fieldErrors.forbidden(path.child("persistentVolumeReclaimPolicy"), "may not be 'recycle' for a hostPath mount of '/'"));
  const className = str(spec.storageClassName);
  if (className !== "") {
    if (inline) errs.push(fieldErrors.forbidden(path.child("storageClassName"), INLINE));
    else for (const msg of isDNS1123Subdomain(className)) errs.push(fieldErrors.invalid(path.child("storageClassName"), className, msg));
  }
  if (typeof spec.volumeMode === "string") {
    const mode = spec.volumeMode;
    if (inline) {
      if (mode !== "Filesystem")
        errs.push(
          fieldErrors.forbidden(
            path.child("volumeMode"),
            "may not specify volumeMode other than Filesystem in the context of inline volumes",
          ),
        );
    } else if (!VOLUME_MODES.includes(mode)) errs.push(fieldErrors.notSupported(path.child("volumeMode"), mode, VOLUME_MODES));
  }
  // VolumeAttributesClass is on in 1.34; inline specs are validated without it, as upstream's.
  if (!inline && typeof spec.volumeAttributesClassName === "string") {
    const vac = spec.volumeAttributesClassName;
    const vp = path.child("volumeAttributesClassName");
    if (vac === "") errs.push(fieldErrors.required(vp, "an empty string is disallowed"));
    else for (const msg of isDNS1123Subdomain(vac)) errs.push(fieldErrors.invalid(vp, vac, msg));
    if (!isObj(spec.csi)) errs.push(fieldErrors.required(path.child("csi"), "has to be specified when using volumeAttributesClassName"));
  }
  return errs;
}

/** Plugins that take mount options (pkg/volume/validation's checkMountOption). */
const MOUNT_OPTION_PLUGINS = [
  "gcePersistentDisk",
  "awsElasticBlockStore",
  "glusterfs",
  "nfs",
  "rbd",
  "quobyte",
  "iscsi",
  "cinder",
  "cephfs",
  "azureFile",
  "vsphereVolume",
  "azureDisk",
  "photonPersistentDisk",
];
export const MOUNT_OPTIONS_ANNOTATION = "volume.beta.kubernetes.io/mount-options";

/** The beta mount-options annotation on a volume whose plugin takes none. */
export function validateMountOptions(spec: Obj, annotations: unknown): FieldError[] {
  if (MOUNT_OPTION_PLUGINS.some((k) => isObj(spec[k]))) return [];
  if (!isObj(annotations) || !(MOUNT_OPTIONS_ANNOTATION in annotations)) return [];
  return [
    fieldErrors.forbidden(
      FieldPath.of("metadata", "annotations", MOUNT_OPTIONS_ANNOTATION),
      "may not specify mount options for this volume type",
    ),
  ];
}

/** upstream's betaToGALabel: a node-affinity key may move from the beta name to the GA one. */
const BETA_TO_GA: Readonly<Record<string, string>> = {
  "failure-domain.beta.kubernetes.io/zone": "topology.kubernetes.io/zone",
  "failure-domain.beta.kubernetes.io/region": "topology.kubernetes.io/region",
  "beta.kubernetes.io/os": "kubernetes.io/os",
  "beta.kubernetes.io/arch": "kubernetes.io/arch",
  "beta.kubernetes.io/instance-type": "node.kubernetes.io/instance-type",
};

/** The old affinity with every beta key the new one renamed to its GA name taken as that name. */
function maskBetaKeys(oldAffinity: unknown, newAffinity: unknown): unknown {
  const oldTerms = list(record(record(oldAffinity).required).nodeSelectorTerms);
  const newTerms = list(record(record(newAffinity).required).nodeSelectorTerms);
  if (oldTerms.length === 0) return oldAffinity;
  const terms = oldTerms.map((t, i) => {
    const term = record(t);
    const newExprs = list(record(newTerms[i]).matchExpressions);
    const exprs = list(term.matchExpressions).map((e, j) => {
      const oldKey = str(record(e).key);
      const newKey = str(record(newExprs[j]).key);
      return oldKey !== newKey && BETA_TO_GA[oldKey] === newKey ? { ...record(e), key: newKey } : e;
    });
    return term.matchExpressions === undefined ? term : { ...term, matchExpressions: exprs };
  });
  const old = record(oldAffinity);
  return { ...old, required: { ...record(old.required), nodeSelectorTerms: terms } };
}

/** JSON without empty lists, nulls, "" and false: what Go's semantic equality of decoded structs ignores. */
function normalized(v: unknown): unknown {
  if (Array.isArray(v)) return v.length === 0 ? undefined : v.map(normalized);
  if (isObj(v)) {
    const out: Obj = {};
    for (const k of Object.keys(v).sort()) {
      const x = normalized(v[k]);
      if (x !== undefined && x !== null && x !== "" && x !== false) out[k] = x;
    }
    return Object.keys(out).length === 0 ? {} : out;
  }
  return v;
}

function goVolumeNodeAffinity(v: unknown): GoSyntax {
  if (!isObj(v)) return new GoSyntax("(*core.VolumeNodeAffinity)(nil)");
  const req = isObj(v.required) ? `(*core.NodeSelector)(${GO_ADDRESS})` : "(*core.NodeSelector)(nil)";
  return new GoSyntax(`&core.VolumeNodeAffinity{Required:${req}}`);
}

/** The spec rules of upstream's ValidatePersistentVolumeUpdate beyond re-validating the new spec. */
export function validatePVSpecUpdate(spec: Obj, oldSpec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  // A CSI volume may gain a controllerExpandSecretRef it did not have.
  let newSources: Obj = spec;
  if (isObj(spec.csi) && isObj(oldSpec.csi) && unset(oldSpec.csi.controllerExpandSecretRef) && !unset(spec.csi.controllerExpandSecretRef)) {
    const csi = { ...spec.csi };
    delete csi.controllerExpandSecretRef;
    newSources = { ...spec, csi };
  }
  if (PV_SOURCES.some((s) => !sameJSON(normalized(newSources[s]), normalized(oldSpec[s]))))
    errs.push(fieldErrors.forbidden(FieldPath.of("spec", "persistentvolumesource"), "spec.persistentvolumesource is forbidden."));
  // upstream's paths for these two have no "spec." prefix.
  if (!sameJSON(spec.volumeMode, oldSpec.volumeMode))
    errs.push(fieldErrors.invalid(FieldPath.of("volumeMode"), spec.volumeMode ?? null, FIELD_IMMUTABLE));
  if (!unset(oldSpec.nodeAffinity)) {
    const masked = maskBetaKeys(oldSpec.nodeAffinity, spec.nodeAffinity);
    if (!sameJSON(normalized(spec.nodeAffinity ?? null), normalized(masked)))
      errs.push(
        fieldErrors.invalid(
          FieldPath.of("nodeAffinity"),
          goVolumeNodeAffinity(spec.nodeAffinity),
          `${FIELD_IMMUTABLE}, except for updating from beta label to GA`,
        ),
      );
  }
  if (!unset(oldSpec.volumeAttributesClassName) && unset(spec.volumeAttributesClassName))
    errs.push(fieldErrors.forbidden(FieldPath.of("spec", "volumeAttributesClassName"), "update from non-nil value to nil is forbidden"));
  return errs;
}
