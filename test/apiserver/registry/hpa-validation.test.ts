/** HorizontalPodAutoscaler spec validation as upstream's (pkg/apis/autoscaling/validation), both served versions. */
import { describe, expect, it } from "vitest";
import { hpaV1Strategy, hpaV2Strategy } from "../../../apiserver/registry/resources/horizontalpodautoscalers/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { goQuantitySyntax } from "../../../apiserver/registry/validation/go-quantity.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const REF = { apiVersion: "apps/v1", kind: "Deployment", name: "web" };

function v2(spec: Record<string, unknown>): KubeObject {
  const hpa: KubeObject = {
    apiVersion: "autoscaling/v2",
    kind: "HorizontalPodAutoscaler",
    metadata: { name: "h", namespace: "d", resourceVersion: "1" },
    spec: { scaleTargetRef: REF, maxReplicas: 3, ...spec },
  };
  hpaV2Strategy.defaults?.(hpa);
  return hpa;
}

function v1(spec: Record<string, unknown>, annotations?: Record<string, string>): KubeObject {
  const hpa: KubeObject = {
    apiVersion: "autoscaling/v1",
    kind: "HorizontalPodAutoscaler",
    metadata: { name: "h", namespace: "d", ...(annotations ? { annotations } : {}) },
    spec: { scaleTargetRef: REF, maxReplicas: 3, ...spec },
  };
  hpaV1Strategy.defaults?.(hpa);
  return hpa;
}

const errorsOf = (hpa: KubeObject) =>
  ((hpa.apiVersion === "autoscaling/v1" ? hpaV1Strategy : hpaV2Strategy).validate?.(hpa) ?? []).map(errorText);

describe("Go's %#v of a parsed resource.Quantity", () => {
  it("keeps the text only when it is canonical, and prints the slow path's decimal as a pointer", () => {
    const q = (text: string) => goQuantitySyntax(text).text;
    expect(q("-1")).toBe(
      'resource.Quantity{i:resource.int64Amount{value:-1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1", Format:"DecimalSI"}',
    );
    expect(q("0")).toBe(
      'resource.Quantity{i:resource.int64Amount{value:0, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"0", Format:"DecimalSI"}',
    );
    expect(q("-0")).toContain('{value:0, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"", Format:"DecimalSI"}');
    expect(q("-500m")).toContain('{value:-500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-500m"');
    expect(q("-1.5")).toContain('{value:-15, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:""');
    expect(q("-1000")).toContain('{value:-1000, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:""');
    expect(q("-1Gi")).toContain('{value:-1073741824, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1Gi", Format:"BinarySI"}');
    expect(q("-1e3")).toContain('{value:-1, scale:3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1e3", Format:"DecimalExponent"}');
    // A binary fraction and a value past int64 take the big-decimal path.
    expect(q("-0.5Gi")).toBe(
      'resource.Quantity{i:resource.int64Amount{value:0, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(0xc000000000)}, s:"", Format:"BinarySI"}',
    );
    expect(q("-99999999999999999999")).toContain("(*inf.Dec)(0xc000000000)");
  });
});

describe("autoscaling/v2 spec", () => {
  it("replicas and the scale target reference, each a path segment", () => {
    expect(errorsOf(v2({ minReplicas: 0, maxReplicas: 0, scaleTargetRef: { kind: "Deploy/ment", name: ".." } }))).toEqual([
      "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
      "spec.maxReplicas: Invalid value: 0: must be greater than 0",
      "spec.scaleTargetRef.kind: Invalid value: \"Deploy/ment\": may not contain '/'",
      "spec.scaleTargetRef.name: Invalid value: \"..\": may not be '..'",
      "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas",
    ]);
  });

  it("metric source types: required, unsupported, missing and extra sources", () => {
    // Upstream refuses extra sources only when more than one is set: one source under no type passes that check.
    expect(errorsOf(v2({ metrics: [{ resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 50 } } }] }))).toEqual([
      "spec.metrics[0].type: Required value: must specify a metric source type",
      'spec.metrics[0].type: Unsupported value: "": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
      'spec.metrics[0].type: Unsupported value: "": supported values: "ContainerResource", "External", "Object", "Pods", "Resource"',
    ]);
    expect(
      errorsOf(
        v2({
          metrics: [
            { type: "Pods", pods: { metric: { name: "qps" }, target: { type: "AverageValue", averageValue: "10" } }, external: {} },
            { type: "Object" },
          ],
        }),
      ),
    ).toEqual([
      // Upstream validates the first source in its own order (object, external, pods, ...), not the type's.
      "spec.metrics[0].external.metric.name: Required value: must specify a metric name",
      "spec.metrics[0].external.target.type: Required value: must specify a metric target type",
      'spec.metrics[0].external.target.type: Invalid value: "": must be either Utilization, Value, or AverageValue',
      "spec.metrics[0].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target",
      "spec.metrics[0].external: Forbidden: must populate the given metric source only",
      "spec.metrics[1].object: Required value: must populate information for the given metric source",
    ]);
  });

  it("each source's rules, the target's type and signs (quantities printed as Go prints them)", () => {
    const errs = errorsOf(
      v2({
        metrics: [
          { type: "Object", object: { describedObject: { kind: "Service" }, metric: { name: "a/b" }, target: { type: "Value" } } },
          { type: "External", external: { metric: { name: "" }, target: { type: "Value", value: "-1", averageValue: "2" } } },
          { type: "Pods", pods: { metric: { name: "qps" }, target: { type: "Average" } } },
          { type: "Resource", resource: { name: "", target: { type: "Utilization", averageUtilization: 0, averageValue: "0" } } },
          { type: "ContainerResource", containerResource: { name: "gpu", container: "Web", target: { type: "Utilization" } } },
        ],
      }),
    );
    expect(errs).toEqual([
      "spec.metrics[0].object.describedObject.name: Required value",
      "spec.metrics[0].object.metric.name: Invalid value: \"a/b\": may not contain '/'",
      "spec.metrics[0].object.target.averageValue: Required value: must set either a target value or averageValue",
      "spec.metrics[1].external.metric.name: Required value: must specify a metric name",
      'spec.metrics[1].external.target.value: Invalid value: resource.Quantity{i:resource.int64Amount{value:-1, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-1", Format:"DecimalSI"}: must be positive',
      "spec.metrics[1].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target",
      'spec.metrics[2].pods.target.type: Invalid value: "Average": must be either Utilization, Value, or AverageValue',
      "spec.metrics[2].pods.target.averageValue: Required value: must specify a positive target averageValue",
      "spec.metrics[3].resource.name: Required value: must specify a resource name",
      'spec.metrics[3].resource.target.averageValue: Invalid value: resource.Quantity{i:resource.int64Amount{value:0, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"0", Format:"DecimalSI"}: must be positive',
      "spec.metrics[3].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
      "spec.metrics[3].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization",
      'spec.metrics[4].containerResource.name: Invalid value: "gpu": must be a standard resource type or fully qualified',
      'spec.metrics[4].containerResource.name: Invalid value: "gpu": must be a standard resource for containers',
      "spec.metrics[4].containerResource.container: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      "spec.metrics[4].containerResource.target.averageUtilization: Required value: must set either a target raw value or a target utilization",
    ]);
  });

  it("a valid spec passes; minReplicas 0 stays allowed on an update of an object that has it", () => {
    const ok = v2({
      minReplicas: 2,
      metrics: [
        { type: "External", external: { metric: { name: "queue" }, target: { type: "AverageValue", averageValue: "30" } } },
        {
          type: "ContainerResource",
          containerResource: { name: "cpu", container: "web", target: { type: "Utilization", averageUtilization: 60 } },
        },
      ],
    });
    expect(errorsOf(ok)).toEqual([]);
    const zero = v2({
      minReplicas: 0,
      metrics: [{ type: "External", external: { metric: { name: "queue" }, target: { type: "Value", value: "5" } } }],
    });
    expect(errorsOf(zero)).toEqual(["spec.minReplicas: Invalid value: 0: must be greater than or equal to 1"]);
    expect((hpaV2Strategy.validateUpdate?.(zero, zero) ?? []).map(errorText)).toEqual([]);
    expect((hpaV2Strategy.validateUpdate?.(zero, ok) ?? []).map(errorText)).toEqual([
      "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
    ]);
  });
});

describe("autoscaling/v1 validated converted, with v2's paths", () => {
  it("the CPU target is the first Resource metric after the annotation's metrics", () => {
    const metrics = JSON.stringify([{ type: "Pods", pods: { metricName: "", targetAverageValue: "-2" } }]);
    expect(errorsOf(v1({ targetCPUUtilizationPercentage: 0 }, { "autoscaling.alpha.kubernetes.io/metrics": metrics }))).toEqual([
      "spec.metrics[0].pods.metric.name: Required value: must specify a metric name",
      'spec.metrics[0].pods.target.averageValue: Invalid value: resource.Quantity{i:resource.int64Amount{value:-2, scale:0}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:"-2", Format:"DecimalSI"}: must be positive',
      "spec.metrics[1].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
    ]);
    expect(errorsOf(v1({ targetCPUUtilizationPercentage: 70 }))).toEqual([]);
    expect(errorsOf(v1({}))).toEqual([]);
  });

  it("the behavior annotation is validated as written (no v2 defaults fill its policies)", () => {
    const behavior = JSON.stringify({ ScaleUp: { StabilizationWindowSeconds: 4000, SelectPolicy: "Max" } });
    expect(errorsOf(v1({}, { "autoscaling.alpha.kubernetes.io/behavior": behavior }))).toEqual([
      "spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 4000: must be less than or equal to 3600",
      "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy",
    ]);
  });
});
