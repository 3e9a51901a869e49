/**
 * The relationships the Node authorizer grants by, as upstream's node graph records them: a Pod
 * bound to a node gives that node its Secrets, ConfigMaps, PersistentVolumeClaims (named or
 * ephemeral), ServiceAccount and ResourceClaims; a PersistentVolume bound to a reachable claim,
 * and the Secrets such a volume names for the kubelet; VolumeAttachments and ResourceSlices
 * naming the node.
 *
 * Upstream keeps a directed graph and walks it from the object to the node; every path it can
 * find is at most object -> pod -> node or secret -> pv -> pvc -> pod -> node, so counting, per
 * referenced object, the nodes its Pods run on answers the same question without a walk.
 */
import { podConfigMapNames, podSecretNames, type PodObject } from "./pod-references.js";

/** What a node may reach: upstream's vertex types. */
export type VertexType =
  "configmap" | "pod" | "pv" | "pvc" | "resourceclaim" | "resourceslice" | "secret" | "serviceaccount" | "volumeattachment";

/** The kinds a Pod references; its own edges are removed with it. */
type PodRefType = "configmap" | "pvc" | "resourceclaim" | "secret" | "serviceaccount";

/** The mirror-Pod annotation: a kubelet's static Pod gets no edges beyond its node (upstream's defence in depth). */
const MIRROR_POD_ANNOTATION = "kubernetes.io/config.mirror";

interface Meta {
  namespace?: string;
  name?: string;
  annotations?: Record<string, string>;
}
interface NamedRef {
  name?: string;
  namespace?: string;
}
interface PodShape extends PodObject {
  metadata?: Meta;
  spec?: {
    nodeName?: string;
    serviceAccountName?: string;
    volumes?: ({ name?: string; persistentVolumeClaim?: { claimName?: string }; ephemeral?: unknown } | null)[];
    resourceClaims?: ({ name?: string; resourceClaimName?: string; resourceClaimTemplateName?: string } | null)[];
  };
  status?: {
    resourceClaimStatuses?: ({ name?: string; resourceClaimName?: string } | null)[];
    extendedResourceClaimStatus?: { resourceClaimName?: string } | null;
  };
}

const key = (type: string, namespace: string, name: string): string => `${type}/${namespace}/${name}`;

/** Counts per node, so a reference held by several Pods on one node survives the first one's deletion. */
class NodeCounts {
  private readonly counts = new Map<string, Map<string, number>>();

  add(ref: string, node: string): void {
    let byNode = this.counts.get(ref);
    if (!byNode) this.counts.set(ref, (byNode = new Map()));
    byNode.set(node, (byNode.get(node) ?? 0) + 1);
  }

  remove(ref: string, node: string): void {
    const byNode = this.counts.get(ref);
    const n = byNode?.get(node);
    if (byNode === undefined || n === undefined) return;
    if (n > 1) byNode.set(node, n - 1);
    else {
      byNode.delete(node);
      if (byNode.size === 0) this.counts.delete(ref);
    }
  }

  clear(): void {
    this.counts.clear();
  }

  has(ref: string, node: string): boolean {
    return this.counts.get(ref)?.has(node) ?? false;
  }
}

/** Upstream's resourceclaim.Name: the claim a Pod's entry stands for, or undefined while none exists (or never will). */
function podClaimName(
  pod: PodShape,
  entry: { name?: string; resourceClaimName?: string; resourceClaimTemplateName?: string },
): string | undefined {
  if (entry.resourceClaimName) return entry.resourceClaimName;
  if (!entry.resourceClaimTemplateName) return undefined;
  const status = (pod.status?.resourceClaimStatuses ?? []).find((s) => s?.name === entry.name);
  return status?.resourceClaimName || undefined;
}

/** The objects a Pod bound to a node gives that node, as upstream's AddPod. */
function podReferences(pod: PodShape): string[] {
  const ns = pod.metadata?.namespace ?? "";
  if (pod.metadata?.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return [];
  const refs: string[] = [];
  const add = (type: PodRefType, name: string | undefined): void => {
    if (name) refs.push(key(type, ns, name));
  };
  const spec = pod.spec ?? {};
  add("serviceaccount", spec.serviceAccountName);
  for (const name of podSecretNames(pod)) add("secret", name);
  for (const name of podConfigMapNames(pod)) add("configmap", name);
  for (const v of spec.volumes ?? []) {
    if (!v) continue;
    if (v.persistentVolumeClaim) add("pvc", v.persistentVolumeClaim.claimName);
    else if (v.ephemeral) add("pvc", `${pod.metadata?.name ?? ""}-${v.name ?? ""}`);
  }
  for (const entry of spec.resourceClaims ?? []) if (entry) add("resourceclaim", podClaimName(pod, entry));
  add("resourceclaim", pod.status?.extendedResourceClaimStatus?.resourceClaimName);
  return [...new Set(refs)];
}

interface PVShape {
  metadata?: Meta;
  spec?: Record<string, unknown> & { claimRef?: NamedRef | null };
}

/** Volume sources whose `secretRef` falls back to the claim's namespace, as upstream's VisitPVSecretNames. */
const CLAIM_NAMESPACED_SECRET_SOURCES = ["cephfs", "flexVolume", "rbd", "scaleIO", "iscsi"];
/** Sources whose `secretRef` carries its own namespace. */
const NAMESPACED_SECRET_SOURCES = ["cinder", "storageos"];
/** CSI secrets the kubelet reads (the controller's are not the node's business). */
const CSI_KUBELET_SECRETS = ["nodePublishSecretRef", "nodeStageSecretRef"];

/** The Secrets (namespace/name keys) a PersistentVolume names for the kubelet, as upstream's VisitPVSecretNames. */
function pvSecretKeys(pv: PVShape): string[] {
  const spec = pv.spec ?? {};
  const claimNs = spec.claimRef?.namespace ?? "";
  const out: string[] = [];
  const add = (namespace: string, name: string | undefined): void => {
    if (name) out.push(key("secret", namespace, name));
  };
  const source = (name: string): Record<string, unknown> | undefined => {
    const s = spec[name];
    return typeof s === "object" && s !== null ? (s as Record<string, unknown>) : undefined;
  };
  // Upstream's switch takes the first source set; a valid PV has exactly one.
  const azure = source("azureFile");
  if (azure) {
    const ns = typeof azure.secretNamespace === "string" && azure.secretNamespace ? azure.secretNamespace : claimNs;
    add(ns, azure.secretName as string | undefined);
    return out;
  }
  for (const name of CLAIM_NAMESPACED_SECRET_SOURCES) {
    const s = source(name);
    if (!s) continue;
    const ref = s.secretRef as NamedRef | undefined;
    if (ref) add(ref.namespace || claimNs, ref.name);
    return out;
  }
  for (const name of NAMESPACED_SECRET_SOURCES) {
    const s = source(name);
    if (!s) continue;
    const ref = s.secretRef as NamedRef | undefined;
    if (ref) add(ref.namespace ?? "", ref.name);
    return out;
  }
  const csi = source("csi");
  if (csi) {
    for (const field of CSI_KUBELET_SECRETS) {
      const ref = csi[field] as NamedRef | undefined;
      if (ref) add(ref.namespace ?? "", ref.name);
    }
  }
  return out;
}

export class NodeGraph {
  /** Pod (namespace/name) -> its node and the references it counted. */
  private readonly pods = new Map<string, { node: string; refs: string[] }>();
  /** Referenced object key -> nodes of the Pods referencing it. */
  private readonly podRefs = new NodeCounts();
  /** PersistentVolume name -> its claim's key and the kubelet-visible Secrets it names. */
  private readonly pvs = new Map<string, { claim: string; secrets: string[] }>();
  /** Secret key -> PersistentVolumes naming it. */
  private readonly secretPVs = new Map<string, Set<string>>();
  /** VolumeAttachment and ResourceSlice keys -> the node they name. */
  private readonly nodeNamed = new Map<string, string>();

  /** A Pod added, changed or (deleted) removed; Pods not yet scheduled are not in the graph. */
  applyPod(pod: PodShape, deleted = false): void {
    const id = `${pod.metadata?.namespace ?? ""}/${pod.metadata?.name ?? ""}`;
    const old = this.pods.get(id);
    if (old) {
      for (const ref of old.refs) this.podRefs.remove(ref, old.node);
      this.pods.delete(id);
    }
    const node = pod.spec?.nodeName;
    if (deleted || !node) return;
    const refs = podReferences(pod);
    for (const ref of refs) this.podRefs.add(ref, node);
    this.pods.set(id, { node, refs });
  }

  /** A PersistentVolume added, changed or (deleted) removed; only a bound one (claimRef set) has edges. */
  applyPV(pv: PVShape, deleted = false): void {
    const name = pv.metadata?.name ?? "";
    const old = this.pvs.get(name);
    if (old) {
      for (const s of old.secrets) {
        const set = this.secretPVs.get(s);
        set?.delete(name);
        if (set?.size === 0) this.secretPVs.delete(s);
      }
      this.pvs.delete(name);
    }
    const claimRef = pv.spec?.claimRef;
    if (deleted || !claimRef) return;
    const secrets = [...new Set(pvSecretKeys(pv))];
    for (const s of secrets) {
      let set = this.secretPVs.get(s);
      if (!set) this.secretPVs.set(s, (set = new Set()));
      set.add(name);
    }
    this.pvs.set(name, { claim: key("pvc", claimRef.namespace ?? "", claimRef.name ?? ""), secrets });
  }

  /** A VolumeAttachment (spec.nodeName) or node-local ResourceSlice (spec.nodeName) added, changed or removed. */
  applyNodeNamed(
    type: "volumeattachment" | "resourceslice",
    obj: { metadata?: Meta; spec?: { nodeName?: string } },
    deleted = false,
  ): void {
    const k = key(type, "", obj.metadata?.name ?? "");
    const node = obj.spec?.nodeName;
    if (deleted || !node) this.nodeNamed.delete(k);
    else this.nodeNamed.set(k, node);
  }

  /** Drops everything of one type before a relist replaces it. */
  clear(type: "pod" | "pv" | "volumeattachment" | "resourceslice"): void {
    if (type === "pod") {
      this.pods.clear();
      this.podRefs.clear();
    } else if (type === "pv") {
      this.pvs.clear();
      this.secretPVs.clear();
    } else for (const k of [...this.nodeNamed.keys()]) if (k.startsWith(`${type}/`)) this.nodeNamed.delete(k);
  }

  /** Whether the object has a path to the node (upstream's hasPathFrom). */
  hasPathFrom(node: string, type: VertexType, namespace: string, name: string): boolean {
    switch (type) {
      case "pod":
        return this.pods.get(`${namespace}/${name}`)?.node === node;
      case "volumeattachment":
      case "resourceslice":
        return this.nodeNamed.get(key(type, "", name)) === node;
      case "pv": {
        const pv = this.pvs.get(name);
        return pv !== undefined && this.podRefs.has(pv.claim, node);
      }
      case "secret": {
        const k = key(type, namespace, name);
        if (this.podRefs.has(k, node)) return true;
        for (const pv of this.secretPVs.get(k) ?? []) if (this.hasPathFrom(node, "pv", "", pv)) return true;
        return false;
      }
      default:
        return this.podRefs.has(key(type, namespace, name), node);
    }
  }
}
