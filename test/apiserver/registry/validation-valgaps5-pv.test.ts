/**
 * Issue #16 against upstream 1.34, session 12: PersistentVolume status `lastPhaseTransitionTime`
 * as upstream's status strategy; `nodeAffinity` (required for local volumes) and the storage
 * class name as ValidatePersistentVolumeSpec.
 */
import { describe, expect, it } from "vitest";
import { pvStatusStrategy, pvStrategy } from "../../../apiserver/registry/resources/persistentvolumes/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const OLD_TIME = "2020-01-01T00:00:00Z";
const pv = (status: Record<string, unknown>): KubeObject => ({
  apiVersion: "v1",
  kind: "PersistentVolume",
  metadata: { name: "pv", resourceVersion: "1" },
  spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/tmp" } },
  status,
});

function update(oldStatus: Record<string, unknown>, status: Record<string, unknown>): Record<string, unknown> {
  const old = pv(oldStatus);
  const obj = pv(status);
  pvStatusStrategy.prepareForUpdate?.(obj, old);
  return obj.status as Record<string, unknown>;
}

describe("PersistentVolume lastPhaseTransitionTime", () => {
  it("is stamped when the phase changes and the request kept or omitted the time", () => {
    for (const sent of [{ phase: "Available" }, { phase: "Available", lastPhaseTransitionTime: OLD_TIME }]) {
      const status = update({ phase: "Pending", lastPhaseTransitionTime: OLD_TIME }, sent);
      expect(status.phase).toBe("Available");
      expect(status.lastPhaseTransitionTime).not.toBe(OLD_TIME);
      expect(status.lastPhaseTransitionTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
  });

  it("keeps a time the request chose, and the stored one when the phase stays", () => {
    const chosen = "2021-06-01T12:00:00Z";
    expect(update({ phase: "Pending", lastPhaseTransitionTime: OLD_TIME }, { phase: "Bound", lastPhaseTransitionTime: chosen })).toEqual({
      phase: "Bound",
      lastPhaseTransitionTime: chosen,
    });
    expect(update({ phase: "Bound", lastPhaseTransitionTime: OLD_TIME }, { phase: "Bound", message: "m" })).toEqual({
      phase: "Bound",
      message: "m",
      lastPhaseTransitionTime: OLD_TIME,
    });
  });
});

describe("PersistentVolume node affinity and class name", () => {
  const errors = (spec: Record<string, unknown>): string[] => {
    const obj = pv({});
    obj.spec = { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], ...spec };
    pvStrategy.defaults?.(obj);
    pvStrategy.prepareForCreate?.(obj);
    return (pvStrategy.validate?.(obj) ?? []).map(errorText);
  };
  const affinity = (values: string[]) => ({
    required: { nodeSelectorTerms: [{ matchExpressions: [{ key: "kubernetes.io/hostname", operator: "In", values }] }] },
  });

  it("a local volume requires node affinity", () => {
    expect(errors({ local: { path: "/mnt/disk" }, nodeAffinity: affinity(["node-1"]) })).toEqual([]);
    expect(errors({ local: { path: "/mnt/disk" } })).toEqual(["spec.nodeAffinity: Required value: Local volume requires node affinity"]);
  });

  it("node affinity needs required terms", () => {
    expect(errors({ hostPath: { path: "/tmp" }, nodeAffinity: {} })).toEqual([
      "spec.nodeAffinity.required: Required value: must specify required node constraints",
    ]);
    expect(errors({ hostPath: { path: "/tmp" }, nodeAffinity: { required: { nodeSelectorTerms: [] } } })).toEqual([
      "spec.nodeAffinity.required.nodeSelectorTerms: Required value: must have at least one node selector term",
    ]);
    expect(errors({ hostPath: { path: "/tmp" }, nodeAffinity: affinity([]) })).toEqual([
      "spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ]);
  });

  it("the storage class name is a DNS subdomain", () => {
    expect(errors({ hostPath: { path: "/tmp" }, storageClassName: "fast-ssd" })).toEqual([]);
    expect(errors({ hostPath: { path: "/tmp" }, storageClassName: "Fast_SSD" })[0]).toMatch(
      /^spec\.storageClassName: Invalid value: "Fast_SSD": a lowercase RFC 1123 subdomain/,
    );
  });
});
