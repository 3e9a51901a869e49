/**
 * Swagger-doc emitter: per package, each struct's documentation keyed by JSON field name, with
 * "" for the type itself (what upstream's SwaggerDoc() methods return).
 */
import { contentHash } from "../model/content-hash.js";
import type { Model, Package, StructDecl } from "../model/types.js";
import type { EmitOptions, Emitter, GeneratedFile } from "./emitter.js";
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

const structs = (pkg: Package): StructDecl[] => pkg.types.filter((t): t is StructDecl => t.kind === "struct");

function fileText(pkg: Package): string {
  const types = structs(pkg)
    .map((s) => ({
      name: printKey(s.name),
      entries: docsOf(s).map(([k, v]) => printProperty(4, k, v, ",")),
    }))
    .filter((t) => t.entries.length);
  return header("//") + render("swagger-doc", "file", { types });
}

/** A package's file, or none when no struct has a doc; a function of the package alone (memoized by its hash). */
function emitPackage(pkg: Package, options: EmitOptions): GeneratedFile | undefined {
  if (!structs(pkg).some((s) => docsOf(s).length)) return undefined;
  const path = packageFile(pkg, "swagger-doc");
  const content = options.memo ? options.memo(`swagger-doc/${path}`, contentHash(pkg), () => fileText(pkg)) : fileText(pkg);
  return preformatted({ path, content });
}

export const swaggerDocEmitter: Emitter = {
  name: "swagger-doc",
  emit(model: Model, options): GeneratedFile[] {
    return model.packages
      .filter((p) => !p.external)
      .map((p) => emitPackage(p, options))
      .filter((f): f is GeneratedFile => f !== undefined);
  },
};
