import type { ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { bytes } from "../../scalars.js";

/**
 * RangeAllocation is not a public type: the apiserver stores its Service ClusterIP and
 * NodePort allocation bitmaps as RangeAllocations, at keys of their own, never served.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface RangeAllocation extends TypeMeta {
  /**
   * Standard object's metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * The range that `data` describes: a CIDR (`10.96.0.0/12`) or a port range (`30000-32767`).
   * +protobuf=2
   */
  range: string;

  /**
   * A bit per address or port of the range, set when it is allocated (bit i is the i-th
   * usable value), as a big-endian integer.
   * +protobuf=3
   */
  data: bytes;
}
