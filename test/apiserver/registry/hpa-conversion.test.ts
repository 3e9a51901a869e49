/**
 * HorizontalPodAutoscaler metrics between autoscaling/v2 and v1's annotations, every source type in
 * spec and status, pinned to the byte (key order too: the annotations are JSON text clients read).
 */
import { describe, expect, it } from "vitest";
import {
  CURRENT_METRICS_ANNOTATION,
  hpaToV1,
  hpaToV2,
  METRICS_ANNOTATION,
} from "../../../apiserver/registry/resources/horizontalpodautoscalers/conversion.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const sel = { matchLabels: { app: "web" } };
const target = { apiVersion: "apps/v1", kind: "Deployment", name: "web" };
const v2: KubeObject = {
  apiVersion: "autoscaling/v2",
  kind: "HorizontalPodAutoscaler",
  metadata: { name: "web", namespace: "default" },
  spec: {
    scaleTargetRef: target,
    minReplicas: 1,
    maxReplicas: 5,
    metrics: [
      { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 60 } } },
      { type: "Resource", resource: { name: "memory", target: { type: "AverageValue", averageValue: "1Gi" } } },
      {
        type: "ContainerResource",
        containerResource: { name: "cpu", container: "app", target: { type: "Utilization", averageUtilization: 70 } },
      },
      { type: "Pods", pods: { metric: { name: "qps", selector: sel }, target: { type: "AverageValue", averageValue: "10" } } },
      {
        type: "Object",
        object: {
          describedObject: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" },
          metric: { name: "hits" },
          target: { type: "Value", value: "2k" },
        },
      },
      { type: "External", external: { metric: { name: "queue", selector: sel }, target: { type: "AverageValue", averageValue: "30" } } },
    ],
  },
  status: {
    currentReplicas: 2,
    desiredReplicas: 3,
    currentMetrics: [
      { type: "Resource", resource: { name: "cpu", current: { averageUtilization: 55, averageValue: "300m" } } },
      { type: "Resource", resource: { name: "memory", current: { averageValue: "900Mi" } } },
      { type: "ContainerResource", containerResource: { name: "cpu", container: "app", current: { averageUtilization: 65 } } },
      { type: "Pods", pods: { metric: { name: "qps" }, current: { averageValue: "9" } } },
      {
        type: "Object",
        object: {
          describedObject: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" },
          metric: { name: "hits" },
          current: { value: "1k", averageValue: "500" },
        },
      },
      { type: "External", external: { metric: { name: "queue" }, current: { averageValue: "25" } } },
    ],
  },
};

describe("HPA metric conversion", () => {
  const v1 = hpaToV1(structuredClone(v2));
  const annotations = v1.metadata?.annotations ?? {};

  it("writes v2's spec metrics (but the CPU utilization target) in v1's MetricSpec shape", () => {
    expect(v1.spec).toEqual({ scaleTargetRef: target, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 60 });
    expect(annotations[METRICS_ANNOTATION]).toBe(
      JSON.stringify([
        { type: "Resource", resource: { name: "memory", targetAverageValue: "1Gi" } },
        { type: "ContainerResource", containerResource: { name: "cpu", targetAverageUtilization: 70, container: "app" } },
        { type: "Pods", pods: { metricName: "qps", targetAverageValue: "10", selector: sel } },
        {
          type: "Object",
          object: { target: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" }, metricName: "hits", targetValue: "2k" },
        },
        { type: "External", external: { metricName: "queue", metricSelector: sel, targetAverageValue: "30" } },
      ]),
    );
  });

  it("writes v2's current metrics in v1's MetricStatus shape, its unset quantities \"0\"", () => {
    expect(v1.status).toEqual({ currentReplicas: 2, desiredReplicas: 3, currentCPUUtilizationPercentage: 55 });
    expect(annotations[CURRENT_METRICS_ANNOTATION]).toBe(
      JSON.stringify([
        { type: "Resource", resource: { name: "cpu", currentAverageUtilization: 55, currentAverageValue: "300m" } },
        { type: "Resource", resource: { name: "memory", currentAverageValue: "900Mi" } },
        {
          type: "ContainerResource",
          containerResource: { name: "cpu", currentAverageUtilization: 65, currentAverageValue: "0", container: "app" },
        },
        { type: "Pods", pods: { metricName: "qps", currentAverageValue: "9" } },
        {
          type: "Object",
          object: {
            target: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" },
            metricName: "hits",
            currentValue: "1k",
            averageValue: "500",
          },
        },
        { type: "External", external: { metricName: "queue", currentValue: "0", currentAverageValue: "25" } },
      ]),
    );
  });

  it("reads them back into v2's shapes, targets typed, in upstream's field order", () => {
    const back = hpaToV2(structuredClone(v1));
    expect(JSON.stringify((back.spec as { metrics: unknown }).metrics)).toBe(
      JSON.stringify([
        { type: "Resource", resource: { name: "memory", target: { type: "AverageValue", averageValue: "1Gi" } } },
        {
          type: "ContainerResource",
          containerResource: { name: "cpu", target: { type: "Utilization", averageUtilization: 70 }, container: "app" },
        },
        { type: "Pods", pods: { metric: { name: "qps", selector: sel }, target: { type: "AverageValue", averageValue: "10" } } },
        {
          type: "Object",
          object: {
            describedObject: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" },
            target: { type: "Value", value: "2k" },
            metric: { name: "hits" },
          },
        },
        { type: "External", external: { metric: { name: "queue", selector: sel }, target: { type: "AverageValue", averageValue: "30" } } },
        { type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 60 } } },
      ]),
    );
    expect(JSON.stringify((back.status as { currentMetrics: unknown }).currentMetrics)).toBe(
      JSON.stringify([
        { type: "Resource", resource: { name: "cpu", current: { averageValue: "300m", averageUtilization: 55 } } },
        { type: "Resource", resource: { name: "memory", current: { averageValue: "900Mi" } } },
        {
          type: "ContainerResource",
          containerResource: { name: "cpu", current: { averageValue: "0", averageUtilization: 65 }, container: "app" },
        },
        { type: "Pods", pods: { metric: { name: "qps" }, current: { averageValue: "9" } } },
        {
          type: "Object",
          object: {
            metric: { name: "hits" },
            current: { value: "1k", averageValue: "500" },
            describedObject: { apiVersion: "networking.k8s.io/v1", kind: "Ingress", name: "main" },
          },
        },
        { type: "External", external: { metric: { name: "queue" }, current: { value: "0", averageValue: "25" } } },
      ]),
    );
  });
});
