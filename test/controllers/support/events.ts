// A core/v1 event broadcaster (the controller manager's kind) writing into arrays, for controllers' event tests.
import type { Event } from "../../../api/core/v1/event.js";
import { EventBroadcaster, type EventRecorder } from "../../../runtime/events/recorder.js";

export interface RecordedEvents {
  created: Event[];
  patches: { name: string; patch: Record<string, unknown> }[];
  recorder(component: string): EventRecorder;
  /** Waits for the writes started so far. */
  flush(): Promise<void>;
}

export function recordedEvents(now?: () => number): RecordedEvents {
  const created: Event[] = [];
  const patches: RecordedEvents["patches"] = [];
  const broadcaster = new EventBroadcaster(
    {
      create: async (_ns, e) => void created.push(e),
      patch: async (_ns, name, patch) => void patches.push({ name, patch: patch as Record<string, unknown> }),
    },
    { api: "v1", ...(now && { now }) },
  );
  return { created, patches, recorder: (c) => broadcaster.newRecorder(c), flush: () => broadcaster.flush() };
}
