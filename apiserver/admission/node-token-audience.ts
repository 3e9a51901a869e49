/**
 * What audience a node may ask a ServiceAccount token for (upstream's NodeRestriction with
 * ServiceAccountNodeAudienceRestriction, on by default in 1.34): one its Pod uses, through a
 * projected serviceAccountToken volume or a CSI driver whose CSIDriver requests tokens for it
 * (inline, or behind a claim's PersistentVolume, ephemeral claims included); otherwise only with
 * the `request-serviceaccounts-token-audience` verb on the audience, asked of the authorizer.
 */
import { newNotFound, type StatusError } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import type { Authorize } from "./certificates.js";
import type { AdmissionAttributes } from "./interface.js";
import type { AdmissionObjects, SignalSource } from "./objects.js";

type Volume = {
  name?: string;
  projected?: { sources?: { serviceAccountToken?: { audience?: string } }[] };
  csi?: { driver?: string };
  persistentVolumeClaim?: { claimName?: string };
  ephemeral?: unknown;
};

/** Why the audience may not be asked for, or undefined when it may. */
export async function refuseTokenAudience(
  objects: AdmissionObjects,
  authorize: Authorize | undefined,
  a: AdmissionAttributes,
  pod: KubeObject,
  audiences: readonly string[],
  signal: SignalSource,
): Promise<string | undefined> {
  if (audiences.length > 1) return "node may only request 0 or 1 audiences";
  // No audience is the API server's own, which every node's kubelet needs.
  if (audiences.length === 0) return undefined;
  const audience = audiences[0]!;
  const found = await podReferencesAudience(objects, pod, audience, signal);
  if (found.errors.length > 0 && !found.yes) {
    const why = found.errors.length === 1 ? found.errors[0]! : `[${found.errors.join(", ")}]`;
    return `error validating audience ${JSON.stringify(audience)}: ${why}`;
  }
  if (found.yes) return undefined;
  if (authorize) {
    try {
      const d = await authorize({
        user: a.user,
        verb: "request-serviceaccounts-token-audience",
        isResourceRequest: true,
        path: "",
        apiGroup: "",
        apiVersion: "v1",
        namespace: a.namespace,
        resource: audience,
        subresource: "",
        name: a.name,
      });
      if (d.allowed) return undefined;
    } catch {
      // An authorizer error denies, as upstream.
    }
  }
  return `audience ${JSON.stringify(audience)} not found in pod spec volume, ${a.user.name} is not authorized to request tokens for this audience`;
}

/** Whether a volume of the Pod uses `audience`; lookups that failed on the way, as messages. */
async function podReferencesAudience(
  objects: AdmissionObjects,
  pod: KubeObject,
  audience: string,
  signal: SignalSource,
): Promise<{ yes: boolean; errors: string[] }> {
  const errors: string[] = [];
  const ns = pod.metadata?.namespace ?? "";
  const volumes = ((pod.spec as { volumes?: Volume[] } | undefined)?.volumes ?? []).filter(Boolean);
  for (const v of volumes) {
    if (v.projected?.sources?.some((s) => s?.serviceAccountToken && (s.serviceAccountToken.audience ?? "") === audience))
      return { yes: true, errors };
  }
  for (const v of volumes) {
    try {
      let driver: string | undefined;
      if (v.csi) driver = v.csi.driver ?? "";
      else if (v.persistentVolumeClaim) driver = await driverOfClaim(objects, ns, v.persistentVolumeClaim.claimName ?? "", signal);
      // An ephemeral volume's claim is named after the Pod and the volume.
      else if (v.ephemeral) driver = await driverOfClaim(objects, ns, `${pod.metadata?.name ?? ""}-${v.name ?? ""}`, signal);
      if (driver === undefined) continue;
      const csiDriver = await objects.get("storage.k8s.io", "csidrivers", "", driver, signal);
      if (!csiDriver) throw newNotFound({ group: "storage.k8s.io", resource: "csidriver" }, driver);
      const requests = (csiDriver.spec as { tokenRequests?: { audience?: string }[] } | undefined)?.tokenRequests ?? [];
      if (requests.some((r) => (r?.audience ?? "") === audience)) return { yes: true, errors };
    } catch (err) {
      errors.push((err as StatusError).message);
    }
  }
  return { yes: false, errors };
}

/** The CSI driver of the claim's bound PersistentVolume; undefined when unbound or not CSI. */
async function driverOfClaim(objects: AdmissionObjects, ns: string, claimName: string, signal: SignalSource): Promise<string | undefined> {
  const claim = await objects.get("", "persistentvolumeclaims", ns, claimName, signal);
  if (!claim) throw newNotFound({ group: "", resource: "persistentvolumeclaim" }, claimName);
  const volumeName = (claim.spec as { volumeName?: string } | undefined)?.volumeName ?? "";
  if (!volumeName) return undefined;
  const pv = await objects.get("", "persistentvolumes", "", volumeName, signal);
  if (!pv) throw newNotFound({ group: "", resource: "persistentvolume" }, volumeName);
  return (pv.spec as { csi?: { driver?: string } } | undefined)?.csi?.driver;
}
