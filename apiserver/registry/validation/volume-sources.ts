/**
 * Per-source rules of upstream's validateVolumeSource (Pods) and ValidatePersistentVolumeSpec
 * (PersistentVolumes, VolumeAttachments' inline specs): each in-tree source's required fields and
 * formats. Where the PersistentVolume variant of a source differs (secret references with a
 * namespace, iscsi's messages, glusterfs' endpoints namespace, csi's volume handle and secrets),
 * the `pv` argument or a PV-only function says so.
 */
import { isDNS1123Label, isDNS1123Subdomain, nameIsDNSLabel, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import { hasDotDotElement } from "./downward-api.js";
import { fieldErrors, GoSyntax, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, num, str, type Obj } from "./shape.js";
import { goQuote } from "../../../runtime/go-strings.js";

const IQN = /iqn\.\d{4}-\d{2}\.([A-Za-z0-9\-.]+)(:[^,;*&$|\s]+)$/;
const EUI = /^eui.[A-Za-z0-9]{16}$/;
const NAA = /^naa.[A-Za-z0-9]{32}$/;
const PULL_POLICIES = ["Always", "IfNotPresent", "Never"];
const HOST_PATH_TYPES = ["", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"];
const AZURE_CACHING_MODES = ["None", "ReadOnly", "ReadWrite"];
const AZURE_DISK_KINDS = ["Dedicated", "Managed", "Shared"];
const PD_PARTITION = "must be between 1 and 255, inclusive";
const LUN_RANGE = "must be between 0 and 255, inclusive";

const isAbs = (p: string) => p.startsWith("/");
const dns = (check: (v: string) => string[], value: string, p: FieldPath): FieldError[] =>
  check(value).map((msg) => fieldErrors.invalid(p, value, msg));
/** Go's %#v of a []string, as upstream prints such a bad value. */
const goStrings = (v: unknown): GoSyntax =>
  new GoSyntax(
    `[]string{${list(v)
      .map((x) => goQuote(str(x)))
      .join(", ")}}`,
  );

/**
 * upstream's IQN/EUI/NAA format check of an iscsi name; `undefined` when it passes. The
 * PersistentVolume variant words a name with none of the three prefixes as a bad format too.
 */
function iscsiNameError(name: string, pv: boolean): string | undefined {
  if (!name.startsWith("iqn") && !name.startsWith("eui") && !name.startsWith("naa"))
    return pv ? "must be valid format" : "must be valid format starting with iqn, eui, or naa";
  if (name.startsWith("iqn") && !IQN.test(name)) return "must be valid format";
  if (name.startsWith("eui") && !EUI.test(name)) return "must be valid format";
  if (name.startsWith("naa") && !NAA.test(name)) return "must be valid format";
  return undefined;
}

/** upstream's validatePathNoBacksteps: one error however many `..` elements. */
function noBacksteps(path: string, p: FieldPath): FieldError[] {
  return path.includes("..") && hasDotDotElement(path.replaceAll("\\", "/")) ? [fieldErrors.invalid(p, path, "must not contain '..'")] : [];
}

function hostPath(s: Obj, p: FieldPath): FieldError[] {
  const path = str(s.path);
  if (path === "") return [fieldErrors.required(p.child("path"))];
  const errs = noBacksteps(path, p.child("path"));
  if (typeof s.type === "string" && !HOST_PATH_TYPES.includes(s.type))
    errs.push(fieldErrors.notSupported(p.child("type"), s.type, HOST_PATH_TYPES));
  return errs;
}

function local(s: Obj, p: FieldPath): FieldError[] {
  const path = str(s.path);
  if (path === "") return [fieldErrors.required(p.child("path"))];
  return noBacksteps(path, p.child("path"));
}

function nfs(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.server) === "") errs.push(fieldErrors.required(p.child("server")));
  if (str(s.path) === "") errs.push(fieldErrors.required(p.child("path")));
  if (!isAbs(str(s.path))) errs.push(fieldErrors.invalid(p.child("path"), str(s.path), "must be an absolute path"));
  return errs;
}

function iscsi(s: Obj, p: FieldPath, pv: boolean, pvName = ""): FieldError[] {
  const errs: FieldError[] = [];
  const portal = str(s.targetPortal);
  if (portal === "") errs.push(fieldErrors.required(p.child("targetPortal")));
  if (pv && typeof s.initiatorName === "string" && `${pvName}:${portal}`.length > 64)
    errs.push(
      fieldErrors.invalid(
        p.child("targetportal"),
        portal,
        "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.",
      ),
    );
  const iqn = str(s.iqn);
  if (iqn === "") errs.push(fieldErrors.required(p.child("iqn")));
  else {
    const bad = iscsiNameError(iqn, pv);
    if (bad) errs.push(fieldErrors.invalid(p.child("iqn"), iqn, bad));
  }
  const lun = num(s.lun);
  if (lun < 0 || lun > 255) errs.push(fieldErrors.invalid(p.child("lun"), lun, LUN_RANGE));
  if ((s.chapAuthDiscovery === true || s.chapAuthSession === true) && !isObj(s.secretRef))
    errs.push(fieldErrors.required(p.child("secretRef")));
  if (pv && isObj(s.secretRef) && str(s.secretRef.name) === "") errs.push(fieldErrors.required(p.child("secretRef", "name")));
  if (typeof s.initiatorName === "string") {
    const bad = iscsiNameError(s.initiatorName, pv);
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

function gcePersistentDisk(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.pdName) === "") errs.push(fieldErrors.required(p.child("pdName")));
  const partition = num(s.partition);
  if (partition < 0 || partition > 255) errs.push(fieldErrors.invalid(p.child("partition"), partition, PD_PARTITION));
  return errs;
}

function awsElasticBlockStore(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.volumeID) === "") errs.push(fieldErrors.required(p.child("volumeID")));
  const partition = num(s.partition);
  if (partition < 0 || partition > 255) errs.push(fieldErrors.invalid(p.child("partition"), partition, PD_PARTITION));
  return errs;
}

function glusterfs(s: Obj, p: FieldPath, pv: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.endpoints) === "") errs.push(fieldErrors.required(p.child("endpoints")));
  if (str(s.path) === "") errs.push(fieldErrors.required(p.child("path")));
  if (pv && typeof s.endpointsNamespace === "string") {
    const ns = s.endpointsNamespace;
    const np = p.child("endpointsNamespace");
    if (ns === "") errs.push(fieldErrors.invalid(np, ns, "if the endpointnamespace is set, it must be a valid namespace name"));
    else for (const msg of nameIsDNSLabel(ns, false)) errs.push(fieldErrors.invalid(np, ns, msg));
  }
  return errs;
}

function flocker(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(s.datasetName);
  const uuid = str(s.datasetUUID);
  if (name === "" && uuid === "") errs.push(fieldErrors.required(p, "one of datasetName and datasetUUID is required"));
  if (name !== "" && uuid !== "")
    errs.push(fieldErrors.invalid(p, "resource", "datasetName and datasetUUID can not be specified simultaneously"));
  if (name.includes("/")) errs.push(fieldErrors.invalid(p.child("datasetName"), name, "must not contain '/'"));
  return errs;
}

/** Go's net.SplitHostPort succeeding: a host and a port, the host bracketed when it has colons. */
function splitsHostPort(hp: string): boolean {
  if (hp.startsWith("[")) {
    const end = hp.indexOf("]");
    return end > 0 && hp[end + 1] === ":" && !hp.slice(end + 2).includes(":") && !hp.slice(1, end).includes("[");
  }
  const colon = hp.lastIndexOf(":");
  return colon >= 0 && !hp.slice(0, colon).includes(":") && !hp.includes("[") && !hp.includes("]");
}

function quobyte(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const registry = str(s.registry);
  const pairs = "must be a host:port pair or multiple pairs separated by commas";
  if (registry === "") errs.push(fieldErrors.required(p.child("registry"), pairs));
  else if (str(s.tenant).length >= 65)
    errs.push(fieldErrors.required(p.child("tenant"), "must be a UUID and may not exceed a length of 64 characters"));
  else for (const hp of registry.split(",")) if (!splitsHostPort(hp)) errs.push(fieldErrors.invalid(p.child("registry"), registry, pairs));
  if (str(s.volume) === "") errs.push(fieldErrors.required(p.child("volume")));
  return errs;
}

function cephfs(s: Obj, p: FieldPath): FieldError[] {
  return list(s.monitors).length === 0 ? [fieldErrors.required(p.child("monitors"))] : [];
}

function cinder(s: Obj, p: FieldPath, pv: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.volumeID) === "") errs.push(fieldErrors.required(p.child("volumeID")));
  if (isObj(s.secretRef)) {
    if (str(s.secretRef.name) === "") errs.push(fieldErrors.required(p.child("secretRef", "name")));
    if (pv && str(s.secretRef.namespace) === "") errs.push(fieldErrors.required(p.child("secretRef", "namespace")));
  }
  return errs;
}

function fc(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const wwns = list(s.targetWWNs);
  const wwids = list(s.wwids);
  if (wwns.length === 0 && wwids.length === 0)
    errs.push(fieldErrors.required(p.child("targetWWNs"), "must specify either targetWWNs or wwids, but not both"));
  if (wwns.length > 0 && wwids.length > 0)
    errs.push(fieldErrors.invalid(p.child("targetWWNs"), goStrings(wwns), "targetWWNs and wwids can not be specified simultaneously"));
  if (wwns.length > 0) {
    if (typeof s.lun !== "number") errs.push(fieldErrors.required(p.child("lun"), "lun is required if targetWWNs is specified"));
    else if (s.lun < 0 || s.lun > 255) errs.push(fieldErrors.invalid(p.child("lun"), s.lun, LUN_RANGE));
  }
  return errs;
}

function flexVolume(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.driver) === "") errs.push(fieldErrors.required(p.child("driver")));
  // Option keys may not claim the kubernetes.io or k8s.io namespaces.
  for (const k of Object.keys(isObj(s.options) ? s.options : {}).sort()) {
    const slash = k.indexOf("/");
    const normalized = `.${(slash >= 0 ? k.slice(0, slash) : k).toLowerCase()}`;
    if (normalized.endsWith(".kubernetes.io") || normalized.endsWith(".k8s.io"))
      errs.push(fieldErrors.invalid(p.child("options").key(k), k, "kubernetes.io and k8s.io namespaces are reserved"));
  }
  return errs;
}

function azureFile(s: Obj, p: FieldPath, pv: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.secretName) === "") errs.push(fieldErrors.required(p.child("secretName")));
  if (str(s.shareName) === "") errs.push(fieldErrors.required(p.child("shareName")));
  if (pv && s.secretNamespace === "") errs.push(fieldErrors.required(p.child("secretNamespace")));
  return errs;
}

function azureDisk(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (str(s.diskName) === "") errs.push(fieldErrors.required(p.child("diskName")));
  const uri = str(s.diskURI);
  if (uri === "") errs.push(fieldErrors.required(p.child("diskURI")));
  if (typeof s.cachingMode === "string" && !AZURE_CACHING_MODES.includes(s.cachingMode))
    errs.push(fieldErrors.notSupported(p.child("cachingMode"), s.cachingMode, AZURE_CACHING_MODES));
  const kind = typeof s.kind === "string" ? s.kind : undefined;
  if (kind !== undefined && !AZURE_DISK_KINDS.includes(kind)) errs.push(fieldErrors.notSupported(p.child("kind"), kind, AZURE_DISK_KINDS));
  // upstream lists the URI shape it expects as the one "supported value".
  if (kind === "Managed" && !uri.startsWith("/subscriptions/"))
    errs.push(
      fieldErrors.notSupported(p.child("diskURI"), uri, [
        "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}",
      ]),
    );
  if (kind !== undefined && kind !== "Managed" && !uri.startsWith("https://"))
    errs.push(
      fieldErrors.notSupported(p.child("diskURI"), uri, ["https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"]),
    );
  return errs;
}

const requiredOne =
  (field: string) =>
  (s: Obj, p: FieldPath): FieldError[] =>
    str(s[field]) === "" ? [fieldErrors.required(p.child(field))] : [];

function scaleIO(s: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ["gateway", "system", "volumeName"]) if (str(s[f]) === "") errs.push(fieldErrors.required(p.child(f)));
  return errs;
}

function storageos(s: Obj, p: FieldPath, pv: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(s.volumeName);
  if (name === "") errs.push(fieldErrors.required(p.child("volumeName")));
  else errs.push(...dns(isDNS1123Label, name, p.child("volumeName")));
  const ns = str(s.volumeNamespace);
  if (ns !== "") errs.push(...dns(isDNS1123Label, ns, p.child("volumeNamespace")));
  if (isObj(s.secretRef)) {
    if (str(s.secretRef.name) === "") errs.push(fieldErrors.required(p.child("secretRef", "name")));
    if (pv && str(s.secretRef.namespace) === "") errs.push(fieldErrors.required(p.child("secretRef", "namespace")));
  }
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

/** upstream's validatePVSecretReference: a name (DNS subdomain) and a namespace (DNS label), both required. */
function pvSecretReference(ref: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(ref.name);
  if (name === "") errs.push(fieldErrors.required(p.child("name")));
  else errs.push(...dns(isDNS1123Subdomain, name, p.child("name")));
  const ns = str(ref.namespace);
  if (ns === "") errs.push(fieldErrors.required(p.child("namespace")));
  else errs.push(...dns(isDNS1123Label, ns, p.child("namespace")));
  return errs;
}

const CSI_PV_SECRETS = ["controllerPublishSecretRef", "controllerExpandSecretRef", "nodePublishSecretRef", "nodeExpandSecretRef"];

function csiPersistentVolume(s: Obj, p: FieldPath): FieldError[] {
  const errs = validateCSIDriverName(str(s.driver), p.child("driver"));
  if (str(s.volumeHandle) === "") errs.push(fieldErrors.required(p.child("volumeHandle")));
  for (const ref of CSI_PV_SECRETS) if (isObj(s[ref])) errs.push(...pvSecretReference(s[ref], p.child(ref)));
  return errs;
}

function image(s: Obj, p: FieldPath, isPod: boolean): FieldError[] {
  const errs: FieldError[] = [];
  if (isPod && str(s.reference) === "") errs.push(fieldErrors.required(p.child("reference")));
  const policy = s.pullPolicy;
  // Defaulted from the reference before validation (defaults/core.ts); an explicit "" stays "".
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

type SourceCheck = (s: Obj, p: FieldPath, isPod: boolean) => FieldError[];

/** A Pod volume's per-source checks, by source key (the path segment is the key). */
const POD_SOURCE_CHECKS: ReadonlyMap<string, SourceCheck> = new Map<string, SourceCheck>([
  ["hostPath", hostPath],
  ["gitRepo", gitRepo],
  ["gcePersistentDisk", gcePersistentDisk],
  ["awsElasticBlockStore", awsElasticBlockStore],
  ["nfs", nfs],
  ["iscsi", (s, p) => iscsi(s, p, false)],
  ["glusterfs", (s, p) => glusterfs(s, p, false)],
  ["flocker", flocker],
  ["rbd", rbd],
  ["quobyte", quobyte],
  ["flexVolume", flexVolume],
  ["cinder", (s, p) => cinder(s, p, false)],
  ["cephfs", cephfs],
  ["fc", fc],
  ["azureFile", (s, p) => azureFile(s, p, false)],
  ["vsphereVolume", requiredOne("volumePath")],
  ["azureDisk", azureDisk],
  ["photonPersistentDisk", requiredOne("pdID")],
  ["portworxVolume", requiredOne("volumeID")],
  ["storageos", (s, p) => storageos(s, p, false)],
  ["scaleIO", scaleIO],
  ["csi", csi],
  ["image", image],
]);

/** The per-source rules for one Pod volume (only the sources it sets run). */
export function validateVolumeSourceFields(v: Obj, p: FieldPath, isPod: boolean, errs: FieldError[]): void {
  // Over the volume's own few keys, not every source name; into the caller's list.
  for (const k in v) {
    const check = POD_SOURCE_CHECKS.get(k);
    if (check === undefined) continue;
    const s = v[k];
    if (isObj(s)) for (const e of check(s, p.child(k), isPod)) errs.push(e);
  }
}

/**
 * A PersistentVolume spec's sources in upstream's order, each with the path its checks report
 * under and the path a second source is refused at (upstream spells a few differently:
 * `persistentDisk` for gcePersistentDisk, `cephFS` for cephfs). flexVolume is counted and checked
 * even after another source, as upstream's.
 */
const PV_SOURCE_ORDER: readonly (readonly [key: string, checkPath: string, forbidPath: string])[] = [
  ["hostPath", "hostPath", "hostPath"],
  ["gcePersistentDisk", "persistentDisk", "gcePersistentDisk"],
  ["awsElasticBlockStore", "awsElasticBlockStore", "awsElasticBlockStore"],
  ["glusterfs", "glusterfs", "glusterfs"],
  ["flocker", "flocker", "flocker"],
  ["nfs", "nfs", "nfs"],
  ["rbd", "rbd", "rbd"],
  ["quobyte", "quobyte", "quobyte"],
  ["cephfs", "cephfs", "cephFS"],
  ["iscsi", "iscsi", "iscsi"],
  ["cinder", "cinder", "cinder"],
  ["fc", "fc", "fc"],
  ["flexVolume", "flexVolume", ""],
  ["azureFile", "azureFile", "azureFile"],
  ["vsphereVolume", "vsphereVolume", "vsphereVolume"],
  ["photonPersistentDisk", "photonPersistentDisk", "photonPersistentDisk"],
  ["portworxVolume", "portworxVolume", "portworxVolume"],
  ["azureDisk", "azureDisk", "azureDisk"],
  ["scaleIO", "scaleIO", "scaleIO"],
  ["local", "local", "local"],
  ["storageos", "storageos", "storageos"],
  ["csi", "csi", "csi"],
];

/** The PersistentVolume source keys. */
export const PV_SOURCES: readonly string[] = PV_SOURCE_ORDER.map(([k]) => k);

function pvSourceCheck(key: string, s: Obj, p: FieldPath, pvName: string): FieldError[] {
  switch (key) {
    case "hostPath":
      return hostPath(s, p);
    case "gcePersistentDisk":
      return gcePersistentDisk(s, p);
    case "awsElasticBlockStore":
      return awsElasticBlockStore(s, p);
    case "glusterfs":
      return glusterfs(s, p, true);
    case "flocker":
      return flocker(s, p);
    case "nfs":
      return nfs(s, p);
    case "rbd":
      return rbd(s, p);
    case "quobyte":
      return quobyte(s, p);
    case "cephfs":
      return cephfs(s, p);
    case "iscsi":
      return iscsi(s, p, true, pvName);
    case "cinder":
      return cinder(s, p, true);
    case "fc":
      return fc(s, p);
    case "flexVolume":
      return flexVolume(s, p);
    case "azureFile":
      return azureFile(s, p, true);
    case "vsphereVolume":
      return requiredOne("volumePath")(s, p);
    case "photonPersistentDisk":
      return requiredOne("pdID")(s, p);
    case "portworxVolume":
      return requiredOne("volumeID")(s, p);
    case "azureDisk":
      return azureDisk(s, p);
    case "scaleIO":
      return scaleIO(s, p);
    case "local":
      return local(s, p);
    case "storageos":
      return storageos(s, p, true);
    case "csi":
      return csiPersistentVolume(s, p);
    default:
      return [];
  }
}

/**
 * A PersistentVolume spec's sources as upstream's ValidatePersistentVolumeSpec walks them: the
 * first one set is checked, every later one refused (`may not specify more than 1 volume type`),
 * none at all required. `afterSource` adds the errors the caller ties to the counted source
 * (local's node affinity), in upstream's order.
 */
export function validatePVSources(spec: Obj, path: FieldPath, pvName: string, afterSource?: (key: string) => FieldError[]): FieldError[] {
  const errs: FieldError[] = [];
  let count = 0;
  for (const [key, checkPath, forbidPath] of PV_SOURCE_ORDER) {
    const s = spec[key];
    if (!isObj(s)) continue;
    if (count > 0 && forbidPath !== "") {
      errs.push(fieldErrors.forbidden(path.child(forbidPath), "may not specify more than 1 volume type"));
      continue;
    }
    count++;
    errs.push(...pvSourceCheck(key, s, path.child(checkPath), pvName));
    if (afterSource) errs.push(...afterSource(key));
  }
  if (count === 0) errs.push(fieldErrors.required(path, "must specify a volume type"));
  return errs;
}
