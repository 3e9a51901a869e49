/**
 * networking.k8s.io/v1 validation as upstream's for Ingress (rules, hosts, paths and path types,
 * backends naming a service port or a resource), IngressClass, and NetworkPolicy (peers, ports,
 * policy types).
 */
import {
  formatIP,
  isDNS1035Label,
  isDNS1123Subdomain,
  isValidPathSegmentName,
  isValidPortName,
  isValidPortNum,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  parseIP,
  regexError,
  type ParsedIP,
} from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const SPEC = FieldPath.of("spec");
const PATH_TYPES = ["Exact", "ImplementationSpecific", "Prefix"];
/** Back-steps and encoded slashes an Exact or Prefix path may not hold, nor end with (upstream's invalidPath*). */
const INVALID_PATH_SEQUENCES = ["//", "/./", "/../", "%2f", "%2F"];
const INVALID_PATH_SUFFIXES = ["/..", "/."];

/** An Ingress path as upstream's validateHTTPIngressPath, but for its backend. */
function validatePath(pathType: string, path: string, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (pathType === "Exact" || pathType === "Prefix") {
    if (!path.startsWith("/")) errs.push(fieldErrors.invalid(p, path, "must be an absolute path"));
    if (path === "") return errs;
    for (const seq of INVALID_PATH_SEQUENCES) if (path.includes(seq)) errs.push(fieldErrors.invalid(p, path, `must not contain '${seq}'`));
    for (const suffix of INVALID_PATH_SUFFIXES)
      if (path.endsWith(suffix)) errs.push(fieldErrors.invalid(p, path, `cannot end with '${suffix}'`));
  } else if (path !== "" && !path.startsWith("/")) {
    errs.push(fieldErrors.invalid(p, path, "must be an absolute path"));
  }
  return errs;
}

function validateBackend(b: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const hasService = isObj(b.service);
  const hasResource = isObj(b.resource);
  if (hasService && hasResource) return [fieldErrors.invalid(path, "", "cannot set both resource and service backends")];
  if (hasService) {
    const svc = record(b.service);
    const name = str(svc.name);
    // A Service's name is a DNS-1035 label (upstream's ValidateServiceName).
    if (name === "") errs.push(fieldErrors.required(path.child("service", "name")));
    else for (const msg of isDNS1035Label(name)) errs.push(fieldErrors.invalid(path.child("service", "name"), name, msg));
    const port = record(svc.port);
    const hasName = str(port.name) !== "";
    const hasNumber = typeof port.number === "number" && port.number !== 0;
    // As upstream, the both-or-neither errors name the backend itself.
    if (hasName && hasNumber) errs.push(fieldErrors.invalid(path, "", "cannot set both port name & port number"));
    else if (hasName)
      for (const msg of isValidPortName(str(port.name)))
        errs.push(fieldErrors.invalid(path.child("service", "port", "name"), port.name, msg));
    else if (hasNumber)
      for (const msg of isValidPortNum(port.number as number))
        errs.push(fieldErrors.invalid(path.child("service", "port", "number"), port.number, msg));
    else errs.push(fieldErrors.required(path, "port name or number is required"));
  } else if (hasResource) {
    errs.push(...validateTypedLocalObjectReference(record(b.resource), path.child("resource")));
  } else {
    errs.push(fieldErrors.invalid(path, "", "resource or service backend is required"));
  }
  return errs;
}

/** A resource backend (upstream's validateIngressTypedLocalObjectReference). */
function validateTypedLocalObjectReference(r: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof r.apiGroup === "string")
    for (const msg of isDNS1123Subdomain(r.apiGroup)) errs.push(fieldErrors.invalid(path.child("apiGroup"), r.apiGroup, msg));
  for (const f of ["kind", "name"]) {
    const v = str(r[f]);
    if (v === "") errs.push(fieldErrors.required(path.child(f), `${f} is required`));
    else for (const msg of isValidPathSegmentName(v)) errs.push(fieldErrors.invalid(path.child(f), v, msg));
  }
  return errs;
}

function validateHost(host: string, path: FieldPath): FieldError[] {
  if (parseIP(host, false)) return [fieldErrors.invalid(path, host, "must be a DNS name, not an IP address")];
  const name = host.startsWith("*.") ? host.slice(2) : host;
  return isDNS1123Subdomain(name).map((msg) => fieldErrors.invalid(path, host, msg));
}

export function validateIngress(ing: KubeObject): FieldError[] {
  const spec = record(ing.spec);
  const errs: FieldError[] = [];
  const rules = list(spec.rules);
  if (!isObj(spec.defaultBackend) && rules.length === 0)
    errs.push(fieldErrors.invalid(SPEC.child("rules"), [], "either `defaultBackend` or `rules` must be specified"));
  if (isObj(spec.defaultBackend)) errs.push(...validateBackend(spec.defaultBackend, SPEC.child("defaultBackend")));
  if (typeof spec.ingressClassName === "string")
    for (const msg of isDNS1123Subdomain(spec.ingressClassName))
      errs.push(fieldErrors.invalid(SPEC.child("ingressClassName"), spec.ingressClassName, msg));
  rules.forEach((rule, i) => {
    const r = record(rule);
    const p = SPEC.child("rules").index(i);
    if (str(r.host) !== "") errs.push(...validateHost(str(r.host), p.child("host")));
    if (!isObj(r.http)) return;
    const paths = list(record(r.http).paths);
    if (paths.length === 0) errs.push(fieldErrors.required(p.child("http", "paths")));
    paths.forEach((hp, j) => {
      const h = record(hp);
      const pp = p.child("http", "paths").index(j);
      const pathType = str(h.pathType);
      // Without a pathType upstream reports only that, not the path or backend.
      if (pathType === "") {
        errs.push(fieldErrors.required(pp.child("pathType"), "pathType must be specified"));
        return;
      }
      if (!PATH_TYPES.includes(pathType)) errs.push(fieldErrors.notSupported(pp.child("pathType"), pathType, PATH_TYPES));
      else errs.push(...validatePath(pathType, str(h.path), pp.child("path")));
      errs.push(...validateBackend(record(h.backend), pp.child("backend")));
    });
  });
  list(spec.tls).forEach((t, i) => {
    const tls = record(t);
    list(tls.hosts).forEach((h, j) => errs.push(...validateHost(str(h), SPEC.child("tls").index(i).child("hosts").index(j))));
    // A TLS secret is named like any Secret; empty leaves it to the controller's default.
    const secretName = str(tls.secretName);
    if (secretName !== "")
      for (const msg of nameIsDNSSubdomain(secretName, false))
        errs.push(fieldErrors.invalid(SPEC.child("tls").index(i).child("secretName"), secretName, msg));
  });
  return errs;
}

/** upstream's maxLenIngressClassController. */
const MAX_CONTROLLER_LENGTH = 250;
const HTTP_PATH_FMT = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const HTTP_PATH_RE = /^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/;
const PARAMETER_SCOPES = ["Cluster", "Namespace"];

/** upstream's IsDomainPrefixedPath: `host/path`, the host a DNS subdomain, the path HTTP path characters. */
function domainPrefixedPathErrors(value: string, path: FieldPath): FieldError[] {
  if (value === "") return [fieldErrors.required(path)];
  const slash = value.indexOf("/");
  const host = slash < 0 ? "" : value.slice(0, slash);
  const rest = slash < 0 ? "" : value.slice(slash + 1);
  if (host === "" || rest === "") return [fieldErrors.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errs = isDNS1123Subdomain(host).map((msg) => fieldErrors.invalid(path, host, msg));
  if (!HTTP_PATH_RE.test(rest)) errs.push(fieldErrors.invalid(path, rest, regexError("must be a valid path", HTTP_PATH_FMT)));
  return errs;
}

/** upstream's validateIngressClassParametersReference. */
function validateClassParameters(params: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (typeof params.apiGroup === "string")
    for (const msg of isDNS1123Subdomain(params.apiGroup)) errs.push(fieldErrors.invalid(path.child("apiGroup"), params.apiGroup, msg));
  for (const f of ["kind", "name"]) {
    const v = str(params[f]);
    if (v === "") errs.push(fieldErrors.required(path.child(f), `${f} is required`));
    else for (const msg of isValidPathSegmentName(v)) errs.push(fieldErrors.invalid(path.child(f), v, msg));
  }
  if (typeof params.scope !== "string") {
    errs.push(fieldErrors.required(path.child("scope")));
    return errs;
  }
  if (!PARAMETER_SCOPES.includes(params.scope)) {
    errs.push(fieldErrors.notSupported(path.child("scope"), params.scope, PARAMETER_SCOPES));
    return errs;
  }
  const hasNamespace = typeof params.namespace === "string";
  if (params.scope === "Namespace") {
    if (!hasNamespace) errs.push(fieldErrors.required(path.child("namespace"), "`parameters.scope` is set to 'Namespace'"));
    else
      for (const msg of nameIsDNSLabel(str(params.namespace), false))
        errs.push(fieldErrors.invalid(path.child("namespace"), params.namespace, msg));
  } else if (hasNamespace) {
    errs.push(fieldErrors.forbidden(path.child("namespace"), "`parameters.scope` is set to 'Cluster'"));
  }
  return errs;
}

/** upstream's SetDefaults_IngressClass: parameters without a scope are cluster-scoped. */
export function defaultIngressClass(ic: Obj): void {
  const params = record(record(ic.spec).parameters);
  if (isObj(record(ic.spec).parameters) && params.scope === undefined) params.scope = "Cluster";
}

export function validateIngressClass(ic: KubeObject): FieldError[] {
  const spec = record(ic.spec);
  const controller = str(spec.controller);
  const errs: FieldError[] = [];
  if (controller.length > MAX_CONTROLLER_LENGTH) errs.push(fieldErrors.tooLong(SPEC.child("controller"), MAX_CONTROLLER_LENGTH));
  errs.push(...domainPrefixedPathErrors(controller, SPEC.child("controller")));
  if (isObj(spec.parameters)) errs.push(...validateClassParameters(spec.parameters, SPEC.child("parameters")));
  return errs;
}

function validatePeer(peer: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const set = ["podSelector", "namespaceSelector", "ipBlock"].filter((k) => isObj(peer[k]));
  if (set.length === 0) errs.push(fieldErrors.required(path, "must specify a peer"));
  if (isObj(peer.ipBlock) && set.length > 1) errs.push(fieldErrors.forbidden(path, "may not specify both ipBlock and another peer"));
  if (isObj(peer.podSelector)) errs.push(...validateLabelSelector(peer.podSelector, path.child("podSelector")));
  if (isObj(peer.namespaceSelector)) errs.push(...validateLabelSelector(peer.namespaceSelector, path.child("namespaceSelector")));
  if (isObj(peer.ipBlock)) {
    const cidr = str(peer.ipBlock.cidr);
    if (cidr === "") errs.push(fieldErrors.required(path.child("ipBlock", "cidr")));
    else if (!isCIDR(cidr))
      errs.push(
        fieldErrors.invalid(path.child("ipBlock", "cidr"), cidr, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"),
      );
    // As upstream: the excepts are looked at only under a valid cidr.
    else
      list(peer.ipBlock.except).forEach((e, i) => {
        if (!isCIDR(str(e)))
          errs.push(
            fieldErrors.invalid(
              path.child("ipBlock", "except").index(i),
              e,
              "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
            ),
          );
        else if (!isStrictSubset(str(e), cidr))
          errs.push(fieldErrors.invalid(path.child("ipBlock", "except").index(i), e, "must be a strict subset of `cidr`"));
      });
  }
  return errs;
}

/** The network address of a valid CIDR, with its prefix length. */
function network(cidr: string): { ip: ParsedIP; bits: number } {
  const [ipText, bitsText] = cidr.split("/");
  const ip = parseIP(ipText!, false)!;
  const bits = Number(bitsText);
  const bytes = ip.bytes.map((b, i) => b & ((0xff << (8 - Math.max(0, Math.min(8, bits - i * 8)))) & 0xff));
  return { ip: { family: ip.family, bytes }, bits };
}

/** `except` inside `cidr` and narrower (upstream: cidr contains except's address, with a shorter prefix). */
function isStrictSubset(except: string, cidr: string): boolean {
  const outer = network(cidr);
  const inner = network(except);
  if (outer.ip.family !== inner.ip.family || outer.bits >= inner.bits) return false;
  return network(`${formatIP(inner.ip)}/${outer.bits}`).ip.bytes.every((b, i) => b === outer.ip.bytes[i]);
}

/** A CIDR in either family (upstream's ParseCIDRSloppy accepts it). */
export function isCIDR(s: string): boolean {
  const [ip, prefix, extra] = s.split("/");
  if (extra !== undefined || prefix === undefined || !/^\d+$/.test(prefix)) return false;
  const parsed = parseIP(ip ?? "", false);
  if (!parsed) return false;
  return Number(prefix) <= (ip!.includes(":") ? 128 : 32);
}

function validateNPPort(port: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const proto = str(port.protocol);
  if (proto !== "" && !["TCP", "UDP", "SCTP"].includes(proto))
    errs.push(fieldErrors.notSupported(path.child("protocol"), proto, ["SCTP", "TCP", "UDP"]));
  if (typeof port.port === "number") {
    for (const msg of isValidPortNum(port.port)) errs.push(fieldErrors.invalid(path.child("port"), port.port, msg));
    if (typeof port.endPort === "number") {
      if (port.endPort < port.port)
        errs.push(fieldErrors.invalid(path.child("endPort"), port.endPort, "must be greater than or equal to `port`"));
      for (const msg of isValidPortNum(port.endPort)) errs.push(fieldErrors.invalid(path.child("endPort"), port.endPort, msg));
    }
  } else if (typeof port.port === "string") {
    for (const msg of isValidPortName(port.port)) errs.push(fieldErrors.invalid(path.child("port"), port.port, msg));
    if (port.endPort !== undefined)
      errs.push(fieldErrors.invalid(path.child("endPort"), port.endPort, "may not be specified when `port` is non-numeric"));
  } else if (port.endPort !== undefined) {
    errs.push(fieldErrors.required(path.child("port"), "must be specified when `endPort` is specified"));
  }
  return errs;
}

export function validateNetworkPolicy(np: KubeObject): FieldError[] {
  const spec = record(np.spec);
  const errs = validateLabelSelector(spec.podSelector, SPEC.child("podSelector"));
  for (const dir of ["ingress", "egress"] as const) {
    const peersKey = dir === "ingress" ? "from" : "to";
    list(spec[dir]).forEach((rule, i) => {
      const r = record(rule);
      const p = SPEC.child(dir).index(i);
      list(r.ports).forEach((port, j) => errs.push(...validateNPPort(record(port), p.child("ports").index(j))));
      list(r[peersKey]).forEach((peer, j) => errs.push(...validatePeer(record(peer), p.child(peersKey).index(j))));
    });
  }
  const types = list(spec.policyTypes).map(String);
  if (types.length > 2) errs.push(fieldErrors.invalid(SPEC.child("policyTypes"), types, "may not specify more than two policyTypes"));
  types.forEach((t, i) => {
    if (t !== "Ingress" && t !== "Egress")
      errs.push(fieldErrors.notSupported(SPEC.child("policyTypes").index(i), t, ["Ingress", "Egress"]));
  });
  return errs;
}
