/**
 * Which Services a Pod change syncs (upstream's GetServicesToUpdateOnPodChange), and the
 * last-change trigger time remembered between syncs.
 */
import { describe, expect, it } from "vitest";
import { servicesToUpdateOnPodChange } from "../../../controllers/endpointsutil/pods.js";
import { formatTriggerTime, TriggerTimeTracker } from "../../../controllers/endpointsutil/trigger-time.js";
import type { Pod, Service } from "../../../generated/apis/core/v1/index.js";
import { ServiceListerImpl } from "../../../generated/listers/core/v1/service.js";
import { newIndexer } from "../../../runtime/cache/index.js";
import { NS, pod, service } from "../endpoint/fixtures.js";

function lister(...services: Service[]): ServiceListerImpl {
  const indexer = newIndexer<Service>();
  for (const s of services) indexer.add(s);
  return new ServiceListerImpl(indexer);
}

const withRV = (p: Pod, rv: string, change: (p: Pod) => void = () => {}): Pod => {
  const copy = structuredClone(p);
  copy.metadata!.resourceVersion = rv;
  change(copy);
  return copy;
};

describe("servicesToUpdateOnPodChange", () => {
  const services = lister(
    service("a", { selector: { app: "a" } }),
    service("b", { selector: { tier: "x" } }),
    service("none", { selector: undefined }),
  );
  const base = pod("p", "a", { ip: "10.1.0.1", labels: { app: "a" } });

  it("ignores resyncs and changes that touch no endpoint", () => {
    expect(servicesToUpdateOnPodChange(services, base, withRV(base, "1"))).toEqual(new Set());
    expect(
      servicesToUpdateOnPodChange(
        services,
        base,
        withRV(base, "2", (p) => (p.metadata!.annotations = { x: "y" })),
      ),
    ).toEqual(new Set());
  });

  it("syncs the matching Services when readiness, IPs or deletion change", () => {
    const notReady = withRV(base, "2", (p) => (p.status!.conditions![0]!.status = "False"));
    expect(servicesToUpdateOnPodChange(services, base, notReady)).toEqual(new Set([`${NS}/a`]));
    const moved = withRV(base, "2", (p) => (p.status!.podIPs = [{ ip: "10.1.0.2" }]));
    expect(servicesToUpdateOnPodChange(services, base, moved)).toEqual(new Set([`${NS}/a`]));
  });

  it("on a label change alone syncs only the Services gained or lost; with an endpoint change, all of them", () => {
    const relabelled = withRV(base, "2", (p) => (p.metadata!.labels = { app: "a", tier: "x" }));
    expect(servicesToUpdateOnPodChange(services, base, relabelled)).toEqual(new Set([`${NS}/b`]));
    const moved = withRV(base, "2", (p) => {
      p.metadata!.labels = { tier: "x" };
      p.metadata!.deletionTimestamp = "2026-01-02T00:00:00Z";
    });
    expect(servicesToUpdateOnPodChange(services, base, moved)).toEqual(new Set([`${NS}/a`, `${NS}/b`]));
  });
});

describe("TriggerTimeTracker", () => {
  it("reports the Service's creation first, then the earliest Ready change since the last sync", () => {
    const t = new TriggerTimeTracker();
    const svc = service("a");
    const p1 = pod("p1", "a", { readySince: "2026-01-01T00:00:10Z" });
    expect(t.compute(NS, svc, [p1])).toBe("2026-01-01T00:00:00Z");
    expect(t.compute(NS, svc, [p1])).toBeUndefined();
    const p2 = pod("p2", "a", { readySince: "2026-01-01T00:00:30Z" });
    const p1b = pod("p1", "a", { readySince: "2026-01-01T00:00:20Z" });
    expect(t.compute(NS, svc, [p1b, p2])).toBe("2026-01-01T00:00:20Z");
    t.deleteService(NS, "a");
    expect(t.compute(NS, svc, [p1b, p2])).toBe("2026-01-01T00:00:00Z");
  });

  it("renders times as Go's RFC3339Nano", () => {
    expect(formatTriggerTime("2026-01-01T00:00:10Z")).toBe("2026-01-01T00:00:10Z");
    expect(formatTriggerTime("2026-01-01T01:00:10.500+01:00")).toBe("2026-01-01T00:00:10.5Z");
  });
});
