import type { ConditionStatus, ObjectReference } from "../../core/v1/references.js";
import type { PodConditionType, PodTemplateSpec } from "../../core/v1/types.js";
import type { LabelSelector, ListMeta, ObjectMeta, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int32, int64 } from "../../scalars.js";

/**
 * Job runs pods until a given number of them complete successfully.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 * +kubebuilder:resource:path=jobs,singular=job,categories=all
 */
export interface Job extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: JobSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: JobStatus;
}

/**
 * JobList is a list of Jobs.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface JobList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: Job[];
}

/**
 * CompletionMode says whether a Job's completions are interchangeable (NonIndexed) or each has an
 * index (Indexed).
 *
 * +enum
 */
export type CompletionMode = "Indexed" | "NonIndexed";

/**
 * PodFailurePolicyAction is what a pod failure policy rule does with a matching failure: fail the
 * job or index, ignore it, or count it.
 *
 * +enum
 */
export type PodFailurePolicyAction = "Count" | "FailIndex" | "FailJob" | "Ignore";

/**
 * PodFailurePolicyOnExitCodesOperator says whether exit codes must be In or NotIn a rule's list.
 *
 * +enum
 */
export type PodFailurePolicyOnExitCodesOperator = "In" | "NotIn";

/**
 * PodReplacementPolicy says when a Job creates a replacement pod: once the old one is terminating
 * or only once it has failed.
 *
 * +enum
 */
export type PodReplacementPolicy = "Failed" | "TerminatingOrFailed";

/**
 * PodFailurePolicyOnExitCodesRequirement matches failed pods by the exit codes of their containers.
 */
export interface PodFailurePolicyOnExitCodesRequirement {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  containerName?: string;

  /**
   * +protobuf=2
   */
  operator: PodFailurePolicyOnExitCodesOperator;

  /**
   * +listType=set
   * +protobuf=3
   */
  values: int32[];
}

/**
 * PodFailurePolicyOnPodConditionsPattern matches failed pods by a condition they carry.
 */
export interface PodFailurePolicyOnPodConditionsPattern {
  /**
   * +protobuf=1
   */
  type: PodConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;
}

/**
 * PodFailurePolicyRule is one rule of a pod failure policy: an action and the failures it applies
 * to.
 */
export interface PodFailurePolicyRule {
  /**
   * +protobuf=1
   */
  action: PodFailurePolicyAction;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  onExitCodes?: PodFailurePolicyOnExitCodesRequirement;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  onPodConditions?: PodFailurePolicyOnPodConditionsPattern[];
}

/**
 * PodFailurePolicy decides, rule by rule, how pod failures count against a Job.
 */
export interface PodFailurePolicy {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  rules: PodFailurePolicyRule[];
}

/**
 * SuccessPolicy lets a Job succeed early once the given indexes or counts of indexes have
 * succeeded.
 */
export interface SuccessPolicy {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  rules: SuccessPolicyRule[];
}

/**
 * SuccessPolicyRule is one way a Job can succeed: a set of indexes, a count of them, or both.
 */
export interface SuccessPolicyRule {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  succeededIndexes?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  succeededCount?: int32;
}

/**
 * JobSpec is the desired behaviour of a Job: parallelism, completions, limits, failure and success
 * policies, and the pod template.
 */
export interface JobSpec {
  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  parallelism?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  completions?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  activeDeadlineSeconds?: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  podFailurePolicy?: PodFailurePolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  successPolicy?: SuccessPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  backoffLimit?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  backoffLimitPerIndex?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  maxFailedIndexes?: int32;

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
  manualSelector?: boolean;

  /**
   * +protobuf=6
   */
  template: PodTemplateSpec;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  ttlSecondsAfterFinished?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  completionMode?: CompletionMode;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  suspend?: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  podReplacementPolicy?: PodReplacementPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=15
   */
  managedBy?: string;
}

/**
 * JobStatus reports a Job's progress: active, succeeded and failed pods, times and conditions.
 */
export interface JobStatus {
  /**
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=atomic
   * +protobuf=1
   */
  conditions?: JobCondition[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  startTime?: Time;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  completionTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  active?: int32;

  /**
   * +optional
   * +protobuf=5
   */
  succeeded?: int32;

  /**
   * +optional
   * +protobuf=6
   */
  failed?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  terminating?: int32;

  /**
   * +optional
   * +protobuf=7
   */
  completedIndexes?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  failedIndexes?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  uncountedTerminatedPods?: UncountedTerminatedPods;

  /**
   * +kubegen:pointer
   * +protobuf=9
   */
  ready?: int32;
}

/**
 * UncountedTerminatedPods holds the UIDs of finished pods the Job controller has not yet counted in
 * status.
 */
export interface UncountedTerminatedPods {
  /**
   * +listType=set
   * +optional
   * +protobuf=1
   */
  succeeded?: UID[];

  /**
   * +listType=set
   * +optional
   * +protobuf=2
   */
  failed?: UID[];
}

/**
 * JobConditionType names a condition of a Job (Complete, Failed, Suspended...).
 */
export type JobConditionType = string;

/**
 * JobCondition is one observed condition of a Job.
 */
export interface JobCondition {
  /**
   * +protobuf=1
   */
  type: JobConditionType;

  /**
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=6
   */
  message?: string;
}

/**
 * JobTemplateSpec is the metadata and spec of the Jobs a CronJob creates.
 */
export interface JobTemplateSpec {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: JobSpec;
}

/**
 * CronJob creates Jobs on a cron schedule.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 * +kubebuilder:resource:path=cronjobs,singular=cronjob,shortName=cj,categories=all
 */
export interface CronJob extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +optional
   * +protobuf=2
   */
  spec?: CronJobSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: CronJobStatus;
}

/**
 * CronJobList is a list of CronJobs.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.21
 */
export interface CronJobList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: CronJob[];
}

/**
 * CronJobSpec is a CronJob's schedule, time zone, job template, concurrency rule and history
 * limits.
 */
export interface CronJobSpec {
  /**
   * +protobuf=1
   */
  schedule: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  timeZone?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  startingDeadlineSeconds?: int64;

  /**
   * +optional
   * +protobuf=3
   */
  concurrencyPolicy?: ConcurrencyPolicy;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  suspend?: boolean;

  /**
   * +protobuf=5
   */
  jobTemplate: JobTemplateSpec;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  successfulJobsHistoryLimit?: int32;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  failedJobsHistoryLimit?: int32;
}

/**
 * ConcurrencyPolicy says what a CronJob does when a run is due while the previous one is still
 * going: Allow, Forbid or Replace.
 *
 * +enum
 */
export type ConcurrencyPolicy = "Allow" | "Forbid" | "Replace";

/**
 * CronJobStatus reports a CronJob's running Jobs and its last schedule and success times.
 */
export interface CronJobStatus {
  /**
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  active?: ObjectReference[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  lastScheduleTime?: Time;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  lastSuccessfulTime?: Time;
}
