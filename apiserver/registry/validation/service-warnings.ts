/**
 * upstream's GetWarningsForService, on create and update: the deprecated topology-aware-hints
 * annotation, IPs and CIDRs in non-standard forms, fields a headless or ExternalName Service
 * ignores, `externalIPs` being deprecated, and the `PreferClose` traffic distribution.
 */
import type { KubeObject } from "../rest.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isQualifiedName } from "../../../runtime/validation/strings.js";
import { cidrWarnings, ipWarnings } from "./ip-warnings.js";
import { list, record, str, type Obj } from "./shape.js";

const HINTS_ANNOTATION = "service.kubernetes.io/topology-aware-hints";
const TOPOLOGY_MODE_ANNOTATION = "service.kubernetes.io/topology-mode";
const SPEC = FieldPath.of("spec");

export function serviceWarnings(obj: KubeObject): string[] {
  const spec = record(obj.spec);
  const type = str(spec.type);
  const clusterIP = str(spec.clusterIP);
  const headless = type === "ClusterIP" && clusterIP === "None";
  const externalIPs = list(spec.externalIPs).map(str);
  const out: string[] = [];
  if (obj.metadata?.annotations && HINTS_ANNOTATION in obj.metadata.annotations)
    out.push(`annotation ${HINTS_ANNOTATION} is deprecated, please use ${TOPOLOGY_MODE_ANNOTATION} instead`);
  if (clusterIP !== "" && clusterIP !== "None")
    list(spec.clusterIPs).forEach((ip, i) => out.push(...ipWarnings(SPEC.child("clusterIPs").index(i), str(ip))));
  if (headless) {
    if (str(spec.loadBalancerIP) !== "") out.push("spec.loadBalancerIP is ignored for headless services");
    if (externalIPs.length > 0) out.push("spec.externalIPs is ignored for headless services");
    if (str(spec.sessionAffinity) !== "None") out.push("spec.SessionAffinity is ignored for headless services");
  }
  externalIPs.forEach((ip, i) => out.push(...ipWarnings(SPEC.child("externalIPs").index(i), ip)));
  if (externalIPs.length > 0 && !headless && type !== "ExternalName")
    out.push("spec.externalIPs is deprecated and may no longer be implemented in some clusters");
  const lbIP = str(spec.loadBalancerIP);
  if (lbIP !== "") out.push(...ipWarnings(SPEC.child("loadBalancerIP"), lbIP));
  list(spec.loadBalancerSourceRanges).forEach((c, i) => out.push(...cidrWarnings(SPEC.child("loadBalancerSourceRanges").index(i), str(c))));
  if (type === "ExternalName" && externalIPs.length > 0)
    out.push(`spec.externalIPs is ignored when spec.type is ${goQuote("ExternalName")}`);
  if (type !== "ExternalName" && str(spec.externalName) !== "")
    out.push(`spec.externalName is ignored when spec.type is not ${goQuote("ExternalName")}`);
  if (spec.trafficDistribution === "PreferClose")
    out.push(`spec.trafficDistribution: ${goQuote("PreferClose")} is deprecated; use ${goQuote("PreferSameZone")}`);
  return out;
}

/**
 * upstream's validateLoadBalancerClassField: only LoadBalancer Services may set
 * `loadBalancerClass`, a qualified name, and one that stays a LoadBalancer may not change it.
 * `old` is the stored Service on updates (upstream's update checks the format a second time).
 */
export function validateLoadBalancerClass(svc: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(svc.spec);
  const path = SPEC.child("loadBalancerClass");
  const errs: FieldError[] = [];
  const isLB = (s: Obj) => str(s.type) === "LoadBalancer";
  const cls = typeof spec.loadBalancerClass === "string" ? spec.loadBalancerClass : undefined;
  if (old) {
    const oldSpec = record(old.spec);
    const oldCls = typeof oldSpec.loadBalancerClass === "string" ? oldSpec.loadBalancerClass : undefined;
    if (isLB(oldSpec) && isLB(spec) && oldCls !== cls) errs.push(fieldErrors.invalid(path, cls ?? null, "may not change once set"));
  }
  if (cls === undefined) return errs;
  if (isLB(spec)) for (const msg of isQualifiedName(cls)) errs.push(fieldErrors.invalid(path, cls, msg));
  else errs.push(fieldErrors.forbidden(path, "may only be used when `type` is 'LoadBalancer'"));
  return errs;
}
