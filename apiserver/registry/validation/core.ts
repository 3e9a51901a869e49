/**
 * Validation of the core/v1 kinds this server stores (namespaces, configmaps, secrets,
 * services, endpoints, service accounts, events), with upstream's field paths and messages.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import {
  isConfigMapKey,
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidIP,
  isValidPortName,
  isValidPortNum,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  parseIP,
} from "../../../runtime/validation/strings.js";
import {
  FIELD_IMMUTABLE,
  validateCoreObjectMeta,
  validateFinalizerName,
  validateKubeFinalizerName,
  validateLabels,
  validateObjectMetaUpdate,
} from "./object-meta.js";
import { utf8Length } from "../../../runtime/go-strings.js";
import { isCIDR } from "./networking.js";
import { validateEndpointIP } from "./endpoint-ip.js";

/** upstream's limit on the data of a ConfigMap or Secret. */
export const MAX_SECRET_SIZE = 1024 * 1024;

type Obj = Record<string, unknown>;

function record(v: unknown): Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {};
}

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function sameJSON(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** The byte length of base64 text (what a []byte field holds). */
function base64Length(s: string): number {
  const clean = s.replace(/=+$/, "");
  return Math.floor((clean.length * 3) / 4);
}

// ---- namespaces ----

function validateNamespaceFinalizer(name: string, path: FieldPath): FieldError[] {
  return [...validateFinalizerName(name, path), ...validateKubeFinalizerName(name, path)];
}

export function validateNamespace(ns: KubeObject): FieldError[] {
  const errs = validateCoreObjectMeta(ns.metadata, false, nameIsDNSLabel);
  for (const f of list(record(ns.spec).finalizers)) errs.push(...validateNamespaceFinalizer(str(f), FieldPath.of("spec", "finalizers")));
  return errs;
}

export function validateNamespaceUpdate(ns: KubeObject, old: KubeObject): FieldError[] {
  return validateObjectMetaUpdate(ns.metadata, old.metadata);
}

export function validateNamespaceStatusUpdate(ns: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(ns.metadata, old.metadata);
  const phase = str(record(ns.status).phase);
  if (!ns.metadata?.deletionTimestamp) {
    if (phase !== "Active")
      errs.push(fieldErrors.invalid(FieldPath.of("status", "Phase"), phase, "may only be 'Active' if `deletionTimestamp` is empty"));
  } else if (phase !== "Terminating") {
    errs.push(fieldErrors.invalid(FieldPath.of("status", "Phase"), phase, "may only be 'Terminating' if `deletionTimestamp` is not empty"));
  }
  return errs;
}

export function validateNamespaceFinalizeUpdate(ns: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(ns.metadata, old.metadata);
  list(record(ns.spec).finalizers).forEach((f, i) =>
    errs.push(...validateNamespaceFinalizer(str(f), FieldPath.of("spec", "finalizers").index(i))),
  );
  return errs;
}

// ---- configmaps and secrets ----

export function validateConfigMap(cm: KubeObject): FieldError[] {
  const errs = validateCoreObjectMeta(cm.metadata, true, nameIsDNSSubdomain);
  const data = record(cm.data);
  const binary = record(cm.binaryData);
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(FieldPath.of("data").key(key), key, msg));
    if (key in binary) errs.push(fieldErrors.invalid(FieldPath.of("data").key(key), key, "duplicate of key present in binaryData"));
    total += utf8Length(str(value));
  }
  for (const [key, value] of Object.entries(binary)) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(FieldPath.of("binaryData").key(key), key, msg));
    total += base64Length(str(value));
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErrors.tooLong(FieldPath.root(), MAX_SECRET_SIZE));
  return errs;
}

function validateImmutableData(obj: KubeObject, old: KubeObject, fields: readonly string[]): FieldError[] {
  const errs: FieldError[] = [];
  if (old.immutable !== true) return errs;
  if (obj.immutable !== true) errs.push(fieldErrors.forbidden(FieldPath.of("immutable"), "field is immutable when `immutable` is set"));
  for (const f of fields) {
    if (!sameJSON(obj[f], old[f])) errs.push(fieldErrors.forbidden(FieldPath.of(f), "field is immutable when `immutable` is set"));
  }
  return errs;
}

export function validateConfigMapUpdate(cm: KubeObject, old: KubeObject): FieldError[] {
  return [
    ...validateObjectMetaUpdate(cm.metadata, old.metadata),
    ...validateImmutableData(cm, old, ["data", "binaryData"]),
    ...validateConfigMap(cm),
  ];
}

export function validateSecret(secret: KubeObject): FieldError[] {
  const errs = validateCoreObjectMeta(secret.metadata, true, nameIsDNSSubdomain);
  const dataPath = FieldPath.of("data");
  const data = record(secret.data);
  let total = 0;
  for (const [key, value] of Object.entries(data)) {
    for (const msg of isConfigMapKey(key)) errs.push(fieldErrors.invalid(dataPath.key(key), key, msg));
    total += base64Length(str(value));
  }
  if (total > MAX_SECRET_SIZE) errs.push(fieldErrors.tooLong(dataPath, MAX_SECRET_SIZE));
  const decoded = (key: string): string => Buffer.from(str(data[key]), "base64").toString("utf8");
  const requireJSON = (key: string): void => {
    if (!(key in data)) {
      errs.push(fieldErrors.required(dataPath.key(key)));
      return;
    }
    try {
      const v: unknown = JSON.parse(decoded(key));
      if (typeof v !== "object" || v === null || Array.isArray(v))
        throw new Error("json: cannot unmarshal into Go value of type map[string]interface {}");
    } catch (err) {
      errs.push(fieldErrors.invalid(dataPath.key(key), "<secret contents redacted>", err instanceof Error ? err.message : String(err)));
    }
  };
  switch (str(secret.type)) {
    case "kubernetes.io/service-account-token":
      if (!secret.metadata?.annotations?.["kubernetes.io/service-account.name"]) {
        errs.push(fieldErrors.required(FieldPath.of("metadata", "annotations").key("kubernetes.io/service-account.name")));
      }
      break;
    case "kubernetes.io/dockercfg":
      requireJSON(".dockercfg");
      break;
    case "kubernetes.io/dockerconfigjson":
      requireJSON(".dockerconfigjson");
      break;
    case "kubernetes.io/basic-auth":
      if (!("username" in data) && !("password" in data)) {
        errs.push(fieldErrors.required(dataPath.key("username")), fieldErrors.required(dataPath.key("password")));
      }
      break;
    case "kubernetes.io/ssh-auth":
      if (base64Length(str(data["ssh-privatekey"])) === 0) errs.push(fieldErrors.required(dataPath.key("ssh-privatekey")));
      break;
    case "kubernetes.io/tls":
      if (!("tls.crt" in data)) errs.push(fieldErrors.required(dataPath.key("tls.crt")));
      if (!("tls.key" in data)) errs.push(fieldErrors.required(dataPath.key("tls.key")));
      break;
    default:
  }
  return errs;
}

export function validateSecretUpdate(secret: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(secret.metadata, old.metadata);
  if (str(secret.type) !== str(old.type)) errs.push(fieldErrors.invalid(FieldPath.of("type"), str(secret.type), FIELD_IMMUTABLE));
  errs.push(...validateImmutableData(secret, old, ["data"]));
  errs.push(...validateSecret(secret));
  return errs;
}

// ---- service accounts ----

export function validateServiceAccount(sa: KubeObject): FieldError[] {
  return validateCoreObjectMeta(sa.metadata, true, nameIsDNSSubdomain);
}

export function validateServiceAccountUpdate(sa: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(sa.metadata, old.metadata), ...validateServiceAccount(sa)];
}

// ---- services ----

const PROTOCOLS = ["SCTP", "TCP", "UDP"];
const SERVICE_TYPES = ["ClusterIP", "ExternalName", "LoadBalancer", "NodePort"];
const AFFINITIES = ["ClientIP", "None"];
const TRAFFIC_POLICIES = ["Cluster", "Local"];
/** 1.34 has PreferSameTrafficDistribution on by default (beta), which adds the two PreferSame values, in upstream's order. */
const TRAFFIC_DISTRIBUTIONS = ["PreferClose", "PreferSameZone", "PreferSameNode"];
const IP_FAMILIES = ["IPv4", "IPv6"];
const IP_FAMILY_POLICIES = ["PreferDualStack", "RequireDualStack", "SingleStack"];

function dns1123LabelErrors(value: string, path: FieldPath): FieldError[] {
  return isDNS1123Label(value).map((msg) => fieldErrors.invalid(path, value, msg));
}

function validatePortNumOrName(port: unknown, path: FieldPath): FieldError[] {
  if (typeof port === "number") return isValidPortNum(port).map((msg) => fieldErrors.invalid(path, port, msg));
  if (typeof port === "string") return isValidPortName(port).map((msg) => fieldErrors.invalid(path, port, msg));
  return isValidPortNum(0).map((msg) => fieldErrors.invalid(path, 0, msg));
}

function isHeadless(spec: Obj): boolean {
  const ips = list(spec.clusterIPs);
  return ips.length === 1 && ips[0] === "None";
}

function validateServicePort(sp: Obj, requireName: boolean, names: Set<string>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(sp.name);
  if (requireName && name === "") errs.push(fieldErrors.required(path.child("name")));
  else if (name !== "") {
    errs.push(...dns1123LabelErrors(name, path.child("name")));
    if (names.has(name)) errs.push(fieldErrors.duplicate(path.child("name"), name));
    else names.add(name);
  }
  const port = typeof sp.port === "number" ? sp.port : 0;
  for (const msg of isValidPortNum(port)) errs.push(fieldErrors.invalid(path.child("port"), port, msg));
  const protocol = str(sp.protocol);
  if (protocol === "") errs.push(fieldErrors.required(path.child("protocol")));
  else if (!PROTOCOLS.includes(protocol)) errs.push(fieldErrors.notSupported(path.child("protocol"), protocol, PROTOCOLS));
  errs.push(...validatePortNumOrName(sp.targetPort, path.child("targetPort")));
  if (typeof sp.appProtocol === "string") {
    for (const msg of isQualifiedName(sp.appProtocol)) errs.push(fieldErrors.invalid(path.child("appProtocol"), sp.appProtocol, msg));
  }
  return errs;
}

/** upstream's ValidateServiceClusterIPsRelatedFields (also the allocator's pre-check). */
export function validateServiceClusterIPsRelatedFields(spec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  const specPath = FieldPath.of("spec");
  const ipsPath = specPath.child("clusterIPs");
  const clusterIP = str(spec.clusterIP);
  const ips = list(spec.clusterIPs).map(str);
  if (clusterIP !== "") {
    if (ips.length === 0) errs.push(fieldErrors.required(ipsPath));
    else if (ips[0] !== clusterIP) errs.push(fieldErrors.invalid(ipsPath, ips, "first value must match `clusterIP`"));
  } else if (ips.length !== 0) {
    errs.push(fieldErrors.invalid(ipsPath, ips, "must be empty when `clusterIP` is not specified"));
  }
  const seen = new Set<string>();
  list(spec.ipFamilies).forEach((f, i) => {
    const family = str(f);
    if (!IP_FAMILIES.includes(family)) errs.push(fieldErrors.notSupported(specPath.child("ipFamilies").index(i), family, IP_FAMILIES));
    if (seen.has(family)) errs.push(fieldErrors.duplicate(specPath.child("ipFamilies").index(i), family));
    seen.add(family);
  });
  if (spec.ipFamilyPolicy !== undefined && !IP_FAMILY_POLICIES.includes(str(spec.ipFamilyPolicy))) {
    errs.push(fieldErrors.notSupported(specPath.child("ipFamilyPolicy"), spec.ipFamilyPolicy, IP_FAMILY_POLICIES));
  }
  let invalid = false;
  ips.forEach((ip, i) => {
    if (i === 0 && ip === "None") {
      if (ips.length > 1) {
        invalid = true;
        errs.push(fieldErrors.invalid(ipsPath, ips, "'None' must be the first and only value"));
      }
      return;
    }
    const msgs = isValidIP(ip);
    if (msgs.length > 0) invalid = true;
    for (const msg of msgs) errs.push(fieldErrors.invalid(ipsPath.index(i), ip, msg));
  });
  if (ips.length > 2) errs.push(fieldErrors.invalid(ipsPath, ips, "may only hold up to 2 values"));
  if (invalid) return errs;
  if (ips.length > 1 && parseIP(ips[0]!)?.family === parseIP(ips[1]!)?.family) {
    errs.push(fieldErrors.invalid(ipsPath, ips, "may specify no more than one IP for each IP family"));
  }
  const families = list(spec.ipFamilies).map(str);
  if (!isHeadless(spec)) {
    ips.forEach((ip, i) => {
      if (i >= families.length) return;
      const v6 = parseIP(ip)?.family === 6;
      if (families[i] === "IPv4" && v6)
        errs.push(fieldErrors.invalid(ipsPath.index(i), ip, `expected an IPv4 value as indicated by \`ipFamilies[${i}]\``));
      if (families[i] === "IPv6" && !v6)
        errs.push(fieldErrors.invalid(ipsPath.index(i), ip, `expected an IPv6 value as indicated by \`ipFamilies[${i}]\``));
    });
  }
  return errs;
}

export function validateService(svc: KubeObject): FieldError[] {
  const errs = validateCoreObjectMeta(svc.metadata, true, nameIsDNS1035Label);
  const spec = record(svc.spec);
  const specPath = FieldPath.of("spec");
  const type = str(spec.type);
  const ports = list(spec.ports).map(record);
  const headless = isHeadless(spec);
  if (ports.length === 0 && !headless && type !== "ExternalName") errs.push(fieldErrors.required(specPath.child("ports")));
  const ips = list(spec.clusterIPs).map(str);
  if (type === "LoadBalancer" && headless) {
    errs.push(fieldErrors.invalid(specPath.child("clusterIPs").index(0), ips[0], "may not be set to 'None' for LoadBalancer services"));
  } else if (type === "NodePort" && headless) {
    errs.push(fieldErrors.invalid(specPath.child("clusterIPs").index(0), ips[0], "may not be set to 'None' for NodePort services"));
  } else if (type === "ExternalName") {
    if (ips.length > 0) errs.push(fieldErrors.forbidden(specPath.child("clusterIPs"), "may not be set for ExternalName services"));
    if (list(spec.ipFamilies).length > 0)
      errs.push(fieldErrors.forbidden(specPath.child("ipFamilies"), "may not be set for ExternalName services"));
    if (spec.ipFamilyPolicy !== undefined)
      errs.push(fieldErrors.forbidden(specPath.child("ipFamilyPolicy"), "may not be set for ExternalName services"));
    const cname = str(spec.externalName).replace(/\.$/, "");
    if (cname !== "")
      for (const msg of isDNS1123Subdomain(cname)) errs.push(fieldErrors.invalid(specPath.child("externalName"), cname, msg));
    else errs.push(fieldErrors.required(specPath.child("externalName")));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => errs.push(...validateServicePort(p, ports.length > 1, names, specPath.child("ports").index(i))));
  if (spec.selector !== undefined && spec.selector !== null)
    errs.push(...validateLabels(record(spec.selector) as Record<string, string>, specPath.child("selector")));
  const affinity = str(spec.sessionAffinity);
  if (affinity === "") errs.push(fieldErrors.required(specPath.child("sessionAffinity")));
  else if (!AFFINITIES.includes(affinity)) errs.push(fieldErrors.notSupported(specPath.child("sessionAffinity"), affinity, AFFINITIES));
  if (affinity === "ClientIP") {
    const timeout = record(record(spec.sessionAffinityConfig).clientIP).timeoutSeconds;
    const path = specPath.child("sessionAffinityConfig", "clientIP", "timeoutSeconds");
    if (typeof timeout !== "number") errs.push(fieldErrors.required(path, "when session affinity type is ClientIP"));
    else if (timeout <= 0 || timeout > 86400) errs.push(fieldErrors.invalid(path, timeout, "must be greater than 0 and less than 86400"));
  } else if (affinity === "None" && spec.sessionAffinityConfig !== undefined) {
    errs.push(fieldErrors.forbidden(specPath.child("sessionAffinityConfig"), "must not be set when session affinity is None"));
  }
  if (type !== "ExternalName") errs.push(...validateServiceClusterIPsRelatedFields(spec));
  list(spec.externalIPs).forEach((ip, i) => {
    for (const msg of isValidIP(str(ip))) errs.push(fieldErrors.invalid(specPath.child("externalIPs").index(i), str(ip), msg));
  });
  if (type === "") errs.push(fieldErrors.required(specPath.child("type")));
  else if (!SERVICE_TYPES.includes(type)) errs.push(fieldErrors.notSupported(specPath.child("type"), type, SERVICE_TYPES));
  if (type === "ClusterIP") {
    ports.forEach((p, i) => {
      if (typeof p.nodePort === "number" && p.nodePort !== 0) {
        errs.push(fieldErrors.forbidden(specPath.child("ports").index(i).child("nodePort"), "may not be used when `type` is 'ClusterIP'"));
      }
    });
  }
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (typeof p.nodePort !== "number" || p.nodePort === 0) return;
    const key = `${str(p.protocol)}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(fieldErrors.duplicate(specPath.child("ports").index(i).child("nodePort"), p.nodePort));
    nodePorts.add(key);
  });
  const seenPorts = new Set<string>();
  ports.forEach((p, i) => {
    const key = `${str(p.protocol)}/${typeof p.port === "number" ? p.port : 0}`;
    if (seenPorts.has(key)) {
      // upstream prints the internal ServicePort it compared, field names and all.
      const dup = {
        Name: "",
        Protocol: str(p.protocol),
        AppProtocol: null,
        Port: typeof p.port === "number" ? p.port : 0,
        TargetPort: 0,
        NodePort: 0,
      };
      errs.push(fieldErrors.duplicate(specPath.child("ports").index(i), dup));
    }
    seenPorts.add(key);
  });
  const sourceRanges = list(spec.loadBalancerSourceRanges);
  if (sourceRanges.length > 0) {
    // upstream names the field in Go's spelling here.
    const rangesPath = specPath.child("LoadBalancerSourceRanges");
    if (type !== "LoadBalancer") errs.push(fieldErrors.forbidden(rangesPath, "may only be used when `type` is 'LoadBalancer'"));
    sourceRanges.forEach((r, i) => {
      const cidr = str(r).trim();
      if (!isCIDR(cidr))
        errs.push(fieldErrors.invalid(rangesPath.index(i), cidr, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"));
    });
  }
  const healthCheckNodePort = typeof spec.healthCheckNodePort === "number" ? spec.healthCheckNodePort : 0;
  if (healthCheckNodePort !== 0) {
    const hcPath = specPath.child("healthCheckNodePort");
    if (type !== "LoadBalancer" || str(spec.externalTrafficPolicy) !== "Local")
      errs.push(
        fieldErrors.invalid(
          hcPath,
          healthCheckNodePort,
          "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
        ),
      );
    else for (const msg of isValidPortNum(healthCheckNodePort)) errs.push(fieldErrors.invalid(hcPath, healthCheckNodePort, msg));
  }
  if (spec.allocateLoadBalancerNodePorts !== undefined && type !== "LoadBalancer") {
    errs.push(fieldErrors.forbidden(specPath.child("allocateLoadBalancerNodePorts"), "may only be used when `type` is 'LoadBalancer'"));
  }
  // Defaulting sets it for LoadBalancer Services; as upstream, the path lacks `spec`.
  if (type === "LoadBalancer" && (spec.allocateLoadBalancerNodePorts === undefined || spec.allocateLoadBalancerNodePorts === null))
    errs.push(fieldErrors.required(FieldPath.of("allocateLoadBalancerNodePorts")));
  const externallyAccessible =
    type === "LoadBalancer" || type === "NodePort" || (type === "ClusterIP" && list(spec.externalIPs).length > 0);
  const etp = str(spec.externalTrafficPolicy);
  if (!externallyAccessible) {
    if (etp !== "")
      errs.push(fieldErrors.invalid(specPath.child("externalTrafficPolicy"), etp, "may only be set for externally-accessible services"));
  } else if (etp === "") {
    errs.push(fieldErrors.required(specPath.child("externalTrafficPolicy")));
  } else if (!TRAFFIC_POLICIES.includes(etp)) {
    errs.push(fieldErrors.notSupported(specPath.child("externalTrafficPolicy"), etp, TRAFFIC_POLICIES));
  }
  if (spec.internalTrafficPolicy === undefined) {
    if (type === "NodePort" || type === "LoadBalancer" || type === "ClusterIP")
      errs.push(fieldErrors.required(specPath.child("internalTrafficPolicy")));
  } else if (!TRAFFIC_POLICIES.includes(str(spec.internalTrafficPolicy))) {
    errs.push(fieldErrors.notSupported(specPath.child("internalTrafficPolicy"), spec.internalTrafficPolicy, TRAFFIC_POLICIES));
  }
  if (spec.trafficDistribution !== undefined && spec.trafficDistribution !== null) {
    const td = str(spec.trafficDistribution);
    if (!TRAFFIC_DISTRIBUTIONS.includes(td))
      errs.push(fieldErrors.notSupported(specPath.child("trafficDistribution"), td, TRAFFIC_DISTRIBUTIONS));
  }
  return errs;
}

/** upstream's validateUpgradeDowngradeClusterIPs: the primary address is fixed; dropping the second needs SingleStack. */
function validateClusterIPsUpgradeDowngrade(spec: Obj, oldSpec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (str(spec.type) === "ExternalName" || str(oldSpec.type) === "ExternalName") return errs;
  if (isHeadless(spec) && isHeadless(oldSpec)) return errs;
  const ips = list(spec.clusterIPs).map(str);
  const oldIps = list(oldSpec.clusterIPs).map(str);
  const path = FieldPath.of("spec", "clusterIPs");
  if (ips.length === oldIps.length) {
    oldIps.forEach((ip, i) => {
      if (ip !== ips[i]) errs.push(fieldErrors.invalid(path.index(i), ips, "may not change once set"));
    });
  } else if (oldIps.length > ips.length) {
    if (ips.length === 0) errs.push(fieldErrors.invalid(path.index(0), ips, "primary clusterIP can not be unset"));
    else if (ips[0] !== oldIps[0]) errs.push(fieldErrors.invalid(path.index(0), ips, "may not change once set"));
    if (ips.length === 1 && spec.ipFamilyPolicy !== "SingleStack") {
      errs.push(
        fieldErrors.invalid(
          FieldPath.of("spec", "ipFamilyPolicy"),
          spec.ipFamilyPolicy ?? null,
          "must be set to 'SingleStack' when releasing the secondary clusterIP",
        ),
      );
    }
  } else if (oldIps.length > 0 && ips[0] !== oldIps[0]) {
    errs.push(fieldErrors.invalid(path.index(0), ips, "may not change once set"));
  }
  return errs;
}

/** upstream's validateUpgradeDowngradeIPFamilies: the primary family is fixed; dropping the second needs SingleStack. */
function validateIPFamiliesUpgradeDowngrade(spec: Obj, oldSpec: Obj): FieldError[] {
  const errs: FieldError[] = [];
  if (str(spec.type) === "ExternalName" || str(oldSpec.type) === "ExternalName") return errs;
  // Headless Services may change families, and so may a change to or from headless.
  if (isHeadless(spec) || isHeadless(oldSpec)) return errs;
  const families = list(spec.ipFamilies).map(str);
  const oldFamilies = list(oldSpec.ipFamilies).map(str);
  const ips = list(spec.clusterIPs).map(str);
  const path = FieldPath.of("spec", "ipFamilies");
  if (families.length === oldFamilies.length) {
    oldFamilies.forEach((f, i) => {
      // upstream reports every changed entry at index 0.
      if (f !== families[i]) errs.push(fieldErrors.invalid(path.index(0), families, "may not change once set"));
    });
  } else if (oldFamilies.length > families.length) {
    if (ips.length === 0) errs.push(fieldErrors.invalid(path.index(0), families, "primary ipFamily can not be unset"));
    if (families.length > 0 && families[0] !== oldFamilies[0])
      errs.push(fieldErrors.invalid(path.index(0), ips, "may not change once set"));
    if (families.length === 1 && spec.ipFamilyPolicy !== "SingleStack") {
      errs.push(
        fieldErrors.invalid(
          FieldPath.of("spec", "ipFamilyPolicy"),
          spec.ipFamilyPolicy ?? null,
          "must be set to 'SingleStack' when releasing the secondary ipFamily",
        ),
      );
    }
  } else if (oldFamilies.length > 0 && families.length > 0 && families[0] !== oldFamilies[0]) {
    errs.push(fieldErrors.invalid(path.index(0), ips, "may not change once set"));
  }
  return errs;
}

export function validateServiceUpdate(svc: KubeObject, old: KubeObject): FieldError[] {
  const errs = validateObjectMetaUpdate(svc.metadata, old.metadata);
  const spec = record(svc.spec);
  const oldSpec = record(old.spec);
  errs.push(...validateClusterIPsUpgradeDowngrade(spec, oldSpec));
  errs.push(...validateIPFamiliesUpgradeDowngrade(spec, oldSpec));
  errs.push(...validateService(svc));
  return errs;
}

// ---- endpoints ----

function validateEndpointAddress(addr: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const ip = str(addr.ip);
  for (const msg of isValidIP(ip)) errs.push(fieldErrors.invalid(path.child("ip"), ip, msg));
  if (str(addr.hostname) !== "") errs.push(...dns1123LabelErrors(str(addr.hostname), path.child("hostname")));
  if (typeof addr.nodeName === "string") {
    for (const msg of nameIsDNSSubdomain(addr.nodeName, false)) errs.push(fieldErrors.invalid(path.child("nodeName"), addr.nodeName, msg));
  }
  errs.push(...validateEndpointIP(ip, path.child("ip")));
  return errs;
}

function validateEndpointPort(port: Obj, requireName: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const name = str(port.name);
  if (requireName && name === "") errs.push(fieldErrors.required(path.child("name")));
  else if (name !== "") errs.push(...dns1123LabelErrors(name, path.child("name")));
  const num = typeof port.port === "number" ? port.port : 0;
  for (const msg of isValidPortNum(num)) errs.push(fieldErrors.invalid(path.child("port"), num, msg));
  const protocol = str(port.protocol);
  if (protocol === "") errs.push(fieldErrors.required(path.child("protocol")));
  else if (!PROTOCOLS.includes(protocol)) errs.push(fieldErrors.notSupported(path.child("protocol"), protocol, PROTOCOLS));
  if (typeof port.appProtocol === "string") {
    for (const msg of isQualifiedName(port.appProtocol)) errs.push(fieldErrors.invalid(path.child("appProtocol"), port.appProtocol, msg));
  }
  return errs;
}

export function validateEndpoints(ep: KubeObject): FieldError[] {
  const errs = validateCoreObjectMeta(ep.metadata, true, nameIsDNSSubdomain);
  list(ep.subsets).forEach((raw, i) => {
    const ss = record(raw);
    const path = FieldPath.of("subsets").index(i);
    const addresses = list(ss.addresses).map(record);
    const notReady = list(ss.notReadyAddresses).map(record);
    if (addresses.length === 0 && notReady.length === 0)
      errs.push(fieldErrors.required(path, "must specify `addresses` or `notReadyAddresses`"));
    addresses.forEach((a, j) => errs.push(...validateEndpointAddress(a, path.child("addresses").index(j))));
    notReady.forEach((a, j) => errs.push(...validateEndpointAddress(a, path.child("notReadyAddresses").index(j))));
    const ports = list(ss.ports).map(record);
    ports.forEach((p, j) => errs.push(...validateEndpointPort(p, ports.length > 1, path.child("ports").index(j))));
  });
  return errs;
}

export function validateEndpointsUpdate(ep: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(ep.metadata, old.metadata), ...validateEndpoints(ep)];
}

// ---- events ----

const REPORTING_INSTANCE_LIMIT = 128;
const ACTION_LIMIT = 128;
const REASON_LIMIT = 128;
const NOTE_LIMIT = 1024;

/** upstream's legacy event validation, which is all core/v1 events get. */
export function validateEvent(ev: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata?.namespace ?? "";
  const involvedNs = str(record(ev.involvedObject).namespace);
  const mismatch = (): FieldError =>
    fieldErrors.invalid(FieldPath.of("involvedObject", "namespace"), involvedNs, "does not match event.namespace");
  if (!ev.eventTime) {
    if (involvedNs === "") {
      if (ns !== "" && ns !== "default") errs.push(mismatch());
    } else if (ns !== involvedNs) {
      errs.push(mismatch());
    }
  } else {
    if (involvedNs === "" && ns !== "default" && ns !== "kube-system") errs.push(mismatch());
    const controller = str(ev.reportingComponent);
    if (controller === "") errs.push(fieldErrors.required(FieldPath.of("reportingController")));
    for (const msg of isQualifiedName(controller)) errs.push(fieldErrors.invalid(FieldPath.of("reportingController"), controller, msg));
    const instance = str(ev.reportingInstance);
    if (instance === "") errs.push(fieldErrors.required(FieldPath.of("reportingInstance")));
    if (utf8Length(instance) > REPORTING_INSTANCE_LIMIT) {
      errs.push(fieldErrors.invalid(FieldPath.of("reportingInstance"), "", `can have at most ${REPORTING_INSTANCE_LIMIT} characters`));
    }
    const action = str(ev.action);
    if (action === "") errs.push(fieldErrors.required(FieldPath.of("action")));
    if (utf8Length(action) > ACTION_LIMIT)
      errs.push(fieldErrors.invalid(FieldPath.of("action"), "", `can have at most ${ACTION_LIMIT} characters`));
    const reason = str(ev.reason);
    if (reason === "") errs.push(fieldErrors.required(FieldPath.of("reason")));
    if (utf8Length(reason) > REASON_LIMIT)
      errs.push(fieldErrors.invalid(FieldPath.of("reason"), "", `can have at most ${REASON_LIMIT} characters`));
    if (utf8Length(str(ev.message)) > NOTE_LIMIT)
      errs.push(fieldErrors.invalid(FieldPath.of("message"), "", `can have at most ${NOTE_LIMIT} characters`));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(fieldErrors.invalid(FieldPath.of("namespace"), ns, msg));
  return errs;
}
