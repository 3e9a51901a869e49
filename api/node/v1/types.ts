import type { ResourceList, Toleration } from "../../core/v1/types.js";
import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";

/**
 * RuntimeClass names a container runtime configuration (a CRI handler) that pods can choose, with
 * its overhead and scheduling constraints.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.20
 * +kubebuilder:resource:path=runtimeclasses,singular=runtimeclass
 */
export interface RuntimeClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * handler names the container runtime configuration (CRI handler) that runs pods of this class;
   * it must be a DNS label and cannot change.
   *
   * +protobuf=2
   */
  handler: string;

  /**
   * overhead is the extra resource use of running a pod with this class, added to the pod's
   * requests by admission.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  overhead?: Overhead;

  /**
   * scheduling constrains pods of this class to the nodes that support it; nil means every node
   * does.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  scheduling?: Scheduling;
}

/**
 * Overhead is the resources a runtime uses per pod on top of the containers' requests.
 */
export interface Overhead {
  /**
   * podFixed is the fixed resource overhead of one pod with this runtime class.
   *
   * +optional
   * +protobuf=1
   */
  podFixed?: ResourceList;
}

/**
 * Scheduling restricts pods of a RuntimeClass to nodes that support it, through node labels and
 * tolerations.
 */
export interface Scheduling {
  /**
   * nodeSelector is merged into the pod's own node selector; the pod is only placed on nodes with
   * these labels.
   *
   * +optional
   * +mapType=atomic
   * +protobuf=1
   */
  nodeSelector?: Record<string, string>;

  /**
   * tolerations are added to the pod's own tolerations, skipping duplicates.
   *
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  tolerations?: Toleration[];
}

/**
 * RuntimeClassList is a list of RuntimeClasses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.20
 */
export interface RuntimeClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the RuntimeClasses.
   *
   * +protobuf=2
   */
  items: RuntimeClass[];
}
