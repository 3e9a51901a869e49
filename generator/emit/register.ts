/**
 * Register emitter: per group-version the scheme facts (kinds and their copiers, resources with
 * plural, scope, verbs, short names, categories) that discovery and REST mapping read, plus one
 * file that registers every group-version.
 */
import type { Model, Package, StructDecl } from "../model/types.js";
import { copyFunctionName } from "./deepcopy.js";
import type { EmitOptions, Emitter, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { ImportTracker } from "./imports.js";
import { Code, preformatted, printValue } from "./layout.js";
import { ARTIFACT as PROTOBUF_ARTIFACT } from "./protobuf/codec-context.js";
import { render } from "./templates.js";
import { META_GO_PACKAGE } from "./openapi/gvk.js";
import { absolute, artifactModule, importRuntime, packageFile } from "./ts-paths.js";

const isGroupVersion = (p: Package): boolean => !p.external && p.groupVersion !== undefined;

function emitPackage(pkg: Package, options: EmitOptions): GeneratedFile {
  const rel = packageFile(pkg, "register");
  const imports = new ImportTracker(absolute(options, rel));
  const kinds = pkg.types
    .filter((t): t is StructDecl => t.kind === "struct" && t.runtimeObject)
    .map((s) => ({
      kind: s.name,
      deepCopy: s.deepcopy
        ? new Code(`${imports.add(copyFunctionName(s.name), absolute(options, packageFile(pkg, "deepcopy")))} as (obj: never) => unknown`)
        : undefined,
      // Kinds with a message have a codec in the package's protobuf file.
      protobuf: s.protobuf
        ? new Code(`${imports.add("protobufCodecs", absolute(options, packageFile(pkg, PROTOBUF_ARTIFACT)))}.${s.name}`)
        : undefined,
    }));
  const resources = pkg.types.flatMap((t) => (t.kind === "struct" && t.resource ? [t.resource] : []));
  // What the scheme's ResourceInfo holds (the storage version is a CRD-only fact). A scale
  // marker makes the generic store serve `scale`, so discovery lists it.
  const infos = resources.map(({ storageVersion: _storage, scale, ...info }) =>
    scale
      ? { ...info, subresources: info.subresources.includes("scale") ? info.subresources : [...info.subresources, "scale"], scale }
      : info,
  );
  const GroupVersion = importRuntime(imports, "GroupVersion", options, true);
  const ResourceInfo = importRuntime(imports, "ResourceInfo", options, true);
  const KindRegistration = importRuntime(imports, "KindRegistration", options, true);
  // Each value follows `export const name: Type = ` on its line.
  const declared = (name: string, type: string, value: unknown): string =>
    `export const ${name}: ${type} = ${printValue(value, 0, `export const ${name}: ${type} = `.length, ";")};`;
  const body = render("register", "file", {
    groupVersion: declared("groupVersion", GroupVersion, { group: pkg.groupVersion!.group, version: pkg.groupVersion!.version }),
    kinds: declared("kinds", `readonly ${KindRegistration}[]`, kinds),
    resources: declared("resources", `readonly ${ResourceInfo}[]`, JSON.parse(JSON.stringify(infos))),
    Scheme: importRuntime(imports, "Scheme", options, true),
  });
  return preformatted({ path: rel, content: `${header("//")}${imports.render()}\n\n${body}` });
}

/**
 * meta/v1 read from kubegen's library by a user's API: registered too, as client-go's
 * clientsets register metav1's kinds, so clients decode Status and watch events in protobuf.
 */
const isLibraryMeta = (p: Package): boolean => p.external && p.groupVersion !== undefined && p.goPackage === META_GO_PACKAGE;

function emitAll(model: Model, options: EmitOptions): GeneratedFile {
  const rel = "apis/register.ts";
  const imports = new ImportTracker(absolute(options, rel));
  const own = model.packages.filter(isGroupVersion);
  const library = own.some((p) => p.goPackage === META_GO_PACKAGE) ? [] : model.packages.filter(isLibraryMeta);
  const packages = [...library, ...own].map((p) => {
    const alias = `addToScheme_${p.path.replace(/[^A-Za-z0-9]/g, "_")}`;
    imports.add(
      `addToScheme as ${alias}`,
      p.external ? artifactModule(p, "register", options) : absolute(options, packageFile(p, "register")),
    );
    return { alias };
  });
  const body = render("register", "all", {
    packages,
    Scheme: importRuntime(imports, "Scheme", options),
  });
  return preformatted({ path: rel, content: `${header("//")}${imports.render()}\n\n${body}` });
}

export const registerEmitter: Emitter = {
  name: "register",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const files = model.packages.filter(isGroupVersion).map((p) => emitPackage(p, options));
    if (files.length) files.push(emitAll(model, options));
    return files;
  },
};
