/**
 * discovery.k8s.io/v1 EndpointSlice validation as upstream's ValidateEndpointSlice: the address
 * type, at most 1000 endpoints of at most 100 addresses each (IPs of the slice's family and fit
 * for an endpoint, or DNS names), node names, hostnames, deprecated topology labels (at most 16),
 * zone and node hints (at most 8 each, unique), and at most 20000 ports, named uniquely, with
 * qualified-name appProtocols.
 */
import type { KubeObject } from "../rest.js";
import {
  isDNS1123Label,
  isDNS1123Subdomain,
  isQualifiedName,
  isValidIP,
  isValidLabelValue,
  isValidPortNum,
} from "../../../runtime/validation/strings.js";
import { validateEndpointIP } from "./endpoint-ip.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabels } from "./object-meta.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const ADDRESS_TYPES = ["FQDN", "IPv4", "IPv6"];
const MAX_ENDPOINTS = 1000;
const MAX_ADDRESSES = 100;
const MAX_PORTS = 20000;
const MAX_TOPOLOGY_LABELS = 16;
const MAX_ZONE_HINTS = 8;
const MAX_NODE_HINTS = 8;

/** upstream's IsFullyQualifiedDomainName: a DNS subdomain (a trailing dot allowed) of at least two labels. */
function fqdnErrors(value: string, path: FieldPath): FieldError[] {
  if (value === "") return [fieldErrors.required(path)];
  const name = value.endsWith(".") ? value.slice(0, -1) : value;
  const bad = isDNS1123Subdomain(name);
  if (bad.length > 0) return [fieldErrors.invalid(path, name, bad.join(","))];
  const labels = name.split(".");
  if (labels.length < 2) return [fieldErrors.invalid(path, name, "should be a domain with at least two segments separated by dots")];
  for (const label of labels) {
    const msgs = isDNS1123Label(label);
    if (msgs.length > 0) return [fieldErrors.invalid(path, label, msgs.join(","))];
  }
  return [];
}

function validateAddress(s: string, type: string, path: FieldPath): FieldError[] {
  if (type === "FQDN") return fqdnErrors(s, path);
  if (type !== "IPv4" && type !== "IPv6") return [];
  const bad = isValidIP(s);
  if (bad.length > 0) return bad.map((msg) => fieldErrors.invalid(path, s, msg));
  const errs: FieldError[] = [];
  if ((type === "IPv6") !== s.includes(":")) errs.push(fieldErrors.invalid(path, s, `must be an ${type} address`));
  errs.push(...validateEndpointIP(s, path));
  return errs;
}

function validateHints(hints: Obj, path: FieldPath): FieldError[] {
  const zones = list(hints.forZones);
  const zonesPath = path.child("forZones");
  if (zones.length > MAX_ZONE_HINTS) return [fieldErrors.tooMany(zonesPath, zones.length, MAX_ZONE_HINTS)];
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  zones.forEach((z, i) => {
    const name = str(record(z).name);
    const p = zonesPath.index(i).child("name");
    if (seen.has(name)) errs.push(fieldErrors.duplicate(p, name));
    seen.add(name);
    for (const msg of isValidLabelValue(name)) errs.push(fieldErrors.invalid(p, name, msg));
  });
  // Node hints (PreferSameTrafficDistribution, on in 1.34): node names, unique.
  const nodes = list(hints.forNodes);
  const nodesPath = path.child("forNodes");
  if (nodes.length > MAX_NODE_HINTS) return [...errs, fieldErrors.tooMany(nodesPath, nodes.length, MAX_NODE_HINTS)];
  const seenNodes = new Set<string>();
  nodes.forEach((n, i) => {
    const name = str(record(n).name);
    const p = nodesPath.index(i).child("name");
    if (seenNodes.has(name)) errs.push(fieldErrors.duplicate(p, name));
    seenNodes.add(name);
    for (const msg of isDNS1123Subdomain(name)) errs.push(fieldErrors.invalid(p, name, msg));
  });
  return errs;
}

function validateEndpoints(endpoints: unknown[], type: string): FieldError[] {
  const path = FieldPath.of("endpoints");
  if (endpoints.length > MAX_ENDPOINTS) return [fieldErrors.tooMany(path, endpoints.length, MAX_ENDPOINTS)];
  const errs: FieldError[] = [];
  endpoints.forEach((e, i) => {
    const ep = record(e);
    const p = path.index(i);
    const addresses = list(ep.addresses);
    if (addresses.length === 0) errs.push(fieldErrors.required(p.child("addresses"), "must contain at least 1 address"));
    else if (addresses.length > MAX_ADDRESSES) errs.push(fieldErrors.tooMany(p.child("addresses"), addresses.length, MAX_ADDRESSES));
    addresses.forEach((a, j) => errs.push(...validateAddress(str(a), type, p.child("addresses").index(j))));
    if (typeof ep.nodeName === "string")
      for (const msg of isDNS1123Subdomain(ep.nodeName)) errs.push(fieldErrors.invalid(p.child("nodeName"), ep.nodeName, msg));
    const topology = record(ep.deprecatedTopology);
    const topologyPath = p.child("deprecatedTopology");
    const labels = Object.keys(topology).length;
    if (labels > MAX_TOPOLOGY_LABELS) errs.push(fieldErrors.tooMany(topologyPath, labels, MAX_TOPOLOGY_LABELS));
    errs.push(...validateLabels(topology as Record<string, string>, topologyPath));
    if (typeof ep.hostname === "string")
      for (const msg of isDNS1123Label(ep.hostname)) errs.push(fieldErrors.invalid(p.child("hostname"), ep.hostname, msg));
    if (isObj(ep.hints)) errs.push(...validateHints(ep.hints, p.child("hints")));
  });
  return errs;
}

function validatePorts(ports: unknown[]): FieldError[] {
  const path = FieldPath.of("ports");
  if (ports.length > MAX_PORTS) return [fieldErrors.tooMany(path, ports.length, MAX_PORTS)];
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const r = record(port);
    const p = path.index(i);
    const name = str(r.name);
    if (name !== "") for (const msg of isDNS1123Label(name)) errs.push(fieldErrors.invalid(p.child("name"), name, msg));
    if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
    names.add(name);
    if (typeof r.port === "number") for (const msg of isValidPortNum(r.port)) errs.push(fieldErrors.invalid(p.child("port"), r.port, msg));
    const proto = str(r.protocol);
    if (proto === "") errs.push(fieldErrors.required(p.child("protocol")));
    else if (!["SCTP", "TCP", "UDP"].includes(proto))
      errs.push(fieldErrors.notSupported(p.child("protocol"), proto, ["SCTP", "TCP", "UDP"]));
    if (typeof r.appProtocol === "string")
      for (const msg of isQualifiedName(r.appProtocol)) errs.push(fieldErrors.invalid(p.child("appProtocol"), r.appProtocol, msg));
  });
  return errs;
}

export function validateEndpointSlice(slice: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(slice.addressType);
  if (type === "") errs.push(fieldErrors.required(FieldPath.of("addressType")));
  else if (!ADDRESS_TYPES.includes(type)) errs.push(fieldErrors.notSupported(FieldPath.of("addressType"), type, ADDRESS_TYPES));
  errs.push(...validateEndpoints(list(slice.endpoints), type));
  errs.push(...validatePorts(list(slice.ports)));
  return errs;
}
