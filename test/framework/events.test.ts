/**
 * The event recorder's aggregation, on a recording sink and a hand-moved clock: identical events
 * within the series window become one Event whose series is bumped by patches, events differing
 * only in their note are combined after ten, floods are dropped by the spam filter, and the
 * windows expire.
 */
import { describe, expect, it } from "vitest";
import type { Event } from "../../api/events/v1/types.js";
import { EventBroadcaster, type EventSink } from "../../framework/index.js";
import { StatusError } from "../../runtime/rest/errors.js";

function recordingSink(): EventSink & { created: Event[]; patches: { name: string; patch: Record<string, unknown> }[] } {
  const created: Event[] = [];
  const patches: { name: string; patch: Record<string, unknown> }[] = [];
  return {
    created,
    patches,
    create: async (_ns, e) => void created.push(e),
    patch: async (_ns, name, patch) => void patches.push({ name, patch: patch as Record<string, unknown> }),
  };
}

const pod = { apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "ns", uid: "u" } };

describe("EventBroadcaster", () => {
  it("writes an events.k8s.io/v1 Event with the reporter, regarding and related objects", async () => {
    const sink = recordingSink();
    const b = new EventBroadcaster(sink, { host: "h", now: () => Date.UTC(2024, 0, 1) });
    b.newRecorder("ctl").event({ metadata: { name: "w", namespace: "ns", uid: "w1" } }, "Warning", "Failed", "Sync", "it broke", {
      kind: { apiVersion: "x.io/v1", kind: "Widget" },
      related: pod,
    });
    await b.flush();
    expect(sink.created).toHaveLength(1);
    expect(sink.created[0]).toMatchObject({
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { namespace: "ns" },
      eventTime: "2024-01-01T00:00:00.000000Z",
      reportingController: "ctl",
      reportingInstance: "ctl-h",
      action: "Sync",
      reason: "Failed",
      type: "Warning",
      note: "it broke",
      regarding: { apiVersion: "x.io/v1", kind: "Widget", name: "w", namespace: "ns", uid: "w1" },
      related: { apiVersion: "v1", kind: "Pod", name: "p", namespace: "ns", uid: "u" },
    });
    expect(sink.created[0]!.metadata.name).toMatch(/^w\.[0-9a-f]+$/);
  });

  it("bumps identical events as a series within the window, and starts a new Event after it", async () => {
    let now = 1_000_000;
    const sink = recordingSink();
    const b = new EventBroadcaster(sink, { now: () => now });
    const r = b.newRecorder("ctl");
    r.event(pod, "Normal", "Pulled", "Pull", "pulled image");
    now += 1000;
    r.event(pod, "Normal", "Pulled", "Pull", "pulled image");
    now += 1000;
    r.event(pod, "Normal", "Pulled", "Pull", "pulled image");
    await b.flush();
    expect(sink.created).toHaveLength(1);
    expect(sink.patches.map((p) => p.name)).toEqual([sink.created[0]!.metadata.name, sink.created[0]!.metadata.name]);
    expect(sink.patches.map((p) => (p.patch["series"] as { count: number }).count)).toEqual([2, 3]);
    // A different note is another event; after 6 idle minutes the same one is new again.
    r.event(pod, "Normal", "Pulled", "Pull", "pulled another image");
    now += 6 * 60_000 + 1;
    r.event(pod, "Normal", "Pulled", "Pull", "pulled image");
    await b.flush();
    expect(sink.created).toHaveLength(3);
    expect(sink.patches).toHaveLength(2);
  });

  it("combines similar events after ten, as the correlator's aggregator", async () => {
    let now = 0;
    const sink = recordingSink();
    const b = new EventBroadcaster(sink, { now: () => now++ });
    const r = b.newRecorder("ctl");
    for (let i = 0; i < 14; i++) r.event(pod, "Warning", "BackOff", "Restart", `attempt ${i}`);
    await b.flush();
    expect(sink.created).toHaveLength(11);
    expect(sink.created[10]!.note).toBe("(combined from similar events): attempt 10");
    expect(sink.patches.map((p) => [p.patch["note"], (p.patch["series"] as { count: number }).count])).toEqual([
      ["(combined from similar events): attempt 11", 2],
      ["(combined from similar events): attempt 12", 3],
      ["(combined from similar events): attempt 13", 4],
    ]);
  });

  it("drops a flood about one object beyond the burst, and refills over time", async () => {
    let now = 0;
    const sink = recordingSink();
    const b = new EventBroadcaster(sink, { now: () => now, spamBurst: 3, spamRefillMs: 1000, maxSimilarEvents: 100 });
    const r = b.newRecorder("ctl");
    for (let i = 0; i < 5; i++) r.event(pod, "Normal", "Tick", "Tick", `n${i}`);
    now += 1000;
    r.event(pod, "Normal", "Tick", "Tick", "later");
    await b.flush();
    expect(sink.created.map((e) => e.note)).toEqual(["n0", "n1", "n2", "later"]);
  });

  it("recreates a series whose Event is gone, and reports failed writes without throwing", async () => {
    const errors: unknown[] = [];
    const created: Event[] = [];
    const notFound = new StatusError({ status: "Failure", reason: "NotFound", code: 404, message: "not found" });
    let fail = false;
    const sink: EventSink = {
      create: async (_ns, e) => {
        if (fail) throw new Error("down");
        created.push(e);
      },
      patch: async () => {
        throw notFound;
      },
    };
    let now = 0;
    const b = new EventBroadcaster(sink, { now: () => now++, onError: (e) => errors.push(e) });
    const r = b.newRecorder("ctl");
    r.event(pod, "Normal", "A", "A", "x");
    r.event(pod, "Normal", "A", "A", "x");
    await b.flush();
    fail = true;
    r.event(pod, "Normal", "B", "B", "y");
    await b.flush();
    expect(errors.map((e) => (e as Error).message)).toEqual(["down"]);
    expect(created.map((e) => [e.reason, e.series?.count])).toEqual([
      ["A", undefined],
      ["A", 2],
    ]);
  });
});
