/**
 * Issue #16 against upstream 1.34, session 12: ResourceQuota `hard` (and status) resource names
 * and whole values for integer resources (ValidateResourceQuotaResourceName,
 * ValidateResourceQuantityValue), and LimitRange resource names (validateLimitRangeResourceName).
 */
import { describe, expect, it } from "vitest";
import { resourceQuotaStatusStrategy, resourceQuotaStrategy } from "../../../apiserver/registry/resources/resourcequotas/strategy.js";
import { limitRangeStrategy } from "../../../apiserver/registry/resources/limitranges/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const quota = (hard: Record<string, string>, status?: object): KubeObject => ({
  apiVersion: "v1",
  kind: "ResourceQuota",
  metadata: { name: "q", namespace: "d", resourceVersion: "1" },
  spec: { hard },
  ...(status && { status }),
});

const limits = (items: object[]): KubeObject => ({
  apiVersion: "v1",
  kind: "LimitRange",
  metadata: { name: "l", namespace: "d", resourceVersion: "1" },
  spec: { limits: items },
});

const errors = (obj: KubeObject, strategy: typeof resourceQuotaStrategy) => (strategy.validate?.(obj) ?? []).map(errorText);

describe("ResourceQuota hard resource names and values", () => {
  it("accepts standard, count/, extended and hugepages names with fitting values", () => {
    expect(
      errors(
        quota({
          cpu: "1500m",
          "requests.memory": "1Gi",
          pods: "10",
          "count/deployments.apps": "3",
          "count/pods": "4",
          "requests.nvidia.com/gpu": "2",
          "requests.hugepages-2Mi": "1Gi",
          "hugepages-1Gi": "2Gi",
          "example.com/foo": "1",
        }),
        resourceQuotaStrategy,
      ),
    ).toEqual([]);
  });

  it("refuses names that are no resource a quota tracks, with upstream's words", () => {
    expect(errors(quota({ storage: "1Gi" }), resourceQuotaStrategy)).toEqual([
      'spec.hard[storage]: Invalid value: "storage": must be a standard resource for quota',
    ]);
    expect(errors(quota({ widgets: "1" }), resourceQuotaStrategy)).toEqual([
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified',
      'spec.hard[widgets]: Invalid value: "widgets": must be a standard resource for quota',
    ]);
    expect(errors(quota({ "bad name": "1" }), resourceQuotaStrategy)[0]).toBe(
      "spec.hard[bad name]: Invalid value: \"bad name\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
  });

  it("refuses fractions of integer resources (counts, count/..., extended), not of cpu", () => {
    expect(errors(quota({ pods: "1500m", "count/secrets": "0.5", "example.com/foo": "2.5", cpu: "0.5" }), resourceQuotaStrategy)).toEqual([
      'spec.hard[pods]: Invalid value: "1500m": must be an integer',
      'spec.hard[count/secrets]: Invalid value: "500m": must be an integer',
      'spec.hard[example.com/foo]: Invalid value: "2500m": must be an integer',
    ]);
    expect(errors(quota({ "requests.example.com/foo": "0.5" }), resourceQuotaStrategy)).toEqual([]);
  });

  it("reports a negative value before its fraction", () => {
    expect(errors(quota({ secrets: "-1.5" }), resourceQuotaStrategy)).toEqual([
      'spec.hard[secrets]: Invalid value: "-1500m": must be greater than or equal to 0',
      'spec.hard[secrets]: Invalid value: "-1500m": must be an integer',
    ]);
  });

  it("checks status hard and used the same way on /status", () => {
    const q = quota({ pods: "1" }, { hard: { pods: "1", storage: "1" }, used: { pods: "0.5" } });
    expect((resourceQuotaStatusStrategy.validateUpdate?.(q, quota({ pods: "1" })) ?? []).map(errorText)).toEqual([
      'status.hard[storage]: Invalid value: "storage": must be a standard resource for quota',
      'status.used[pods]: Invalid value: "500m": must be an integer',
    ]);
  });
});

describe("LimitRange resource names", () => {
  it("takes container resource names in Container and Pod items", () => {
    expect(
      errors(limits([{ type: "Container", max: { cpu: "1", pods: "2" }, default: { "example.com/gpu": "1" } }]), limitRangeStrategy),
    ).toEqual(['spec.limits[0].max[pods]: Invalid value: "pods": must be a standard resource for containers']);
    expect(errors(limits([{ type: "Pod", min: { widgets: "1" } }]), limitRangeStrategy)).toEqual([
      'spec.limits[0].min[widgets]: Invalid value: "widgets": must be a standard resource type or fully qualified',
      'spec.limits[0].min[widgets]: Invalid value: "widgets": must be a standard resource for containers',
    ]);
    expect(errors(limits([{ type: "Container", maxLimitRequestRatio: { "foo.kubernetes.io/x": "2" } }]), limitRangeStrategy)).toEqual([]);
    expect(errors(limits([{ type: "Container", defaultRequest: { "requests.example.com/gpu": "1" } }]), limitRangeStrategy)).toEqual([
      'spec.limits[0].defaultRequest[requests.example.com/gpu]: Invalid value: "requests.example.com/gpu": doesn\'t follow extended resource name standard',
    ]);
  });

  it("takes any resource name in other items", () => {
    expect(errors(limits([{ type: "PersistentVolumeClaim", max: { storage: "1Gi" } }]), limitRangeStrategy)).toEqual([]);
    expect(errors(limits([{ type: "PersistentVolumeClaim", max: { storage: "1Gi", disk: "1" } }]), limitRangeStrategy)).toEqual([
      'spec.limits[0].max[disk]: Invalid value: "disk": must be a standard resource type or fully qualified',
    ]);
  });
});
