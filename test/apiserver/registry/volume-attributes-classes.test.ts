/**
 * storage.k8s.io/v1 VolumeAttributesClasses: upstream's ValidateVolumeAttributesClass (a driver
 * name, at least one parameter under a StorageClass's limits) and ValidateVolumeAttributesClassUpdate
 * (driverName and parameters immutable), with upstream's messages.
 */
import { describe, expect, it } from "vitest";
import { volumeAttributesClassStrategy } from "../../../apiserver/registry/resources/volumeattributesclasses/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const vac = (extra: Record<string, unknown>, name = "gold"): KubeObject => ({
  apiVersion: "storage.k8s.io/v1",
  kind: "VolumeAttributesClass",
  metadata: { name, resourceVersion: "1" },
  ...extra,
});
const createErrors = (obj: KubeObject): string[] => (volumeAttributesClassStrategy.validate?.(obj) ?? []).map(errorText);
const updateErrors = (obj: KubeObject, old: KubeObject): string[] =>
  (volumeAttributesClassStrategy.validateUpdate?.(obj, old) ?? []).map(errorText);

describe("VolumeAttributesClass", () => {
  it("accepts a driver and parameters, and keeps no generation", () => {
    expect(createErrors(vac({ driverName: "ebs.csi.aws.com", parameters: { iops: "3000" } }))).toEqual([]);
    expect(createErrors(vac({ driverName: "EBS.csi.aws.com", parameters: { iops: "3000" } }))).toEqual([]);
    expect(volumeAttributesClassStrategy.trackGeneration).toBe(false);
  });

  it("requires a driver name and at least one parameter", () => {
    expect(createErrors(vac({}))).toEqual([
      "driverName: Required value",
      "parameters: Required value: must contain at least one key/value pair",
    ]);
    expect(createErrors(vac({ driverName: "csi.example.com", parameters: {} }))).toEqual([
      "parameters: Required value: must contain at least one key/value pair",
    ]);
  });

  it("checks the driver name as a qualified name and the parameters as a StorageClass's", () => {
    const errs = createErrors(vac({ driverName: "-bad-", parameters: { "": "x" } }));
    expect(errs[0]).toMatch(/^driverName: Invalid value: "-bad-": name part must consist of alphanumeric characters/);
    expect(errs).toContain('parameters: Invalid value: "": field can not be empty.');
    const many = Object.fromEntries(Array.from({ length: 513 }, (_, i) => [`k${i}`, "v"]));
    expect(createErrors(vac({ driverName: "csi.example.com", parameters: many }))).toEqual([
      "parameters: Too long: may not be more than 512 bytes",
    ]);
    expect(createErrors(vac({ driverName: "csi.example.com", parameters: { big: "x".repeat(256 * 1024) } }))).toEqual([
      "parameters: Too long: may not be more than 262144 bytes",
    ]);
  });

  it("forbids changing driverName or parameters; other fields may change", () => {
    const old = vac({ driverName: "csi.example.com", parameters: { tier: "silver" } });
    expect(updateErrors(vac({ driverName: "other.example.com", parameters: { tier: "gold" } }), old)).toEqual([
      "driverName: Forbidden: updates to driverName are forbidden.",
      "parameters: Forbidden: updates to parameters are forbidden.",
    ]);
    expect(updateErrors(vac({ driverName: "csi.example.com", parameters: { tier: "silver", extra: "x" } }), old)).toEqual([
      "parameters: Forbidden: updates to parameters are forbidden.",
    ]);
    const relabelled = vac({ driverName: "csi.example.com", parameters: { tier: "silver" } });
    relabelled.metadata!.labels = { a: "b" };
    expect(updateErrors(relabelled, old)).toEqual([]);
  });
});
