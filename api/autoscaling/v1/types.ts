import type { Quantity } from "../../apimachinery/resource/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { ResourceName } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * +structType=atomic
 */
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
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  targetCPUUtilizationPercentage?: int32;
}

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
   * +protobuf=3
   */
  currentReplicas: int32;

  /**
   * +protobuf=4
   */
  desiredReplicas: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  currentCPUUtilizationPercentage?: int32;
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
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

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
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

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface Scale extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: ScaleSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ScaleStatus;
}

export interface ScaleSpec {
  /**
   * +optional
   * +default=0
   * +protobuf=1
   */
  replicas?: int32;
}

export interface ScaleStatus {
  /**
   * +protobuf=1
   */
  replicas: int32;

  /**
   * +optional
   * +protobuf=2
   */
  selector?: string;
}

/**
 * +enum
 */
export type MetricSourceType = "ContainerResource" | "External" | "Object" | "Pods" | "Resource";

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

export interface ObjectMetricSource {
  /**
   * +protobuf=1
   */
  target: CrossVersionObjectReference;

  /**
   * +protobuf=2
   */
  metricName: string;

  /**
   * +protobuf=3
   */
  targetValue: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  averageValue?: Quantity;
}

export interface PodsMetricSource {
  /**
   * +protobuf=1
   */
  metricName: string;

  /**
   * +protobuf=2
   */
  targetAverageValue: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  selector?: LabelSelector;
}

export interface ResourceMetricSource {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  targetAverageUtilization?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  targetAverageValue?: Quantity;
}

export interface ContainerResourceMetricSource {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  targetAverageUtilization?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  targetAverageValue?: Quantity;

  /**
   * +protobuf=5
   */
  container: string;
}

export interface ExternalMetricSource {
  /**
   * +protobuf=1
   */
  metricName: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  metricSelector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  targetValue?: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  targetAverageValue?: Quantity;
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

export interface ObjectMetricStatus {
  /**
   * +protobuf=1
   */
  target: CrossVersionObjectReference;

  /**
   * +protobuf=2
   */
  metricName: string;

  /**
   * +protobuf=3
   */
  currentValue: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  averageValue?: Quantity;
}

export interface PodsMetricStatus {
  /**
   * +protobuf=1
   */
  metricName: string;

  /**
   * +protobuf=2
   */
  currentAverageValue: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  selector?: LabelSelector;
}

export interface ResourceMetricStatus {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  currentAverageUtilization?: int32;

  /**
   * +protobuf=3
   */
  currentAverageValue: Quantity;
}

export interface ContainerResourceMetricStatus {
  /**
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  currentAverageUtilization?: int32;

  /**
   * +protobuf=3
   */
  currentAverageValue: Quantity;

  /**
   * +protobuf=4
   */
  container: string;
}

export interface ExternalMetricStatus {
  /**
   * +protobuf=1
   */
  metricName: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  metricSelector?: LabelSelector;

  /**
   * +protobuf=3
   */
  currentValue: Quantity;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  currentAverageValue?: Quantity;
}
