/**
 * core/v1 Node, ResourceQuota and ReplicationController validation (LimitRange: limit-range.ts), and
 * discovery.k8s.io/v1 EndpointSlice, as upstream's for the fields users set most.
 */
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidIP, isValidPortNum } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { templateRatchet, validateSelectorAndTemplate } from "./apps.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabels } from "./object-meta.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import { isObj, list, record, str } from "./shape.js";

const SPEC = FieldPath.of("spec");

export function validateNode(node: KubeObject): FieldError[] {
  const spec = record(node.spec);
  const errs: FieldError[] = [];
  list(spec.taints).forEach((t, i) => {
    const r = record(t);
    const p = SPEC.child("taints").index(i);
    const effect = str(r.effect);
    if (effect === "") errs.push(fieldErrors.required(p.child("effect")));
    else if (!["NoSchedule", "PreferNoSchedule", "NoExecute"].includes(effect))
      errs.push(fieldErrors.notSupported(p.child("effect"), effect, ["NoExecute", "NoSchedule", "PreferNoSchedule"]));
    if (str(r.key) === "") errs.push(fieldErrors.required(p.child("key")));
  });
  return errs;
}

const QUOTA_SCOPES = [
  "BestEffort",
  "CrossNamespacePodAffinity",
  "NotBestEffort",
  "NotTerminating",
  "PriorityClass",
  "Terminating",
  "VolumeAttributesClass",
];

export function validateResourceQuota(q: KubeObject): FieldError[] {
  const spec = record(q.spec);
  const errs: FieldError[] = [];
  for (const [name, v] of Object.entries(record(spec.hard))) {
    const n = parseQuantity(v);
    if (n !== undefined && n < 0) errs.push(fieldErrors.invalid(SPEC.child("hard").key(name), v, "must be greater than or equal to 0"));
  }
  list(spec.scopes).forEach((s, i) => {
    if (!QUOTA_SCOPES.includes(str(s))) errs.push(fieldErrors.notSupported(SPEC.child("scopes").index(i), s, QUOTA_SCOPES));
  });
  return errs;
}

/** `old`: the stored ReplicationController on updates (the strategy passes it). */
export function validateReplicationController(rc: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(rc.spec);
  const errs: FieldError[] = [];
  if (typeof spec.replicas === "number" && spec.replicas < 0)
    errs.push(fieldErrors.invalid(SPEC.child("replicas"), spec.replicas, "must be greater than or equal to 0"));
  // An RC's selector is a plain map; as a LabelSelector it is matchLabels.
  const selector = record(spec.selector);
  if (Object.keys(selector).length === 0) errs.push(fieldErrors.required(SPEC.child("selector")));
  else errs.push(...validateLabels(selector as Record<string, string>, SPEC.child("selector")));
  if (isObj(spec.template)) {
    const asApps = { ...spec, selector: { matchLabels: selector } };
    errs.push(
      ...validateSelectorAndTemplate(asApps, SPEC, ["Always"], [], "ReplicationController", templateRatchet(old)).filter(
        (e) => !e.field.startsWith("spec.selector"),
      ),
    );
  } else errs.push(fieldErrors.required(SPEC.child("template")));
  return errs;
}

const ADDRESS_TYPES = ["FQDN", "IPv4", "IPv6"];

export function validateEndpointSlice(slice: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const type = str(slice.addressType);
  if (type === "") errs.push(fieldErrors.required(FieldPath.of("addressType")));
  else if (!ADDRESS_TYPES.includes(type)) errs.push(fieldErrors.notSupported(FieldPath.of("addressType"), type, ADDRESS_TYPES));
  list(slice.endpoints).forEach((ep, i) => {
    const p = FieldPath.of("endpoints").index(i);
    const addresses = list(record(ep).addresses);
    if (addresses.length === 0) errs.push(fieldErrors.required(p.child("addresses"), "must contain at least 1 address"));
    else if (addresses.length > 100) errs.push(fieldErrors.tooMany(p.child("addresses"), addresses.length, 100));
    addresses.forEach((a, j) => {
      const ap = p.child("addresses").index(j);
      const s = str(a);
      if (type === "FQDN") for (const msg of isDNS1123Subdomain(s)) errs.push(fieldErrors.invalid(ap, s, msg));
      else if (type === "IPv4" || type === "IPv6") {
        const bad = isValidIP(s);
        if (bad.length > 0) errs.push(...bad.map((msg) => fieldErrors.invalid(ap, s, msg)));
        else if ((type === "IPv6") !== s.includes(":")) errs.push(fieldErrors.invalid(ap, s, `must be an ${type} address`));
      }
    });
  });
  const names = new Set<string>();
  list(slice.ports).forEach((port, i) => {
    const r = record(port);
    const p = FieldPath.of("ports").index(i);
    const name = str(r.name);
    if (name !== "") for (const msg of isDNS1123Label(name)) errs.push(fieldErrors.invalid(p.child("name"), name, msg));
    if (names.has(name)) errs.push(fieldErrors.duplicate(p.child("name"), name));
    names.add(name);
    if (typeof r.port === "number") for (const msg of isValidPortNum(r.port)) errs.push(fieldErrors.invalid(p.child("port"), r.port, msg));
    const proto = str(r.protocol);
    if (proto === "") errs.push(fieldErrors.required(p.child("protocol")));
    else if (!["SCTP", "TCP", "UDP"].includes(proto))
      errs.push(fieldErrors.notSupported(p.child("protocol"), proto, ["SCTP", "TCP", "UDP"]));
  });
  return errs;
}
