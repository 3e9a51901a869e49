import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * PodDisruptionBudgetSpec selects pods and says how many must stay available, or may be
 * unavailable, during voluntary disruptions.
 */
export interface PodDisruptionBudgetSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  minAvailable?: IntOrString;

  /**
   * +patchStrategy=replace
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  selector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  maxUnavailable?: IntOrString;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  unhealthyPodEvictionPolicy?: UnhealthyPodEvictionPolicyType;
}

/**
 * UnhealthyPodEvictionPolicyType says when running but not ready pods may be evicted:
 * IfHealthyBudget or AlwaysAllow.
 *
 * +enum
 */
export type UnhealthyPodEvictionPolicyType = "AlwaysAllow" | "IfHealthyBudget";

/**
 * PodDisruptionBudgetStatus reports the pods counted by a budget and how many disruptions it allows
 * now.
 */
export interface PodDisruptionBudgetStatus {
  /**
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +protobuf=2
   */
  disruptedPods?: Record<string, Time>;

  /**
   * +protobuf=3
   */
  disruptionsAllowed: int32;

  /**
   * +protobuf=4
   */
  currentHealthy: int32;

  /**
   * +protobuf=5
   */
  desiredHealthy: int32;

  /**
   * +protobuf=6
   */
  expectedPods: int32;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=7
   */
  conditions?: Condition[];
}

/**
 * PodDisruptionBudget limits how many of a set of pods voluntary disruptions (such as evictions)
 * may take down at once.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 * +kubebuilder:resource:path=poddisruptionbudgets,singular=poddisruptionbudget,shortName=pdb
 */
export interface PodDisruptionBudget extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the PodDisruptionBudget.
   *
   * +optional
   * +protobuf=2
   */
  spec?: PodDisruptionBudgetSpec;

  /**
   * status is the most recently observed state of the PodDisruptionBudget; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: PodDisruptionBudgetStatus;
}

/**
 * PodDisruptionBudgetList is a list of PodDisruptionBudgets.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 */
export interface PodDisruptionBudgetList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PodDisruptionBudgets.
   *
   * +protobuf=2
   */
  items: PodDisruptionBudget[];
}

/**
 * Eviction asks for a pod to be deleted if its disruption budgets allow it; it is posted to the
 * pod's eviction subresource.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.22
 */
export interface Eviction extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  deleteOptions?: DeleteOptions;
}
