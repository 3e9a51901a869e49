/**
 * The layers of DESIGN.md import one way: a lower layer never imports a higher one.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** What each layer may import (besides itself and npm packages). */
const ALLOWED: Record<string, string[]> = {
  api: [],
  generator: [],
  runtime: ["api"],
  generated: ["api", "runtime"],
  apiserver: ["api", "runtime", "generated"],
  controllers: ["api", "runtime", "generated"],
  framework: ["api", "runtime", "generated"],
  cmd: ["generator", "runtime", "generated", "apiserver", "controllers", "api"],
};

function tsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => path.join(dir, f));
}

/** Folders inside a layer that may import more: the test control plane starts the apiserver and the controllers. */
const EXCEPTIONS: Record<string, string[]> = {
  [path.join("framework", "testing")]: ["apiserver", "controllers"],
};

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/g;

describe("layering", () => {
  it.each(Object.keys(ALLOWED))("%s imports only the layers below it", (layer) => {
    const root = path.resolve(layer);
    const files = tsFiles(root);
    expect(files.length, `${layer} has sources`).toBeGreaterThan(layer === "apiserver" || layer === "controllers" ? -1 : 0);
    const bad: string[] = [];
    for (const file of files) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(IMPORT)) {
        const spec = m[1]!;
        if (!spec.startsWith(".")) continue;
        const target = path.relative(process.cwd(), path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
        const rel = path.relative(process.cwd(), file);
        const extra = Object.entries(EXCEPTIONS).find(([dir]) => rel.startsWith(dir + path.sep))?.[1] ?? [];
        if (target !== layer && !ALLOWED[layer]!.includes(target) && !extra.includes(target)) {
          bad.push(`${path.relative(process.cwd(), file)} imports ${spec} (layer ${target})`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});
