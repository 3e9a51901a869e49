/**
 * Issue #16 against upstream 1.34, session 12: Job spec rules (backoffLimitPerIndex and
 * maxFailedIndexes, the Indexed limits, managedBy, successPolicy, their immutability) and the
 * Job `/status` rules upstream's strategy applies from the stored status (ValidateJobStatusUpdate).
 */
import { describe, expect, it } from "vitest";
import { jobStatusStrategy, jobStrategy } from "../../../apiserver/registry/resources/jobs/strategy.js";
import { cronJobStrategy } from "../../../apiserver/registry/resources/cronjobs/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { countIndexes, indexesOverlap } from "../../../apiserver/registry/validation/job-indexes.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const job = (spec: Record<string, unknown>, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: { name: "j", namespace: "d", uid: "u1", resourceVersion: "1" },
  spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "c", image: "x" }] } }, ...spec },
  ...(status && { status }),
});

function createErrors(obj: KubeObject): string[] {
  jobStrategy.defaults?.(obj);
  jobStrategy.prepareForCreate?.(obj);
  return (jobStrategy.validate?.(obj) ?? []).map(errorText);
}

function updateErrors(obj: KubeObject, old: KubeObject): string[] {
  for (const o of [old, obj]) {
    jobStrategy.defaults?.(o);
    jobStrategy.prepareForCreate?.(o);
  }
  return (jobStrategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

const indexed = (more: Record<string, unknown> = {}) => ({ completionMode: "Indexed", completions: 10, ...more });

describe("Job per-index backoff and the Indexed limits", () => {
  it("accepts upstream's valid high-completions shapes", () => {
    expect(
      createErrors(job(indexed({ completions: 100_000, parallelism: 100_000, maxFailedIndexes: 100_000, backoffLimitPerIndex: 1 }))),
    ).toEqual([]);
    expect(
      createErrors(job(indexed({ completions: 1e9, parallelism: 10_000, maxFailedIndexes: 10_000, backoffLimitPerIndex: 1 }))),
    ).toEqual([]);
    expect(createErrors(job(indexed({ parallelism: 100_000 })))).toEqual([]);
  });

  it("refuses the per-index fields on NonIndexed Jobs", () => {
    expect(createErrors(job({ backoffLimitPerIndex: 1 }))).toEqual([
      "spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode",
    ]);
    expect(createErrors(job({ backoffLimitPerIndex: 1, maxFailedIndexes: 2 }))).toEqual([
      "spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode",
      "spec.maxFailedIndexes: Invalid value: 2: requires indexed completion mode",
    ]);
  });

  it("checks the bounds in upstream's order", () => {
    expect(createErrors(job({ completionMode: "Indexed", parallelism: 1, backoffLimitPerIndex: -1 }))).toEqual([
      "spec.backoffLimitPerIndex: Invalid value: -1: must be greater than or equal to 0",
      "spec.completions: Required value: when completion mode is Indexed",
    ]);
    expect(createErrors(job({ completionMode: "Indexed", parallelism: 1, maxFailedIndexes: 1 }))).toEqual([
      "spec.backoffLimitPerIndex: Required value: when maxFailedIndexes is specified",
      "spec.completions: Required value: when completion mode is Indexed",
    ]);
    expect(createErrors(job(indexed({ maxFailedIndexes: 11, backoffLimitPerIndex: 1 })))).toEqual([
      "spec.maxFailedIndexes: Invalid value: 11: must be less than or equal to completions",
    ]);
    expect(createErrors(job(indexed({ completions: 100_001, backoffLimitPerIndex: 1 })))).toEqual([
      "spec.maxFailedIndexes: Required value: must be specified when completions is above 100000",
    ]);
    expect(createErrors(job(indexed({ completions: 100_001, parallelism: 50_000, maxFailedIndexes: 1, backoffLimitPerIndex: 1 })))).toEqual(
      [
        "spec.parallelism: Invalid value: 50000: must be less than or equal to 10000 when completions are above 100000 and used with backoff limit per index",
      ],
    );
    expect(
      createErrors(job(indexed({ completions: 100_001, parallelism: 1, maxFailedIndexes: 100_001, backoffLimitPerIndex: 1 }))),
    ).toEqual([
      "spec.maxFailedIndexes: Invalid value: 100001: must be less than or equal to 100000",
      "spec.maxFailedIndexes: Invalid value: 100001: must be less than or equal to 10000 when completions are above 100000 and used with backoff limit per index",
    ]);
    expect(createErrors(job(indexed({ parallelism: 100_001 })))).toEqual([
      "spec.parallelism: Invalid value: 100001: must be less than or equal to 100000 when completion mode is Indexed",
    ]);
  });

  it("makes backoffLimitPerIndex immutable", () => {
    expect(updateErrors(job(indexed({ backoffLimitPerIndex: 2 })), job(indexed({ backoffLimitPerIndex: 1 })))).toEqual([
      "spec.backoffLimitPerIndex: Invalid value: 2: field is immutable",
    ]);
  });
});

describe("Job managedBy", () => {
  it("takes a domain-prefixed path of at most 63 bytes", () => {
    expect(createErrors(job({ managedBy: "example.com/foo" }))).toEqual([]);
    expect(createErrors(job({ managedBy: "invalid custom controller name" }))).toEqual([
      'spec.managedBy: Invalid value: "invalid custom controller name": must be a domain-prefixed path (such as "acme.io/foo")',
    ]);
    expect(createErrors(job({ managedBy: `example.com/${"x".repeat(60)}` }))).toEqual([
      "spec.managedBy: Too long: may not be more than 63 bytes",
    ]);
    expect(createErrors(job({ managedBy: "Example.com/x y" }))).toEqual([
      `spec.managedBy: Invalid value: "Example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      `spec.managedBy: Invalid value: "x y": Invalid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')`,
    ]);
  });

  it("is immutable", () => {
    expect(updateErrors(job({ managedBy: "example.com/b" }), job({ managedBy: "example.com/a" }))).toEqual([
      'spec.managedBy: Invalid value: "example.com/b": field is immutable',
    ]);
    expect(updateErrors(job({}), job({ managedBy: "example.com/a" }))).toEqual(["spec.managedBy: Invalid value: null: field is immutable"]);
  });
});

describe("Job successPolicy", () => {
  it("accepts rules of counts and indexes on Indexed Jobs", () => {
    expect(
      createErrors(
        job(indexed({ successPolicy: { rules: [{ succeededCount: 1, succeededIndexes: "0,2,4" }, { succeededIndexes: "1,3,5-9" }] } })),
      ),
    ).toEqual([]);
  });

  it("needs the Indexed mode", () => {
    expect(createErrors(job({ successPolicy: { rules: [] } }))).toEqual([
      "spec.successPolicy: Invalid value: batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{}}: requires indexed completion mode",
    ]);
  });

  it("checks the rules with upstream's words", () => {
    expect(createErrors(job(indexed({ completions: 5, successPolicy: {} })))).toEqual([
      "spec.successPolicy.rules: Required value: at least one rules must be specified when the successPolicy is specified",
    ]);
    expect(createErrors(job(indexed({ completions: 5, successPolicy: { rules: [{}] } })))).toEqual([
      "spec.successPolicy.rules[0]: Required value: at least one of succeededCount or succeededIndexes must be specified",
    ]);
    expect(createErrors(job(indexed({ completions: 5, successPolicy: { rules: [{ succeededIndexes: "invalid-format" }] } })))).toEqual([
      'spec.successPolicy.rules[0].succeededIndexes: Invalid value: "invalid-format": error parsing succeededIndexes: cannot convert string to integer for index: "invalid"',
    ]);
    expect(createErrors(job(indexed({ completions: 5, successPolicy: { rules: [{ succeededCount: 6 }] } })))).toEqual([
      "spec.successPolicy.rules[0].succeededCount: Invalid value: 6: must be less than or equal to 5 (the number of specified completions)",
    ]);
    expect(
      createErrors(job(indexed({ completions: 5, successPolicy: { rules: [{ succeededCount: 4, succeededIndexes: "0-2" }] } }))),
    ).toEqual([
      "spec.successPolicy.rules[0].succeededCount: Invalid value: 4: must be less than or equal to 3 (the number of indexes in the specified succeededIndexes field)",
    ]);
    expect(createErrors(job(indexed({ completions: 5, successPolicy: { rules: [{ succeededCount: -1 }] } })))).toEqual([
      "spec.successPolicy.rules[0].succeededCount: Invalid value: -1: must be greater than or equal to 0",
    ]);
    const rules = Array.from({ length: 21 }, () => ({ succeededCount: 5 }));
    expect(createErrors(job(indexed({ completions: 5, successPolicy: { rules } })))).toEqual([
      "spec.successPolicy.rules: Too many: 21: must have at most 20 items",
    ]);
  });

  it("is immutable", () => {
    const old = job(indexed({ successPolicy: { rules: [{ succeededCount: 1 }] } }));
    expect(updateErrors(job(indexed({ successPolicy: { rules: [{ succeededCount: 2 }] } })), old)).toEqual([
      "spec.successPolicy: Invalid value: batch.SuccessPolicy{Rules:[]batch.SuccessPolicyRule{batch.SuccessPolicyRule{SucceededIndexes:(*string)(nil), SucceededCount:(*int32)(0xc000000000)}}}: field is immutable",
    ]);
  });

  it("applies to CronJob job templates too", () => {
    const cj: KubeObject = {
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { name: "c", namespace: "d", resourceVersion: "1" },
      spec: {
        schedule: "* * * * *",
        jobTemplate: {
          spec: { backoffLimitPerIndex: 1, template: { spec: { restartPolicy: "Never", containers: [{ name: "c", image: "x" }] } } },
        },
      },
    };
    cronJobStrategy.defaults?.(cj);
    expect((cronJobStrategy.validate?.(cj) ?? []).map(errorText)).toEqual([
      "spec.jobTemplate.spec.backoffLimitPerIndex: Invalid value: 1: requires indexed completion mode",
    ]);
  });
});

describe("index lists (validateIndexesFormat)", () => {
  it("counts ordered intervals below completions and names the first fault", () => {
    expect(countIndexes("", 3)).toBe(0);
    expect(countIndexes("0,2-4,7", 8)).toBe(5);
    expect(countIndexes("1-2-3", 8)).toBe(
      "the fragment \"1-2-3\" violates the requirement that an index interval can have at most two parts separated by '-'",
    );
    expect(countIndexes("8", 8)).toBe('too large index: "8"');
    expect(countIndexes("3,2", 8)).toBe("non-increasing order, previous: 3, current: 2");
    expect(countIndexes("3-3", 8)).toBe("non-increasing order, previous: 3, current: 3");
    expect(indexesOverlap("0-3,7", "4-6,7", 8)).toBe("failedIndexes and completedIndexes overlap at index: 7");
    expect(indexesOverlap("0-3", "4-6", 8)).toBeUndefined();
  });
});

describe("Job /status (ValidateJobStatusUpdate with the strategy's options)", () => {
  const T0 = "2026-01-01T00:00:00Z";
  const T1 = "2026-01-01T00:01:00Z";
  function statusErrors(spec: Record<string, unknown>, oldStatus: Record<string, unknown>, status: Record<string, unknown>): string[] {
    const old = job(spec, oldStatus);
    jobStrategy.defaults?.(old);
    const obj: KubeObject = { ...structuredClone(old), status };
    jobStatusStrategy.prepareForUpdate?.(obj, old);
    return (jobStatusStrategy.validateUpdate?.(obj, old) ?? []).map(errorText);
  }
  const cond = (type: string, status = "True") => ({ type, status });

  it("accepts the controller's usual path to Complete", () => {
    expect(statusErrors({}, {}, { active: 1, ready: 1, startTime: T0 })).toEqual([]);
    expect(
      statusErrors(
        {},
        { active: 1, startTime: T0 },
        { succeeded: 1, startTime: T0, completionTime: T1, conditions: [cond("SuccessCriteriaMet"), cond("Complete")] },
      ),
    ).toEqual([]);
  });

  it("refuses terminal conditions without what goes with them", () => {
    expect(statusErrors({}, { active: 1 }, { active: 1, conditions: [cond("Complete")] })).toEqual([
      "status.completionTime: Required value: completionTime is required for Complete jobs",
      "status.conditions: Invalid value: cannot set Complete=True condition without the SuccessCriteriaMet=true condition",
      "status.active: Invalid value: 1: active>0 is invalid for finished job",
      "status.startTime: Required value: startTime is required for finished job",
    ]);
    expect(statusErrors({}, {}, { startTime: T0, conditions: [cond("Failed")] })).toEqual([
      "status.conditions: Invalid value: cannot set Failed=True condition without the FailureTarget=true condition",
    ]);
  });

  it("never lets a terminal condition or a counter go back", () => {
    expect(
      statusErrors({}, { failed: 2, startTime: T0, conditions: [cond("FailureTarget"), cond("Failed")] }, { failed: 1, startTime: T0 }),
    ).toEqual([
      "status.conditions: Invalid value: cannot disable the terminal Failed=True condition",
      "status.conditions: Invalid value: cannot disable the terminal FailureTarget=True condition",
      "status.failed: Invalid value: 1: cannot decrease the failed counter",
    ]);
    expect(statusErrors({}, { succeeded: 2 }, { succeeded: 1 })).toEqual([
      "status.succeeded: Invalid value: 1: cannot decrease the succeeded counter",
    ]);
    // An Indexed Job with parallelism equal to completions may scale down.
    expect(statusErrors(indexed({ parallelism: 10 }), { succeeded: 2 }, { succeeded: 1 })).toEqual([]);
  });

  it("checks times: not mutated, not before the start, start kept for a running Job", () => {
    const done = { succeeded: 1, startTime: T0, completionTime: T1, conditions: [cond("SuccessCriteriaMet"), cond("Complete")] };
    expect(statusErrors({}, done, { ...done, completionTime: "2026-01-01T00:02:00Z" })).toEqual([
      "status.completionTime: Invalid value: 2026-01-01 00:02:00 +0000 UTC: completionTime cannot be mutated",
    ]);
    expect(statusErrors({}, {}, { startTime: T1, completionTime: T0 })).toEqual([
      "status.completionTime: Invalid value: 2026-01-01 00:00:00 +0000 UTC: cannot set completionTime when there is no Complete=True condition",
      "status.completionTime: Invalid value: 2026-01-01 00:00:00 +0000 UTC: completionTime cannot be set before startTime",
    ]);
    expect(statusErrors({}, { startTime: T0 }, {})).toEqual([
      "status.startTime: Required value: startTime cannot be removed for unsuspended job",
    ]);
    expect(statusErrors({ suspend: true }, { startTime: T0 }, {})).toEqual([]);
  });

  it("checks indexes only when they change", () => {
    const spec = indexed({ completions: 5, backoffLimitPerIndex: 1 });
    expect(statusErrors(spec, {}, { completedIndexes: "0-7" })).toEqual([
      'status.completedIndexes: Invalid value: "0-7": error parsing completedIndexes: too large index: "7"',
    ]);
    expect(statusErrors(spec, { completedIndexes: "0-7" }, { completedIndexes: "0-7", active: 1 })).toEqual([]);
    expect(statusErrors(spec, {}, { completedIndexes: "1-2", failedIndexes: "2,4" })).toEqual([
      'status.failedIndexes: Invalid value: "2,4": failedIndexes and completedIndexes overlap at index: 2',
    ]);
    expect(statusErrors({}, {}, { completedIndexes: "0", failedIndexes: "1" })).toEqual(
      [
        'status.completedIndexes: Invalid value: "0": cannot set non-empty completedIndexes when non-indexed completion mode',
        'status.failedIndexes: Invalid value: "1": cannot set non-null failedIndexes when backoffLimitPerIndex is null',
      ].filter((e) => !e.includes("too large")),
    );
  });

  it("checks ready against active and terminating for finished Jobs", () => {
    expect(statusErrors({}, {}, { active: 1, ready: 2 })).toEqual([
      "status.ready: Invalid value: 2: cannot set more ready pods than active",
    ]);
    expect(statusErrors({}, {}, { ready: 2 })).toEqual(["status.ready: Invalid value: 2: cannot set more ready pods than active"]);
    expect(statusErrors({}, { active: 0, ready: 2 }, { active: 0, ready: 2, succeeded: 1 })).toEqual([]);
  });

  it("keeps SuccessCriteriaMet once set and off a Job already Complete", () => {
    const met = { startTime: T0, conditions: [cond("SuccessCriteriaMet")] };
    expect(statusErrors({}, met, { startTime: T0 })).toEqual([
      "status.conditions: Invalid value: cannot disable the SuccessCriteriaMet=True condition",
    ]);
    expect(statusErrors({}, {}, { conditions: [cond("SuccessCriteriaMet"), cond("FailureTarget")] })).toEqual([
      "status.conditions: Invalid value: cannot set SuccessCriteriaMet=True and FailureTarget=true conditions",
    ]);
  });
});
