/**
 * PersistentVolumeClaim, PersistentVolume (core/v1) and StorageClass (storage.k8s.io/v1)
 * validation as upstream's: access modes, requested storage, data sources (pvc-data-source.ts), a
 * PVC spec immutable once bound (but its storage request while bound, the refusal ending with the
 * spec diff), a PV with exactly one source, StorageClass parameters and
 * provisioner immutable.
 */
import { validateAllowedTopologies, validateProvisioner, validateStorageClassParameters } from "./storage-class-rules.js";
import { isDNS1123Subdomain } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateNodeSelector } from "./affinity.js";
import { validateLabelSelector } from "./label-selector.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { validateDataSources } from "./pvc-data-source.js";
import { validateMountOptions, validatePVSpec, validatePVSpecUpdate } from "./pv-spec.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";
import { goStyleDiff } from "./spec-diff.js";
import { deepCopyPersistentVolumeClaimSpec } from "../../../generated/apis/core/v1/zz_generated.deepcopy.js";

const SPEC = FieldPath.of("spec");
const ACCESS_MODES = ["ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"];
const VOLUME_MODES = ["Block", "Filesystem"];

function validateAccessModes(modes: unknown, path: FieldPath): FieldError[] {
  const m = list(modes).map(String);
  const errs: FieldError[] = [];
  if (m.length === 0) errs.push(fieldErrors.required(path, "at least 1 access mode is required"));
  for (const mode of m) if (!ACCESS_MODES.includes(mode)) errs.push(fieldErrors.notSupported(path, mode, ACCESS_MODES));
  if (m.includes("ReadWriteOncePod") && m.length > 1)
    errs.push(fieldErrors.forbidden(path, "may not use ReadWriteOncePod with other access modes"));
  return errs;
}

export function validatePVCSpec(spec: Obj, path: FieldPath): FieldError[] {
  const errs = validateAccessModes(spec.accessModes, path.child("accessModes"));
  errs.push(...validateLabelSelector(spec.selector, path.child("selector")));
  const storage = record(record(spec.resources).requests).storage;
  if (storage === undefined) errs.push(fieldErrors.required(path.child("resources").key("storage"), ""));
  else {
    const n = parseQuantity(storage);
    if (n !== undefined && n <= 0)
      errs.push(fieldErrors.invalid(path.child("resources", "requests").key("storage"), storage, "must be greater than zero"));
  }
  const vm = str(spec.volumeMode);
  if (vm !== "" && !VOLUME_MODES.includes(vm)) errs.push(fieldErrors.notSupported(path.child("volumeMode"), vm, VOLUME_MODES));
  // A class name is a StorageClass's name (upstream's ValidateClassName); "" asks for no class.
  const cls = str(spec.storageClassName);
  if (cls !== "") for (const msg of isDNS1123Subdomain(cls)) errs.push(fieldErrors.invalid(path.child("storageClassName"), cls, msg));
  errs.push(...validateDataSources(spec, path));
  return errs;
}

export function validatePVC(pvc: KubeObject): FieldError[] {
  return validatePVCSpec(record(pvc.spec), SPEC);
}

const BETA_CLASS_ANNOTATION = "volume.beta.kubernetes.io/storage-class";

/**
 * A class set where there was none: allowed once, from the beta annotation's value (the
 * annotation kept) or, with neither before, to any class (retroactive default class), as upstream.
 */
function classUpgrade(pvc: KubeObject, old: KubeObject): "annotation" | "nil" | undefined {
  const oldClass = record(old.spec).storageClassName;
  const newClass = record(pvc.spec).storageClassName;
  if ((oldClass !== undefined && oldClass !== null) || newClass === undefined || newClass === null) return undefined;
  const oldAnn = old.metadata?.annotations?.[BETA_CLASS_ANNOTATION];
  const newAnn = pvc.metadata?.annotations?.[BETA_CLASS_ANNOTATION];
  if (oldAnn !== undefined) return newAnn === oldAnn && newClass === oldAnn ? "annotation" : undefined;
  return "nil";
}

/**
 * A claim's spec is immutable but for volumeName once, and, while it is bound, its storage
 * request and attributes class (upstream's ValidatePersistentVolumeClaimUpdate). The request
 * may shrink back towards status.capacity (RecoverVolumeExpansionFailure, on in 1.34) but not to it.
 */
export function validatePVCUpdate(pvc: KubeObject, old: KubeObject): FieldError[] {
  const errs = validatePVC(pvc);
  const spec = deepCopyPersistentVolumeClaimSpec(record(pvc.spec)) as unknown as Obj;
  const oldSpec = deepCopyPersistentVolumeClaimSpec(record(old.spec)) as unknown as Obj;
  if (str(oldSpec.volumeName) === "") oldSpec.volumeName = spec.volumeName;
  const upgrade = classUpgrade(pvc, old);
  if (upgrade !== undefined) delete spec.storageClassName;
  if (upgrade !== "annotation") {
    const was = old.metadata?.annotations?.[BETA_CLASS_ANNOTATION];
    const now = pvc.metadata?.annotations?.[BETA_CLASS_ANNOTATION];
    if ((was ?? "") !== (now ?? ""))
      errs.push(fieldErrors.invalid(FieldPath.of("metadata", "annotations", BETA_CLASS_ANNOTATION), now ?? "", FIELD_IMMUTABLE));
  }
  const bound = str(record(pvc.status).phase) === "Bound";
  const requests = record(spec.resources).requests;
  if (bound && isObj(requests)) {
    const was = record(record(oldSpec.resources).requests).storage;
    if (was === undefined) delete requests.storage;
    else requests.storage = was;
  }
  if (bound && spec.volumeAttributesClassName !== undefined) spec.volumeAttributesClassName = oldSpec.volumeAttributesClassName;
  if (!sameJSON(spec, oldSpec)) {
    errs.push(
      fieldErrors.forbidden(
        SPEC,
        // As upstream: the diff of what is left once the updatable fields were set back (old `-`, new `+`).
        `spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims\n${goStyleDiff("core.PersistentVolumeClaimSpec", oldSpec, spec)}`,
      ),
    );
  }
  const newSize = parseQuantity(record(record(record(pvc.spec).resources).requests).storage) ?? 0;
  const oldSize = parseQuantity(record(record(record(old.spec).resources).requests).storage) ?? 0;
  const statusSize = parseQuantity(record(record(old.status).capacity).storage) ?? 0;
  if (newSize < oldSize && newSize <= statusSize) {
    errs.push(fieldErrors.forbidden(SPEC.child("resources", "requests", "storage"), "field can not be less than status.capacity"));
  }
  // Upstream's path for this one has no "spec." prefix.
  const mode = record(pvc.spec).volumeMode;
  if (!sameJSON(mode, record(old.spec).volumeMode)) errs.push(fieldErrors.invalid(FieldPath.of("volumeMode"), mode ?? "", FIELD_IMMUTABLE));
  return errs;
}

/**
 * upstream's PV strategy Validate: the spec (pv-spec.ts) and the mount-options annotation.
 * `checkNodeValues` false lets an update keep node-affinity label values the stored volume had.
 */
export function validatePV(pv: KubeObject, checkNodeValues = true): FieldError[] {
  const spec = record(pv.spec);
  return [
    ...validatePVSpec(spec, SPEC, { inline: false, pvName: str(pv.metadata?.name), checkNodeValues }),
    ...validateMountOptions(spec, pv.metadata?.annotations),
  ];
}

/**
 * upstream's ValidateUpdate: Validate, then ValidatePersistentVolumeUpdate, which validates the
 * new volume again (its errors are listed twice, as upstream's) before the update rules.
 */
export function validatePVUpdate(pv: KubeObject, old: KubeObject): FieldError[] {
  const oldAffinity = record(record(old.spec).nodeAffinity).required;
  const checkValues = !isObj(oldAffinity) || validateNodeSelector(oldAffinity, SPEC).length === 0;
  const spec = record(pv.spec);
  const again = validatePVSpec(spec, SPEC, { inline: false, pvName: str(pv.metadata?.name), checkNodeValues: checkValues });
  return [...validatePV(pv, checkValues), ...again, ...validatePVSpecUpdate(spec, record(old.spec))];
}

export function validateStorageClass(sc: KubeObject): FieldError[] {
  const errs = validateProvisioner(str(sc.provisioner), FieldPath.of("provisioner"));
  errs.push(...validateStorageClassParameters(sc.parameters, FieldPath.of("parameters")));
  const rp = str(sc.reclaimPolicy);
  if (rp !== "" && rp !== "Delete" && rp !== "Retain")
    errs.push(fieldErrors.notSupported(FieldPath.of("reclaimPolicy"), rp, ["Delete", "Retain"]));
  const bm = str(sc.volumeBindingMode);
  if (bm !== "" && bm !== "Immediate" && bm !== "WaitForFirstConsumer")
    errs.push(fieldErrors.notSupported(FieldPath.of("volumeBindingMode"), bm, ["Immediate", "WaitForFirstConsumer"]));
  errs.push(...validateAllowedTopologies(sc.allowedTopologies, FieldPath.of("allowedTopologies")));
  return errs;
}

export function validateStorageClassUpdate(sc: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateStorageClass(sc);
  if (!sameJSON(sc.parameters, old.parameters))
    errs.push(fieldErrors.forbidden(FieldPath.of("parameters"), "updates to parameters are forbidden."));
  if (sc.provisioner !== old.provisioner)
    errs.push(fieldErrors.forbidden(FieldPath.of("provisioner"), "updates to provisioner are forbidden."));
  if (!sameJSON(sc.reclaimPolicy, old.reclaimPolicy))
    errs.push(fieldErrors.forbidden(FieldPath.of("reclaimPolicy"), "updates to reclaimPolicy are forbidden."));
  if (!sameJSON(sc.volumeBindingMode, old.volumeBindingMode))
    errs.push(fieldErrors.forbidden(FieldPath.of("volumeBindingMode"), "field is immutable"));
  return errs;
}

/** storage.k8s.io/v1 VolumeAttributesClass (upstream's ValidateVolumeAttributesClass): a driver name, at least one parameter. */
export function validateVolumeAttributesClass(vac: KubeObject): FieldError[] {
  return [
    ...validateProvisioner(str(vac.driverName), FieldPath.of("driverName")),
    ...validateStorageClassParameters(vac.parameters, FieldPath.of("parameters"), false),
  ];
}

/** Upstream's ValidateVolumeAttributesClassUpdate: driverName and parameters are fixed at creation. */
export function validateVolumeAttributesClassUpdate(vac: KubeObject, old: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  if (str(vac.driverName) !== str(old.driverName))
    errs.push(fieldErrors.forbidden(FieldPath.of("driverName"), "updates to driverName are forbidden."));
  if (!sameJSON(vac.parameters, old.parameters))
    errs.push(fieldErrors.forbidden(FieldPath.of("parameters"), "updates to parameters are forbidden."));
  return [...errs, ...validateVolumeAttributesClass(vac)];
}
