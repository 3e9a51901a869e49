import type { ListMeta, MicroTime, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * CoordinatedLeaseStrategy names the rule used to choose a leader among LeaseCandidates when
 * coordinated leader election is in effect. The only value defined today is
 * "OldestEmulationVersion", which prefers the candidate with the lowest emulation version, then
 * the lowest binary version, then the oldest creation timestamp.
 */
export type CoordinatedLeaseStrategy = string;

/**
 * Lease is a time-bounded claim on a named resource, held by one identity at a time and kept
 * alive by periodic renewal.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.14
 * +kubebuilder:resource:path=leases,singular=lease
 */
export interface Lease extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec describes who currently holds the lease and for how long.
   *
   * +optional
   * +protobuf=2
   */
  spec?: LeaseSpec;
}

/**
 * LeaseSpec records the current holder of a Lease and the timing of its acquisition and renewal.
 */
export interface LeaseSpec {
  /**
   * holderIdentity identifies the current holder of the lease. Under coordinated leader election
   * it must equal the metadata.name of the elected LeaseCandidate.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  holderIdentity?: string;

  /**
   * leaseDurationSeconds is how long, measured from the last observed renewTime, other
   * candidates must wait before they may forcibly take over the lease.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  leaseDurationSeconds?: int32;

  /**
   * acquireTime is when the current holder obtained the lease.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  acquireTime?: MicroTime;

  /**
   * renewTime is when the current holder last refreshed the lease.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  renewTime?: MicroTime;

  /**
   * leaseTransitions counts how many times the lease has passed from one holder to another.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  leaseTransitions?: int32;

  /**
   * strategy selects how the leader is picked under coordinated leader election; when unset the
   * lease is not coordinated. Alpha, gated by the CoordinatedLeaderElection feature.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  strategy?: CoordinatedLeaseStrategy;

  /**
   * preferredHolder hints to the current holder that a better-suited holder exists and that it
   * should release the lease. It may only be set together with strategy.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  preferredHolder?: string;
}

/**
 * LeaseList is a collection of Lease objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface LeaseList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the leases in this list.
   *
   * +protobuf=2
   */
  items: Lease[];
}
