/**
 * The warnings upstream returns for a Pod or pod template it accepts (pkg/api/pod/warnings.go),
 * for what users hit most: imagePullSecrets with an empty or repeated name, fractional byte
 * amounts of memory or ephemeral storage, an env entry that hides an earlier one of its name,
 * and deprecated volume plugins. Texts as upstream's; they reach kubectl as `Warning:` lines.
 */
import { goQuote } from "../../../runtime/go-strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import type { KubeObject } from "../rest.js";
import { FieldPath } from "./field.js";
import { canonicalQuantity, isWholeQuantity } from "./quantity-text.js";
import { isObj, list, record, str } from "./shape.js";

/** Deprecated volume sources and upstream's words for them, in upstream's order. */
const DEPRECATED_VOLUMES: readonly (readonly [string, string, string])[] = [
  ["photonPersistentDisk", "photonPersistentDisk", "deprecated in v1.11, non-functional in v1.16+"],
  ["gitRepo", "gitRepo", "deprecated in v1.11"],
  ["scaleIO", "scaleIO", "deprecated in v1.16, non-functional in v1.22+"],
  ["flocker", "flocker", "deprecated in v1.22, non-functional in v1.25+"],
  ["storageos", "storageOS", "deprecated in v1.22, non-functional in v1.25+"],
  ["quobyte", "quobyte", "deprecated in v1.22, non-functional in v1.25+"],
  ["glusterfs", "glusterfs", "deprecated in v1.25, non-functional in v1.26+"],
  ["cephfs", "cephfs", "deprecated in v1.28, non-functional in v1.31+"],
  ["rbd", "rbd", "deprecated in v1.28, non-functional in v1.31+"],
];

/** A byte amount with a fraction ("0.5", "100m" of memory); the exact check runs only when the double has one. */
function isFractional(q: unknown): boolean {
  const n = parseQuantity(q);
  return n !== undefined && !Number.isInteger(n) && isWholeQuantity(q) === false;
}

/** `at()` builds the container's path only when there is something to report. */
function containerWarnings(c: Record<string, unknown>, at: () => FieldPath, out: string[]): void {
  const resources = record(c.resources);
  for (const which of ["limits", "requests"] as const) {
    const values = resources[which];
    if (!isObj(values)) continue;
    for (const name of ["memory", "ephemeral-storage"]) {
      const q = values[name];
      if (q !== undefined && isFractional(q))
        out.push(
          `${at().child("resources", which).key(name).toString()}: fractional byte value ${goQuote(canonicalQuantity(q))} is invalid, must be an integer`,
        );
    }
  }
  const env = list(c.env);
  for (let i = 1; i < env.length; i++) {
    const item = record(env[i]);
    const name = str(item.name);
    // Env lists are short: a scan of the earlier entries costs less than a Set per container.
    let earlier = false;
    for (let j = 0; j < i && !earlier; j++) earlier = str(record(env[j]).name) === name;
    if (!earlier) continue;
    // A later entry that refers to the earlier one ("$(X)suffix") is fine; any other replacement is not.
    const ref = `$(${name})`;
    const value = str(item.value);
    if (item.valueFrom !== undefined || value === ref || !value.includes(ref))
      out.push(
        `${at().child("env").index(i).toString()}: hides previous definition of ${goQuote(name)}, which may be dropped when using apply`,
      );
  }
}

/** Warnings for a pod spec at `specPath` (`spec` for a Pod, `spec.template.spec` for a workload). */
export function podSpecWarnings(spec: unknown, specPath: FieldPath): string[] {
  const s = record(spec);
  const out: string[] = [];
  const spread = list(s.topologySpreadConstraints);
  for (let i = 0; i < spread.length; i++) {
    if (record(spread[i]).labelSelector === undefined || record(spread[i]).labelSelector === null)
      out.push(
        `${specPath.child("topologySpreadConstraints").index(i).child("labelSelector").toString()}: a null labelSelector results in matching no pod`,
      );
  }
  const volumes = list(s.volumes);
  for (let i = 0; i < volumes.length; i++) {
    const v = record(volumes[i]);
    for (const [key, shown, text] of DEPRECATED_VOLUMES)
      if (v[key] !== undefined && v[key] !== null) out.push(`${specPath.child("volumes").index(i).child(shown).toString()}: ${text}`);
  }
  const secrets = list(s.imagePullSecrets);
  if (secrets.length > 1) {
    const names = new Set<string>();
    secrets.forEach((sec, i) => {
      const name = str(record(sec).name);
      if (names.has(name))
        out.push(`${specPath.child("imagePullSecrets").index(i).child("name").toString()}: duplicate name ${goQuote(name)}`);
      else names.add(name);
    });
  }
  secrets.forEach((sec, i) => {
    const name = str(record(sec).name);
    if (name === "") out.push(`${specPath.child("imagePullSecrets").index(i).child("name").toString()}: invalid empty name ""`);
  });
  for (const kind of ["initContainers", "containers", "ephemeralContainers"]) {
    const containers = list(s[kind]);
    for (let i = 0; i < containers.length; i++) containerWarnings(record(containers[i]), () => specPath.child(kind).index(i), out);
  }
  return out;
}

const TEMPLATE_SPEC = FieldPath.of("spec", "template", "spec");
const CRONJOB_TEMPLATE_SPEC = FieldPath.of("spec", "jobTemplate", "spec", "template", "spec");

/** Warnings for a workload's pod template at `spec.template` (upstream's GetWarningsForPodTemplate). */
export function workloadWarnings(obj: KubeObject): string[] {
  return podSpecWarnings(record(record(record(obj.spec).template).spec), TEMPLATE_SPEC);
}

/** Warnings for a CronJob's pod template, under `spec.jobTemplate.spec.template`. */
export function cronJobWarnings(obj: KubeObject): string[] {
  const template = record(record(record(record(obj.spec).jobTemplate).spec).template);
  return podSpecWarnings(record(template.spec), CRONJOB_TEMPLATE_SPEC);
}
