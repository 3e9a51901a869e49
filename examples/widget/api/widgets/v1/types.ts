import type { Condition, ListMeta, ObjectMeta, TypeMeta } from "kubegen/api/meta/v1/types.js";
import type { int64 } from "kubegen/api/scalars.js";

/**
 * Widget asks for a ConfigMap holding its message; the Widget operator writes it and reports
 * what it did in status conditions.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:shortName=wd,categories=all
 * +kubebuilder:subresource:status
 * +kubebuilder:printcolumn:name=Message,type=string,JSONPath=.spec.message
 * +kubebuilder:printcolumn:name=Ready,type=string,JSONPath=.status.conditions[?(@.type=="Ready")].status
 * +kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp
 */
export interface Widget extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;
  /**
   * What the widget should hold.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  spec?: WidgetSpec;
  /**
   * What the operator observed and did.
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  status?: WidgetStatus;
}

/** WidgetSpec is the desired state of a Widget. */
export interface WidgetSpec {
  /**
   * The text the widget's ConfigMap carries under the key `message`.
   * +kubebuilder:validation:MaxLength=1024
   * +protobuf=1
   */
  message: string;
  /**
   * The name of the ConfigMap; the widget's name when empty. It cannot change once set: the
   * operator would leave the old ConfigMap behind.
   * +optional
   * +kubebuilder:validation:MaxLength=253
   * +kubebuilder:validation:XValidation:rule="self == oldSelf",message="configMapName is immutable"
   * +protobuf=2
   */
  configMapName?: string;
}

/** WidgetStatus is the observed state of a Widget. */
export interface WidgetStatus {
  /**
   * The generation of the spec the operator last acted on.
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;
  /**
   * The name of the ConfigMap the operator keeps.
   * +optional
   * +protobuf=2
   */
  configMapName?: string;
  /**
   * The widget's conditions: `Ready` once its ConfigMap holds the message.
   * +optional
   * +listType=map
   * +listMapKey=type
   * +patchStrategy=merge
   * +patchMergeKey=type
   * +protobuf=3
   */
  conditions?: Condition[];
}

/**
 * WidgetList is a list of Widgets.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface WidgetList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;
  /**
   * The Widgets.
   * +protobuf=2
   */
  items: Widget[];
}
