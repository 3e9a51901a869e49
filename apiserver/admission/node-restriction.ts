/**
 * NodeRestriction, as upstream's plugin: a kubelet (`system:node:<name>` in `system:nodes`) may
 * write only what belongs to its node, whatever RBAC grants the group:
 * - Pods: create only its mirror Pods (annotated, bound to it, owned by its Node as controller,
 *   naming no service account, secret, config map, cluster trust bundle or claim); delete and
 *   evict only Pods bound to it; `status` of its Pods without label or (extended)
 *   resource-claim status changes;
 * - its own Node (no configSource, no taints or ownerReferences changes, labels only as
 *   node-labels.ts allows);
 * - `status` of claims, resize fields only; tokens bound to a Pod on the node, for an audience
 *   the Pod uses (node-token-audience.ts); its Lease in kube-node-lease; its CSINode;
 *   ResourceSlices naming it; CSRs to the kubelet signers for its own CN.
 * It runs in the mutating phase, as upstream's (refusing before anything else sees the write).
 */
import { newNotFound } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import { certificateRequestCommonName, checkCertificateRequest } from "../registry/resources/certificatesigningrequests/pkcs10.js";
import { deepEqual } from "../registry/strategy.js";
import type { Authorize } from "./certificates.js";
import { admissionForbidden } from "./forbidden.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { forbiddenNodeLabels, modifiedLabels } from "./node-labels.js";
import { nodeIdentity, NODE_USER_PREFIX } from "../auth/node/identity.js";
import { refuseTokenAudience } from "./node-token-audience.js";
import type { AdmissionObjects } from "./objects.js";
import { podConfigMapNames, podSecretNames } from "../auth/node/pod-references.js";

const MIRROR_ANNOTATION = "kubernetes.io/config.mirror";
const NODE_LEASE_NAMESPACE = "kube-node-lease";
const KUBELET_SIGNERS = new Set(["kubernetes.io/kubelet-serving", "kubernetes.io/kube-apiserver-client-kubelet"]);

type Spec = Record<string, unknown>;
const specOf = (o: KubeObject | undefined): Spec => (o?.spec ?? {}) as Spec;
const q = (s: string): string => JSON.stringify(s);
/** Semantic equality: an absent list or map equals an empty one, as apimachinery's. */
const emptyToUndefined = (v: unknown): unknown =>
  v === null || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0)
    ? undefined
    : v;
const semanticEqual = (a: unknown, b: unknown): boolean => deepEqual(normalize(a), normalize(b));
function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return emptyToUndefined(v.map(normalize));
  if (typeof v === "object" && v !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const n = normalize(x);
      if (n !== undefined) out[k] = n;
    }
    return emptyToUndefined(out);
  }
  return v;
}

export class NodeRestriction implements AdmissionPlugin {
  readonly name = "NodeRestriction";

  constructor(
    private readonly objects: AdmissionObjects,
    private readonly authorize?: Authorize,
  ) {}

  async admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (a.operation === "CONNECT") return;
    const nodeName = nodeIdentity(a.user);
    if (nodeName === undefined) return;
    const refuse = (why: string): never => {
      throw admissionForbidden(a, why);
    };
    if (nodeName === "") refuse(`could not determine node from user ${q(a.user.name)}`);
    const { group, resource } = a.resource;
    const r = `${group}/${resource}`;
    if (r === "/pods") {
      if (a.subresource === "") return this.admitPod(nodeName, a, ctx, refuse);
      if (a.subresource === "status") return this.admitPodStatus(nodeName, a, refuse);
      if (a.subresource === "eviction") return this.admitPodEviction(nodeName, a, ctx, refuse);
      refuse(`unexpected pod subresource ${q(a.subresource)}, only 'status' and 'eviction' are allowed`);
    }
    if (r === "/nodes") return this.admitNode(nodeName, a, refuse);
    if (r === "/persistentvolumeclaims") {
      if (a.subresource !== "status") refuse("may only update PVC status");
      return this.admitClaimStatus(nodeName, a, refuse);
    }
    if (r === "/serviceaccounts") return this.admitTokenRequest(nodeName, a, ctx, refuse);
    if (r === "coordination.k8s.io/leases") return this.admitLease(nodeName, a, refuse);
    if (r === "storage.k8s.io/csinodes") {
      const name = a.operation === "CREATE" ? (a.object?.metadata?.name ?? "") : a.name;
      if (name !== nodeName) refuse("can only access CSINode with the same name as the requesting node");
      return;
    }
    if (r === "resource.k8s.io/resourceslices") return this.admitResourceSlice(nodeName, a, refuse);
    if (r === "certificates.k8s.io/certificatesigningrequests") return this.admitCSR(nodeName, a, refuse);
  }

  /** A Pod the node's own informers would see; a missing one is upstream's lister NotFound (`pod "x" not found`). */
  private async existingPod(a: AdmissionAttributes, name: string, ctx: AdmissionContext): Promise<KubeObject> {
    const pod = await this.objects.get("", "pods", a.namespace, name, ctx);
    if (!pod) throw newNotFound({ group: "", resource: "pod" }, name);
    return pod;
  }

  private async admitPod(nodeName: string, a: AdmissionAttributes, ctx: AdmissionContext, refuse: (why: string) => never): Promise<void> {
    if (a.operation === "CREATE") return this.admitMirrorPod(nodeName, a, ctx, refuse);
    if (a.operation === "DELETE") {
      const pod = await this.existingPod(a, a.name, ctx);
      if (specOf(pod).nodeName !== nodeName) refuse(`node ${q(nodeName)} can only delete pods with spec.nodeName set to itself`);
      return;
    }
    refuse(`unexpected operation ${q(a.operation)}, node ${q(nodeName)} can only create and delete mirror pods`);
  }

  private async admitMirrorPod(
    nodeName: string,
    a: AdmissionAttributes,
    ctx: AdmissionContext,
    refuse: (why: string) => never,
  ): Promise<void> {
    const pod = a.object ?? {};
    const meta = pod.metadata ?? {};
    const n = q(nodeName);
    if (meta.annotations?.[MIRROR_ANNOTATION] === undefined)
      refuse(`pod does not have ${q(MIRROR_ANNOTATION)} annotation, node ${n} can only create mirror pods`);
    if (specOf(pod).nodeName !== nodeName) refuse(`node ${n} can only create pods with spec.nodeName set to itself`);
    const owners = (meta.ownerReferences ?? []) as {
      apiVersion?: string;
      kind?: string;
      name?: string;
      uid?: string;
      controller?: boolean;
      blockOwnerDeletion?: boolean;
    }[];
    if (owners.length > 1) refuse(`node ${n} can only create pods with a single owner reference set to itself`);
    if (owners.length === 0) refuse(`node ${n} can only create pods with an owner reference set to itself`);
    const owner = owners[0]!;
    if (owner.apiVersion !== "v1" || owner.kind !== "Node" || owner.name !== nodeName)
      refuse(`node ${n} can only create pods with an owner reference set to itself`);
    if (owner.controller !== true) refuse(`node ${n} can only create pods with a controller owner reference set to itself`);
    if (owner.blockOwnerDeletion === true) refuse(`node ${n} must not set blockOwnerDeletion on an owner reference`);
    const node = await this.objects.get("", "nodes", "", nodeName, ctx);
    if (!node) throw newNotFound({ group: "", resource: "node" }, nodeName);
    const uid = node.metadata?.uid ?? "";
    // Upstream's message says "expected" of the owner's UID and "got" of the node's.
    if ((owner.uid ?? "") !== uid) refuse(`node ${nodeName} UID mismatch: expected ${owner.uid ?? ""} got ${uid}`);

    // A mirror Pod may reference no other API object: the node could read it through the Pod.
    if (specOf(pod).serviceAccountName) refuse(`node ${n} can not create pods that reference a service account`);
    if (podSecretNames(pod).length > 0) refuse(`node ${n} can not create pods that reference secrets`);
    if (podConfigMapNames(pod).length > 0) refuse(`node ${n} can not create pods that reference configmaps`);
    const volumes = ((specOf(pod).volumes ?? []) as Record<string, { sources?: Record<string, unknown>[] } | undefined>[]).filter(Boolean);
    if (volumes.some((v) => v.projected?.sources?.some((s) => s?.clusterTrustBundle)))
      refuse(`node ${n} can not create pods that reference clustertrustbundles`);
    if (volumes.some((v) => v.persistentVolumeClaim)) refuse(`node ${n} can not create pods that reference persistentvolumeclaims`);
  }

  private admitPodStatus(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    if (a.operation !== "UPDATE") refuse(`unexpected operation ${q(a.operation)}`);
    const n = q(nodeName);
    if (specOf(a.oldObject).nodeName !== nodeName) refuse(`node ${n} can only update pod status for pods with spec.nodeName set to itself`);
    if (!semanticEqual(a.oldObject?.metadata?.labels, a.object?.metadata?.labels))
      refuse(`node ${n} cannot update labels through pod status`);
    // Only the claim names matter: entries are compared by name and resourceClaimName, in order.
    const claims = (p: KubeObject | undefined): [string, string | null][] =>
      (
        (p?.status as { resourceClaimStatuses?: { name?: string; resourceClaimName?: string }[] } | undefined)?.resourceClaimStatuses ?? []
      ).map((s) => [s?.name ?? "", s?.resourceClaimName ?? null]);
    if (!deepEqual(claims(a.oldObject), claims(a.object))) refuse(`node ${n} cannot update resource claim statues`);
    const extended = (p: KubeObject | undefined): unknown =>
      (p?.status as { extendedResourceClaimStatus?: unknown } | undefined)?.extendedResourceClaimStatus;
    if (!semanticEqual(extended(a.oldObject), extended(a.object))) refuse(`node ${n} cannot update extended resource claim status`);
  }

  private async admitPodEviction(
    nodeName: string,
    a: AdmissionAttributes,
    ctx: AdmissionContext,
    refuse: (why: string) => never,
  ): Promise<void> {
    if (a.operation !== "CREATE") refuse(`unexpected operation ${a.operation}`);
    // The name in the URL, not the one in the Eviction, when there is one.
    const podName = a.name || a.object?.metadata?.name || "";
    if (!podName) refuse("could not determine pod from request data");
    const pod = await this.existingPod(a, podName, ctx);
    if (specOf(pod).nodeName !== nodeName) refuse(`node ${nodeName} can only evict pods with spec.nodeName set to itself`);
  }

  private admitClaimStatus(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    if (a.operation !== "UPDATE") refuse(`unexpected operation ${q(a.operation)}`);
    // What a kubelet may change when it expands a volume (RecoverVolumeExpansionFailure is on in 1.34).
    const comparable = (c: KubeObject | undefined): KubeObject => {
      const copy = JSON.parse(JSON.stringify(c ?? {})) as KubeObject;
      delete copy.metadata?.resourceVersion;
      delete copy.metadata?.managedFields;
      const status = (copy.status ?? {}) as Record<string, unknown>;
      for (const k of ["capacity", "conditions", "allocatedResourceStatuses", "allocatedResources"]) delete status[k];
      return copy;
    };
    const before = comparable(a.oldObject);
    const after = comparable(a.object);
    if (!semanticEqual(before, after))
      refuse(
        `node ${q(nodeName)} is not allowed to update fields other than status.quantity and status.conditions: ${describeDiff(before, after)}`,
      );
  }

  private admitNode(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    if (a.name !== nodeName) refuse(`node ${q(nodeName)} is not allowed to modify node ${q(a.name)}`);
    const spec = specOf(a.object);
    if (a.operation === "CREATE") {
      // A config source would let the node read the ConfigMap it names.
      if (spec.configSource != null) refuse(`node ${q(nodeName)} is not allowed to create pods with a non-nil configSource`);
      const forbidden = forbiddenNodeLabels(modifiedLabels(a.object?.metadata?.labels));
      if (forbidden.length > 0) refuse(`node ${q(nodeName)} is not allowed to set the following labels: ${forbidden.join(", ")}`);
    } else if (a.operation === "UPDATE") {
      const old = specOf(a.oldObject);
      // Only a new non-nil source counts: old kubelets drop the field on status updates.
      if (spec.configSource != null && !semanticEqual(spec.configSource, old.configSource))
        refuse(`node ${q(nodeName)} is not allowed to update configSource to a new non-nil configSource`);
      if (!semanticEqual(spec.taints, old.taints)) refuse(`node ${q(nodeName)} is not allowed to modify taints`);
      // An owner that is gone would let the garbage collector delete the Node (CVE-2025-5187).
      if (!semanticEqual(a.object?.metadata?.ownerReferences, a.oldObject?.metadata?.ownerReferences))
        refuse(`node ${q(nodeName)} is not allowed to modify ownerReferences`);
      const forbidden = forbiddenNodeLabels(modifiedLabels(a.object?.metadata?.labels, a.oldObject?.metadata?.labels));
      if (forbidden.length > 0) refuse(`is not allowed to modify labels: ${forbidden.join(", ")}`);
    }
  }

  private async admitTokenRequest(
    nodeName: string,
    a: AdmissionAttributes,
    ctx: AdmissionContext,
    refuse: (why: string) => never,
  ): Promise<void> {
    if (a.operation !== "CREATE" || a.subresource !== "token") return;
    const spec = specOf(a.object) as {
      audiences?: string[];
      boundObjectRef?: { apiVersion?: string; kind?: string; name?: string; uid?: string };
    };
    const ref = spec.boundObjectRef;
    // Only a Pod binding: the server infers the Node binding from it, so none can be spoofed.
    if (!ref || ref.apiVersion !== "v1" || ref.kind !== "Pod" || !ref.name) refuse("node requested token not bound to a pod");
    if (!ref.uid) refuse("node requested token with a pod binding without a uid");
    const pod = await this.existingPod(a, ref.name, ctx);
    if (ref.uid !== pod.metadata?.uid)
      refuse(
        `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
      );
    if (specOf(pod).nodeName !== nodeName) refuse("node requested token bound to a pod scheduled on a different node");
    const why = await refuseTokenAudience(this.objects, this.authorize, a, pod, spec.audiences ?? [], ctx);
    if (why) refuse(why);
  }

  private admitLease(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    if (a.namespace !== NODE_LEASE_NAMESPACE) refuse(`can only access leases in the ${q(NODE_LEASE_NAMESPACE)} system namespace`);
    const name = a.operation === "CREATE" ? (a.object?.metadata?.name ?? "") : a.name;
    if (name !== nodeName) refuse("can only access node lease with the same name as the requesting node");
  }

  /** Create and delete only: the rest is the node authorizer's upstream, which reads the stored slice. */
  private admitResourceSlice(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    const nodeOf = (o: KubeObject | undefined): string => (specOf(o).nodeName as string | undefined) ?? "";
    if (a.operation === "CREATE" && nodeOf(a.object) !== nodeName)
      refuse("can only create ResourceSlice with the same NodeName as the requesting node");
    if (a.operation === "DELETE" && nodeOf(a.oldObject) !== nodeName)
      refuse("can only delete ResourceSlice with the same NodeName as the requesting node");
  }

  /** A kubelet CSR (serving or client) must be for the node's own CN; others are the signer's to check. */
  private admitCSR(nodeName: string, a: AdmissionAttributes, refuse: (why: string) => never): void {
    if (a.operation !== "CREATE" || a.subresource !== "") return;
    const spec = specOf(a.object) as { signerName?: string; request?: string };
    if (!KUBELET_SIGNERS.has(spec.signerName ?? "")) return;
    const request = Buffer.from(typeof spec.request === "string" ? spec.request : "", "base64");
    const cn = certificateRequestCommonName(request);
    if (cn === undefined) refuse(`unable to parse csr: ${checkCertificateRequest(request) ?? "x509: malformed certificate request"}`);
    if (cn !== `${NODE_USER_PREFIX}${nodeName}`) refuse(`can only create a node CSR with CN=${NODE_USER_PREFIX}${nodeName}`);
  }
}

/** The top-level fields that differ (upstream prints a go-cmp diff; kubegen names the paths). */
function describeDiff(a: KubeObject, b: KubeObject): string {
  const paths: string[] = [];
  const walk = (x: unknown, y: unknown, path: string): void => {
    if (semanticEqual(x, y)) return;
    const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
    if (isObj(x) && isObj(y)) {
      for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) walk(x[k], y[k], path ? `${path}.${k}` : k);
    } else paths.push(path);
  };
  walk(a, b, "");
  return `changed ${paths.join(", ")}`;
}
