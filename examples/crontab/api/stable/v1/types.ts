import type { ListMeta, ObjectMeta, TypeMeta } from "kubegen/api/meta/v1/types.js";
import type { int32 } from "kubegen/api/scalars.js";

/**
 * CronTab runs an image on a cron schedule.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:shortName=ct,categories=all
 * +kubebuilder:subresource:status
 * +kubebuilder:subresource:scale:specpath=.spec.replicas,statuspath=.status.replicas,selectorpath=.status.labelSelector
 * +kubebuilder:printcolumn:name=Spec,type=string,JSONPath=.spec.cronSpec,description="The cron spec defining the interval a CronJob is run"
 * +kubebuilder:printcolumn:name=Replicas,type=integer,JSONPath=.spec.replicas,description="The number of jobs launched by the CronJob"
 * +kubebuilder:printcolumn:name=Age,type=date,JSONPath=.metadata.creationTimestamp
 */
export interface CronTab extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;
  /**
   * The desired schedule and workload.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  spec?: CronTabSpec;
  /**
   * What the controller observed.
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  status?: CronTabStatus;
}

/** CronTabSpec is the desired state of a CronTab. */
export interface CronTabSpec {
  /**
   * The schedule in cron format: five fields, minute to day of week.
   * +kubebuilder:validation:Pattern=`^(\d+|\*)(/\d+)?(\s+(\d+|\*)(/\d+)?){4}$`
   * +kubebuilder:validation:MaxLength=64
   * +protobuf=1
   */
  cronSpec: string;
  /**
   * The container image to run.
   * +optional
   * +kubebuilder:validation:MinLength=1
   * +protobuf=2
   */
  image?: string;
  /**
   * How many jobs run at once.
   * +optional
   * +kubegen:pointer
   * +kubebuilder:default=1
   * +kubebuilder:validation:Minimum=1
   * +kubebuilder:validation:Maximum=10
   * +protobuf=3
   */
  replicas?: int32;
}

/** CronTabStatus is the observed state of a CronTab. */
export interface CronTabStatus {
  /**
   * How many jobs the controller runs.
   * +optional
   * +protobuf=1
   */
  replicas?: int32;
  /**
   * The label selector of the jobs, in string form, for the scale subresource.
   * +optional
   * +protobuf=2
   */
  labelSelector?: string;
}

/**
 * CronTabList is a list of CronTabs.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface CronTabList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;
  /**
   * The CronTabs.
   * +protobuf=2
   */
  items: CronTab[];
}
