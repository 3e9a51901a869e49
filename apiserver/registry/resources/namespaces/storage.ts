/**
 * The namespace store: deleting a namespace first marks it Terminating (deletionTimestamp set,
 * phase Terminating) and returns it; it leaves storage only once the namespace controller has
 * emptied spec.finalizers through the finalize subresource (and metadata.finalizers are gone).
 */
import type { DeleteOptions, KubeObject, RequestContext } from "../../rest.js";
import type { GenericStoreOptions } from "../../store.js";
import { TwoPhaseDeleteStore } from "../../two-phase-delete.js";
import { namespaceFinalizeStrategy, namespaceStatusStrategy, namespaceStrategy, shouldDeleteNamespaceDuringUpdate } from "./strategy.js";

type NamespaceFields = { spec?: { finalizers?: string[] }; status?: { phase?: string } };

export class NamespaceStore extends TwoPhaseDeleteStore {
  constructor(
    options: Omit<GenericStoreOptions, "strategy" | "subresourceStrategies" | "returnDeletedObject" | "shouldDeleteDuringUpdate">,
  ) {
    super({
      ...options,
      strategy: namespaceStrategy,
      subresourceStrategies: { status: namespaceStatusStrategy, finalize: namespaceFinalizeStrategy },
      returnDeletedObject: true,
      shouldDeleteDuringUpdate: shouldDeleteNamespaceDuringUpdate,
    });
  }

  override async delete(ctx: RequestContext, name: string, opts: DeleteOptions = {}): Promise<{ object: KubeObject; deleted: boolean }> {
    const ns = await this.get(ctx, name);
    const admitted = await this.beginDelete(name, ns, opts);
    const uid = ns.metadata?.uid ?? "";
    if (!ns.metadata?.deletionTimestamp) return { object: await this.startTermination(ctx, name, uid, admitted), deleted: false };
    // Terminating: it goes only when the namespace controller has finalized it.
    if (((ns as NamespaceFields).spec?.finalizers ?? []).length > 0) return { object: ns, deleted: false };
    return super.delete(ctx, name, { ...admitted, preconditions: { uid } });
  }

  /** Sets deletionTimestamp and phase Terminating (and the finalizers a propagationPolicy asks for). */
  private startTermination(ctx: RequestContext, name: string, uid: string, opts: DeleteOptions): Promise<KubeObject> {
    return this.markTerminating(ctx, name, uid, opts.dryRun === true, (existing) => {
      const meta = (existing.metadata ??= {});
      const ns = existing as NamespaceFields;
      ns.status = { ...ns.status, phase: "Terminating" };
      if (this.options.garbageCollection !== false && opts.propagationPolicy) {
        const kept = (meta.finalizers ?? []).filter((f) => f !== "orphan" && f !== "foregroundDeletion");
        if (opts.propagationPolicy === "Orphan") kept.push("orphan");
        if (opts.propagationPolicy === "Foreground") kept.push("foregroundDeletion");
        meta.finalizers = kept;
      }
    });
  }
}
