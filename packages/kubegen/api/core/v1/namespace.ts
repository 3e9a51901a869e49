import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { ConditionStatus } from "./references.js";

/**
 * FinalizerName identifies a finalizer that must run before a namespace can be removed;
 * "kubernetes" is the built-in one.
 */
export type FinalizerName = string;

/**
 * NamespacePhase is the lifecycle stage a namespace is in.
 *
 * +enum
 */
export type NamespacePhase = "Active" | "Terminating";

/**
 * NamespaceConditionType names one kind of observation the namespace controller reports,
 * such as a failure while deleting the namespace's content.
 */
export type NamespaceConditionType = string;

/**
 * NamespaceSpec holds the user-settable attributes of a namespace.
 */
export interface NamespaceSpec {
  /**
   * Finalizers that still have to clear before the namespace can be deleted from storage.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  finalizers?: FinalizerName[];
}

/**
 * NamespaceStatus reports the observed state of a namespace.
 */
export interface NamespaceStatus {
  /**
   * Current lifecycle phase of the namespace.
   * +optional
   * +protobuf=1
   */
  phase?: NamespacePhase;

  /**
   * The most recent observations of the namespace's state, one per condition type.
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=2
   */
  conditions?: NamespaceCondition[];
}

/**
 * NamespaceCondition is one observation about a namespace's state.
 */
export interface NamespaceCondition {
  /**
   * Which condition this is.
   * +protobuf=1
   */
  type: NamespaceConditionType;

  /**
   * Whether the condition holds: True, False or Unknown.
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * When the condition last changed from one status to another.
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * A short CamelCase word explaining the last transition.
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * A human-readable explanation of the last transition.
   * +optional
   * +protobuf=6
   */
  message?: string;
}

/**
 * Namespace partitions object names: objects in different namespaces may share a name.
 * Namespaces themselves are cluster-scoped.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:skipVerbs=deleteCollection
 * +genclient:method=Finalize,verb=update,subresource=finalize,input=Namespace,result=Namespace
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=namespaces,singular=namespace,shortName=ns
 * +kubebuilder:subresource:status
 */
export interface Namespace extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * Desired behaviour of the namespace.
   * +optional
   * +protobuf=2
   */
  spec?: NamespaceSpec;

  /**
   * Observed state of the namespace, maintained by the system.
   * +optional
   * +protobuf=3
   */
  status?: NamespaceStatus;
}

/**
 * NamespaceList is a list of namespaces.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface NamespaceList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The namespaces in this list.
   * +protobuf=2
   */
  items: Namespace[];
}
