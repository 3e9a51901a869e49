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
    expect(listed.items.map((i) => [i.apiVersion, (i.spec as { targetCPUUtilizationPercentage?: number }).targetCPUUtilizationPercentage])).toEqual([
      ["autoscaling/v1", 60],
    ]);

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
