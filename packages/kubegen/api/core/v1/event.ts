import type { ListMeta, MicroTime, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { int32 } from "../../scalars.js";
import type { ObjectReference } from "./references.js";

/**
 * EventSource identifies the component (and node) that reported an event.
 */
export interface EventSource {
  /**
   * The component that generated the event.
   * +optional
   * +protobuf=1
   */
  component?: string;

  /**
   * The node on which the event was generated.
   * +optional
   * +protobuf=2
   */
  host?: string;
}

/**
 * Event records something that happened to an object in the cluster. Events are kept only
 * for a limited time and their reasons and messages may change between releases, so they
 * are informative, best-effort data.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=events,singular=event,shortName=ev
 */
export interface Event extends TypeMeta {
  /**
   * Standard object metadata.
   * +protobuf=1
   */
  metadata: ObjectMeta;

  /**
   * The object the event is about.
   * +protobuf=2
   */
  involvedObject: ObjectReference;

  /**
   * A short, machine-readable word for why the object's state changed.
   * +optional
   * +protobuf=3
   */
  reason?: string;

  /**
   * A human-readable description of what happened.
   * +optional
   * +protobuf=4
   */
  message?: string;

  /**
   * The component that reported the event.
   * +optional
   * +protobuf=5
   */
  source?: EventSource;

  /**
   * When the event was first recorded.
   * +optional
   * +protobuf=6
   */
  firstTimestamp?: Time;

  /**
   * When the latest occurrence of the event was recorded.
   * +optional
   * +protobuf=7
   */
  lastTimestamp?: Time;

  /**
   * How many times the event has happened.
   * +optional
   * +protobuf=8
   */
  count?: int32;

  /**
   * Severity of the event: "Normal" or "Warning"; more may be added later.
   * +optional
   * +protobuf=9
   */
  type?: string;

  /**
   * When the event was first observed, with microsecond precision.
   * +optional
   * +protobuf=10
   */
  eventTime?: MicroTime;

  /**
   * Information about the series this event belongs to; unset for a one-off event.
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  series?: EventSeries;

  /**
   * The action that was taken, or that failed, on the involved object.
   * +optional
   * +protobuf=12
   */
  action?: string;

  /**
   * A second object involved in more complex actions.
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  related?: ObjectReference;

  /**
   * Name of the controller that emitted the event, e.g. "kubernetes.io/kubelet". Always
   * serialized, even when empty.
   * +optional
   * +protobuf=14
   */
  reportingComponent: string;

  /**
   * ID of the controller instance that emitted the event, e.g. "kubelet-xyzf". Always
   * serialized, even when empty.
   * +optional
   * +protobuf=15
   */
  reportingInstance: string;
}

/**
 * EventSeries summarises an event that keeps happening over a period of time.
 */
export interface EventSeries {
  /**
   * Number of occurrences in the series up to the last heartbeat.
   * +protobuf=1
   */
  count?: int32;

  /**
   * When the latest occurrence was observed.
   * +protobuf=2
   */
  lastObservedTime?: MicroTime;
}

/**
 * EventList is a list of events.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface EventList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The events in this list.
   * +protobuf=2
   */
  items: Event[];
}
