/**
 * StorageObjectInUseProtection: a new PersistentVolumeClaim gets the `kubernetes.io/pvc-protection`
 * finalizer and a new PersistentVolume `kubernetes.io/pv-protection`, as upstream's plugin, so
 * neither goes while in use. Upstream's protection controllers take the finalizer off once the
 * object is unused; kubegen has no such controller yet, so a claim or volume deleted with this
 * plugin on stays Terminating until its finalizer is removed.
 */
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const FINALIZERS: Readonly<Record<string, string>> = {
  persistentvolumeclaims: "kubernetes.io/pvc-protection",
  persistentvolumes: "kubernetes.io/pv-protection",
};

export class StorageObjectInUseProtection implements AdmissionPlugin {
  readonly name = "StorageObjectInUseProtection";

  /** Synchronous: no promise for the chain to wait on. */
  admit(a: AdmissionAttributes): undefined {
    if (a.operation !== "CREATE" || a.resource.group !== "" || a.subresource !== "" || !a.object) return;
    const finalizer = FINALIZERS[a.resource.resource];
    if (finalizer === undefined) return;
    const meta = (a.object.metadata ??= {});
    const finalizers = (meta.finalizers ??= []);
    if (!finalizers.includes(finalizer)) finalizers.push(finalizer);
  }
}
