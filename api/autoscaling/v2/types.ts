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

/**
 * CrossVersionObjectReference identifies the object being scaled by API version, kind and name.
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
 * MetricSpec is one metric an autoscaler scales on; the source named by type is set.
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
 * HorizontalPodAutoscalerBehavior sets separate rules for scaling up and scaling down.
 */
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

/**
 * ScalingPolicySelect chooses which of several scaling policies applies: Max, Min or Disabled.
 */
export type ScalingPolicySelect = string;

/**
 * HPAScalingRules holds the policies, stabilization window and tolerance for one scaling direction.
 */
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

/**
 * MetricSourceType names the kind of metric an autoscaler reads.
 */
export type MetricSourceType = string;

/**
 * ObjectMetricSource is a metric describing a single Kubernetes object.
 */
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

/**
 * PodsMetricSource is a metric averaged over the pods being scaled.
 */
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

/**
 * ResourceMetricSource is a resource (CPU, memory) usage metric of the pods being scaled.
 */
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
   * +protobuf=2
   */
  target: MetricTarget;

  /**
   * +protobuf=3
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
  metric: MetricIdentifier;

  /**
   * +protobuf=2
   */
  target: MetricTarget;
}

/**
 * MetricIdentifier names a metric and optionally selects its series by labels.
 */
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

/**
 * MetricTarget is the value, average value or average utilization a metric should be kept at.
 */
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
 * ObjectMetricStatus is the last observed value of an object metric.
 */
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

/**
 * PodsMetricStatus is the last observed value of a pods metric.
 */
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

/**
 * ResourceMetricStatus is the last observed value of a resource metric.
 */
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

/**
 * ContainerResourceMetricStatus is the last observed value of a container resource metric.
 */
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

/**
 * ExternalMetricStatus is the last observed value of an external metric.
 */
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

/**
 * MetricValueStatus holds an observed metric as a value, an average value or an average
 * utilization.
 */
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
