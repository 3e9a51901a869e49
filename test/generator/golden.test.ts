/**
 * Golden tests: each fixture API under test/fixtures/golden/<family>/api is generated and
 * compared with the committed expected/ output and the expected model. Run with
 * UPDATE_GOLDEN=1 to rewrite the expectations after an intended change.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.js";
import { modelSnapshot } from "../support/model-snapshot.js";

const ROOT = path.resolve("test/fixtures/golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";
const families = fs.readdirSync(ROOT).filter((d) => fs.existsSync(path.join(ROOT, d, "api")));

describe("golden fixtures", () => {
  it("has one fixture per tag family", () => {
    expect(families.sort()).toEqual(["deepcopy", "genclient", "lifecycle", "lists"]);
  });

  it.each(families)("%s: generated output matches expected/", async (family) => {
    const dir = path.join(ROOT, family);
    const { model, plan } = await generate({
      input: path.join(dir, "api"),
      output: path.join(dir, "expected"),
      runtimeImport: "kubegen/runtime",
      verify: !UPDATE,
    });
    const modelFile = path.join(dir, "expected-model.json");
    const snapshot = modelSnapshot(model, dir);
    if (UPDATE) fs.writeFileSync(modelFile, snapshot);
    expect(snapshot).toBe(fs.readFileSync(modelFile, "utf8"));
    if (!UPDATE) {
      for (const f of plan.write) {
        const current = path.join(dir, "expected", f.path);
        const want = fs.existsSync(current) ? fs.readFileSync(current, "utf8") : "(missing)";
        expect(f.content, `${family}/expected/${f.path}`).toBe(want);
      }
      expect(plan.remove, "expected files nothing generates").toEqual([]);
      expect(plan.unchanged.length).toBeGreaterThan(0);
    }
  });
});
