/** The CronJob schedule parser (robfig/cron's standard syntax, as upstream accepts it) and Quantity parsing. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cronScheduleError } from "../../../apiserver/registry/validation/cron.js";
import { parseQuantity } from "../../../runtime/quantity.js";

describe("cron schedules", () => {
  it("accepts the standard forms", () => {
    for (const s of [
      "* * * * *",
      "*/5 * * * *",
      "0 0 1 1 *",
      "0-30/10 9-17 * JAN-DEC MON-FRI",
      "15 3 * * sun",
      "0 0 ? * 1,3,5",
      "@hourly",
      "@daily",
      "@midnight",
      "@weekly",
      "@monthly",
      "@yearly",
      "@annually",
      "@every 1h30m",
    ]) {
      expect(cronScheduleError(s), s).toBe("");
    }
  });

  it("refuses with robfig's messages", () => {
    expect(cronScheduleError("")).toBe("empty spec string");
    expect(cronScheduleError("* * * *")).toBe("expected exactly 5 fields, found 4: [* * * *]");
    expect(cronScheduleError("* * * * * *")).toBe("expected exactly 5 fields, found 6: [* * * * * *]");
    expect(cronScheduleError("60 * * * *")).toBe("end of range (60) above maximum (59): 60");
    expect(cronScheduleError("* * 0 * *")).toBe("beginning of range (0) below minimum (1): 0");
    expect(cronScheduleError("5-1 * * * *")).toBe("beginning of range (5) beyond end of range (1): 5-1");
    expect(cronScheduleError("*/0 * * * *")).toBe("step of range should be a positive number: */0");
    expect(cronScheduleError("* * * FOO *")).toBe('failed to parse int from FOO: strconv.Atoi: parsing "FOO": invalid syntax');
    expect(cronScheduleError("@fortnightly")).toBe("unrecognized descriptor: @fortnightly");
  });

  it("every in-range value of every field parses; one past the maximum does not", () => {
    const max = [59, 23, 31, 12, 6];
    const min = [0, 0, 1, 1, 0];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 59 }), (field, raw) => {
        const v = min[field]! + (raw % (max[field]! - min[field]! + 1));
        const fields = ["*", "*", "*", "*", "*"];
        fields[field] = String(v);
        expect(cronScheduleError(fields.join(" "))).toBe("");
        fields[field] = String(max[field]! + 1);
        expect(cronScheduleError(fields.join(" "))).toMatch(/above maximum/);
      }),
      { seed: 16, numRuns: 50 },
    );
  });
});

describe("quantities", () => {
  it("parses the suffixes and exponents upstream accepts", () => {
    expect(parseQuantity("100m")).toBeCloseTo(0.1);
    expect(parseQuantity("1Gi")).toBe(2 ** 30);
    expect(parseQuantity("1G")).toBe(1e9);
    expect(parseQuantity("1.5")).toBe(1.5);
    expect(parseQuantity("2e3")).toBe(2000);
    expect(parseQuantity(".5Ki")).toBe(512);
    expect(parseQuantity(3)).toBe(3);
    for (const bad of ["", "one", "1 Gi", "1GiB", "--1", " 1"]) expect(parseQuantity(bad), bad).toBeUndefined();
  });

  // Parsed values are remembered: a repeat, past the memo's bound, or too long to be kept, reads the same.
  it("answers the same on every parse of a string", () => {
    const texts = ["250m", "256Mi", "bad", "1 Gi", `${"1".repeat(80)}m`, `${"1".repeat(80)}x`];
    const first = texts.map((t) => parseQuantity(t));
    for (let i = 0; i < 3000; i++) parseQuantity(`${i}Ki`);
    expect(texts.map((t) => parseQuantity(t))).toEqual(first);
    expect(texts.map((t) => parseQuantity(t))).toEqual(first);
    expect(first[0]).toBeCloseTo(0.25);
    expect(first[1]).toBe(256 * 2 ** 20);
    expect([first[2], first[3], first[5]]).toEqual([undefined, undefined, undefined]);
    expect(first[4]).toBeCloseTo(Number("1".repeat(80)) / 1000);
    expect(parseQuantity("2999Ki")).toBe(2999 * 1024);
  });
});
