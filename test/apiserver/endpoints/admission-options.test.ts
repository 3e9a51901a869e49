/**
 * The options object admission sees for a write (`request.options` of an AdmissionReview): the
 * meta/v1 kind first, dryRun as upstream's list, unset options and the storage's admission left out.
 */
import { describe, expect, it } from "vitest";
import { optionsObject } from "../../../apiserver/endpoints/handlers/mutation.js";

describe("admission options", () => {
  it("writes the meta/v1 kind, then the options set, in order, dryRun as [All]", () => {
    const admission = { mutate: () => Promise.resolve(), validate: () => Promise.resolve() };
    const out = optionsObject("CreateOptions", { dryRun: true, fieldManager: "m", fieldValidation: undefined, admission });
    expect(out).toEqual({ kind: "CreateOptions", apiVersion: "meta.k8s.io/v1", dryRun: ["All"], fieldManager: "m" });
    expect(Object.keys(out)).toEqual(["kind", "apiVersion", "dryRun", "fieldManager"]);
  });

  it("leaves dryRun out when false, and keeps other values as they are", () => {
    const out = optionsObject("DeleteOptions", { dryRun: false, gracePeriodSeconds: 0, propagationPolicy: "Foreground" });
    expect(out).toEqual({ kind: "DeleteOptions", apiVersion: "meta.k8s.io/v1", gracePeriodSeconds: 0, propagationPolicy: "Foreground" });
    expect("dryRun" in out).toBe(false);
  });
});
