// The storage a leader election runs on: get, create and update one coordination/v1 Lease.
import type { Lease } from "../../api/coordination/v1/types.js";

/**
 * Reads and writes the Lease that records the leader. `update` must be a compare-and-swap on
 * `metadata.resourceVersion`: when the stored lease has moved on it throws (a 409 Conflict from
 * the API), which is how two candidates racing for the lease are told apart.
 */
export interface LeaseLock {
  /** The current lease, or `undefined` when it does not exist. */
  get(signal?: AbortSignal): Promise<Lease | undefined>;
  /** Creates the lease, filling in its name and namespace; throws when it already exists. */
  create(lease: Lease, signal?: AbortSignal): Promise<Lease>;
  /** Replaces the lease; throws on a resourceVersion mismatch. */
  update(lease: Lease, signal?: AbortSignal): Promise<Lease>;
  /** Names the lock in messages, e.g. `"kube-system/kube-controller-manager"`. */
  describe?(): string;
}
