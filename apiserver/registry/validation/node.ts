/**
 * Node validation as upstream's ValidateNode and ValidateNodeUpdate: taints (keys label names,
 * values label values, effects, unique by key and effect; upstream reports them under
 * `metadata.taints`), capacity and allocatable not negative (whole for integer resources),
 * `podCIDRs` valid CIDRs at most one per family and unique; on update `podCIDRs` and
 * `providerID` fixed once set, `externalID` fixed, status addresses unique, and the deprecated
 * `spec.configSource` / `status.config` references (kept by upstream for old objects) well
 * formed. The taints and avoid-pods annotations: resources/nodes/annotations.ts.
 */
import type { KubeObject } from "../rest.js";
import {
  isConfigMapKey,
  isQualifiedName,
  isValidLabelValue,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  parseIP,
} from "../../../runtime/validation/strings.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isCIDR } from "./networking.js";
import { validateResourceQuantityValue } from "./resource-names.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"];
const TAINTS = FieldPath.of("metadata", "taints");
const POD_CIDRS = FieldPath.of("spec", "podCIDRs");
const CIDR_UPDATE = 'node updates may not change podCIDR except from "" to valid';

/** upstream's validateNodeTaints, under `base` (`metadata.taints`, or the taints annotation's key). */
export function validateTaints(taints: unknown[], base: FieldPath = TAINTS): FieldError[] {
  const errs: FieldError[] = [];
  const unique = new Map<string, Set<string>>();
  taints.forEach((t, i) => {
    const taint = record(t);
    const p = base.index(i);
    const key = str(taint.key);
    const value = str(taint.value);
    const effect = str(taint.effect);
    for (const msg of isQualifiedName(key)) errs.push(fieldErrors.invalid(p.child("key"), key, msg));
    const bad = isValidLabelValue(value);
    if (bad.length > 0) errs.push(fieldErrors.invalid(p.child("value"), value, bad.join(";")));
    if (effect === "") errs.push(fieldErrors.required(p.child("effect")));
    else if (!EFFECTS.includes(effect)) errs.push(fieldErrors.notSupported(p.child("effect"), effect, EFFECTS));
    const keys = unique.get(effect) ?? new Set<string>();
    if (keys.has(key)) {
      // upstream prints the internal Taint it compared, Go field names and all.
      const dup = { Key: key, Value: value, Effect: effect, TimeAdded: taint.timeAdded ?? null };
      errs.push({ ...fieldErrors.duplicate(p, dup), detail: "taints must be unique by key and effect pair" });
      return;
    }
    keys.add(key);
    unique.set(effect, keys);
  });
  return errs;
}

/** upstream's ValidateNodeResources: not negative, and whole for integer resources (`pods`, extended ones). */
function validateResources(status: Obj): FieldError[] {
  const errs: FieldError[] = [];
  for (const field of ["capacity", "allocatable"])
    for (const [k, v] of Object.entries(record(status[field])))
      errs.push(...validateResourceQuantityValue(k, v, FieldPath.of("status", field, k)));
  return errs;
}

function validatePodCIDRs(cidrs: string[]): FieldError[] {
  const errs: FieldError[] = [];
  cidrs.forEach((c, i) => {
    if (!isCIDR(c))
      errs.push(fieldErrors.invalid(POD_CIDRS.index(i), c, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"));
  });
  if (cidrs.length > 1) {
    const families = cidrs.map((c) => parseIP(c.split("/")[0] ?? "")?.family ?? 0);
    if (!(families.includes(4) && families.includes(6)) || cidrs.length > 2)
      errs.push(fieldErrors.invalid(POD_CIDRS, cidrs, "may specify no more than one CIDR for each IP family"));
    const seen = new Set<string>();
    cidrs.forEach((c, i) => {
      if (seen.has(c)) errs.push(fieldErrors.duplicate(POD_CIDRS.index(i), c));
      seen.add(c);
    });
  }
  return errs;
}

export function validateNode(node: KubeObject): FieldError[] {
  const spec = record(node.spec);
  return [
    ...validateTaints(list(spec.taints)),
    ...validateResources(record(node.status)),
    ...validatePodCIDRs(list(spec.podCIDRs).map(str)),
  ];
}

/** The ConfigMap a config source names (upstream's validateConfigMapNodeConfigSource). */
function validateConfigMapRef(ref: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const namespace = str(ref.namespace);
  if (namespace === "") errs.push(fieldErrors.required(path.child("namespace"), "namespace must be set"));
  else for (const msg of nameIsDNSLabel(namespace, false)) errs.push(fieldErrors.invalid(path.child("namespace"), namespace, msg));
  const name = str(ref.name);
  if (name === "") errs.push(fieldErrors.required(path.child("name"), "name must be set"));
  else for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldErrors.invalid(path.child("name"), name, msg));
  const key = str(ref.kubeletConfigKey);
  if (key === "") errs.push(fieldErrors.required(path.child("kubeletConfigKey"), "kubeletConfigKey must be set"));
  else for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(path.child("kubeletConfigKey"), key, msg));
  return errs;
}

/** A config source: exactly its one reference kind, a ConfigMap; in spec without uid and resourceVersion, in status with them. */
function validateConfigSource(source: Obj, path: FieldPath, inStatus: boolean): FieldError[] {
  if (!isObj(source.configMap)) return [fieldErrors.invalid(path, source, "exactly one reference subfield must be non-nil")];
  const ref = source.configMap;
  const p = path.child("configMap");
  const errs: FieldError[] = [];
  if (inStatus) {
    if (str(ref.uid) === "") errs.push(fieldErrors.required(p.child("uid"), "uid must be set in status"));
    if (str(ref.resourceVersion) === "")
      errs.push(fieldErrors.required(p.child("resourceVersion"), "resourceVersion must be set in status"));
  } else {
    if (str(ref.uid) !== "") errs.push(fieldErrors.forbidden(p.child("uid"), "uid must not be set in spec"));
    if (str(ref.resourceVersion) !== "")
      errs.push(fieldErrors.forbidden(p.child("resourceVersion"), "resourceVersion must not be set in spec"));
  }
  errs.push(...validateConfigMapRef(ref, p));
  return errs;
}

function validateConfig(node: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const spec = record(node.spec);
  if (isObj(spec.configSource)) errs.push(...validateConfigSource(spec.configSource, FieldPath.of("spec", "configSource"), false));
  const config = record(node.status).config;
  if (isObj(config))
    for (const f of ["assigned", "active", "lastKnownGood"]) {
      const source = config[f];
      if (isObj(source)) errs.push(...validateConfigSource(source, FieldPath.of("status", "config", f), true));
    }
  return errs;
}

/**
 * upstream's node strategy: `spec.configSource` and `status.config` are dropped on create, and a
 * configSource on update unless the stored Node already had one (Dynamic Kubelet Config is gone).
 */
export function dropNodeConfig(node: KubeObject, old?: KubeObject): void {
  const spec = record(node.spec);
  if (old === undefined) {
    delete spec.configSource;
    if (isObj(node.status)) delete node.status.config;
  } else if (!isObj(record(old.spec).configSource)) {
    delete spec.configSource;
  }
}

/** The update rules after the ObjectMeta ones (upstream's ValidateNodeUpdate); the status subresource runs them too. */
export function validateNodeUpdate(node: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(node.spec);
  const oldSpec = record(old.spec);
  const errs = validateResources(record(node.status));
  const seen = new Set<string>();
  list(record(node.status).addresses).forEach((a, i) => {
    const addr = record(a);
    const key = JSON.stringify([str(addr.type), str(addr.address)]);
    if (seen.has(key))
      errs.push(fieldErrors.duplicate(FieldPath.of("status", "addresses").index(i), { Type: str(addr.type), Address: str(addr.address) }));
    seen.add(key);
  });
  const oldCIDRs = list(oldSpec.podCIDRs).map(str);
  const cidrs = list(spec.podCIDRs).map(str);
  if (oldCIDRs.length > 0) {
    if (oldCIDRs.length !== cidrs.length) errs.push(fieldErrors.forbidden(POD_CIDRS, CIDR_UPDATE));
    else oldCIDRs.forEach((c, i) => c !== cidrs[i] && errs.push(fieldErrors.forbidden(POD_CIDRS, CIDR_UPDATE)));
  }
  const oldProvider = str(oldSpec.providerID);
  if (oldProvider !== "" && oldProvider !== str(spec.providerID))
    errs.push(fieldErrors.forbidden(FieldPath.of("spec", "providerID"), 'node updates may not change providerID except from "" to valid'));
  errs.push(...validateConfig(node));
  errs.push(...validateTaints(list(spec.taints)));
  // The deprecated externalID never changes (nothing sets it now).
  if (str(spec.externalID) !== str(oldSpec.externalID))
    errs.push(fieldErrors.forbidden(FieldPath.of("spec", "externalID"), "may not be updated"));
  return errs;
}
