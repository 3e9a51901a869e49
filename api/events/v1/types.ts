import type { EventSource } from "../../core/v1/event.js";
import type { ObjectReference } from "../../core/v1/references.js";
import type { ListMeta, MicroTime, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";

/**
 * Event records something that happened to an object, reported by a controller; repeated
 * occurrences are folded into a series.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=events,singular=event,shortName=ev
 */
export interface Event extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata: ObjectMeta;

  /**
   * +protobuf=2
   */
  eventTime: MicroTime;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  series?: EventSeries;

  /**
   * +protobuf=4
   */
  reportingController?: string;

  /**
   * +protobuf=5
   */
  reportingInstance?: string;

  /**
   * +protobuf=6
   */
  action?: string;

  /**
   * +protobuf=7
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=8
   */
  regarding?: ObjectReference;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  related?: ObjectReference;

  /**
   * +optional
   * +protobuf=10
   */
  note?: string;

  /**
   * +protobuf=11
   */
  type?: string;

  /**
   * +optional
   * +protobuf=12
   */
  deprecatedSource?: EventSource;

  /**
   * +optional
   * +protobuf=13
   */
  deprecatedFirstTimestamp?: Time;

  /**
   * +optional
   * +protobuf=14
   */
  deprecatedLastTimestamp?: Time;

  /**
   * +optional
   * +protobuf=15
   */
  deprecatedCount?: int32;
}

/**
 * EventSeries counts repeated occurrences of an event and the time of the latest one.
 */
export interface EventSeries {
  /**
   * +protobuf=1
   */
  count: int32;

  /**
   * +protobuf=2
   */
  lastObservedTime: MicroTime;
}

/**
 * EventList is a list of Events.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface EventList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the Events.
   *
   * +protobuf=2
   */
  items: Event[];
}
