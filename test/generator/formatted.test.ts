/**
 * The emitters lay out their TypeScript as prettier would (generator/emit/layout.ts), so the
 * generator runs without prettier. prettier stays the judge here: every file an emitter marks
 * `formatted`, for the built-in API and every fixture API that generates, must come back from
 * prettier unchanged. And the built-in API needs prettier for no file at all (its speed).
 */
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type { EmitOptions, GeneratedFile } from "../../generator/emit/emitter.js";
import { emitters } from "../../generator/emit/emitters.js";
import { indexFiles } from "../../generator/emit/index-files.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const REPO = path.resolve(".");
const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 110 };

/** Every file the emitters produce for an API folder, as they return them (before formatting). */
function emitRaw(input: string, libraryRoots: string[]): GeneratedFile[] {
  const model = parseApi(input, { libraryRoots });
  const options: EmitOptions = { outputRoot: path.join(REPO, "generated"), runtimeImport: "kubegen/runtime" };
  const files = emitters.flatMap((e) => e.emit(model, options));
  return [...files, ...indexFiles(model, files, options)];
}

async function expectPrettierStable(files: GeneratedFile[]): Promise<void> {
  for (const f of files.filter((x) => x.formatted)) {
    expect(await prettier.format(f.content, OPTIONS), f.path).toBe(f.content);
  }
}

/** Fixture APIs that generate (the torture suite's invalid ones fail to parse, by design). */
function fixtureApis(): string[] {
  const dirs: string[] = [];
  for (const root of ["test/fixtures/golden", "test/fixtures/torture"]) {
    for (const d of fs.readdirSync(root)) {
      const api = path.join(REPO, root, d, "api");
      if (fs.existsSync(api)) dirs.push(api);
    }
  }
  return dirs;
}

describe("generated code laid out without prettier", () => {
  it("the built-in API: every TypeScript file is laid out, and prettier leaves each as it is", async () => {
    const files = emitRaw(path.join(REPO, "api"), []);
    const ts = files.filter((f) => f.path.endsWith(".ts"));
    expect(ts.filter((f) => !f.formatted).map((f) => f.path)).toEqual([]);
    await expectPrettierStable(ts);
  }, 120_000);

  it("every fixture API that generates: the files marked laid out are prettier's", async () => {
    let checked = 0;
    for (const api of fixtureApis()) {
      let files: GeneratedFile[];
      try {
        files = emitRaw(api, [path.join(REPO, "api")]);
      } catch {
        continue;
      }
      await expectPrettierStable(files);
      checked += files.filter((f) => f.formatted).length;
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);
});
