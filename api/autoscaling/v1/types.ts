import type { Quantity } from "../../apimachinery/resource/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { ResourceName } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * CrossVersionObjectReference identifies the object being scaled by API version, kind and name.
 *
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

/**
 * HorizontalPodAutoscalerSpec is the target to scale, the replica bounds and the average CPU
 * utilization to aim for.
 */
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

/**
 * HorizontalPodAutoscalerStatus reports the current and desired replicas, the last scale time and
 * the observed CPU utilization.
 */
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
 * HorizontalPodAutoscaler scales a workload's replicas to keep average CPU utilization near a
 * target.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 * +kubebuilder:resource:path=horizontalpodautoscalers,singular=horizontalpodautoscaler,shortName=hpa,categories=all
 */
export interface HorizontalPodAutoscaler extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the HorizontalPodAutoscaler.
   *
   * +optional
   * +protobuf=2
   */
  spec?: HorizontalPodAutoscalerSpec;

  /**
   * status is the most recently observed state of the HorizontalPodAutoscaler; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: HorizontalPodAutoscalerStatus;
}

/**
 * HorizontalPodAutoscalerList is a list of HorizontalPodAutoscalers.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface HorizontalPodAutoscalerList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the HorizontalPodAutoscalers.
   *
   * +protobuf=2
   */
  items: HorizontalPodAutoscaler[];
}

/**
 * Scale is the scale subresource of a workload: desired and observed replicas.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface Scale extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the Scale.
   *
   * +optional
   * +protobuf=2
   */
  spec?: ScaleSpec;

  /**
   * status is the most recently observed state of the Scale; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: ScaleStatus;
}

/**
 * ScaleSpec holds the desired number of replicas.
 */
export interface ScaleSpec {
  /**
   * +optional
   * +default=0
   * +protobuf=1
   */
  replicas?: int32;
}

/**
 * ScaleStatus holds the observed number of replicas and the label selector of the pods counted.
 */
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
 * MetricSourceType names the kind of metric an autoscaler reads.
 *
 * +enum
 */
export type MetricSourceType = "ContainerResource" | "External" | "Object" | "Pods" | "Resource";

/**
 * MetricSpec is one metric an autoscaler scales on, with its target.
 */
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

/**
 * ObjectMetricSource is a metric describing a single Kubernetes object.
 */
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

/**
 * PodsMetricSource is a metric averaged over the pods being scaled.
 */
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

/**
 * ResourceMetricSource is a resource (CPU, memory) usage metric of the pods being scaled.
 */
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

/**
 * ContainerResourceMetricSource is a resource usage metric of one container of the pods being
 * scaled.
 */
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

/**
 * ExternalMetricSource is a metric from outside the cluster.
 */
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

/**
 * MetricStatus is the last observed value of one metric.
 */
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

/**
 * HorizontalPodAutoscalerConditionType names a condition of an autoscaler.
 */
export type HorizontalPodAutoscalerConditionType = string;

/**
 * HorizontalPodAutoscalerCondition is one observed condition of an autoscaler.
 */
export interface HorizontalPodAutoscalerCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: HorizontalPodAutoscalerConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=5
   */
  message?: string;
}

/**
 * ObjectMetricStatus is the last observed value of an object metric.
 */
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

/**
 * PodsMetricStatus is the last observed value of a pods metric.
 */
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

/**
 * ResourceMetricStatus is the last observed value of a resource metric.
 */
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

/**
 * ContainerResourceMetricStatus is the last observed value of a container resource metric.
 */
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

/**
 * ExternalMetricStatus is the last observed value of an external metric.
 */
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
