/**
 * The observable effect of upstream's hand-written core/v1 conversions (pkg/apis/core/v1/conversion.go).
 * Upstream's apiserver holds the internal type, so every object it stores and answers has been through
 * v1 → internal → v1; v1 fields with no internal counterpart come back as mirrors of the internal
 * one. We store v1 as sent, so each function here does that round trip in place on v1 JSON:
 * - PodSpec serviceAccount mirrors serviceAccountName (serviceAccountName wins; the alias fills an empty one);
 * - PodStatus podIP / hostIP mirror podIPs[0] / hostIPs[0] (the singular field wins when both differ);
 * - NodeSpec podCIDR mirrors podCIDRs[0] (likewise);
 * - the pre-1.8 init-container annotations are dropped from Pods and pod templates.
 * The host namespace flags (hostNetwork...) also pass through the internal securityContext, which
 * makes `securityContext: {}` appear: the pod defaults already set that.
 * Every function reads a few fields and writes nothing when the object is already consistent
 * (the Pod create is a hot path).
 */
import type { KubeObject } from "../rest.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Go's omitempty string: anything but a non-empty string reads as "". */
const nonEmpty = (v: unknown): string => (typeof v === "string" ? v : "");

/** serviceAccountName, or the deprecated serviceAccount when it is empty; both then carry it. */
export function convertPodSpec(spec: unknown): void {
  if (!isObj(spec)) return;
  const name = nonEmpty(spec.serviceAccountName) || nonEmpty(spec.serviceAccount);
  if (name === "") {
    // Internal has one empty field: neither comes back.
    if (spec.serviceAccount !== undefined) delete spec.serviceAccount;
    return;
  }
  if (spec.serviceAccountName !== name) spec.serviceAccountName = name;
  if (spec.serviceAccount !== name) spec.serviceAccount = name;
}

/**
 * One address and its list ({ip} entries for pods): a non-empty singular value that is not the
 * list's first entry replaces the list (upstream keeps the singular field for older writers);
 * the singular field then reads back as the list's first entry.
 */
function mirrorIPs(o: Obj, single: string, plural: string): void {
  const one = nonEmpty(o[single]);
  const many = o[plural];
  const first = Array.isArray(many) && many.length > 0 ? nonEmpty(isObj(many[0]) ? many[0].ip : undefined) : undefined;
  if (one !== "") {
    if (first !== one) o[plural] = [{ ip: one }];
    return;
  }
  if (first === undefined) {
    if (o[single] !== undefined) delete o[single];
    return;
  }
  if (first === "") delete o[single];
  else o[single] = first;
}

/** podIP ↔ podIPs[0], hostIP ↔ hostIPs[0]. */
export function convertPodStatus(status: unknown): void {
  if (!isObj(status)) return;
  if (status.podIP !== undefined || status.podIPs !== undefined) mirrorIPs(status, "podIP", "podIPs");
  if (status.hostIP !== undefined || status.hostIPs !== undefined) mirrorIPs(status, "hostIP", "hostIPs");
}

/** podCIDR ↔ podCIDRs[0] (a list of strings): as the pod IPs. */
export function convertNodeSpec(spec: unknown): void {
  if (!isObj(spec)) return;
  if (spec.podCIDR === undefined && spec.podCIDRs === undefined) return;
  const one = nonEmpty(spec.podCIDR);
  const many = spec.podCIDRs;
  const first = Array.isArray(many) && many.length > 0 ? nonEmpty(many[0]) : undefined;
  if (one !== "") {
    if (first !== one) spec.podCIDRs = [one];
    return;
  }
  if (first === undefined || first === "") delete spec.podCIDR;
  else spec.podCIDR = first;
}

/** The annotations through which kubelets before 1.8 read init containers; upstream drops them both ways. */
const INIT_CONTAINER_ANNOTATIONS = [
  "pod.beta.kubernetes.io/init-containers",
  "pod.alpha.kubernetes.io/init-containers",
  "pod.beta.kubernetes.io/init-container-statuses",
  "pod.alpha.kubernetes.io/init-container-statuses",
] as const;

export function dropInitContainerAnnotations(meta: unknown): void {
  if (!isObj(meta)) return;
  const annotations = meta.annotations;
  if (!isObj(annotations)) return;
  for (const key of INIT_CONTAINER_ANNOTATIONS) if (annotations[key] !== undefined) delete annotations[key];
}

/** A PodTemplateSpec: its annotations and its spec. */
export function convertPodTemplate(template: unknown): void {
  if (!isObj(template)) return;
  dropInitContainerAnnotations(template.metadata);
  convertPodSpec(template.spec);
}

export function convertPod(pod: KubeObject): void {
  dropInitContainerAnnotations(pod.metadata);
  convertPodSpec(pod.spec);
  convertPodStatus(pod.status);
}

export function convertNode(node: KubeObject): void {
  convertNodeSpec(node.spec);
}

/** A kind whose pod template is at `spec.template` (PodTemplate's is at `template`). */
export function convertSpecTemplate(obj: KubeObject): void {
  if (isObj(obj.spec)) convertPodTemplate(obj.spec.template);
}

export function convertPodTemplateKind(obj: KubeObject): void {
  convertPodTemplate(obj.template);
}

/** CronJob: the template of its job template. */
export function convertCronJob(obj: KubeObject): void {
  const jobTemplate = isObj(obj.spec) ? obj.spec.jobTemplate : undefined;
  if (isObj(jobTemplate) && isObj(jobTemplate.spec)) convertPodTemplate(jobTemplate.spec.template);
}
