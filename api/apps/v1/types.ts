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
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=ApplyScale,verb=apply,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=statefulsets,singular=statefulset,shortName=sts,categories=all
 */
export interface StatefulSet extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the set.
   *
   * +optional
   * +protobuf=2
   */
  spec?: StatefulSetSpec;

  /**
   * status is the most recently observed state of the set; it may lag behind.
   *
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
   * type is the strategy; RollingUpdate when unset.
   *
   * +optional
   * +protobuf=1
   */
  type?: StatefulSetUpdateStrategyType;

  /**
   * rollingUpdate holds the parameters of a RollingUpdate.
   *
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
   * partition is the lowest ordinal updated: pods with a smaller ordinal keep the old revision; 0
   * when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  partition?: int32;

  /**
   * maxUnavailable is how many pods (a number or a percentage of replicas) may be unavailable
   * during the update; 1 when unset.
   *
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
   * whenDeleted says what happens to the claims when the set is deleted; Retain when unset.
   *
   * +protobuf=1
   */
  whenDeleted?: PersistentVolumeClaimRetentionPolicyType;

  /**
   * whenScaled says what happens to the claims of pods removed by scaling down; Retain when unset.
   *
   * +protobuf=2
   */
  whenScaled?: PersistentVolumeClaimRetentionPolicyType;
}

/**
 * StatefulSetOrdinals sets the number the ordinals of a StatefulSet's pods start at.
 */
export interface StatefulSetOrdinals {
  /**
   * start is the ordinal of the first replica; 0 when unset.
   *
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
   * replicas is the desired number of pods; 1 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * selector matches the pods the set owns; it must match the template's labels.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * template is the pod each replica is created from, named after the set and its ordinal.
   *
   * +protobuf=3
   */
  template: PodTemplateSpec;

  /**
   * volumeClaimTemplates are the claims each pod gets, one per template, named after the template
   * and the pod.
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  volumeClaimTemplates?: PersistentVolumeClaim[];

  /**
   * serviceName names the headless service that gives the pods their DNS names.
   *
   * +optional
   * +protobuf=5
   */
  serviceName: string;

  /**
   * podManagementPolicy says whether pods are created and deleted in order or in parallel;
   * OrderedReady when unset.
   *
   * +optional
   * +protobuf=6
   */
  podManagementPolicy?: PodManagementPolicyType;

  /**
   * updateStrategy says how pods are replaced when the template changes.
   *
   * +protobuf=7
   */
  updateStrategy?: StatefulSetUpdateStrategy;

  /**
   * revisionHistoryLimit is how many old ControllerRevisions are kept; 10 when unset.
   *
   * +kubegen:pointer
   * +protobuf=8
   */
  revisionHistoryLimit?: int32;

  /**
   * minReadySeconds is how long a new pod must be ready, without any container crashing, to count
   * as available.
   *
   * +optional
   * +protobuf=9
   */
  minReadySeconds?: int32;

  /**
   * persistentVolumeClaimRetentionPolicy says whether claims from volumeClaimTemplates are deleted
   * with the set or on scale-down.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  persistentVolumeClaimRetentionPolicy?: StatefulSetPersistentVolumeClaimRetentionPolicy;

  /**
   * ordinals sets the number replica ordinals start at.
   *
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
   * observedGeneration is the generation of the set the controller last acted on.
   *
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * replicas is the number of pods the controller created.
   *
   * +protobuf=2
   */
  replicas: int32;

  /**
   * readyReplicas is the number of pods with a Ready condition.
   *
   * +protobuf=3
   */
  readyReplicas?: int32;

  /**
   * currentReplicas is the number of pods at currentRevision.
   *
   * +protobuf=4
   */
  currentReplicas?: int32;

  /**
   * updatedReplicas is the number of pods at updateRevision.
   *
   * +protobuf=5
   */
  updatedReplicas?: int32;

  /**
   * currentRevision names the revision of the pods in ordinals below the partition.
   *
   * +protobuf=6
   */
  currentRevision?: string;

  /**
   * updateRevision names the revision being rolled out.
   *
   * +protobuf=7
   */
  updateRevision?: string;

  /**
   * collisionCount counts hash collisions of revision names; the controller uses it to make names
   * unique.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  collisionCount?: int32;

  /**
   * conditions are the latest observations of the set's state.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=10
   */
  conditions?: StatefulSetCondition[];

  /**
   * availableReplicas is the number of pods ready for at least minReadySeconds.
   *
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
   * type names the condition.
   *
   * +protobuf=1
   */
  type: StatefulSetConditionType;

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
 * StatefulSetList is a list of StatefulSets.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 */
export interface StatefulSetList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the StatefulSets.
   *
   * +protobuf=2
   */
  items: StatefulSet[];
}

/**
 * Deployment keeps a number of identical pods running through ReplicaSets and rolls out changes to
 * their template.
 *
 * +genclient
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=ApplyScale,verb=apply,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=deployments,singular=deployment,shortName=deploy,categories=all
 */
export interface Deployment extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the Deployment.
   *
   * +optional
   * +protobuf=2
   */
  spec?: DeploymentSpec;

  /**
   * status is the most recently observed state of the Deployment.
   *
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
   * replicas is the desired number of pods; 1 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * selector matches the pods the Deployment manages; it must match the template's labels and does
   * not change after creation.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * template is the pod every replica is created from.
   *
   * +protobuf=3
   */
  template: PodTemplateSpec;

  /**
   * strategy says how old pods are replaced by new ones.
   *
   * +optional
   * +patchStrategy=retainKeys
   * +protobuf=4
   */
  strategy?: DeploymentStrategy;

  /**
   * minReadySeconds is how long a new pod must be ready, without any container crashing, to count
   * as available.
   *
   * +optional
   * +protobuf=5
   */
  minReadySeconds?: int32;

  /**
   * revisionHistoryLimit is how many old ReplicaSets are kept for rollback; 10 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  revisionHistoryLimit?: int32;

  /**
   * paused stops the controller from rolling out template changes until it is cleared.
   *
   * +optional
   * +protobuf=7
   */
  paused?: boolean;

  /**
   * progressDeadlineSeconds is how long a rollout may go without progress before it is reported as
   * failed; 600 when unset.
   *
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
   * type is the strategy; RollingUpdate when unset.
   *
   * +optional
   * +protobuf=1
   */
  type?: DeploymentStrategyType;

  /**
   * rollingUpdate holds the parameters of a RollingUpdate.
   *
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
   * maxUnavailable is how many pods (a number or a percentage, rounded down) may be unavailable
   * during the update; 25% when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  maxUnavailable?: IntOrString;

  /**
   * maxSurge is how many pods (a number or a percentage, rounded up) may exist above the desired
   * count during the update; 25% when unset.
   *
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
   * observedGeneration is the generation of the Deployment the controller last acted on.
   *
   * +optional
   * +protobuf=1
   */
  observedGeneration?: int64;

  /**
   * replicas is the number of non-terminating pods targeted by the Deployment.
   *
   * +optional
   * +protobuf=2
   */
  replicas?: int32;

  /**
   * updatedReplicas is the number of non-terminating pods with the current template.
   *
   * +optional
   * +protobuf=3
   */
  updatedReplicas?: int32;

  /**
   * readyReplicas is the number of non-terminating pods with a Ready condition.
   *
   * +optional
   * +protobuf=7
   */
  readyReplicas?: int32;

  /**
   * availableReplicas is the number of non-terminating pods ready for at least minReadySeconds.
   *
   * +optional
   * +protobuf=4
   */
  availableReplicas?: int32;

  /**
   * unavailableReplicas is the number of pods still needed for the Deployment to be fully
   * available.
   *
   * +optional
   * +protobuf=5
   */
  unavailableReplicas?: int32;

  /**
   * terminatingReplicas is the number of the Deployment's pods being deleted (reported only with
   * the corresponding feature enabled).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  terminatingReplicas?: int32;

  /**
   * conditions are the latest observations of the Deployment's state.
   *
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=type
   * +protobuf=6
   */
  conditions?: DeploymentCondition[];

  /**
   * collisionCount counts hash collisions of ReplicaSet names; the controller uses it to make names
   * unique.
   *
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
   * type names the condition.
   *
   * +protobuf=1
   */
  type: DeploymentConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastUpdateTime is when the condition was last refreshed.
   *
   * +protobuf=6
   */
  lastUpdateTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +protobuf=7
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Deployments.
   *
   * +protobuf=2
   */
  items: Deployment[];
}

/**
 * DaemonSetUpdateStrategy says how a DaemonSet replaces pods when its template changes.
 */
export interface DaemonSetUpdateStrategy {
  /**
   * type is the strategy; RollingUpdate when unset.
   *
   * +optional
   * +protobuf=1
   */
  type?: DaemonSetUpdateStrategyType;

  /**
   * rollingUpdate holds the parameters of a RollingUpdate.
   *
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
   * maxUnavailable is how many nodes' pods (a number or a percentage) may be unavailable during the
   * update; 1 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  maxUnavailable?: IntOrString;

  /**
   * maxSurge is how many nodes may run an extra, updated pod beside the old one during the update;
   * 0 when unset.
   *
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
   * selector matches the pods the DaemonSet manages; it must match the template's labels.
   *
   * +kubegen:pointer
   * +protobuf=1
   */
  selector: LabelSelector;

  /**
   * template is the pod run on each eligible node.
   *
   * +protobuf=2
   */
  template: PodTemplateSpec;

  /**
   * updateStrategy says how pods are replaced when the template changes.
   *
   * +optional
   * +protobuf=3
   */
  updateStrategy?: DaemonSetUpdateStrategy;

  /**
   * minReadySeconds is how long a new pod must be ready, without any container crashing, to count
   * as available.
   *
   * +optional
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * revisionHistoryLimit is how many old ControllerRevisions are kept; 10 when unset.
   *
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
   * currentNumberScheduled is the number of nodes running at least one daemon pod that should run
   * one.
   *
   * +protobuf=1
   */
  currentNumberScheduled: int32;

  /**
   * numberMisscheduled is the number of nodes running a daemon pod that should not run one.
   *
   * +protobuf=2
   */
  numberMisscheduled: int32;

  /**
   * desiredNumberScheduled is the number of nodes that should run the daemon pod.
   *
   * +protobuf=3
   */
  desiredNumberScheduled: int32;

  /**
   * numberReady is the number of nodes whose daemon pod is ready.
   *
   * +protobuf=4
   */
  numberReady: int32;

  /**
   * observedGeneration is the generation of the DaemonSet the controller last acted on.
   *
   * +optional
   * +protobuf=5
   */
  observedGeneration?: int64;

  /**
   * updatedNumberScheduled is the number of nodes running the updated daemon pod.
   *
   * +optional
   * +protobuf=6
   */
  updatedNumberScheduled?: int32;

  /**
   * numberAvailable is the number of nodes whose daemon pod has been ready for at least
   * minReadySeconds.
   *
   * +optional
   * +protobuf=7
   */
  numberAvailable?: int32;

  /**
   * numberUnavailable is the number of nodes that should run an available daemon pod and do not.
   *
   * +optional
   * +protobuf=8
   */
  numberUnavailable?: int32;

  /**
   * collisionCount counts hash collisions of revision names; the controller uses it to make names
   * unique.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  collisionCount?: int32;

  /**
   * conditions are the latest observations of the DaemonSet's state.
   *
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
   * type names the condition.
   *
   * +protobuf=1
   */
  type: DaemonSetConditionType;

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
 * DaemonSet runs one copy of a pod on every node, or every node its selector and affinity allow.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=daemonsets,singular=daemonset,shortName=ds,categories=all
 */
export interface DaemonSet extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the DaemonSet.
   *
   * +optional
   * +protobuf=2
   */
  spec?: DaemonSetSpec;

  /**
   * status is the most recently observed state of the DaemonSet.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the DaemonSets.
   *
   * +protobuf=2
   */
  items: DaemonSet[];
}

/**
 * ReplicaSet keeps a given number of pods matching its selector running; Deployments manage them.
 *
 * +genclient
 * +genclient:method=GetScale,verb=get,subresource=scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=UpdateScale,verb=update,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +genclient:method=ApplyScale,verb=apply,subresource=scale,input=k8s.io/api/autoscaling/v1.Scale,result=k8s.io/api/autoscaling/v1.Scale
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.9
 * +kubebuilder:resource:path=replicasets,singular=replicaset,shortName=rs,categories=all
 */
export interface ReplicaSet extends TypeMeta {
  /**
   * Standard object metadata; its labels are usually those of the pods.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the ReplicaSet.
   *
   * +optional
   * +protobuf=2
   */
  spec?: ReplicaSetSpec;

  /**
   * status is the most recently observed state of the ReplicaSet.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ReplicaSets.
   *
   * +protobuf=2
   */
  items: ReplicaSet[];
}

/**
 * ReplicaSetSpec is the desired state of a ReplicaSet: replicas, selector and pod template.
 */
export interface ReplicaSetSpec {
  /**
   * replicas is the desired number of pods; 1 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  replicas?: int32;

  /**
   * minReadySeconds is how long a new pod must be ready, without any container crashing, to count
   * as available.
   *
   * +optional
   * +protobuf=4
   */
  minReadySeconds?: int32;

  /**
   * selector matches the pods the ReplicaSet counts; it must match the template's labels.
   *
   * +kubegen:pointer
   * +protobuf=2
   */
  selector: LabelSelector;

  /**
   * template is the pod created when too few match the selector.
   *
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
   * replicas is the number of non-terminating pods the ReplicaSet counts.
   *
   * +protobuf=1
   */
  replicas: int32;

  /**
   * fullyLabeledReplicas is the number of those pods whose labels match the template's.
   *
   * +optional
   * +protobuf=2
   */
  fullyLabeledReplicas?: int32;

  /**
   * readyReplicas is the number of non-terminating pods with a Ready condition.
   *
   * +optional
   * +protobuf=4
   */
  readyReplicas?: int32;

  /**
   * availableReplicas is the number of non-terminating pods ready for at least minReadySeconds.
   *
   * +optional
   * +protobuf=5
   */
  availableReplicas?: int32;

  /**
   * terminatingReplicas is the number of the ReplicaSet's pods being deleted (reported only with
   * the corresponding feature enabled).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  terminatingReplicas?: int32;

  /**
   * observedGeneration is the generation of the ReplicaSet the controller last acted on.
   *
   * +optional
   * +protobuf=3
   */
  observedGeneration?: int64;

  /**
   * conditions are the latest observations of the ReplicaSet's state.
   *
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
   * type names the condition.
   *
   * +protobuf=1
   */
  type: ReplicaSetConditionType;

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
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * data is the stored state, an object whose form the owning controller decides.
   *
   * +protobuf=2
   */
  data?: RawExtension;

  /**
   * revision is the revision's number; higher is newer.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the ControllerRevisions.
   *
   * +protobuf=2
   */
  items: ControllerRevision[];
}
