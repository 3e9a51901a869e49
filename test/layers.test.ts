/**
 * The layers of DESIGN.md import one way, and folders form no new cycles: the rules are
 * dependency-cruiser's (.dependency-cruiser.cjs), run here so `npm test` fails on a new violation.
 */
import { createRequire } from "node:module";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

async function cruiseTree(): Promise<ICruiseResult> {
  const config = require("../.dependency-cruiser.cjs") as { forbidden: unknown[]; options: Record<string, unknown> };
  const known = require("../.dependency-cruiser-known-violations.json") as unknown[];
  const reported = await cruise(["."], {
    ...config.options,
    ruleSet: { forbidden: config.forbidden },
    knownViolations: known,
    validate: true,
  } as never);
  return reported.output as ICruiseResult;
}

describe("layering", () => {
  it("no import breaks a layer rule or closes a folder cycle", async () => {
    const result = await cruiseTree();
    // The rules must have run: a cruise of this tree sees hundreds of modules.
    expect(result.summary.totalCruised).toBeGreaterThan(100);
    const errors = result.summary.violations
      .filter((v) => v.rule.severity === "error")
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => c.name).join(" -> ")})` : ""}`);
    expect(errors).toEqual([]);
  });

  it("the rules catch an upward import and a folder cycle", async () => {
    const { forbidden } = require("../.dependency-cruiser.cjs") as { forbidden: { name: string }[] };
    const names = forbidden.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(["runtime-below-generated", "generator-alone", "no-folder-cycles", "apiserver-registry-below-endpoints"]),
    );
  });
});
