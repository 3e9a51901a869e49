/**
 * DefaultStorageClass: a new PersistentVolumeClaim that asks for no class (no
 * `spec.storageClassName`, not even "", and no beta class annotation) gets the default
 * StorageClass: the one annotated `storageclass.kubernetes.io/is-default-class: "true"` (or the
 * beta annotation). With several defaults the newest wins, ties to the first name, as upstream
 * since 1.26; with none the claim is left as it is.
 */
import type { KubeObject } from "../registry/rest.js";
import { FollowedObjects } from "./followed-objects.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import type { AdmissionObjects } from "./objects.js";

const DEFAULT_ANNOTATIONS = ["storageclass.kubernetes.io/is-default-class", "storageclass.beta.kubernetes.io/is-default-class"];
const BETA_CLASS_ANNOTATION = "volume.beta.kubernetes.io/storage-class";

export class DefaultStorageClass implements AdmissionPlugin {
  readonly name = "DefaultStorageClass";
  /** StorageClasses as upstream's lister holds them: read on every claim create. */
  readonly classes: FollowedObjects;
  constructor(objects: AdmissionObjects) {
    this.classes = new FollowedObjects(objects, "storage.k8s.io", "storageclasses");
  }

  /** Other writes than a claim's create naming no class get no promise (the chain waits on none). */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation !== "CREATE" || a.resource.group !== "" || a.resource.resource !== "persistentvolumeclaims") return;
    if (a.subresource !== "" || !a.object) return;
    const spec = (a.object.spec ??= {}) as { storageClassName?: string | null };
    const hasClass =
      (spec.storageClassName !== undefined && spec.storageClassName !== null) ||
      a.object.metadata?.annotations?.[BETA_CLASS_ANNOTATION] !== undefined;
    if (hasClass) return;
    return this.setDefault(spec, ctx);
  }

  private async setDefault(spec: { storageClassName?: string | null }, ctx: AdmissionContext): Promise<void> {
    const def = await this.classes.derive("default", defaultStorageClass, ctx.signal);
    if (def) spec.storageClassName = def.metadata?.name ?? "";
  }
}

export function defaultStorageClass(classes: readonly KubeObject[]): KubeObject | undefined {
  const defaults = classes.filter((c) => DEFAULT_ANNOTATIONS.some((k) => c.metadata?.annotations?.[k] === "true"));
  const created = (c: KubeObject): number => Date.parse(c.metadata?.creationTimestamp ?? "") || 0;
  defaults.sort((x, y) => created(y) - created(x) || ((x.metadata?.name ?? "") < (y.metadata?.name ?? "") ? -1 : 1));
  return defaults[0];
}
