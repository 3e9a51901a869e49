// A leader-election LeaseLock on one coordination/v1 Lease, through the generated clientset.
import type { Lease } from "../../generated/apis/coordination/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/index.js";
import type { LeaseLock } from "../../runtime/leaderelection/lease-lock.js";
import { isNotFound } from "../../runtime/rest/errors.js";

/** The Lease `namespace/name`, read and written with compare-and-swap on resourceVersion. */
export class ClientsetLeaseLock implements LeaseLock {
  constructor(
    private readonly client: ClientsetInterface,
    readonly namespace: string,
    readonly name: string,
  ) {}

  async get(signal?: AbortSignal): Promise<Lease | undefined> {
    try {
      return await this.client.coordinationV1().leases(this.namespace).get(this.name, { ...(signal && { signal }) });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  create(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    const body: Lease = { ...lease, metadata: { ...lease.metadata, name: this.name, namespace: this.namespace } };
    return this.client.coordinationV1().leases(this.namespace).create(body, { ...(signal && { signal }) });
  }

  update(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    return this.client.coordinationV1().leases(this.namespace).update(lease, { ...(signal && { signal }) });
  }

  describe(): string {
    return `${this.namespace}/${this.name}`;
  }
}
