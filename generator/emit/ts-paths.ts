/**
 * Where generated TypeScript files go and how they import API types, each other and the
 * runtime.
 */
import path from "node:path";
import type { Package, TypeDecl } from "../model/types.js";
import type { EmitOptions } from "./emitter.js";
import type { ImportTracker } from "./imports.js";

/** `apis/core/v1/zz_generated.deepcopy.ts` */
export function packageFile(pkg: Package, artifact: string): string {
  return `apis/${pkg.path}/zz_generated.${artifact}.ts`;
}

export function absolute(options: EmitOptions, rel: string): string {
  return path.join(options.outputRoot, rel);
}

/**
 * The module that holds a generated artifact of a package: a file in this output, or for a
 * package read from a library (kubegen's own api/ seen from a user project) the library's
 * published copy.
 */
export function artifactModule(pkg: Package, artifact: string, options: EmitOptions): string {
  if (!pkg.external) return absolute(options, packageFile(pkg, artifact));
  return libraryModule(packageFile(pkg, artifact), options);
}

/**
 * A file of the library's generated code (`clientset/clientset.ts`): `kubegen/generated/...`,
 * or beside the runtime folder when that is imported by path.
 */
export function libraryModule(rel: string, options: EmitOptions): string {
  const base = path.isAbsolute(options.runtimeImport)
    ? path.join(path.dirname(options.runtimeImport), "generated")
    : options.runtimeImport.replace(/\/runtime$/, "/generated");
  return path.isAbsolute(base) ? path.join(base, rel) : `${base}/${rel.replace(/\.ts$/, ".js")}`;
}

/** Imports an API type (type-only) from the file that declares it. */
export function importApiType(imports: ImportTracker, decl: TypeDecl): string {
  return imports.addType(decl.name, decl.pos.file);
}

/**
 * Imports an API type that may live in a library's package (a field of a user's type that is
 * kubegen's `Condition`): through the library's published `api/` module, never a path into the
 * library's folder, which differs between machines.
 */
export function importPackageType(imports: ImportTracker, decl: TypeDecl, pkg: Package, options: EmitOptions): string {
  if (!pkg.external || path.isAbsolute(options.runtimeImport)) return importApiType(imports, decl);
  const file = path.relative(pkg.dir, decl.pos.file).split(path.sep).join("/").replace(/\.ts$/, ".js");
  return imports.addType(decl.name, `${options.runtimeImport.replace(/\/runtime$/, "/api")}/${pkg.path}/${file}`);
}

/** Imports a runtime export. */
export function importRuntime(imports: ImportTracker, name: string, options: EmitOptions, typeOnly = false): string {
  const from = path.isAbsolute(options.runtimeImport) ? path.join(options.runtimeImport, "index.ts") : options.runtimeImport;
  return imports.add(name, from, typeOnly);
}

/**
 * Imports the runtime's `testing` namespace (the fakes) from their own entry point,
 * `<runtime>/testing`, which the runtime's main entry does not re-export.
 */
export function importRuntimeTesting(imports: ImportTracker, options: EmitOptions, typeOnly = false): string {
  const from = path.isAbsolute(options.runtimeImport)
    ? path.join(options.runtimeImport, "testing", "entry.ts")
    : `${options.runtimeImport}/testing`;
  return imports.add("testing", from, typeOnly);
}
