/**
 * PersistentVolumeClaimResize: a claim's storage request may grow only when the claim and its
 * old self name the same StorageClass and that class has `allowVolumeExpansion: true`, as
 * upstream's plugin (whose other checks, bound claims only, are validation's).
 */
import type { KubeObject } from "../registry/rest.js";
import { admissionForbidden } from "./forbidden.js";
import { FollowedObjects } from "./followed-objects.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import type { AdmissionObjects } from "./objects.js";
import { quantityValue } from "./quantity.js";

const BETA_CLASS_ANNOTATION = "volume.beta.kubernetes.io/storage-class";

export class PersistentVolumeClaimResize implements AdmissionPlugin {
  readonly name = "PersistentVolumeClaimResize";
  /** StorageClasses as upstream's lister holds them: read only when a claim grows. */
  readonly classes: FollowedObjects;
  constructor(objects: AdmissionObjects) {
    this.classes = new FollowedObjects(objects, "storage.k8s.io", "storageclasses");
  }

  /** Only a claim's growth gets a promise: every other write passes with none for the chain to wait on. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation !== "UPDATE" || a.resource.group !== "" || a.resource.resource !== "persistentvolumeclaims" || a.subresource !== "")
      return;
    if (!a.object || !a.oldObject) return;
    const size = (pvc: KubeObject): number => {
      const v = quantityValue((pvc.spec as { resources?: { requests?: { storage?: unknown } } } | undefined)?.resources?.requests?.storage);
      return Number.isNaN(v) ? 0 : v;
    };
    if (size(a.object) <= size(a.oldObject)) return;
    return this.validateResize(a, a.object, a.oldObject, ctx);
  }

  private async validateResize(a: AdmissionAttributes, object: KubeObject, oldObject: KubeObject, ctx: AdmissionContext): Promise<void> {
    if (!(await this.allowsResize(classOf(object), classOf(oldObject), ctx)))
      throw admissionForbidden(
        a,
        "only dynamically provisioned pvc can be resized and the storageclass that provisions the pvc must support resize",
      );
  }

  private async allowsResize(name: string, oldName: string, ctx: AdmissionContext): Promise<boolean> {
    if (name === "" || oldName === "" || name !== oldName) return false;
    const sc = await this.classes.get(name, ctx);
    return sc?.allowVolumeExpansion === true;
  }
}

/** The claim's class as upstream's helper reads it: the beta annotation first, then the field. */
function classOf(pvc: KubeObject): string {
  const beta = pvc.metadata?.annotations?.[BETA_CLASS_ANNOTATION];
  if (beta !== undefined) return beta;
  return (pvc.spec as { storageClassName?: string | null } | undefined)?.storageClassName ?? "";
}
