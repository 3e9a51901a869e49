/**
 * The namespace store: deleting a namespace first marks it Terminating (deletionTimestamp set,
 * phase Terminating) and returns it; it leaves storage only once the namespace controller has
 * emptied spec.finalizers through the finalize subresource (and metadata.finalizers are gone).
 */
import { newConflict, newNotFound } from "../../../../runtime/rest/errors.js";
import { StorageError, type KeyValue } from "../../../storage/interface.js";
import { interpretStorageError } from "../../errors.js";
import { formatTime } from "../../server-metadata.js";
import type { DeleteOptions, KubeObject, RequestContext } from "../../rest.js";
import { GenericStore, type GenericStoreOptions } from "../../store.js";
import {
  namespaceFinalizeStrategy,
  namespaceStatusStrategy,
  namespaceStrategy,
  shouldDeleteNamespaceDuringUpdate,
} from "./strategy.js";

type NamespaceFields = { spec?: { finalizers?: string[] }; status?: { phase?: string } };

export class NamespaceStore extends GenericStore {
  constructor(options: Omit<GenericStoreOptions, "strategy" | "subresourceStrategies" | "returnDeletedObject" | "shouldDeleteDuringUpdate">) {
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
    const uid = ns.metadata?.uid ?? "";
    const rv = ns.metadata?.resourceVersion ?? "";
    const pre = opts.preconditions ?? {};
    if (pre.uid !== undefined && pre.uid !== uid) {
      throw newConflict(this.qualifiedResource, name, `Precondition failed: UID in precondition: ${pre.uid}, UID in object meta: ${uid}`);
    }
    if (pre.resourceVersion !== undefined && pre.resourceVersion !== rv) {
      throw newConflict(
        this.qualifiedResource,
        name,
        `Precondition failed: ResourceVersion in precondition: ${pre.resourceVersion}, ResourceVersion in object meta: ${rv}`,
      );
    }
    if (!ns.metadata?.deletionTimestamp) return { object: await this.startTermination(ctx, name, uid, opts), deleted: false };
    // Terminating: it goes only when the namespace controller has finalized it.
    if (((ns as NamespaceFields).spec?.finalizers ?? []).length > 0) return { object: ns, deleted: false };
    return super.delete(ctx, name, { ...opts, preconditions: { uid } });
  }

  /** Sets deletionTimestamp and phase Terminating (and the finalizers a propagationPolicy asks for). */
  private async startTermination(ctx: RequestContext, name: string, uid: string, opts: DeleteOptions): Promise<KubeObject> {
    const key = this.keyFor(ctx, name);
    let out: KubeObject | undefined;
    const fn = (current: KeyValue | undefined): Uint8Array => {
      if (!current) throw newNotFound(this.qualifiedResource, name);
      const existing = this.decode(current);
      const meta = (existing.metadata ??= {});
      if ((meta.uid ?? "") !== uid) {
        throw newConflict(this.qualifiedResource, name, `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${meta.uid ?? ""}`);
      }
      meta.deletionTimestamp ??= formatTime(new Date());
      const ns = existing as NamespaceFields;
      ns.status = { ...ns.status, phase: "Terminating" };
      if (this.options.garbageCollection && opts.propagationPolicy) {
        const kept = (meta.finalizers ?? []).filter((f) => f !== "orphan" && f !== "foregroundDeletion");
        if (opts.propagationPolicy === "Orphan") kept.push("orphan");
        if (opts.propagationPolicy === "Foreground") kept.push("foregroundDeletion");
        meta.finalizers = kept;
      }
      out = existing;
      return this.encode(existing);
    };
    try {
      if (opts.dryRun) {
        fn(await this.storage.get(key));
        return out!;
      }
      return this.decode(await this.storage.guaranteedUpdate(key, fn));
    } catch (err) {
      if (err instanceof StorageError) throw interpretStorageError(err, "update", this.qualifiedResource, name);
      throw err;
    }
  }
}
