// A LeaseLock on one coordination/v1 Lease through any typed client for leases (the generated
// clientset's `coordinationV1()` is one). Structural, so runtime needs no generated code.
import type { Lease } from "../../api/coordination/v1/types.js";
import { isNotFound } from "../rest/errors.js";
import type { LeaseLock } from "./lease-lock.js";

/** What the lock calls: the subset of a typed leases client it needs. */
export interface LeasesGetter {
  leases(namespace: string): {
    get(name: string, options?: { signal?: AbortSignal }): Promise<Lease>;
    create(lease: Lease, options?: { signal?: AbortSignal }): Promise<Lease>;
    update(lease: Lease, options?: { signal?: AbortSignal }): Promise<Lease>;
  };
}

/** The Lease `namespace/name`, read and written with compare-and-swap on resourceVersion. */
export class ResourceLeaseLock implements LeaseLock {
  constructor(
    private readonly client: LeasesGetter,
    readonly namespace: string,
    readonly name: string,
  ) {}

  async get(signal?: AbortSignal): Promise<Lease | undefined> {
    try {
      return await this.client.leases(this.namespace).get(this.name, { ...(signal && { signal }) });
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  create(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    const body: Lease = { ...lease, metadata: { ...lease.metadata, name: this.name, namespace: this.namespace } };
    return this.client.leases(this.namespace).create(body, { ...(signal && { signal }) });
  }

  update(lease: Lease, signal?: AbortSignal): Promise<Lease> {
    return this.client.leases(this.namespace).update(lease, { ...(signal && { signal }) });
  }

  describe(): string {
    return `${this.namespace}/${this.name}`;
  }
}
