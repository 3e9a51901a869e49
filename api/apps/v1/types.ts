import type { IntOrString } from "../../apimachinery/intstr/types.js";
import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { ConditionStatus } from "../../core/v1/references.js";
import type { PersistentVolumeClaim, PodTemplateSpec } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * StatefulSet runs pods with stable identities (ordinal names, stable hostnames and per-pod
 * storage), created and removed in order.
 *
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
 * PodManagementPolicyType says whether a StatefulSet creates and deletes pods one at a time in
 * order (OrderedReady) or all at once (Parallel).
 *
 * +enum
 */
export type PodManagementPolicyType = "OrderedReady" | "Parallel";

/**
 * StatefulSetUpdateStrategy says how a StatefulSet replaces pods when its template changes.
 */
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
 * StatefulSetUpdateStrategyType is the update strategy of a StatefulSet: RollingUpdate or OnDelete.
 *
 * +enum
 */
export type StatefulSetUpdateStrategyType = "OnDelete" | "RollingUpdate";

/**
 * RollingUpdateStatefulSetStrategy holds the partition and unavailability limit of a StatefulSet's
 * rolling update.
 */
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

/**
 * PersistentVolumeClaimRetentionPolicyType says whether a StatefulSet's claims are kept (Retain) or
 * deleted (Delete).
 */
export type PersistentVolumeClaimRetentionPolicyType = string;

/**
 * StatefulSetPersistentVolumeClaimRetentionPolicy says what happens to claims from
 * volumeClaimTemplates when the set is deleted or scaled down.
 */
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

/**
 * StatefulSetOrdinals sets the number the ordinals of a StatefulSet's pods start at.
 */
export interface StatefulSetOrdinals {
  /**
   * +optional
   * +protobuf=1
   */
  start: int32;
}

/**
 * StatefulSetSpec is the desired state of a StatefulSet: replicas, selector, pod template, claim
 * templates and update behaviour.
 */
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

/**
 * StatefulSetStatus reports the replicas of a StatefulSet by state and the revisions in use.
 */
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

/**
 * StatefulSetConditionType names a condition of a StatefulSet.
 */
export type StatefulSetConditionType = string;

/**
 * StatefulSetCondition is one observed condition of a StatefulSet.
 */
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
 * StatefulSetList is a list of StatefulSets.
 *
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
 * Deployment keeps a number of identical pods running through ReplicaSets and rolls out changes to
 * their template.
 *
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

/**
 * DeploymentSpec is the desired state of a Deployment: replicas, selector, pod template and rollout
 * strategy.
 */
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

/**
 * DeploymentStrategy says how a Deployment replaces old pods with new ones.
 */
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
 * DeploymentStrategyType is the rollout strategy of a Deployment: Recreate or RollingUpdate.
 *
 * +enum
 */
export type DeploymentStrategyType = "Recreate" | "RollingUpdate";

/**
 * RollingUpdateDeployment bounds a rolling update by how many pods may be unavailable and how many
 * may be added above the desired count.
 */
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

/**
 * DeploymentStatus reports the replicas of a Deployment by state and its rollout conditions.
 */
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

/**
 * DeploymentConditionType names a condition of a Deployment (Available, Progressing,
 * ReplicaFailure).
 */
export type DeploymentConditionType = string;

/**
 * DeploymentCondition is one observed condition of a Deployment.
 */
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
 * DeploymentList is a list of Deployments.
 *
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

/**
 * DaemonSetUpdateStrategy says how a DaemonSet replaces pods when its template changes.
 */
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
 * DaemonSetUpdateStrategyType is the update strategy of a DaemonSet: RollingUpdate or OnDelete.
 *
 * +enum
 */
export type DaemonSetUpdateStrategyType = "OnDelete" | "RollingUpdate";

/**
 * RollingUpdateDaemonSet bounds a DaemonSet's rolling update by unavailable and surge pods.
 */
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

/**
 * DaemonSetSpec is the desired state of a DaemonSet: selector, pod template and update behaviour.
 */
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

/**
 * DaemonSetStatus reports on how many nodes a DaemonSet's pods are scheduled, ready and up to date.
 */
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

/**
 * DaemonSetConditionType names a condition of a DaemonSet.
 */
export type DaemonSetConditionType = string;

/**
 * DaemonSetCondition is one observed condition of a DaemonSet.
 */
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
 * DaemonSet runs one copy of a pod on every node, or every node its selector and affinity allow.
 *
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
 * DaemonSetList is a list of DaemonSets.
 *
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
 * ReplicaSet keeps a given number of pods matching its selector running; Deployments manage them.
 *
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
 * ReplicaSetList is a list of ReplicaSets.
 *
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

/**
 * ReplicaSetSpec is the desired state of a ReplicaSet: replicas, selector and pod template.
 */
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

/**
 * ReplicaSetStatus reports the replicas of a ReplicaSet by state.
 */
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

/**
 * ReplicaSetConditionType names a condition of a ReplicaSet.
 */
export type ReplicaSetConditionType = string;

/**
 * ReplicaSetCondition is one observed condition of a ReplicaSet.
 */
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
 * ControllerRevision stores an immutable snapshot of a controller's state (a StatefulSet's or
 * DaemonSet's template) for rollback.
 *
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
 * ControllerRevisionList is a list of ControllerRevisions.
 *
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
