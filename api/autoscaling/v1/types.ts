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
   * kind is the referent's kind.
   *
   * +protobuf=1
   */
  kind: string;

  /**
   * name is the referent's name.
   *
   * +protobuf=2
   */
  name: string;

  /**
   * apiVersion is the referent's API version.
   *
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
   * scaleTargetRef is the scalable resource whose replica count the autoscaler sets, reached
   * through its scale subresource.
   *
   * +protobuf=1
   */
  scaleTargetRef: CrossVersionObjectReference;

  /**
   * minReplicas is the least replica count the autoscaler sets; defaults to 1, and 0 is allowed
   * only when an object or external metric is configured.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  minReplicas?: int32;

  /**
   * maxReplicas is the most replicas the autoscaler sets; it cannot be below minReplicas.
   *
   * +protobuf=3
   */
  maxReplicas: int32;

  /**
   * targetCPUUtilizationPercentage is the average CPU use, as a percentage of the pods' requests,
   * the autoscaler aims for; unset means a default policy.
   *
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
   * observedGeneration is the autoscaler's generation that this status was computed from.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * lastScaleTime is when the autoscaler last changed the replica count.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  lastScaleTime?: Time;

  /**
   * currentReplicas is the replica count the autoscaler last saw.
   *
   * +protobuf=3
   */
  currentReplicas: int32;

  /**
   * desiredReplicas is the replica count the autoscaler last computed.
   *
   * +protobuf=4
   */
  desiredReplicas: int32;

  /**
   * currentCPUUtilizationPercentage is the pods' average CPU use, as a percentage of their
   * requests.
   *
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
   * replicas is the desired number of instances of the scaled object.
   *
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
   * replicas is the actual number of instances of the scaled object.
   *
   * +protobuf=1
   */
  replicas: int32;

  /**
   * selector is the label selector, in query-parameter form, of the pods the scaled object counts;
   * autoscalers use it to find them.
   *
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
   * type says which of the source fields is set: Object, Pods, Resource, ContainerResource or
   * External.
   *
   * +protobuf=1
   */
  type: MetricSourceType;

  /**
   * object is a metric describing one Kubernetes object.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  object?: ObjectMetricSource;

  /**
   * pods is a metric averaged over the pods of the scale target.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  pods?: PodsMetricSource;

  /**
   * resource is a resource metric (such as CPU or memory) of the pods' containers, as their
   * requests and limits know it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  resource?: ResourceMetricSource;

  /**
   * containerResource is a resource metric of one named container in each pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  containerResource?: ContainerResourceMetricSource;

  /**
   * external is a metric that does not come from any Kubernetes object.
   *
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
   * target is the object the metric describes.
   *
   * +protobuf=1
   */
  target: CrossVersionObjectReference;

  /**
   * metricName is the metric's name.
   *
   * +protobuf=2
   */
  metricName: string;

  /**
   * targetValue is the metric value aimed for.
   *
   * +protobuf=3
   */
  targetValue: Quantity;

  /**
   * selector narrows the metric by label, for metrics with several series.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * averageValue is the value per pod aimed for (the metric divided by the pod count).
   *
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
   * metricName is the metric's name.
   *
   * +protobuf=1
   */
  metricName: string;

  /**
   * targetAverageValue is the average over the pods aimed for.
   *
   * +protobuf=2
   */
  targetAverageValue: Quantity;

  /**
   * selector narrows the metric by label, for metrics with several series.
   *
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
   * name is the resource's name.
   *
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * targetAverageUtilization is the average use, as a percentage of the pods' requests, aimed for.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  targetAverageUtilization?: int32;

  /**
   * targetAverageValue is the average raw value aimed for; exactly one of it and
   * targetAverageUtilization is set.
   *
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
   * name is the resource's name.
   *
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * targetAverageUtilization is the container's average use, as a percentage of its requests, aimed
   * for.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  targetAverageUtilization?: int32;

  /**
   * targetAverageValue is the container's average raw value aimed for; exactly one of it and
   * targetAverageUtilization is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  targetAverageValue?: Quantity;

  /**
   * container names the container in each pod whose resource is measured.
   *
   * +protobuf=5
   */
  container: string;
}

/**
 * ExternalMetricSource is a metric from outside the cluster.
 */
export interface ExternalMetricSource {
  /**
   * metricName is the metric's name.
   *
   * +protobuf=1
   */
  metricName: string;

  /**
   * metricSelector narrows the metric by label.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  metricSelector?: LabelSelector;

  /**
   * targetValue is the metric value aimed for; exactly one of it and targetAverageValue is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  targetValue?: Quantity;

  /**
   * targetAverageValue is the value per pod aimed for.
   *
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
   * type says which of the status fields is set: Object, Pods, Resource, ContainerResource or
   * External.
   *
   * +protobuf=1
   */
  type: MetricSourceType;

  /**
   * object is the current value of an object metric.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  object?: ObjectMetricStatus;

  /**
   * pods is the current value of a pods metric.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  pods?: PodsMetricStatus;

  /**
   * resource is the current value of a resource metric.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  resource?: ResourceMetricStatus;

  /**
   * containerResource is the current value of a container resource metric.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  containerResource?: ContainerResourceMetricStatus;

  /**
   * external is the current value of an external metric.
   *
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
   * target is the object the metric describes.
   *
   * +protobuf=1
   */
  target: CrossVersionObjectReference;

  /**
   * metricName is the metric's name.
   *
   * +protobuf=2
   */
  metricName: string;

  /**
   * currentValue is the metric's current value.
   *
   * +protobuf=3
   */
  currentValue: Quantity;

  /**
   * selector is the label selector the metric was read with.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * averageValue is the current value per pod.
   *
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
   * metricName is the metric's name.
   *
   * +protobuf=1
   */
  metricName: string;

  /**
   * currentAverageValue is the current average over the pods.
   *
   * +protobuf=2
   */
  currentAverageValue: Quantity;

  /**
   * selector is the label selector the metric was read with.
   *
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
   * name is the resource's name.
   *
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * currentAverageUtilization is the current average use, as a percentage of the pods' requests;
   * set only for a utilization target.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  currentAverageUtilization?: int32;

  /**
   * currentAverageValue is the current average raw value.
   *
   * +protobuf=3
   */
  currentAverageValue: Quantity;
}

/**
 * ContainerResourceMetricStatus is the last observed value of a container resource metric.
 */
export interface ContainerResourceMetricStatus {
  /**
   * name is the resource's name.
   *
   * +protobuf=1
   */
  name: ResourceName;

  /**
   * currentAverageUtilization is the container's current average use, as a percentage of its
   * requests.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  currentAverageUtilization?: int32;

  /**
   * currentAverageValue is the container's current average raw value.
   *
   * +protobuf=3
   */
  currentAverageValue: Quantity;

  /**
   * container names the container whose resource is measured.
   *
   * +protobuf=4
   */
  container: string;
}

/**
 * ExternalMetricStatus is the last observed value of an external metric.
 */
export interface ExternalMetricStatus {
  /**
   * metricName is the metric's name.
   *
   * +protobuf=1
   */
  metricName: string;

  /**
   * metricSelector is the label selector the metric was read with.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  metricSelector?: LabelSelector;

  /**
   * currentValue is the metric's current value.
   *
   * +protobuf=3
   */
  currentValue: Quantity;

  /**
   * currentAverageValue is the current value per pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  currentAverageValue?: Quantity;
}
