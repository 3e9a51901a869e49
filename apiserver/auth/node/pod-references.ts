/**
 * Which Secrets and ConfigMaps a Pod names, as upstream's VisitPodSecretNames and
 * VisitPodConfigmapNames over all containers (init, regular, ephemeral): image pull secrets,
 * `envFrom` and `env[].valueFrom` references, and the volume sources that take a secret or
 * a config map.
 */

type Ref = { name?: string } | undefined;
interface Container {
  envFrom?: { secretRef?: Ref; configMapRef?: Ref }[];
  env?: { valueFrom?: { secretKeyRef?: Ref; configMapKeyRef?: Ref } }[];
}
type Volume = Record<string, Record<string, unknown> | undefined>;
interface PodSpec {
  imagePullSecrets?: Ref[];
  initContainers?: Container[];
  containers?: Container[];
  ephemeralContainers?: Container[];
  volumes?: Volume[];
}

/** Volume sources whose `secretRef` names a Secret. */
const SECRET_REF_SOURCES = ["cephfs", "cinder", "flexVolume", "rbd", "scaleIO", "iscsi", "storageos"];

/** A Pod as decoded JSON: only its spec is read. */
export interface PodObject {
  spec?: unknown;
  [key: string]: unknown;
}

const specOf = (pod: PodObject): PodSpec => (pod.spec as PodSpec | undefined) ?? {};
const containersOf = (spec: PodSpec): Container[] => [
  ...(spec.initContainers ?? []),
  ...(spec.containers ?? []),
  ...(spec.ephemeralContainers ?? []),
];
const projections = (v: Volume): Record<string, unknown>[] =>
  ((v.projected?.sources as Record<string, unknown>[] | undefined) ?? []).filter(Boolean);

/** The names of every Secret the Pod references (names may repeat). */
export function podSecretNames(pod: PodObject): string[] {
  const spec = specOf(pod);
  const out: string[] = [];
  const add = (ref: Ref): void => {
    if (ref) out.push(ref.name ?? "");
  };
  for (const ref of spec.imagePullSecrets ?? []) add(ref);
  for (const c of containersOf(spec)) {
    for (const e of c.envFrom ?? []) add(e?.secretRef);
    for (const e of c.env ?? []) add(e?.valueFrom?.secretKeyRef);
  }
  for (const v of spec.volumes ?? []) {
    if (!v) continue;
    if (typeof v.azureFile?.secretName === "string" && v.azureFile.secretName) out.push(v.azureFile.secretName);
    if (v.secret) out.push((v.secret.secretName as string | undefined) ?? "");
    for (const source of SECRET_REF_SOURCES) add(v[source]?.secretRef as Ref);
    add(v.csi?.nodePublishSecretRef as Ref);
    for (const p of projections(v)) add(p.secret as Ref);
  }
  return out;
}

/** The names of every ConfigMap the Pod references (names may repeat). */
export function podConfigMapNames(pod: PodObject): string[] {
  const spec = specOf(pod);
  const out: string[] = [];
  const add = (ref: Ref): void => {
    if (ref) out.push(ref.name ?? "");
  };
  for (const c of containersOf(spec)) {
    for (const e of c.envFrom ?? []) add(e?.configMapRef);
    for (const e of c.env ?? []) add(e?.valueFrom?.configMapKeyRef);
  }
  for (const v of spec.volumes ?? []) {
    if (!v) continue;
    add(v.configMap);
    for (const p of projections(v)) add(p.configMap as Ref);
  }
  return out;
}
