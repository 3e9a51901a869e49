/**
 * Kinds served at two versions from one storage, as upstream: HorizontalPodAutoscalers at
 * autoscaling/v1 and v2 (stored at v2, v2-only content in v1 annotations), Events at core/v1
 * and events.k8s.io/v1 (stored as core Events, each version validated by its own rules).
 */
import { describe, expect, it } from "vitest";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, statusOf, take, utf8, scheme } from "./helpers.js";

function setup() {
  const storage = new MemoryStorage();
  const storages = buildBuiltinStorages(storage, scheme, { watchCache: false });
  const by = (group: string, plural: string, version?: string): RESTStorage =>
    storages.find((s) => s.group === group && s.info.plural === plural && (version === undefined || s.version === version))!;
  return { by, storage };
}
const causes = (s: { details?: { causes?: { message?: string; field?: string }[] } }) =>
  (s.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);

const hpaV2 = (name: string, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "autoscaling/v2",
  kind: "HorizontalPodAutoscaler",
  metadata: { name },
  spec: { scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" }, maxReplicas: 5, ...spec },
});

describe("HorizontalPodAutoscaler v1 and v2", () => {
  it("a v2 HPA reads back through v1 in v1's shape, v2-only content in upstream's annotations", async () => {
    const { by } = setup();
    const v1 = by("autoscaling", "horizontalpodautoscalers", "v1");
    const v2 = by("autoscaling", "horizontalpodautoscalers", "v2");
    await v2.create!(
      ctx("default"),
      hpaV2("h", {
        metrics: [
          { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 60 } } },
          { type: "Pods", pods: { metric: { name: "qps" }, target: { type: "AverageValue", averageValue: "10" } } },
        ],
        behavior: { scaleDown: { stabilizationWindowSeconds: 30 } },
      }),
      {},
    );
    const got = await v1.get!(ctx("default"), "h", {});
    expect(got.apiVersion).toBe("autoscaling/v1");
    expect(got.spec).toEqual({
      scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
      minReplicas: 1,
      maxReplicas: 5,
      targetCPUUtilizationPercentage: 60,
    });
    const ann = got.metadata!.annotations!;
    expect(JSON.parse(ann["autoscaling.alpha.kubernetes.io/metrics"]!)).toEqual([
      { type: "Pods", pods: { metricName: "qps", targetAverageValue: "10" } },
    ]);
    expect(JSON.parse(ann["autoscaling.alpha.kubernetes.io/behavior"]!)).toMatchObject({
      ScaleDown: { StabilizationWindowSeconds: 30, SelectPolicy: "Max" },
      ScaleUp: { StabilizationWindowSeconds: 0, SelectPolicy: "Max" },
    });
    const listed = await v1.list!(ctx("default"), {});
    expect(
      listed.items.map((i) => [i.apiVersion, (i.spec as { targetCPUUtilizationPercentage?: number }).targetCPUUtilizationPercentage]),
    ).toEqual([["autoscaling/v1", 60]]);

    // A v1 read-modify-write keeps the v2 metrics (they travel in the annotation).
    const { object: updated } = await v1.update!(ctx("default"), "h", { ...got, spec: { ...(got.spec as object), maxReplicas: 7 } }, {});
    expect(updated.apiVersion).toBe("autoscaling/v1");
    const back = await v2.get!(ctx("default"), "h", {});
    expect(back.apiVersion).toBe("autoscaling/v2");
    expect(back.metadata?.annotations).toBeUndefined();
    expect(back.spec).toMatchObject({
      maxReplicas: 7,
      metrics: [
        { type: "Pods", pods: { metric: { name: "qps" }, target: { type: "AverageValue", averageValue: "10" } } },
        { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 60 } } },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 30 } },
    });
  });

  it("a v1 HPA reads through v2 with its CPU target as a Resource metric (80% when unset), and both versions patch it", async () => {
    const { by } = setup();
    const v1 = by("autoscaling", "horizontalpodautoscalers", "v1");
    const v2 = by("autoscaling", "horizontalpodautoscalers", "v2");
    await v1.create!(
      ctx("default"),
      {
        apiVersion: "autoscaling/v1",
        kind: "HorizontalPodAutoscaler",
        metadata: { name: "a" },
        spec: { scaleTargetRef: { kind: "Deployment", name: "web" }, maxReplicas: 3, targetCPUUtilizationPercentage: 50 },
      },
      {},
    );
    await v1.create!(
      ctx("default"),
      {
        apiVersion: "autoscaling/v1",
        kind: "HorizontalPodAutoscaler",
        metadata: { name: "b" },
        spec: { scaleTargetRef: { kind: "Deployment", name: "web" }, maxReplicas: 3 },
      },
      {},
    );
    expect((await v2.get!(ctx("default"), "a", {})).spec).toMatchObject({
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 50 } } }],
    });
    expect((await v2.get!(ctx("default"), "b", {})).spec).toMatchObject({
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 80 } } }],
    });
    // The v1 view of "b" shows the implicit default as upstream does after the round trip.
    expect((await v1.get!(ctx("default"), "b", {})).spec).toMatchObject({ targetCPUUtilizationPercentage: 80 });
    const { object: patched } = await v2.patch!(ctx("default"), "a", "merge", utf8({ spec: { maxReplicas: 9 } }), {});
    expect(patched.apiVersion).toBe("autoscaling/v2");
    const { object: p1 } = await v1.patch!(ctx("default"), "a", "merge", utf8({ spec: { targetCPUUtilizationPercentage: 70 } }), {});
    expect(p1.spec).toMatchObject({ maxReplicas: 9, targetCPUUtilizationPercentage: 70 });
    // Validation of the version written, with upstream's message.
    const bad = await statusOf(v1.patch!(ctx("default"), "a", "merge", utf8({ spec: { minReplicas: 10 } }), {}));
    expect(causes(bad)).toEqual(["spec.maxReplicas: Invalid value: 9: must be greater than or equal to `minReplicas`"]);
  });

  it("applies through either version; each manager's entry keeps the apiVersion it applied through", async () => {
    const { by } = setup();
    const v1 = by("autoscaling", "horizontalpodautoscalers", "v1");
    const v2 = by("autoscaling", "horizontalpodautoscalers", "v2");
    const body = (o: unknown) => utf8(o);
    await v1.patch!(
      ctx("default"),
      "s",
      "apply",
      body({
        apiVersion: "autoscaling/v1",
        kind: "HorizontalPodAutoscaler",
        metadata: { name: "s" },
        spec: { scaleTargetRef: { kind: "Deployment", name: "web" }, maxReplicas: 3, targetCPUUtilizationPercentage: 40 },
      }),
      { fieldManager: "old-tool" },
    );
    const { object } = await v2.patch!(
      ctx("default"),
      "s",
      "apply",
      body({ apiVersion: "autoscaling/v2", kind: "HorizontalPodAutoscaler", metadata: { name: "s" }, spec: { minReplicas: 2 } }),
      { fieldManager: "new-tool" },
    );
    expect(object.apiVersion).toBe("autoscaling/v2");
    expect(object.spec).toMatchObject({
      minReplicas: 2,
      maxReplicas: 3,
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 40 } } }],
    });
    const entries = (object.metadata?.managedFields ?? []) as { manager?: string; operation?: string; apiVersion?: string }[];
    const managers = entries.map((m) => [m.manager, m.operation, m.apiVersion]).sort();
    expect(managers).toEqual([
      ["new-tool", "Apply", "autoscaling/v2"],
      ["old-tool", "Apply", "autoscaling/v1"],
    ]);
  });

  it("a v1 update that drops the annotations keeps v2's status, as upstream keeps status on main updates", async () => {
    const { by } = setup();
    const v1 = by("autoscaling", "horizontalpodautoscalers", "v1");
    const v2 = by("autoscaling", "horizontalpodautoscalers", "v2");
    const created = await v2.create!(ctx("default"), hpaV2("k"), {});
    const conditions = [{ type: "AbleToScale", status: "True", reason: "ReadyForNewScale", lastTransitionTime: "2026-11-26T10:00:00Z" }];
    await v2.subresources!.status!.update!(
      ctx("default"),
      "k",
      { ...created, status: { currentReplicas: 2, desiredReplicas: 2, conditions } },
      {},
    );
    const read = await v1.get!(ctx("default"), "k", {});
    expect(JSON.parse(read.metadata!.annotations!["autoscaling.alpha.kubernetes.io/conditions"]!)).toEqual(conditions);
    await v1.update!(ctx("default"), "k", { ...read, metadata: { ...read.metadata, annotations: {} } }, {});
    expect((await v2.get!(ctx("default"), "k", {})).status).toMatchObject({ currentReplicas: 2, conditions });
  });

  it("watches through either version see that version's shape", async () => {
    const { by } = setup();
    const v1 = by("autoscaling", "horizontalpodautoscalers", "v1");
    const v2 = by("autoscaling", "horizontalpodautoscalers", "v2");
    const w = v1.watch!(ctx("default"), {});
    await v2.create!(ctx("default"), hpaV2("w"), {});
    const [ev] = await take(w, 1);
    expect(ev!.type).toBe("ADDED");
    expect((ev as { object: KubeObject }).object.apiVersion).toBe("autoscaling/v1");
    expect((ev as { object: KubeObject }).object.spec).toMatchObject({ targetCPUUtilizationPercentage: 80 });
  });
});

const newEvent = (name: string, extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "events.k8s.io/v1",
  kind: "Event",
  metadata: { name, namespace: "default" },
  eventTime: "2026-11-26T10:00:00.000000Z",
  reportingController: "example.com/ctl",
  reportingInstance: "ctl-1",
  action: "Scale",
  reason: "Scaled",
  note: "scaled up",
  type: "Normal",
  regarding: { kind: "Deployment", namespace: "default", name: "web", apiVersion: "apps/v1" },
  ...extra,
});

describe("Events: core/v1 and events.k8s.io/v1", () => {
  it("share one storage, each version reading the other's writes in its own field names", async () => {
    const { by, storage } = setup();
    const core = by("", "events");
    const events = by("events.k8s.io", "events");
    await events.create!(ctx("default"), newEvent("e1"), {});
    const asCore = await core.get!(ctx("default"), "e1", {});
    expect(asCore).toMatchObject({
      apiVersion: "v1",
      message: "scaled up",
      reportingComponent: "example.com/ctl",
      involvedObject: { kind: "Deployment", name: "web" },
    });
    expect(asCore.note).toBeUndefined();
    await core.create!(
      ctx("default"),
      {
        apiVersion: "v1",
        kind: "Event",
        metadata: { name: "e2", namespace: "default" },
        involvedObject: { kind: "Pod", namespace: "default", name: "p" },
        reason: "Started",
        message: "started",
        source: { component: "kubelet" },
        count: 3,
        firstTimestamp: "2026-11-26T10:00:00Z",
        lastTimestamp: "2026-11-26T10:05:00Z",
        type: "Normal",
      },
      {},
    );
    const list = await events.list!(ctx("default"), {});
    expect(list.items.map((i) => i.metadata?.name)).toEqual(["e1", "e2"]);
    expect(list.items[1]).toMatchObject({
      apiVersion: "events.k8s.io/v1",
      note: "started",
      regarding: { kind: "Pod", name: "p" },
      deprecatedSource: { component: "kubelet" },
      deprecatedCount: 3,
      deprecatedFirstTimestamp: "2026-11-26T10:00:00Z",
      deprecatedLastTimestamp: "2026-11-26T10:05:00Z",
    });
    // Stored once, under the core Events' keys.
    const keys = (await storage.list({ prefix: "/registry/" })).items.map((kv) => kv.key);
    expect(keys.filter((k) => k.includes("events"))).toEqual(["/registry/core/events/default/e1", "/registry/core/events/default/e2"]);
    // events.k8s.io's field labels select on the same fields.
    const byRegarding = await events.list!(ctx("default"), { fieldSelector: "regarding.kind=Pod" });
    expect(byRegarding.items.map((i) => i.metadata?.name)).toEqual(["e2"]);
  });

  it("validates writes through events.k8s.io/v1 by the new API's rules, with upstream's messages", async () => {
    const { by } = setup();
    const events = by("events.k8s.io", "events");
    const bad = await statusOf(
      events.create!(ctx("default"), newEvent("bad", { eventTime: undefined, type: "Odd", deprecatedCount: 2, series: { count: 1 } }), {}),
    );
    expect(bad.code).toBe(422);
    expect(causes(bad)).toEqual([
      'series.count: Invalid value: "": should be at least 2',
      "series.lastObservedTime: Required value",
      "eventTime: Required value",
      'type: Invalid value: "": has invalid value: Odd',
      'count: Invalid value: "": needs to be unset',
    ]);
    const noController = await statusOf(events.create!(ctx("default"), newEvent("nc", { reportingController: "" }), {}));
    expect(causes(noController)[0]).toBe("reportingController: Required value");
    await events.create!(ctx("default"), newEvent("ok"), {});
    const changed = await statusOf(events.patch!(ctx("default"), "ok", "merge", utf8({ note: "other", reason: "Other" }), {}));
    expect(causes(changed)).toEqual([
      'reason: Invalid value: "Other": field is immutable',
      'message: Invalid value: "other": field is immutable',
      'reason: Invalid value: "Other": field is immutable',
    ]);
    // The core API keeps its lenient rules: the same change is accepted there.
    const { object } = await by("", "events").patch!(ctx("default"), "ok", "merge", utf8({ message: "other" }), {});
    expect(object.message).toBe("other");
    // ... but names the controller field reportingComponent.
    const coreBad = await statusOf(
      by("", "events").create!(
        ctx("default"),
        {
          apiVersion: "v1",
          kind: "Event",
          metadata: { name: "c" },
          involvedObject: { namespace: "default" },
          eventTime: "2026-11-26T10:00:00.000000Z",
          reportingInstance: "i",
          action: "A",
          reason: "R",
        },
        {},
      ),
    );
    expect(causes(coreBad)[0]).toBe("reportingComponent: Required value");
  });
});
