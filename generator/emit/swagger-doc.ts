/**
 * Swagger-doc emitter: per package, each struct's documentation keyed by JSON field name, with
 * "" for the type itself (what upstream's SwaggerDoc() methods return).
 */
import type { Model, Package, StructDecl } from "../model/types.js";
import type { Emitter, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { preformatted, printKey, printProperty } from "./layout.js";
import { render } from "./templates.js";
import { packageFile } from "./ts-paths.js";

function docsOf(s: StructDecl): [string, string][] {
  const entries: [string, string][] = [];
  if (s.doc) entries.push(["", s.doc]);
  for (const f of s.fields) if (f.doc) entries.push([f.name, f.doc]);
  return entries;
}

function emitPackage(pkg: Package): GeneratedFile | undefined {
  const types = pkg.types
    .filter((t): t is StructDecl => t.kind === "struct")
    .map((s) => ({
      name: printKey(s.name),
      entries: docsOf(s).map(([k, v]) => printProperty(4, k, v, ",")),
    }))
    .filter((t) => t.entries.length);
  if (!types.length) return undefined;
  return preformatted({ path: packageFile(pkg, "swagger-doc"), content: header("//") + render("swagger-doc", "file", { types }) });
}

export const swaggerDocEmitter: Emitter = {
  name: "swagger-doc",
  emit(model: Model): GeneratedFile[] {
    return model.packages
      .filter((p) => !p.external)
      .map(emitPackage)
      .filter((f): f is GeneratedFile => f !== undefined);
  },
};
