import type { PreemptionPolicy } from "../../core/v1/types.js";
import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * PriorityClass maps a name to a scheduling priority; pods refer to it by name.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.14
 * +kubebuilder:resource:path=priorityclasses,singular=priorityclass,shortName=pc
 */
export interface PriorityClass extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * value is the priority given to pods that name this class; higher runs first. User classes take
   * values up to one billion; larger values are reserved for system classes.
   *
   * +protobuf=2
   */
  value: int32;

  /**
   * globalDefault makes this class's value the priority of pods that name no class; only one class
   * may be the global default.
   *
   * +optional
   * +protobuf=3
   */
  globalDefault?: boolean;

  /**
   * description says when pods should use this class.
   *
   * +optional
   * +protobuf=4
   */
  description?: string;

  /**
   * preemptionPolicy says whether pods of this class may preempt lower-priority pods
   * (PreemptLowerPriority, the default) or never do (Never).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  preemptionPolicy?: PreemptionPolicy;
}

/**
 * PriorityClassList is a list of PriorityClasses.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.14
 */
export interface PriorityClassList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the PriorityClasses.
   *
   * +protobuf=2
   */
  items: PriorityClass[];
}
