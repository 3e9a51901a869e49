import type { Quantity } from "../../apimachinery/resource/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { ResourceName } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.23
 * +kubebuilder:resource:path=horizontalpodautoscalers,singular=horizontalpodautoscaler,shortName=hpa,categories=all
 */
export interface HorizontalPodAutoscaler extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: HorizontalPodAutoscalerSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: HorizontalPodAutoscalerStatus;
}

export interface HorizontalPodAutoscalerSpec {
  /**
   * +protobuf=1
   */
  scaleTargetRef: CrossVersionObjectReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  minReplicas?: int32;

  /**
   * +protobuf=3
   */
  maxReplicas: int32;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  metrics?: MetricSpec[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  behavior?: HorizontalPodAutoscalerBehavior;
}

export interface CrossVersionObjectReference {
  /**
   * +protobuf=1
   */
  kind: string;

  /**
   * +protobuf=2
   */
  name: string;

  /**
   * +optional
   * +protobuf=3
   */
  apiVersion?: string;
}

export interface MetricSpec {
  /**
   * +protobuf=1
   */
  type: MetricSourceType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  object?: ObjectMetricSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  pods?: PodsMetricSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  resource?: ResourceMetricSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  containerResource?: ContainerResourceMetricSource;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  external?: ExternalMetricSource;
}

export interface HorizontalPodAutoscalerBehavior {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  scaleUp?: HPAScalingRules;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  scaleDown?: HPAScalingRules;
}

export type ScalingPolicySelect = string;

export interface HPAScalingRules {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  stabilizationWindowSeconds?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  selectPolicy?: ScalingPolicySelect;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  policies?: HPAScalingPolicy[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  tolerance?: Quantity;
}

export type HPAScalingPolicyType = string;

export interface HPAScalingPolicy {
  /**
   * +protobuf=1
   */
  type: HPAScalingPolicyType;

  /**
   * +protobuf=2
   */
  value: int32;

  /**
   * +protobuf=3
   */
  periodSeconds: int32;
}

export type MetricSourceType = string;

export interface ObjectMetricSource {
  /**
   * +protobuf=1
   */
  describedObject: CrossVersionObjectReference;

  /**
   * +protobuf=2
   */
  target: MetricTarget;

  /**
   * +protobuf=3
   */
  metric: MetricIdentifier;
}

export interface PodsMetricSource {
  /**
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  target: MetricTarget;
}

export interface ResourceMetricSource {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +protobuf=2
   */
  target: MetricTarget;
}

export interface ContainerResourceMetricSource {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +protobuf=2
   */
  target: MetricTarget;

  /**
   * +protobuf=3
   */
  container: string;
}

export interface ExternalMetricSource {
  /**
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  target: MetricTarget;
}

export interface MetricIdentifier {
  /**
   * +protobuf=1
   */
  name: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  selector?: LabelSelector;
}

export interface MetricTarget {
  /**
   * +protobuf=1
   */
  type: MetricTargetType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  value?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  averageValue?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  averageUtilization?: int32;
}

export type MetricTargetType = string;

export interface HorizontalPodAutoscalerStatus {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  lastScaleTime?: Time;

  /**
   * +optional
   * +protobuf=3
   */
  currentReplicas?: int32;

  /**
   * +protobuf=4
   */
  desiredReplicas: int32;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  currentMetrics: MetricStatus[];

  /**
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +optional
   * +protobuf=6
   */
  conditions?: HorizontalPodAutoscalerCondition[];
}

export type HorizontalPodAutoscalerConditionType = string;

export interface HorizontalPodAutoscalerCondition {
  /**
   * +protobuf=1
   */
  type: HorizontalPodAutoscalerConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=5
   */
  message?: string;
}

export interface MetricStatus {
  /**
   * +protobuf=1
   */
  type: MetricSourceType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  object?: ObjectMetricStatus;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  pods?: PodsMetricStatus;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  resource?: ResourceMetricStatus;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  containerResource?: ContainerResourceMetricStatus;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  external?: ExternalMetricStatus;
}

export interface ObjectMetricStatus {
  /**
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  current: MetricValueStatus;

  /**
   * +protobuf=3
   */
  describedObject: CrossVersionObjectReference;
}

export interface PodsMetricStatus {
  /**
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  current: MetricValueStatus;
}

export interface ResourceMetricStatus {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +protobuf=2
   */
  current: MetricValueStatus;
}

export interface ContainerResourceMetricStatus {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +protobuf=2
   */
  current: MetricValueStatus;

  /**
   * +protobuf=3
   */
  container: string;
}

export interface ExternalMetricStatus {
  /**
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  current: MetricValueStatus;
}

export interface MetricValueStatus {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  value?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  averageValue?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  averageUtilization?: int32;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.23
 */
export interface HorizontalPodAutoscalerList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: HorizontalPodAutoscaler[];
}
