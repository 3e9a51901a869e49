/** PodSecurity's reading of namespace labels: levels and versions per mode, and the errors for bad ones. */
import { describe, expect, it } from "vitest";
import { policyOf } from "../../../apiserver/admission/pod-security.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";

describe("policyOf", () => {
  it("reads privileged:latest for every mode without labels", () => {
    for (const labels of [undefined, {}, { app: "x" }] as (Record<string, string> | undefined)[]) {
      const { policy, errors } = policyOf(labels);
      expect(errors).toEqual([]);
      expect(policy).toEqual({
        enforce: { level: "privileged", version: "latest" },
        audit: { level: "privileged", version: "latest" },
        warn: { level: "privileged", version: "latest" },
      });
    }
  });

  it("reads each mode's level and version, and reports bad ones in mode order", () => {
    const { policy, errors } = policyOf({
      "pod-security.kubernetes.io/enforce": "baseline",
      "pod-security.kubernetes.io/enforce-version": "v1.30",
      "pod-security.kubernetes.io/audit": "strict",
      "pod-security.kubernetes.io/warn-version": "1.30",
    });
    expect(policy).toEqual({
      enforce: { level: "baseline", version: "v1.30" },
      audit: { level: "restricted", version: "latest" },
      warn: { level: "privileged", version: "latest" },
    });
    expect(errors.map(errorText)).toEqual([
      'metadata.labels[pod-security.kubernetes.io/audit]: Invalid value: "strict": must be one of privileged, baseline, restricted',
      'metadata.labels[pod-security.kubernetes.io/warn-version]: Invalid value: "1.30": must be "latest" or "v1.x"',
    ]);
  });
});
