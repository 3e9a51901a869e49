/**
 * The Service store: the generic store plus ClusterIP and NodePort allocation (upstream's
 * service REST storage). Create (a POST, or a PUT that creates) allocates before the object is
 * stored, after the field manager recorded it, and frees it again when storing fails; an update allocates what a type change or a new port needs and frees what it
 * gave up once stored; delete frees everything. Dry runs check without allocating.
 */
import { StorageError } from "../../../storage/interface.js";
import { interpretStorageError } from "../../errors.js";
import type { DeleteOptions, KubeObject, RequestContext } from "../../rest.js";
import { GenericStore, type GenericStoreOptions } from "../../store.js";
import { generateName } from "../../system-fields.js";
import type { AllocationTransaction, ServiceAllocators } from "./allocation/service-allocator.js";
import { allocatedServiceStrategy, serviceStatusStrategy } from "./strategy.js";

type UpdateParams = Parameters<GenericStore["updateWith"]>[2];

/** Allocator storage failures as API errors naming upstream's allocation resources. */
function allocatorError(err: unknown, op: "create" | "update"): unknown {
  if (!(err instanceof StorageError)) return err;
  const resource = err.key.endsWith("servicenodeports") ? "servicenodeportallocations" : "serviceipallocations";
  return interpretStorageError(err, op, { group: "", resource }, "");
}

export class ServiceStore extends GenericStore {
  /** The object behind each delete's Success Status, to free what it held. */
  private readonly deletedObjects = new WeakMap<object, KubeObject>();

  constructor(
    options: Omit<GenericStoreOptions, "strategy" | "subresourceStrategies">,
    readonly allocators: ServiceAllocators,
    private readonly log: (line: string) => void = () => {},
  ) {
    super({ ...options, strategy: allocatedServiceStrategy, subresourceStrategies: { status: serviceStatusStrategy } });
  }

  /** Allocates the Service's IPs and ports once the field manager recorded what the client sent (upstream's beginCreate). */
  protected override async beginCreate(obj: KubeObject, dryRun: boolean): Promise<(stored: boolean) => Promise<void>> {
    // As upstream, a generated name is chosen before allocating: the IPAddresses name their Service.
    const meta = (obj.metadata ??= {});
    if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
    // Normalized as the store will, so the allocation sees the type and addresses it stores.
    this.strategy.prepareForCreate?.(obj);
    let txn: AllocationTransaction;
    try {
      txn = await this.allocators.allocateCreate(obj, dryRun);
    } catch (err) {
      throw allocatorError(err, "create");
    }
    return async (stored) => {
      if (stored) await txn.commit();
      else await txn.revert().catch((e: unknown) => this.log(`failed to clean up after failed service create: ${String(e)}`));
    };
  }

  override async updateWith(ctx: RequestContext, name: string, params: UpdateParams): Promise<{ object: KubeObject; created: boolean }> {
    // Subresources (status) never change what a Service holds.
    if (params.strategy !== this.strategy) return super.updateWith(ctx, name, params);
    let pending: AllocationTransaction | undefined;
    let last: KubeObject | undefined;
    const transform = async (existing: KubeObject | undefined): Promise<KubeObject> => {
      // A retried attempt (another writer won) starts over from the fresh object.
      if (pending) await pending.revert();
      pending = undefined;
      // The transform may build the new object out of the one it is given (patches do).
      const old = existing && this.copy(existing);
      last = old;
      const obj = await params.transform(existing);
      this.strategy.defaults?.(obj);
      // A PUT that creates allocates in beginCreate, after the field manager recorded what the
      // client sent (as a POST): the allocated ClusterIP and NodePorts are nobody's.
      if (!old) return obj;
      try {
        this.strategy.prepareForUpdate?.(obj, old);
        pending = await this.allocators.allocateUpdate(obj, old, params.dryRun);
      } catch (err) {
        throw allocatorError(err, "update");
      }
      return obj;
    };
    let out: { object: KubeObject; created: boolean };
    try {
      out = await super.updateWith(ctx, name, { ...params, transform });
    } catch (err) {
      await pending?.revert().catch((e: unknown) => this.log(`failed to clean up after failed service update: ${String(e)}`));
      throw err;
    }
    const txn = pending;
    const before = last;
    if (
      !params.dryRun &&
      before?.metadata?.deletionTimestamp &&
      (out.object.metadata?.finalizers ?? []).length === 0 &&
      !(await this.storage.get(this.keyFor(ctx, name)).catch(() => true))
    ) {
      // The update removed the last finalizer of a Service being deleted, and the store deleted it.
      await txn?.revert().catch((e: unknown) => this.log(`failed to clean up after service ${name} was deleted: ${String(e)}`));
      await this.releaseDeleted(before, name);
      return out;
    }
    // Stored: what the update gave up goes back; a failed release is a leak the repair loop reclaims.
    await txn?.commit().catch((e: unknown) => this.log(`failed to clean up after successful service update: ${String(e)}`));
    return out;
  }

  override async delete(ctx: RequestContext, name: string, opts: DeleteOptions = {}): Promise<{ object: KubeObject; deleted: boolean }> {
    const out = await super.delete(ctx, name, opts);
    const gone = this.deletedObjects.get(out.object);
    if (out.deleted && !opts.dryRun && gone) await this.releaseDeleted(gone, name);
    return out;
  }

  /** The Service is gone either way; a failed release is a leak the repair loop reclaims. */
  private async releaseDeleted(svc: KubeObject, name: string): Promise<void> {
    await this.allocators
      .releaseService(svc)
      .catch((e: unknown) => this.log(`failed to release the allocations of service ${name}: ${String(e)}`));
  }

  protected override finalizeDelete(obj: KubeObject): KubeObject {
    const out = super.finalizeDelete(obj);
    this.deletedObjects.set(out, obj);
    return out;
  }
}
