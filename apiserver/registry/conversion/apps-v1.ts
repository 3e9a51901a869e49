/**
 * The observable effect of upstream's hand-written apps/v1 conversions (pkg/apis/apps/v1/conversion.go),
 * as core-v1.ts does for core: fields of the internal type that v1 carries in annotations, and the
 * StatefulSet claim templates' apiVersion/kind.
 * - DaemonSet: the internal spec.templateGeneration travels as the annotation
 *   deprecated.daemonset.template.generation, always written back (as "0" when never set); the
 *   strategy keeps it (templateGeneration below).
 * - Deployment: the internal spec.rollbackTo travels as deprecated.deployment.rollback.to, an int64
 *   (an empty value means none and is dropped).
 * - StatefulSet: claim templates read back with apiVersion v1 and kind PersistentVolumeClaim.
 * A value that is no int64 fails decoding upstream: a 400 naming the kind.
 */
import { newBadRequest } from "../../../runtime/rest/errors.js";
import type { KubeObject } from "../rest.js";
import { convertPodTemplate } from "./core-v1.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export const TEMPLATE_GENERATION_ANNOTATION = "deprecated.daemonset.template.generation";
export const ROLLBACK_TO_ANNOTATION = "deprecated.deployment.rollback.to";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Go's strconv.ParseInt(s, 10, 64), with its error text; the value as FormatInt writes it. */
export function parseInt64(s: string): { value: string } | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(s)) return { error: `strconv.ParseInt: parsing ${JSON.stringify(s)}: invalid syntax` };
  const n = BigInt(s);
  if (n < INT64_MIN || n > INT64_MAX) return { error: `strconv.ParseInt: parsing ${JSON.stringify(s)}: value out of range` };
  return { value: n.toString() };
}

function cannotDecode(kind: string, reason: string): Error {
  return newBadRequest(`${kind} in version "v1" cannot be handled as a ${kind}: ${reason}`);
}

export function convertDaemonSet(ds: KubeObject): void {
  if (isObj(ds.spec)) convertPodTemplate(ds.spec.template);
  const meta = (ds.metadata ??= {});
  const annotations = meta.annotations;
  const sent = annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  if (sent === undefined) {
    meta.annotations = { ...annotations, [TEMPLATE_GENERATION_ANNOTATION]: "0" };
    return;
  }
  const parsed = parseInt64(String(sent));
  if ("error" in parsed) throw cannotDecode("DaemonSet", parsed.error);
  if (parsed.value !== sent) annotations![TEMPLATE_GENERATION_ANNOTATION] = parsed.value;
}

/** The DaemonSet's internal spec.templateGeneration (its annotation, once converted). */
export function templateGeneration(ds: KubeObject): bigint {
  const v = ds.metadata?.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  const parsed = v === undefined ? undefined : parseInt64(String(v));
  // An object stored before conversion existed may carry anything: it counts as never set.
  return parsed !== undefined && "value" in parsed ? BigInt(parsed.value) : 0n;
}

export function setTemplateGeneration(ds: KubeObject, generation: bigint): void {
  const meta = (ds.metadata ??= {});
  meta.annotations = { ...meta.annotations, [TEMPLATE_GENERATION_ANNOTATION]: generation.toString() };
}

export function convertDeployment(d: KubeObject): void {
  if (isObj(d.spec)) convertPodTemplate(d.spec.template);
  const annotations = d.metadata?.annotations;
  const sent = annotations?.[ROLLBACK_TO_ANNOTATION];
  if (sent === undefined) return;
  if (sent === "") {
    delete annotations![ROLLBACK_TO_ANNOTATION];
    return;
  }
  const parsed = parseInt64(String(sent));
  if ("error" in parsed) {
    throw cannotDecode("Deployment", `failed to parse annotation[${ROLLBACK_TO_ANNOTATION}]=${String(sent)} as int64: ${parsed.error}`);
  }
  if (parsed.value !== sent) annotations![ROLLBACK_TO_ANNOTATION] = parsed.value;
}

/**
 * Its pod template; its claim templates as read (below), so that an update compares like with like
 * against the stored object (upstream compares internal objects, where neither has a type).
 */
export function convertStatefulSet(sts: KubeObject): void {
  if (isObj(sts.spec)) convertPodTemplate(sts.spec.template);
  statefulSetClaimTypes(sts);
}

/**
 * Read side: the claim templates come back as v1 PersistentVolumeClaims. Their apiVersion and kind
 * do not survive the protobuf storage (nor upstream's), so upstream's conversion to v1 sets them
 * on every read; so do we, after decoding.
 */
export function statefulSetClaimTypes(sts: KubeObject): void {
  const claims = isObj(sts.spec) ? sts.spec.volumeClaimTemplates : undefined;
  if (!Array.isArray(claims)) return;
  for (const claim of claims) {
    if (!isObj(claim)) continue;
    if (claim.apiVersion !== "v1") claim.apiVersion = "v1";
    if (claim.kind !== "PersistentVolumeClaim") claim.kind = "PersistentVolumeClaim";
  }
}
