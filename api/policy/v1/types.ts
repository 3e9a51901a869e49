import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { Condition, DeleteOptions, LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * PodDisruptionBudgetSpec selects pods and says how many must stay available, or may be
 * unavailable, during voluntary disruptions.
 */
export interface PodDisruptionBudgetSpec {
  /**
   * minAvailable is how many selected pods (a number or a percentage) must stay available after an
   * eviction; it cannot be set together with maxUnavailable.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  minAvailable?: IntOrString;

  /**
   * selector picks the pods the budget protects; a null selector selects nothing and an empty one
   * selects every pod of the namespace.
   *
   * +patchStrategy=replace
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  selector?: LabelSelector;

  /**
   * maxUnavailable is how many selected pods (a number or a percentage) may be unavailable after an
   * eviction; it cannot be set together with minAvailable.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  maxUnavailable?: IntOrString;

  /**
   * unhealthyPodEvictionPolicy says when pods that are running but not yet ready may be evicted:
   * IfHealthyBudget (only while the budget is met) or AlwaysAllow.
   *
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
   * observedGeneration is the budget's generation that this status was computed from.
   *
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * disruptedPods maps the names of pods whose eviction was admitted but not yet seen by the
   * controller to the time of the eviction; entries older than a couple of minutes are dropped.
   *
   * +optional
   * +protobuf=2
   */
  disruptedPods?: Record<string, Time>;

  /**
   * disruptionsAllowed is how many more pods may be evicted right now.
   *
   * +protobuf=3
   */
  disruptionsAllowed: int32;

  /**
   * currentHealthy is how many selected pods are healthy now.
   *
   * +protobuf=4
   */
  currentHealthy: int32;

  /**
   * desiredHealthy is the least number of healthy pods the budget requires.
   *
   * +protobuf=5
   */
  desiredHealthy: int32;

  /**
   * expectedPods is how many pods the budget counts, taken from the scale of the pods' controllers.
   *
   * +protobuf=6
   */
  expectedPods: int32;

  /**
   * conditions are the budget's observations; DisruptionAllowed says whether an eviction would be
   * admitted now.
   *
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
   * deleteOptions are applied to the pod's deletion when the eviction is admitted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  deleteOptions?: DeleteOptions;
}
