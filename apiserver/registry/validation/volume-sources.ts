/**
 * Per-source rules of upstream's validateVolumeSource for the in-tree sources whose fields it
 * checks beyond presence: nfs (server, absolute path), iscsi (portal, IQN formats, lun, CHAP
 * secret, initiator name), rbd (monitors, image), csi (driver name, node publish secret), image
 * (a reference on Pods, the pull policy) and gitRepo (repository, a descending directory).
 */
import { isDNS1123Subdomain, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, str, type Obj } from "./shape.js";

const IQN = /iqn\.\d{4}-\d{2}\.([A-Za-z0-9\-.]+)(:[^,;*&$|\s]+)$/;
const EUI = /^eui.[A-Za-z0-9]{16}$/;
const NAA = /^naa.[A-Za-z0-9]{32}$/;
const PULL_POLICIES = ["Always", "IfNotPresent", "Never"];

const isAbs = (p: string) => p.startsWith("/");

/** upstream's IQN/EUI/NAA format check of an iscsi name; `undefined` when it passes. */
function iscsiNameError(name: string): string | undefined {
  if (!name.startsWith("iqn") && !name.startsWith("eui") && !name.startsWith("naa"))
    return "must be valid format starting with iqn, eui, or naa";
  if (name.startsWith("iqn") && !IQN.test(name)) return "must be valid format";
  if (name.startsWith("eui") && !EUI.test(name)) return "must be valid format";
  if (name.startsWith("naa") && !NAA.test(name)) return "must be valid format";
  return undefined;
}

function nfs(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.server) === "") errs.push(fieldErrors.required(p.child("server")));
  if (str(s.path) === "") errs.push(fieldErrors.required(p.child("path")));
  if (!isAbs(str(s.path))) errs.push(fieldErrors.invalid(p.child("path"), str(s.path), "must be an absolute path"));
  return errs;
}

function iscsi(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.targetPortal) === "") errs.push(fieldErrors.required(p.child("targetPortal")));
  const iqn = str(s.iqn);
  if (iqn === "") errs.push(fieldErrors.required(p.child("iqn")));
  else {
    const bad = iscsiNameError(iqn);
    if (bad) errs.push(fieldErrors.invalid(p.child("iqn"), iqn, bad));
  }
  const lun = typeof s.lun === "number" ? s.lun : 0;
  if (lun < 0 || lun > 255) errs.push(fieldErrors.invalid(p.child("lun"), lun, "must be between 0 and 255, inclusive"));
  if ((s.chapAuthDiscovery === true || s.chapAuthSession === true) && !isObj(s.secretRef))
    errs.push(fieldErrors.required(p.child("secretRef")));
  if (typeof s.initiatorName === "string") {
    const bad = iscsiNameError(s.initiatorName);
    // upstream's path spells the field in lower case.
    if (bad) errs.push(fieldErrors.invalid(p.child("initiatorname"), s.initiatorName, bad));
  }
  return errs;
}

function rbd(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (list(s.monitors).length === 0) errs.push(fieldErrors.required(p.child("monitors")));
  if (str(s.image) === "") errs.push(fieldErrors.required(p.child("image")));
  return errs;
}

/** upstream's ValidateCSIDriverName: required, at most 63 bytes, a DNS subdomain once lower-cased. */
export function validateCSIDriverName(driver: string, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (driver === "") errs.push(fieldErrors.required(p));
  if (driver.length > 63) errs.push(fieldErrors.tooLong(p, 63));
  for (const msg of isDNS1123Subdomain(driver.toLowerCase())) errs.push(fieldErrors.invalid(p, driver, msg));
  return errs;
}

function csi(s: Obj, p: FieldPath): FieldError[] {
  const errs = validateCSIDriverName(str(s.driver), p.child("driver"));
  if (isObj(s.nodePublishSecretRef)) {
    const name = str(s.nodePublishSecretRef.name);
    if (name === "") errs.push(fieldErrors.required(p.child("nodePublishSecretRef", "name")));
    // upstream names the source's `name` here, not the secret reference's.
    else for (const msg of nameIsDNSSubdomain(name, false)) errs.push(fieldErrors.invalid(p.child("name"), name, msg));
  }
  return errs;
}

function image(s: Obj, p: FieldPath, isPod: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (isPod && str(s.reference) === "") errs.push(fieldErrors.required(p.child("reference")));
  const policy = s.pullPolicy;
  // The policy is only checked when given: kubegen does not default it.
  if (typeof policy === "string" && policy !== "" && !PULL_POLICIES.includes(policy))
    errs.push(fieldErrors.notSupported(p.child("pullPolicy"), policy, PULL_POLICIES));
  return errs;
}

function gitRepo(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.repository) === "") errs.push(fieldErrors.required(p.child("repository")));
  const dir = str(s.directory);
  const dp = p.child("directory");
  if (isAbs(dir)) errs.push(fieldErrors.invalid(dp, dir, "must be a relative path"));
  if (dir.split("/").includes("..")) errs.push(fieldErrors.invalid(dp, dir, "must not contain '..'"));
  return errs;
}

/** The per-source rules for one volume (only the sources it sets run). */
export function validateVolumeSourceFields(v: Obj, p: FieldPath, isPod: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (isObj(v.gitRepo)) errs.push(...gitRepo(v.gitRepo, p.child("gitRepo")));
  if (isObj(v.nfs)) errs.push(...nfs(v.nfs, p.child("nfs")));
  if (isObj(v.iscsi)) errs.push(...iscsi(v.iscsi, p.child("iscsi")));
  if (isObj(v.rbd)) errs.push(...rbd(v.rbd, p.child("rbd")));
  if (isObj(v.csi)) errs.push(...csi(v.csi, p.child("csi")));
  if (isObj(v.image)) errs.push(...image(v.image, p.child("image"), isPod));
  return errs;
}
