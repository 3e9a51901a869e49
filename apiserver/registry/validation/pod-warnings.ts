/**
 * The warnings upstream returns for a Pod or pod template it accepts (pkg/api/pod/warnings.go),
 * for what users hit most: deprecated node labels in node selectors, node affinity and topology
 * keys, a null labelSelector in a spread constraint or pod (anti-)affinity term, repeated
 * hostAliases IPs, imagePullSecrets with an empty or repeated name, fractional byte amounts of
 * memory or ephemeral storage, an env entry that hides an earlier one of its name, a negative
 * terminationGracePeriodSeconds, and deprecated volume plugins. Texts as upstream's; they reach
 * kubectl as `Warning:` lines. hostAliases IPs in a non-canonical form get neither an error nor a
 * warning: StrictIPCIDRValidation is off in 1.34 and upstream's pod warnings say nothing of them.
 */
import { goQuote } from "../../../runtime/go-strings.js";
import { parseQuantity } from "../../../runtime/quantity.js";
import type { KubeObject } from "../rest.js";
import { FieldPath } from "./field.js";
import { deprecatedNodeLabel, nodeSelectorTermWarnings } from "./node-label-warnings.js";
import { canonicalQuantity, isWholeQuantity } from "./quantity-text.js";
import { isObj, list, num, record, str, type Obj } from "./shape.js";

/** Pod (anti-)affinity terms without a labelSelector, which match no Pod. */
function affinityTermWarnings(affinity: unknown, at: FieldPath, out: string[]): void {
  if (!isObj(affinity)) return;
  list(affinity.requiredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
    if (!isSet(record(t).labelSelector))
      out.push(
        `${at.child("requiredDuringSchedulingIgnoredDuringExecution").index(i).child("labelSelector").toString()}: ${NULL_SELECTOR}`,
      );
  });
  list(affinity.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
    if (!isSet(record(record(t).podAffinityTerm).labelSelector))
      out.push(
        `${at.child("preferredDuringSchedulingIgnoredDuringExecution").index(i).child("podAffinityTerm", "labelSelector").toString()}: ${NULL_SELECTOR}`,
      );
  });
}

const NULL_SELECTOR = "a null labelSelector results in matching no pod";
const isSet = (v: unknown) => v !== undefined && v !== null;

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

/** The keys whose volumes warn, and ephemeral (its claim template may warn). */
const WARNING_VOLUME_KEYS: ReadonlySet<string> = new Set([...DEPRECATED_VOLUMES.map(([key]) => key), "ephemeral"]);

function hasDeprecatedSource(v: Obj): boolean {
  for (const k in v) if (WARNING_VOLUME_KEYS.has(k)) return true;
  return false;
}

/** A byte amount with a fraction ("0.5", "100m" of memory); the exact check runs only when the double has one. */
function isFractional(q: unknown): boolean {
  const n = parseQuantity(q);
  return n !== undefined && !Number.isInteger(n) && isWholeQuantity(q) === false;
}

const containerPath = (specPath: FieldPath, kind: string, index: number) => specPath.child(kind).index(index);

const LIMITS_REQUESTS = ["limits", "requests"] as const;
const BYTE_RESOURCES = ["memory", "ephemeral-storage"];

/** The container's path is built only when there is something to report (and no closure per container: the runtime names each). */
function containerWarnings(c: Record<string, unknown>, specPath: FieldPath, kind: string, index: number, out: string[]): void {
  const resources = isObj(c.resources) ? c.resources : undefined;
  if (resources !== undefined)
    for (const which of LIMITS_REQUESTS) {
      const values = resources[which];
      if (!isObj(values)) continue;
      for (const name of BYTE_RESOURCES) {
        const q = values[name];
        if (q !== undefined && isFractional(q))
          out.push(
            `${containerPath(specPath, kind, index).child("resources", which).key(name).toString()}: fractional byte value ${goQuote(canonicalQuantity(q))} is invalid, must be an integer`,
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
        `${containerPath(specPath, kind, index).child("env").index(i).toString()}: hides previous definition of ${goQuote(name)}, which may be dropped when using apply`,
      );
  }
}

/** upstream's deprecated Pod annotations and their messages. */
const DEPRECATED_ANNOTATIONS: readonly (readonly [string, string])[] = [
  ["scheduler.alpha.kubernetes.io/critical-pod", 'non-functional in v1.16+; use the "priorityClassName" field instead'],
  ["security.alpha.kubernetes.io/sysctls", 'non-functional in v1.11+; use the "sysctls" field instead'],
  ["security.alpha.kubernetes.io/unsafe-sysctls", 'non-functional in v1.11+; use the "sysctls" field instead'],
];
const SECCOMP_DEPRECATED = 'non-functional in v1.27+; use the "seccompProfile" field instead';
const APPARMOR_DEPRECATED = 'deprecated since v1.30; use the "appArmorProfile" field instead';
const POD_ANNOTATIONS = FieldPath.of("metadata", "annotations");

/** A container port as Go's %+v prints upstream's internal ContainerPort. */
const portText = (p: Obj) =>
  `{Name:${str(p.name)} HostPort:${num(p.hostPort)} ContainerPort:${num(p.containerPort)} Protocol:${str(p.protocol)} HostIP:${str(p.hostIP)}}`;

/**
 * The pod's ports in order, with where each is (kind, container, port index): module-level lists
 * reused by every call (it runs to its end synchronously), no object per port.
 */
const portObjs: (Obj | undefined)[] = [];
const portAt: number[] = [];
const portPath = (at: number, specPath: FieldPath) =>
  specPath
    .child(CONTAINER_KINDS[portAt[at * 3]!]!)
    .index(portAt[at * 3 + 1]!)
    .child("ports")
    .index(portAt[at * 3 + 2]!)
    .toString();

/** upstream's port warnings: a hostIP without a hostPort, and ports of the pod that collide or overlap. */
function portWarnings(s: Obj, specPath: FieldPath, out: string[]): void {
  // Most Pods have a few ports on distinct numbers: the pairs are compared in place, and a path is
  // built only for a warning.
  let n = 0;
  for (let k = 0; k < CONTAINER_KINDS.length; k++) {
    const containers = s[CONTAINER_KINDS[k]!];
    if (!Array.isArray(containers)) continue;
    for (let ci = 0; ci < containers.length; ci++) {
      const list_ = record(containers[ci]).ports;
      if (!Array.isArray(list_)) continue;
      for (let pi = 0; pi < list_.length; pi++) {
        portObjs[n] = record(list_[pi]);
        portAt[n * 3] = k;
        portAt[n * 3 + 1] = ci;
        portAt[n * 3 + 2] = pi;
        n++;
      }
    }
  }
  for (let j = 0; j < n; j++) {
    const port = portObjs[j]!;
    const hp = num(port.hostPort);
    const ip = str(port.hostIP);
    if (ip !== "" && hp === 0) out.push(`${portPath(j, specPath)}: hostIP set without hostPort: ${portText(port)}`);
    const cp = num(port.containerPort);
    const proto = str(port.protocol);
    for (let i = 0; i < j; i++) {
      const other = portObjs[i]!;
      if (num(other.containerPort) !== cp || str(other.protocol) !== proto) continue;
      const ohp = num(other.hostPort);
      const oip = str(other.hostIP);
      if (ip === oip && hp === ohp) out.push(`${portPath(j, specPath)}: duplicate port definition with ${portPath(i, specPath)}`);
      else if (hp === 0 || ohp === 0) out.push(`${portPath(j, specPath)}: overlapping port definition with ${portPath(i, specPath)}`);
      else if (hp === ohp && (ip === "") !== (oip === ""))
        out.push(`${portPath(j, specPath)}: dangerously ambiguous port definition with ${portPath(i, specPath)}`);
    }
  }
  // The Pod's objects are not kept past the call (the lists keep their room).
  for (let j = 0; j < n; j++) portObjs[j] = undefined;
}

/** upstream's GetWarningsForPersistentVolumeClaimSpec for an ephemeral volume's claim template: storage in whole bytes. */
function claimTemplateWarnings(ephemeral: Obj, specPath: FieldPath, i: number, out: string[]): void {
  const template = ephemeral.volumeClaimTemplate;
  if (!isObj(template)) return;
  const resources = record(record(template.spec).resources);
  for (const which of ["requests", "limits"] as const) {
    const q = record(resources[which]).storage;
    if (q !== undefined && isFractional(q))
      out.push(
        `${specPath.child("volumes").index(i).child("ephemeral", "volumeClaimTemplate", "spec", "resources", which).key("storage").toString()}: fractional byte value ${goQuote(canonicalQuantity(q))} is invalid, must be an integer`,
      );
  }
}

/** upstream's warning for projected items on a path a service account token of the pod also uses. */
function tokenPathWarnings(volumes: unknown[], specPath: FieldPath, out: string[]): void {
  // Every Pod gets a token volume (kube-api-access): plain loops, and a path only for a warning.
  let tokens: string[] | undefined;
  for (let i = 0; i < volumes.length; i++) {
    const sources = projectedSources(volumes[i]);
    if (sources)
      for (let k = 0; k < sources.length; k++) {
        const token = record(sources[k]).serviceAccountToken;
        if (isObj(token)) (tokens ??= []).push(str(token.path));
      }
  }
  if (!tokens) return;
  for (let i = 0; i < volumes.length; i++) {
    const sources = projectedSources(volumes[i]);
    if (!sources) continue;
    for (let k = 0; k < sources.length; k++) {
      const src = record(sources[k]);
      // As upstream: the items' index follows the source kind, and a secret's is named `secrets`.
      if (isObj(src.configMap)) itemWarnings(src.configMap.items, tokens, specPath, i, "configMap", out);
      if (isObj(src.secret)) itemWarnings(src.secret.items, tokens, specPath, i, "secrets", out);
      if (isObj(src.downwardAPI)) itemWarnings(src.downwardAPI.items, tokens, specPath, i, "downwardAPI", out);
      const bundle = src.clusterTrustBundle;
      if (isObj(bundle) && tokens.includes(str(bundle.path)))
        out.push(`${projectedPath(specPath, i).child("ClusterTrustBundle").toString()}:${tokenDup(str(bundle.path))}`);
    }
  }
}

function projectedSources(volume: unknown): unknown[] | undefined {
  const projected = record(volume).projected;
  return isObj(projected) && Array.isArray(projected.sources) ? projected.sources : undefined;
}

function itemWarnings(items: unknown, tokens: string[], specPath: FieldPath, i: number, shown: string, out: string[]): void {
  if (!Array.isArray(items)) return;
  for (let j = 0; j < items.length; j++) {
    const path = str(record(items[j]).path);
    if (tokens.includes(path)) out.push(`${projectedPath(specPath, i).child(shown).index(j).toString()}:${tokenDup(path)}`);
  }
}

const projectedPath = (specPath: FieldPath, i: number) => specPath.child("volumes").index(i).child("projected", "sources");
const tokenDup = (path: string) => ` has duplicated path with ServiceAccountToken ${goQuote(path)}`;

const CONTAINER_KINDS = ["initContainers", "containers", "ephemeralContainers"] as const;

/** Whether a value is an object with a key, without listing its keys. */
function hasKeys(v: unknown): v is Obj {
  if (!isObj(v)) return false;
  for (const _ in v) return true;
  return false;
}

/**
 * Warnings for a pod spec at `specPath` (`spec` for a Pod, `spec.template.spec` for a workload)
 * and its annotations at `annotationsPath`. A template (`template`) is also warned of AppArmor
 * annotations without a field; a Pod gets that warning from the create that copies them.
 */
export function podSpecWarnings(
  spec: unknown,
  specPath: FieldPath,
  annotations?: unknown,
  annotationsPath: FieldPath = POD_ANNOTATIONS,
  template = false,
): string[] {
  const s = record(spec);
  const out: string[] = [];
  const meta = hasKeys(annotations) ? annotations : undefined;
  if (isObj(s.nodeSelector))
    for (const key in s.nodeSelector) {
      const msg = deprecatedNodeLabel(key);
      if (msg) out.push(`${specPath.child("nodeSelector").key(key).toString()}: ${msg}`);
    }
  const affinity: Obj | undefined = isObj(s.affinity) ? s.affinity : undefined;
  if (affinity && isObj(affinity.nodeAffinity)) {
    const na = affinity.nodeAffinity;
    const nodePath = specPath.child("affinity", "nodeAffinity");
    list(record(na.requiredDuringSchedulingIgnoredDuringExecution).nodeSelectorTerms).forEach((t, i) =>
      nodeSelectorTermWarnings(t, nodePath.child("requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms").index(i), out),
    );
    list(na.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) =>
      nodeSelectorTermWarnings(
        record(t).preference,
        nodePath.child("preferredDuringSchedulingIgnoredDuringExecution").index(i).child("preference"),
        out,
      ),
    );
  }
  const spread = list(s.topologySpreadConstraints);
  for (let i = 0; i < spread.length; i++) {
    const c = record(spread[i]);
    const key = str(c.topologyKey);
    const msg = deprecatedNodeLabel(key);
    if (msg) out.push(`${specPath.child("topologySpreadConstraints").index(i).child("topologyKey").toString()}: ${key} is ${msg}`);
    if (!isSet(c.labelSelector))
      out.push(`${specPath.child("topologySpreadConstraints").index(i).child("labelSelector").toString()}: ${NULL_SELECTOR}`);
  }
  if (meta) for (const [key, msg] of DEPRECATED_ANNOTATIONS) if (key in meta) out.push(`${annotationsPath.key(key).toString()}: ${msg}`);
  const volumes = list(s.volumes);
  for (let i = 0; i < volumes.length; i++) {
    const v = record(volumes[i]);
    // Most volumes have none of the nine: one pass over the volume's own few keys tells.
    if (!hasDeprecatedSource(v)) continue;
    for (const [key, shown, text] of DEPRECATED_VOLUMES) {
      // upstream checks a generic ephemeral volume's claim between glusterfs and cephfs.
      if (key === "cephfs" && isObj(v.ephemeral)) claimTemplateWarnings(v.ephemeral, specPath, i, out);
      if (v[key] !== undefined && v[key] !== null) out.push(`${specPath.child("volumes").index(i).child(shown).toString()}: ${text}`);
    }
  }
  if (volumes.length > 0) tokenPathWarnings(volumes, specPath, out);
  const aliases = list(s.hostAliases);
  if (aliases.length > 1) {
    const ips = new Set<string>();
    aliases.forEach((a, i) => {
      const ip = str(record(a).ip);
      if (ips.has(ip)) out.push(`${specPath.child("hostAliases").index(i).child("ip").toString()}: duplicate ip ${goQuote(ip)}`);
      else ips.add(ip);
    });
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
  for (let i = 0; i < secrets.length; i++) {
    const name = str(record(secrets[i]).name);
    if (name === "") out.push(`${specPath.child("imagePullSecrets").index(i).child("name").toString()}: invalid empty name ""`);
  }
  if (isObj(s.overhead))
    for (const name of BYTE_RESOURCES) {
      const q = s.overhead[name];
      if (q !== undefined && isFractional(q))
        out.push(
          `${specPath.child("overhead").key(name).toString()}: fractional byte value ${goQuote(canonicalQuantity(q))} is invalid, must be an integer`,
        );
    }
  const podSC = record(s.securityContext);
  // The per-container keys are looked for only when some annotation has their prefix.
  const perContainer = meta !== undefined && hasContainerAnnotation(meta) ? meta : undefined;
  if (meta && !isSet(podSC.seccompProfile) && SECCOMP_POD in meta)
    out.push(`${annotationsPath.key(SECCOMP_POD).toString()}: ${SECCOMP_DEPRECATED}`);
  for (const kind of CONTAINER_KINDS) {
    const containers = list(s[kind]);
    for (let i = 0; i < containers.length; i++) {
      const c = record(containers[i]);
      if (perContainer) annotationWarnings(c, perContainer, annotationsPath, template && !isSet(podSC.appArmorProfile), out);
      containerWarnings(c, specPath, kind, i, out);
    }
  }
  portWarnings(s, specPath, out);
  if (typeof s.terminationGracePeriodSeconds === "number" && s.terminationGracePeriodSeconds < 0)
    out.push(
      `${specPath.child("terminationGracePeriodSeconds").toString()}: must be >= 0; negative values are invalid and will be treated as 1`,
    );
  if (affinity) {
    affinityTermWarnings(affinity.podAffinity, specPath.child("affinity", "podAffinity"), out);
    affinityTermWarnings(affinity.podAntiAffinity, specPath.child("affinity", "podAntiAffinity"), out);
  }
  return out;
}

const SECCOMP_POD = "seccomp.security.alpha.kubernetes.io/pod";

function hasContainerAnnotation(meta: Obj): boolean {
  for (const k in meta) if (k.startsWith("container.seccomp.") || k.startsWith("container.apparmor.")) return true;
  return false;
}

/** A container's seccomp (and, in templates, AppArmor) annotation without the field that replaced it. */
function annotationWarnings(c: Obj, meta: Obj, annotationsPath: FieldPath, appArmor: boolean, out: string[]): void {
  const sc = record(c.securityContext);
  const name = str(c.name);
  const seccomp = `container.seccomp.security.alpha.kubernetes.io/${name}`;
  if (!isSet(sc.seccompProfile) && seccomp in meta) out.push(`${annotationsPath.key(seccomp).toString()}: ${SECCOMP_DEPRECATED}`);
  const apparmor = `container.apparmor.security.beta.kubernetes.io/${name}`;
  if (appArmor && !isSet(sc.appArmorProfile) && apparmor in meta)
    out.push(`${annotationsPath.key(apparmor).toString()}: ${APPARMOR_DEPRECATED}`);
}

const TEMPLATE_SPEC = FieldPath.of("spec", "template", "spec");
const TEMPLATE_ANNOTATIONS = FieldPath.of("spec", "template", "metadata", "annotations");
const CRONJOB_TEMPLATE_ANNOTATIONS = FieldPath.of("spec", "jobTemplate", "spec", "template", "metadata", "annotations");
const CRONJOB_TEMPLATE_SPEC = FieldPath.of("spec", "jobTemplate", "spec", "template", "spec");

/** Warnings for a workload's pod template at `spec.template` (upstream's GetWarningsForPodTemplate). */
export function workloadWarnings(obj: KubeObject): string[] {
  const template = record(record(obj.spec).template);
  return podSpecWarnings(record(template.spec), TEMPLATE_SPEC, record(template.metadata).annotations, TEMPLATE_ANNOTATIONS, true);
}

/** Warnings for a CronJob's pod template, under `spec.jobTemplate.spec.template`. */
export function cronJobWarnings(obj: KubeObject): string[] {
  const template = record(record(record(record(obj.spec).jobTemplate).spec).template);
  return podSpecWarnings(
    record(template.spec),
    CRONJOB_TEMPLATE_SPEC,
    record(template.metadata).annotations,
    CRONJOB_TEMPLATE_ANNOTATIONS,
    true,
  );
}
