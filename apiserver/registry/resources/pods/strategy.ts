/**
 * Pods: SetDefaults_Pod on every write; on create the status becomes Pending with the QoS class,
 * metadata.generation starts and matchLabelKeys merge into their selectors (label-keys.ts); spec updates are limited to upstream's mutable fields; field
 * selectors as upstream's (spec.nodeName, status.phase...).
 */
import type { KubeObject } from "../../rest.js";
import type { Strategy } from "../../strategy.js";
import { isDNS1123Label } from "../../../../runtime/validation/strings.js";
import { defaultPod } from "../../defaults/core.js";
import { validatePodCreate, validatePodUpdate } from "../../validation/pod.js";
import { podSpecWarnings } from "../../validation/pod-warnings.js";
import { applyAppArmorVersionSkew } from "../../validation/pod-annotations.js";
import { FieldPath } from "../../validation/field.js";
import { list, record, str } from "../../validation/shape.js";
import { validatePodStatusUpdate } from "../../validation/pod-status.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";
import { podQOSClass } from "./qos.js";
import { mergeLabelKeys } from "./label-keys.js";
import type { EphemeralContainer } from "../../../../generated/apis/core/v1/index.js";
import { deepCopyEphemeralContainer } from "../../../../generated/apis/core/v1/zz_generated.deepcopy.js";
import { copyArray } from "../../../../runtime/deepcopy.js";

const spec = (o: KubeObject) => record(o.spec);
const SPEC_PATH = FieldPath.of("spec");
const status = (o: KubeObject) => record(o.status);

/**
 * upstream's WarningsOnCreate: a name that is no DNS label (it becomes the hostname), then the
 * spec's warnings. Pod updates get none, as upstream's (a hot path no human usually drives).
 */
function warningsOnCreate(obj: KubeObject): string[] {
  // Nearly no create has any: the map is not looked into until one was kept.
  const skew = skewKept ? skewWarnings.get(obj) : undefined;
  if (skew !== undefined) skewWarnings.delete(obj);
  const out: string[] = skew ?? [];
  const bad = isDNS1123Label(obj.metadata?.name ?? "");
  if (bad.length > 0)
    out.push(
      `metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [${bad.join(" ")}]`,
    );
  for (const w of podSpecWarnings(obj.spec, SPEC_PATH, obj.metadata?.annotations)) out.push(w);
  return out;
}

/** The AppArmor deprecation warnings of a create, from its preparation (which copies the annotations into fields) to its warnings. */
const skewWarnings = new WeakMap<KubeObject, string[]>();
/** Whether any were ever kept. */
let skewKept = false;

const podKindStrategy = kindStrategy({
  kind: "Pod",
  version: "v1",
  namespaced: true,
  hasStatus: true,
  defaults: defaultPod,
  prepareForCreate(obj) {
    obj.status = { phase: "Pending", qosClass: podQOSClass(obj.spec) };
    mergeLabelKeys(obj);
    const warnings = applyAppArmorVersionSkew(obj);
    if (warnings.length > 0) {
      skewWarnings.set(obj, warnings);
      skewKept = true;
    }
  },
  prepareForUpdate(obj, old) {
    // Ephemeral containers and resources change only through their subresources.
    const s = record(obj.spec);
    const o = record(old.spec);
    if (o.ephemeralContainers === undefined) delete s.ephemeralContainers;
    else s.ephemeralContainers = copyArray(o.ephemeralContainers as EphemeralContainer[], deepCopyEphemeralContainer);
  },
  validate: validatePodCreate,
  validateUpdate: validatePodUpdate,
  fields: {
    "spec.nodeName": (o) => str(spec(o).nodeName),
    "spec.restartPolicy": (o) => str(spec(o).restartPolicy),
    "spec.schedulerName": (o) => str(spec(o).schedulerName),
    "spec.serviceAccountName": (o) => str(spec(o).serviceAccountName),
    "spec.hostNetwork": (o) => String(spec(o).hostNetwork === true),
    "status.phase": (o) => str(status(o).phase),
    "status.podIP": (o) => str(record(list(status(o).podIPs)[0]).ip) || str(status(o).podIP),
    "status.podIPs": (o) => str(record(list(status(o).podIPs)[0]).ip) || str(status(o).podIP),
    "status.nominatedNodeName": (o) => str(status(o).nominatedNodeName),
  },
});

/**
 * upstream's CheckGracefulDelete: the period asked for, else the Pod's terminationGracePeriodSeconds
 * (none: 0); 0 for a Pod not scheduled or already terminal (no kubelet has anything to stop);
 * a negative one is 1.
 */
export function podGracePeriod(pod: KubeObject, gracePeriodSeconds: number | undefined): number {
  const s = spec(pod);
  let period = gracePeriodSeconds ?? (typeof s.terminationGracePeriodSeconds === "number" ? s.terminationGracePeriodSeconds : 0);
  if (str(s.nodeName) === "") period = 0;
  const phase = str(status(pod).phase);
  if (phase === "Failed" || phase === "Succeeded") period = 0;
  return period < 0 ? 1 : period;
}

export const podStrategy: Strategy = { ...podKindStrategy, warningsOnCreate, checkGracefulDelete: podGracePeriod };

export const podStatusStrategy = kindStatusStrategy(validatePodStatusUpdate);
