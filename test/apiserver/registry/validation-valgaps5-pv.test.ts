/** Issue #16 against upstream 1.34, session 12: PersistentVolume status `lastPhaseTransitionTime` as upstream's status strategy. */
import { describe, expect, it } from "vitest";
import { pvStatusStrategy } from "../../../apiserver/registry/resources/persistentvolumes/strategy.js";
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
