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
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired behaviour of the Job.
   *
   * +optional
   * +protobuf=2
   */
  spec?: JobSpec;

  /**
   * status is the most recently observed state of the Job.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Jobs.
   *
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
   * containerName restricts the check to one container; all containers (init containers included)
   * when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  containerName?: string;

  /**
   * operator says whether the exit code must be In or NotIn values.
   *
   * +protobuf=2
   */
  operator: PodFailurePolicyOnExitCodesOperator;

  /**
   * values are the exit codes compared, a sorted set without duplicates; 0 is allowed only with
   * NotIn.
   *
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
   * type is the pod condition to look for.
   *
   * +protobuf=1
   */
  type: PodConditionType;

  /**
   * status is the condition status that matches; True when unset.
   *
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
   * action is what happens to a failure the rule matches.
   *
   * +protobuf=1
   */
  action: PodFailurePolicyAction;

  /**
   * onExitCodes matches failures by container exit codes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  onExitCodes?: PodFailurePolicyOnExitCodesRequirement;

  /**
   * onPodConditions matches failures by pod conditions; any one pattern is enough.
   *
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
   * rules are tried in order; the first that matches a failure decides, and a failure no rule
   * matches counts against backoffLimit.
   *
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
   * rules are alternatives: the Job succeeds when any one of them is met.
   *
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
   * succeededIndexes lists the indexes (as "1,3-5") that must all succeed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  succeededIndexes?: string;

  /**
   * succeededCount is how many indexes (of succeededIndexes when given) must succeed.
   *
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
   * parallelism is the most pods that run at once; 1 when unset, and 0 pauses the Job.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  parallelism?: int32;

  /**
   * completions is how many pods must succeed; unset means any one success (with its peers
   * finishing) completes the Job.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  completions?: int32;

  /**
   * activeDeadlineSeconds bounds how long the Job may run, counted from its start; after it the Job
   * fails and its pods are stopped.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  activeDeadlineSeconds?: int64;

  /**
   * podFailurePolicy decides how pod failures count, by exit code or pod condition.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  podFailurePolicy?: PodFailurePolicy;

  /**
   * successPolicy lets an Indexed Job succeed before every index completes.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=16
   */
  successPolicy?: SuccessPolicy;

  /**
   * backoffLimit is how many retries are allowed before the Job fails; 6 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  backoffLimit?: int32;

  /**
   * backoffLimitPerIndex is how many retries each index of an Indexed Job gets before that index
   * fails.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=12
   */
  backoffLimitPerIndex?: int32;

  /**
   * maxFailedIndexes is how many indexes may fail before the whole Job fails (with
   * backoffLimitPerIndex).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  maxFailedIndexes?: int32;

  /**
   * selector matches the Job's pods; generated from the Job's UID unless manualSelector is set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  selector?: LabelSelector;

  /**
   * manualSelector lets the user set selector and the pod labels instead of the generated ones.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  manualSelector?: boolean;

  /**
   * template is the pod the Job runs; its restartPolicy must be Never or OnFailure.
   *
   * +protobuf=6
   */
  template: PodTemplateSpec;

  /**
   * ttlSecondsAfterFinished is how long after finishing the Job is deleted automatically; never
   * when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  ttlSecondsAfterFinished?: int32;

  /**
   * completionMode says whether completions are interchangeable or indexed; NonIndexed when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  completionMode?: CompletionMode;

  /**
   * suspend stops the Job from creating pods, and deletes the running ones, until it is cleared.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  suspend?: boolean;

  /**
   * podReplacementPolicy says when a replacement for a failed or terminating pod is created.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  podReplacementPolicy?: PodReplacementPolicy;

  /**
   * managedBy names the controller that reconciles the Job; the built-in Job controller when unset.
   *
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
   * conditions are the latest observations of the Job's state (Complete, Failed, Suspended...).
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +listType=atomic
   * +protobuf=1
   */
  conditions?: JobCondition[];

  /**
   * startTime is when the controller started the Job (again after a suspension ends).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  startTime?: Time;

  /**
   * completionTime is when the Job completed successfully.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  completionTime?: Time;

  /**
   * active is the number of pending or running, not terminating, pods.
   *
   * +optional
   * +protobuf=4
   */
  active?: int32;

  /**
   * succeeded is the number of pods that succeeded.
   *
   * +optional
   * +protobuf=5
   */
  succeeded?: int32;

  /**
   * failed is the number of pods that failed.
   *
   * +optional
   * +protobuf=6
   */
  failed?: int32;

  /**
   * terminating is the number of the Job's pods being deleted.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  terminating?: int32;

  /**
   * completedIndexes lists the succeeded indexes of an Indexed Job, as "1,3-5".
   *
   * +optional
   * +protobuf=7
   */
  completedIndexes?: string;

  /**
   * failedIndexes lists the failed indexes of an Indexed Job with backoffLimitPerIndex, as "1,3-5".
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  failedIndexes?: string;

  /**
   * uncountedTerminatedPods holds finished pods not yet counted in succeeded and failed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  uncountedTerminatedPods?: UncountedTerminatedPods;

  /**
   * ready is the number of active pods with a Ready condition.
   *
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
   * succeeded are the UIDs of succeeded pods not yet counted.
   *
   * +listType=set
   * +optional
   * +protobuf=1
   */
  succeeded?: UID[];

  /**
   * failed are the UIDs of failed pods not yet counted.
   *
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
   * type names the condition.
   *
   * +protobuf=1
   */
  type: JobConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastProbeTime is when the condition was last checked.
   *
   * +optional
   * +protobuf=3
   */
  lastProbeTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=4
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=5
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
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
   * metadata is copied onto the Jobs created.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the spec of the Jobs created.
   *
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
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the schedule and the Job template.
   *
   * +optional
   * +protobuf=2
   */
  spec?: CronJobSpec;

  /**
   * status is the most recently observed state of the CronJob.
   *
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
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the CronJobs.
   *
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
   * schedule is when Jobs are created, in cron syntax ("0 3 * * *").
   *
   * +protobuf=1
   */
  schedule: string;

  /**
   * timeZone is the IANA time zone the schedule is read in; the controller's local zone when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  timeZone?: string;

  /**
   * startingDeadlineSeconds is how late a missed run may still start; later runs count as missed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  startingDeadlineSeconds?: int64;

  /**
   * concurrencyPolicy says what happens when a run is due while the previous Job is still running;
   * Allow when unset.
   *
   * +optional
   * +protobuf=3
   */
  concurrencyPolicy?: ConcurrencyPolicy;

  /**
   * suspend stops future runs; Jobs already started are not affected.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  suspend?: boolean;

  /**
   * jobTemplate is the Job created for each run.
   *
   * +protobuf=5
   */
  jobTemplate: JobTemplateSpec;

  /**
   * successfulJobsHistoryLimit is how many finished successful Jobs are kept; 3 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  successfulJobsHistoryLimit?: int32;

  /**
   * failedJobsHistoryLimit is how many failed Jobs are kept; 1 when unset.
   *
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
   * active lists the Jobs currently running.
   *
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  active?: ObjectReference[];

  /**
   * lastScheduleTime is when a Job was last scheduled.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  lastScheduleTime?: Time;

  /**
   * lastSuccessfulTime is when a Job last completed successfully.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  lastSuccessfulTime?: Time;
}
