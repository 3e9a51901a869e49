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
   * eventTime is when the event was first observed; it is required.
   *
   * +protobuf=2
   */
  eventTime: MicroTime;

  /**
   * series holds the count and last time of an event that keeps recurring; nil for a single event.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  series?: EventSeries;

  /**
   * reportingController names the controller that emitted the event, such as kubernetes.io/kubelet;
   * required for new events.
   *
   * +protobuf=4
   */
  reportingController?: string;

  /**
   * reportingInstance names the instance of the controller that emitted the event, such as the
   * kubelet's node name; required for new events.
   *
   * +protobuf=5
   */
  reportingInstance?: string;

  /**
   * action is what was done or failed to be done to the regarding object, in machine-readable form.
   *
   * +protobuf=6
   */
  action?: string;

  /**
   * reason is why the action was taken, in CamelCase for machines.
   *
   * +protobuf=7
   */
  reason?: string;

  /**
   * regarding is the object the event is about, as a reference.
   *
   * +optional
   * +protobuf=8
   */
  regarding?: ObjectReference;

  /**
   * related is a second object involved in the event, if any.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  related?: ObjectReference;

  /**
   * note is the human-readable description of the event, at most 1 kB.
   *
   * +optional
   * +protobuf=10
   */
  note?: string;

  /**
   * type is Normal or Warning; new types may be added.
   *
   * +protobuf=11
   */
  type?: string;

  /**
   * deprecatedSource is the core/v1 Event's source, kept for round trips.
   *
   * +optional
   * +protobuf=12
   */
  deprecatedSource?: EventSource;

  /**
   * deprecatedFirstTimestamp is the core/v1 Event's firstTimestamp, kept for round trips.
   *
   * +optional
   * +protobuf=13
   */
  deprecatedFirstTimestamp?: Time;

  /**
   * deprecatedLastTimestamp is the core/v1 Event's lastTimestamp, kept for round trips.
   *
   * +optional
   * +protobuf=14
   */
  deprecatedLastTimestamp?: Time;

  /**
   * deprecatedCount is the core/v1 Event's count, kept for round trips.
   *
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
   * count is how many times the event has occurred in this series.
   *
   * +protobuf=1
   */
  count: int32;

  /**
   * lastObservedTime is when the last occurrence of the series was seen.
   *
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
