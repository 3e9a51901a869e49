// The framework's event recorder: runtime's, which the built-in controllers share (one recorder, both Event APIs).
export {
  EventBroadcaster,
  type CoreEventSink,
  type EventBroadcasterOptions,
  type EventObject,
  type EventRecorder,
  type EventRecordOptions,
  type EventSink,
  type EventType,
} from "../runtime/events/recorder.js";
