import type { Quantity } from "../../apimachinery/resource/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { ResourceName } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * HorizontalPodAutoscaler scales a workload's replicas to keep one or more metrics near their
 * targets.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.23
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
 * HorizontalPodAutoscalerSpec is the target to scale, the replica bounds, the metrics and the
 * scaling behaviour.
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
   * metrics are what the replica count is computed from; the largest count any metric asks for
   * wins. Defaults to 80% average CPU utilization.
   *
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  metrics?: MetricSpec[];

  /**
   * behavior configures how fast scaling up and down may go; unset uses the defaults of
   * HPAScalingRules.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  behavior?: HorizontalPodAutoscalerBehavior;
}

/**
 * CrossVersionObjectReference identifies the object being scaled by API version, kind and name.
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
 * MetricSpec is one metric an autoscaler scales on; the source named by type is set.
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
 * HorizontalPodAutoscalerBehavior sets separate rules for scaling up and scaling down.
 */
export interface HorizontalPodAutoscalerBehavior {
  /**
   * scaleUp limits scaling up; by default the larger of doubling the pods and adding 4 per 15
   * seconds, with no stabilization window.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  scaleUp?: HPAScalingRules;

  /**
   * scaleDown limits scaling down; by default any number of pods may go, after a 300-second
   * stabilization window.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  scaleDown?: HPAScalingRules;
}

/**
 * ScalingPolicySelect chooses which of several scaling policies applies: Max, Min or Disabled.
 */
export type ScalingPolicySelect = string;

/**
 * HPAScalingRules holds the policies, stabilization window and tolerance for one scaling direction.
 */
export interface HPAScalingRules {
  /**
   * stabilizationWindowSeconds is how long past recommendations are considered, so that the count
   * does not flap; 0 to 3,600 seconds.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  stabilizationWindowSeconds?: int32;

  /**
   * selectPolicy says which policy applies when several do: Max (the default), Min or Disabled.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  selectPolicy?: ScalingPolicySelect;

  /**
   * policies are the allowed changes per period; at least one unless selectPolicy is Disabled.
   *
   * +listType=atomic
   * +optional
   * +protobuf=2
   */
  policies?: HPAScalingPolicy[];

  /**
   * tolerance is the relative gap between current and desired metric values below which no scaling
   * happens; unset means the controller's default (10%).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  tolerance?: Quantity;
}

/**
 * HPAScalingPolicyType says whether a scaling policy counts pods or a percentage of the current
 * replicas.
 */
export type HPAScalingPolicyType = string;

/**
 * HPAScalingPolicy limits how much the replicas may change within a period.
 */
export interface HPAScalingPolicy {
  /**
   * type is Pods (an absolute count) or Percent (of the current replicas).
   *
   * +protobuf=1
   */
  type: HPAScalingPolicyType;

  /**
   * value is the change the policy allows; greater than zero.
   *
   * +protobuf=2
   */
  value: int32;

  /**
   * periodSeconds is the window the policy applies over, 1 to 1,800 seconds.
   *
   * +protobuf=3
   */
  periodSeconds: int32;
}

/**
 * MetricSourceType names the kind of metric an autoscaler reads.
 */
export type MetricSourceType = string;

/**
 * ObjectMetricSource is a metric describing a single Kubernetes object.
 */
export interface ObjectMetricSource {
  /**
   * describedObject is the object the metric describes.
   *
   * +protobuf=1
   */
  describedObject: CrossVersionObjectReference;

  /**
   * target is the value aimed for.
   *
   * +protobuf=2
   */
  target: MetricTarget;

  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=3
   */
  metric: MetricIdentifier;
}

/**
 * PodsMetricSource is a metric averaged over the pods being scaled.
 */
export interface PodsMetricSource {
  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * target is the value aimed for; only AverageValue is supported.
   *
   * +protobuf=2
   */
  target: MetricTarget;
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
   * target is the value aimed for.
   *
   * +protobuf=2
   */
  target: MetricTarget;
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
   * target is the value aimed for.
   *
   * +protobuf=2
   */
  target: MetricTarget;

  /**
   * container names the container in each pod whose resource is measured.
   *
   * +protobuf=3
   */
  container: string;
}

/**
 * ExternalMetricSource is a metric from outside the cluster.
 */
export interface ExternalMetricSource {
  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * target is the value aimed for.
   *
   * +protobuf=2
   */
  target: MetricTarget;
}

/**
 * MetricIdentifier names a metric and optionally selects its series by labels.
 */
export interface MetricIdentifier {
  /**
   * name is the metric's name.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * selector narrows the metric by label; unset means the metrics adapter chooses.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  selector?: LabelSelector;
}

/**
 * MetricTarget is the value, average value or average utilization a metric should be kept at.
 */
export interface MetricTarget {
  /**
   * type says which target field is set: Utilization, Value or AverageValue.
   *
   * +protobuf=1
   */
  type: MetricTargetType;

  /**
   * value is the metric value aimed for.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  value?: Quantity;

  /**
   * averageValue is the value per pod aimed for (the metric divided by the pod count).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  averageValue?: Quantity;

  /**
   * averageUtilization is the average use, as a percentage of the pods' requests, aimed for; only
   * for Resource and ContainerResource metrics.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  averageUtilization?: int32;
}

/**
 * MetricTargetType says which of value, average value or utilization a target sets.
 */
export type MetricTargetType = string;

/**
 * HorizontalPodAutoscalerStatus reports the replicas, the last scale time, the metrics observed and
 * conditions.
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
   * +optional
   * +protobuf=3
   */
  currentReplicas?: int32;

  /**
   * desiredReplicas is the replica count the autoscaler last computed.
   *
   * +protobuf=4
   */
  desiredReplicas: int32;

  /**
   * currentMetrics are the last read values of the metrics.
   *
   * +listType=atomic
   * +optional
   * +protobuf=5
   */
  currentMetrics: MetricStatus[];

  /**
   * conditions say whether the autoscaler can scale, is active, and is limited by its bounds.
   *
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +optional
   * +protobuf=6
   */
  conditions?: HorizontalPodAutoscalerCondition[];
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
 * ObjectMetricStatus is the last observed value of an object metric.
 */
export interface ObjectMetricStatus {
  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * current is the metric's current value.
   *
   * +protobuf=2
   */
  current: MetricValueStatus;

  /**
   * describedObject is the object the metric describes.
   *
   * +protobuf=3
   */
  describedObject: CrossVersionObjectReference;
}

/**
 * PodsMetricStatus is the last observed value of a pods metric.
 */
export interface PodsMetricStatus {
  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * current is the metric's current value.
   *
   * +protobuf=2
   */
  current: MetricValueStatus;
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
   * current is the metric's current value.
   *
   * +protobuf=2
   */
  current: MetricValueStatus;
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
   * current is the metric's current value.
   *
   * +protobuf=2
   */
  current: MetricValueStatus;

  /**
   * container names the container whose resource is measured.
   *
   * +protobuf=3
   */
  container: string;
}

/**
 * ExternalMetricStatus is the last observed value of an external metric.
 */
export interface ExternalMetricStatus {
  /**
   * metric identifies the metric by name and selector.
   *
   * +protobuf=1
   */
  metric: MetricIdentifier;

  /**
   * current is the metric's current value.
   *
   * +protobuf=2
   */
  current: MetricValueStatus;
}

/**
 * MetricValueStatus holds an observed metric as a value, an average value or an average
 * utilization.
 */
export interface MetricValueStatus {
  /**
   * value is the metric's current value.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  value?: Quantity;

  /**
   * averageValue is the current value per pod.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  averageValue?: Quantity;

  /**
   * averageUtilization is the current average use, as a percentage of the pods' requests.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  averageUtilization?: int32;
}

/**
 * HorizontalPodAutoscalerList is a list of HorizontalPodAutoscalers.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.23
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
