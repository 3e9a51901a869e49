/**
 * Stores whose first delete only marks the object (deletionTimestamp and a kind-specific
 * change, e.g. phase Terminating or a cleanup finalizer) and returns it; a controller finishes
 * the job. Namespaces and CustomResourceDefinitions delete this way upstream.
 */
import { newConflict, newNotFound } from "../../runtime/rest/errors.js";
import { StorageError, type KeyValue } from "../storage/interface.js";
import { interpretStorageError } from "./errors.js";
import type { DeleteOptions, KubeObject, RequestContext } from "./rest.js";
import { formatTime } from "./system-fields.js";
import { GenericStore } from "./store.js";

export abstract class TwoPhaseDeleteStore extends GenericStore {
  /**
   * What every delete of these kinds does first, whichever phase follows: upstream's precondition
   * checks, then admission with the stored object (NamespaceLifecycle refuses the immortal
   * namespaces here). The second phase's generic delete is then called without admission: one
   * request, one admission pass.
   */
  protected async beginDelete(name: string, obj: KubeObject, opts: DeleteOptions): Promise<DeleteOptions> {
    this.checkTerminationPreconditions(name, obj, opts);
    await opts.admission?.mutate(undefined, obj);
    await opts.admission?.validate(undefined, obj);
    const { admission: _admitted, ...rest } = opts;
    return rest;
  }

  /** Upstream's messages when a delete's uid or resourceVersion precondition does not hold. */
  protected checkTerminationPreconditions(name: string, obj: KubeObject, opts: DeleteOptions): void {
    const uid = obj.metadata?.uid ?? "";
    const rv = obj.metadata?.resourceVersion ?? "";
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
  }

  /**
   * Sets deletionTimestamp on the stored object with uid `uid` and applies `mark` to it, in one
   * compare-and-swap write (nothing is written for a dry run); returns the marked object.
   */
  protected async markTerminating(
    ctx: RequestContext,
    name: string,
    uid: string,
    dryRun: boolean,
    mark: (obj: KubeObject) => void,
  ): Promise<KubeObject> {
    const key = this.keyFor(ctx, name);
    let out: KubeObject | undefined;
    const fn = (current: KeyValue | undefined): Uint8Array => {
      if (!current) throw newNotFound(this.qualifiedResource, name);
      const existing = this.decode(current);
      const meta = (existing.metadata ??= {});
      if ((meta.uid ?? "") !== uid) {
        throw newConflict(
          this.qualifiedResource,
          name,
          `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${meta.uid ?? ""}`,
        );
      }
      meta.deletionTimestamp ??= formatTime(new Date());
      mark(existing);
      out = existing;
      return this.encode(existing);
    };
    try {
      if (dryRun) {
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
