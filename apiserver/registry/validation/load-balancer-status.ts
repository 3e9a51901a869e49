/**
 * The load-balancer status of Services (upstream's ValidateLoadBalancerStatus) and Ingresses
 * (ValidateIngressLoadBalancerStatus): ingress points are IPs or DNS names, never an IP spelt
 * as a hostname; a Service's `ipMode` (VIP or Proxy) goes with an `ip`.
 */
import { isDNS1123Subdomain, isValidIP, parseIP } from "../../../runtime/validation/strings.js";
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { list, record, str } from "./shape.js";

/** upstream's supportedLoadBalancerIPMode, sorted. */
const IP_MODES = ["Proxy", "VIP"];

function validateIngressPoint(point: Record<string, unknown>, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const ip = str(point.ip);
  if (ip !== "") for (const msg of isValidIP(ip)) errs.push(fieldErrors.invalid(path.child("ip"), ip, msg));
  return errs;
}

function validateHostname(point: Record<string, unknown>, path: FieldPath): FieldError[] {
  const hostname = str(point.hostname);
  if (hostname === "") return [];
  const errs = isDNS1123Subdomain(hostname).map((msg) => fieldErrors.invalid(path.child("hostname"), hostname, msg));
  // Go's sloppy parser: an IPv4 with leading zeros is still an IP here.
  if (parseIP(hostname, true)) errs.push(fieldErrors.invalid(path.child("hostname"), hostname, "must be a DNS name, not an IP address"));
  return errs;
}

/** A Service's `status.loadBalancer`; only LoadBalancer Services may carry ingress points (AllowServiceLBStatusOnNonLB is off). */
export function validateServiceLoadBalancerStatus(svc: KubeObject): FieldError[] {
  const path = FieldPath.of("status", "loadBalancer", "ingress");
  const points = list(record(record(svc.status).loadBalancer).ingress);
  if (str(record(svc.spec).type) !== "LoadBalancer" && points.length > 0)
    return [fieldErrors.forbidden(path, "may only be used when `spec.type` is 'LoadBalancer'")];
  const errs: FieldError[] = [];
  points.forEach((p, i) => {
    const point = record(p);
    const at = path.index(i);
    errs.push(...validateIngressPoint(point, at));
    const ip = str(point.ip);
    const mode = point.ipMode;
    // LoadBalancerIPMode is GA: an ip needs a mode (defaulted to VIP), a mode needs an ip.
    if (mode === undefined || mode === null) {
      if (ip !== "") errs.push(fieldErrors.required(at.child("ipMode"), "must be specified when `ip` is set"));
    } else if (ip === "") {
      errs.push(fieldErrors.forbidden(at.child("ipMode"), "may not be specified when `ip` is not set"));
    } else if (!IP_MODES.includes(str(mode))) {
      errs.push(fieldErrors.notSupported(at.child("ipMode"), mode, IP_MODES));
    }
    errs.push(...validateHostname(point, at));
  });
  return errs;
}

/** upstream's SetDefaults_Service for status: a LoadBalancer's ingress IPs without a mode get VIP. */
export function defaultLoadBalancerIPMode(svc: KubeObject): void {
  if (str(record(svc.spec).type) !== "LoadBalancer") return;
  for (const p of list(record(record(svc.status).loadBalancer).ingress)) {
    const point = record(p);
    if (str(point.ip) !== "" && (point.ipMode === undefined || point.ipMode === null)) point.ipMode = "VIP";
  }
}

/** An Ingress's `status.loadBalancer` (upstream's ValidateIngressLoadBalancerStatus). */
export function validateIngressLoadBalancerStatus(ing: KubeObject): FieldError[] {
  const path = FieldPath.of("status", "loadBalancer", "ingress");
  const errs: FieldError[] = [];
  list(record(record(ing.status).loadBalancer).ingress).forEach((p, i) => {
    const point = record(p);
    errs.push(...validateIngressPoint(point, path.index(i)), ...validateHostname(point, path.index(i)));
  });
  return errs;
}
