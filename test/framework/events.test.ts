/**
 * The event recorder's aggregation, on a recording sink and a hand-moved clock: identical events
 * within the series window become one Event whose series is bumped by patches, events differing
 * only in their note are combined after ten, floods are dropped by the spam filter, and the
 * windows expire. The same recorder writes core/v1 Events as client-go's record package does
 * (source and reportingComponent, count and lastTimestamp bumped by strategic merge patches).
 */
import { describe, expect, it } from "vitest";
import type { Event as CoreEvent } from "../../api/core/v1/event.js";
import type { Event } from "../../api/events/v1/types.js";
import { EventBroadcaster, type CoreEventSink, type EventSink } from "../../framework/index.js";
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

describe("EventBroadcaster on core/v1", () => {
  function coreSink(): CoreEventSink & { created: CoreEvent[]; patches: { name: string; patch: Record<string, unknown> }[] } {
    const created: CoreEvent[] = [];
    const patches: { name: string; patch: Record<string, unknown> }[] = [];
    return {
      created,
      patches,
      create: async (_ns, e) => void created.push(e),
      patch: async (_ns, name, patch) => void patches.push({ name, patch: patch as Record<string, unknown> }),
    };
  }
  const svc = { metadata: { name: "web", namespace: "ns", uid: "s1", resourceVersion: "7" } };
  const kind = { kind: { apiVersion: "v1", kind: "Service" } };

  it("writes what client-go's record package writes: source and reportingComponent, no action", async () => {
    const sink = coreSink();
    const b = new EventBroadcaster(sink, { api: "v1", now: () => Date.UTC(2024, 0, 1, 0, 0, 0, 500) });
    b.newRecorder("endpoint-slice-controller").event(svc, "Warning", "FailedToUpdateEndpointSlices", "ignored", "it broke", kind);
    await b.flush();
    expect(sink.created).toEqual([
      {
        apiVersion: "v1",
        kind: "Event",
        metadata: { name: expect.stringMatching(/^web\.[0-9a-f]+$/) as string, namespace: "ns" },
        involvedObject: { kind: "Service", namespace: "ns", name: "web", uid: "s1", apiVersion: "v1", resourceVersion: "7" },
        reason: "FailedToUpdateEndpointSlices",
        message: "it broke",
        source: { component: "endpoint-slice-controller" },
        firstTimestamp: "2024-01-01T00:00:00Z",
        lastTimestamp: "2024-01-01T00:00:00Z",
        count: 1,
        type: "Warning",
        reportingComponent: "endpoint-slice-controller",
        reportingInstance: "",
      },
    ]);
  });

  it("counts repeats with count/lastTimestamp/message patches, recreates a vanished Event, combines at the tenth note", async () => {
    let now = Date.UTC(2024, 0, 1);
    const sink = coreSink();
    let gone = false;
    const notFound = new StatusError({ status: "Failure", reason: "NotFound", code: 404, message: "not found" });
    const patchThenMaybeFail = sink.patch.bind(sink);
    sink.patch = async (ns, name, patch) => {
      if (gone) throw notFound;
      return patchThenMaybeFail(ns, name, patch);
    };
    const b = new EventBroadcaster(sink, { api: "v1", now: () => now });
    const r = b.newRecorder("ctl");
    r.event(svc, "Normal", "Synced", "", "ok", kind);
    now += 7 * 60_000; // no series window for core/v1: still the same Event
    r.event(svc, "Normal", "Synced", "", "ok", kind);
    await b.flush();
    expect(sink.created).toHaveLength(1);
    expect(sink.patches).toEqual([
      { name: sink.created[0]!.metadata.name, patch: { count: 2, lastTimestamp: "2024-01-01T00:07:00Z", message: "ok" } },
    ]);
    gone = true;
    now += 1000;
    r.event(svc, "Normal", "Synced", "", "ok", kind);
    await b.flush();
    expect(sink.created[1]).toMatchObject({
      metadata: { name: sink.created[0]!.metadata.name },
      count: 3,
      firstTimestamp: "2024-01-01T00:00:00Z",
      lastTimestamp: "2024-01-01T00:07:01Z",
    });
    gone = false;
    for (let i = 0; i < 11; i++) r.event(svc, "Warning", "BackOff", "", `attempt ${i}`, kind);
    await b.flush();
    const backoffs = sink.created.filter((e) => e.reason === "BackOff");
    // tools/record's aggregator combines once ten distinct messages were seen: the tenth is the first combined one.
    expect(backoffs).toHaveLength(10);
    expect(backoffs[9]!.message).toBe("(combined from similar events): attempt 9");
    expect(sink.patches.at(-1)!.patch).toMatchObject({ count: 2, message: "(combined from similar events): attempt 10" });
  });
});
