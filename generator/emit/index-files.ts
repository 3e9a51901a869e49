/**
 * Index files: one per generated package folder, re-exporting the package's API types and
 * every artifact generated for it, so users import one module per group-version.
 */
import path from "node:path";
import type { Model } from "../model/types.js";
import type { EmitOptions, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { preformatted } from "./layout.js";
import { render } from "./templates.js";
import { absolute } from "./ts-paths.js";

function relativeModule(fromFile: string, target: string): string {
  let rel = path.relative(path.dirname(fromFile), target.replace(/\.ts$/, ".js")).split(path.sep).join("/");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel;
}

/** Builds the index files for the files the emitters produced. */
export function indexFiles(model: Model, files: GeneratedFile[], options: EmitOptions): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const pkg of model.packages.filter((p) => !p.external)) {
    const dir = `apis/${pkg.path}/`;
    const artifacts = files
      .filter((f) => f.path.startsWith(dir) && !f.path.slice(dir.length).includes("/") && f.path.endsWith(".ts"))
      .map((f) => `./${path.posix.basename(f.path).replace(/\.ts$/, ".js")}`)
      .sort();
    const rel = `${dir}index.ts`;
    const apiFiles = [...new Set(pkg.types.map((t) => t.pos.file))].sort().map((f) => relativeModule(absolute(options, rel), f));
    out.push(preformatted({ path: rel, content: header("//") + render("index", "file", { apiFiles, artifacts }) }));
  }
  return out;
}
