/**
 * The CustomResourceDefinition store: the first delete adds the cleanup finalizer and a
 * Terminating condition (InstanceDeletionPending) as it sets deletionTimestamp; the apiserver's
 * finalizer controller deletes the custom objects and then removes the finalizer.
 */
import { CLEANUP_FINALIZER, setCondition } from "./crd.js";
import type { DeleteOptions, KubeObject, RequestContext } from "../../rest.js";
import { formatTime } from "../../system-fields.js";
import type { GenericStoreOptions } from "../../store.js";
import { TwoPhaseDeleteStore } from "../../two-phase-delete.js";
import { crdStatusStrategy, crdStrategy } from "./strategy.js";

export class CustomResourceDefinitionStore extends TwoPhaseDeleteStore {
  constructor(options: Omit<GenericStoreOptions, "strategy" | "subresourceStrategies">) {
    super({ ...options, strategy: crdStrategy, subresourceStrategies: { status: crdStatusStrategy } });
  }

  override async delete(ctx: RequestContext, name: string, opts: DeleteOptions = {}): Promise<{ object: KubeObject; deleted: boolean }> {
    const crd = await this.get(ctx, name);
    const admitted = await this.beginDelete(name, crd, opts);
    const uid = crd.metadata?.uid ?? "";
    if (crd.metadata?.deletionTimestamp) return super.delete(ctx, name, { ...admitted, preconditions: { ...opts.preconditions, uid } });
    const marked = await this.markTerminating(ctx, name, uid, opts.dryRun === true, (existing) => {
      const meta = (existing.metadata ??= {});
      if (!(meta.finalizers ?? []).includes(CLEANUP_FINALIZER)) meta.finalizers = [...(meta.finalizers ?? []), CLEANUP_FINALIZER];
      setCondition(
        existing,
        {
          type: "Terminating",
          status: "True",
          reason: "InstanceDeletionPending",
          message: "CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon",
        },
        formatTime(new Date()),
      );
    });
    return { object: marked, deleted: false };
  }
}
