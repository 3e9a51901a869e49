import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { PersistentVolumeClaim, PodTemplateSpec } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=statefulsets,singular=statefulset,shortName=sts,categories=all
 */
export interface StatefulSet extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: StatefulSetSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: StatefulSetStatus;
}

/**
 * +enum
 */
export type PodManagementPolicyType = "OrderedReady" | "Parallel";

export interface StatefulSetUpdateStrategy {
  /**
   * +optional
   * +protobuf=1
   */
  type?: StatefulSetUpdateStrategyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  rollingUpdate?: RollingUpdateStatefulSetStrategy;
}

/**
 * +enum
 */
export type StatefulSetUpdateStrategyType = "OnDelete" | "RollingUpdate";

export interface RollingUpdateStatefulSetStrategy {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  partition?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  maxUnavailable?: IntOrString;
}

export type PersistentVolumeClaimRetentionPolicyType = string;

export interface StatefulSetPersistentVolumeClaimRetentionPolicy {
  /**
   * +protobuf=1
   */
  whenDeleted?: PersistentVolumeClaimRetentionPolicyType;

  /**
   * +protobuf=2
   */
  whenScaled?: PersistentVolumeClaimRetentionPolicyType;
}

export interface StatefulSetOrdinals {
  /**
   * +optional
   * +protobuf=1
   */
  start: int32;
}

export interface StatefulSetSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * +protobuf=3
   */
  template: PodTemplateSpec;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  volumeClaimTemplates?: PersistentVolumeClaim[];

  /**
   * +optional
   * +protobuf=5
   */
  serviceName: string;

  /**
   * +optional
   * +protobuf=6
   */
  podManagementPolicy?: PodManagementPolicyType;

  /**
   * +protobuf=7
   */
  updateStrategy?: StatefulSetUpdateStrategy;

  /**
   * +kubegen:pointer
   * +protobuf=8
   */
  revisionHistoryLimit?: int32;

  /**
   * +optional
   * +protobuf=9
   */
  minReadySeconds?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  ordinals?: StatefulSetOrdinals;
}

export interface StatefulSetStatus {
  /**
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * +protobuf=2
   */
  replicas: int32;

  /**
   * +protobuf=3
   */
  readyReplicas?: int32;

  /**
   * +protobuf=4
   */
  currentReplicas?: int32;

  /**
   * +protobuf=5
   */
  updatedReplicas?: int32;

  /**
   * +protobuf=6
   */
  currentRevision?: string;

  /**
   * +protobuf=7
   */
  updateRevision?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  collisionCount?: int32;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=10
   */
  conditions?: StatefulSetCondition[];

  /**
   * +optional
   * +protobuf=11
   */
  availableReplicas: int32;
}

export type StatefulSetConditionType = string;

export interface StatefulSetCondition {
  /**
   * +protobuf=1
   */
  type: StatefulSetConditionType;

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

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface StatefulSetList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: StatefulSet[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=deployments,singular=deployment,shortName=deploy,categories=all
 */
export interface Deployment extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: DeploymentSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: DeploymentStatus;
}

export interface DeploymentSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * +protobuf=3
   */
  template: PodTemplateSpec;

  /**
   * +optional
   * +patchStrategy=retainKeys
   * +protobuf=4
   */
  strategy?: DeploymentStrategy;

  /**
   * +optional
   * +protobuf=5
   */
  minReadySeconds?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  revisionHistoryLimit?: int32;

  /**
   * +optional
   * +protobuf=7
   */
  paused?: boolean;

  /**
   * +kubegen:pointer
   * +protobuf=9
   */
  progressDeadlineSeconds?: int32;
}

export interface DeploymentStrategy {
  /**
   * +optional
   * +protobuf=1
   */
  type?: DeploymentStrategyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  rollingUpdate?: RollingUpdateDeployment;
}

/**
 * +enum
 */
export type DeploymentStrategyType = "Recreate" | "RollingUpdate";

export interface RollingUpdateDeployment {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  maxUnavailable?: IntOrString;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  maxSurge?: IntOrString;
}

export interface DeploymentStatus {
  /**
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +protobuf=2
   */
  replicas?: int32;

  /**
   * +optional
   * +protobuf=3
   */
  updatedReplicas?: int32;

  /**
   * +optional
   * +protobuf=7
   */
  readyReplicas?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  availableReplicas?: int32;

  /**
   * +optional
   * +protobuf=5
   */
  unavailableReplicas?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  terminatingReplicas?: int32;

  /**
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=6
   */
  conditions?: DeploymentCondition[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  collisionCount?: int32;
}

export type DeploymentConditionType = string;

export interface DeploymentCondition {
  /**
   * +protobuf=1
   */
  type: DeploymentConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +protobuf=6
   */
  lastUpdateTime?: Time;

  /**
   * +protobuf=7
   */
  lastTransitionTime?: Time;

  /**
   * +protobuf=4
   */
  reason?: string;

  /**
   * +protobuf=5
   */
  message?: string;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface DeploymentList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: Deployment[];
}

export interface DaemonSetUpdateStrategy {
  /**
   * +optional
   * +protobuf=1
   */
  type?: DaemonSetUpdateStrategyType;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  rollingUpdate?: RollingUpdateDaemonSet;
}

/**
 * +enum
 */
export type DaemonSetUpdateStrategyType = "OnDelete" | "RollingUpdate";

export interface RollingUpdateDaemonSet {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  maxUnavailable?: IntOrString;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  maxSurge?: IntOrString;
}

export interface DaemonSetSpec {
  /**
   * +kubegen:pointer
   * +protobuf=1
   */
  selector: LabelSelector;

  /**
   * +protobuf=2
   */
  template: PodTemplateSpec;

  /**
   * +optional
   * +protobuf=3
   */
  updateStrategy?: DaemonSetUpdateStrategy;

  /**
   * +optional
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  revisionHistoryLimit?: int32;
}

export interface DaemonSetStatus {
  /**
   * +protobuf=1
   */
  currentNumberScheduled: int32;

  /**
   * +protobuf=2
   */
  numberMisscheduled: int32;

  /**
   * +protobuf=3
   */
  desiredNumberScheduled: int32;

  /**
   * +protobuf=4
   */
  numberReady: int32;

  /**
   * +optional
   * +protobuf=5
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +protobuf=6
   */
  updatedNumberScheduled?: int32;

  /**
   * +optional
   * +protobuf=7
   */
  numberAvailable?: int32;

  /**
   * +optional
   * +protobuf=8
   */
  numberUnavailable?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  collisionCount?: int32;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=10
   */
  conditions?: DaemonSetCondition[];
}

export type DaemonSetConditionType = string;

export interface DaemonSetCondition {
  /**
   * +protobuf=1
   */
  type: DaemonSetConditionType;

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

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=daemonsets,singular=daemonset,shortName=ds,categories=all
 */
export interface DaemonSet extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: DaemonSetSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: DaemonSetStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface DaemonSetList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: DaemonSet[];
}

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=replicasets,singular=replicaset,shortName=rs,categories=all
 */
export interface ReplicaSet extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: ReplicaSetSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: ReplicaSetStatus;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface ReplicaSetList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ReplicaSet[];
}

export interface ReplicaSetSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * +optional
   * +protobuf=3
   */
  template?: PodTemplateSpec;
}

export interface ReplicaSetStatus {
  /**
   * +protobuf=1
   */
  replicas: int32;

  /**
   * +optional
   * +protobuf=2
   */
  fullyLabeledReplicas?: int32;

  /**
   * +optional
   * +protobuf=4
   */
  readyReplicas?: int32;

  /**
   * +optional
   * +protobuf=5
   */
  availableReplicas?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  terminatingReplicas?: int32;

  /**
   * +optional
   * +protobuf=3
   */
  observedGeneration?: int64;

  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=6
   */
  conditions?: ReplicaSetCondition[];
}

export type ReplicaSetConditionType = string;

export interface ReplicaSetCondition {
  /**
   * +protobuf=1
   */
  type: ReplicaSetConditionType;

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

/**
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=controllerrevisions,singular=controllerrevision
 */
export interface ControllerRevision extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  data?: RawExtension;

  /**
   * +protobuf=3
   */
  revision: int64;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface ControllerRevisionList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: ControllerRevision[];
}
