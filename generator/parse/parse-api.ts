/**
 * Reads an api/ tree into the model: packages, declarations, fields and checked tags.
 * Every problem is collected with its file:line and thrown together at the end.
 */
import fs from "node:fs";
import path from "node:path";
import type {
  AliasDecl,
  EnumDecl,
  Field,
  Model,
  Package,
  ProtobufEmbed,
  SpecialDecl,
  SpecialKind,
  StructDecl,
  Tag,
  TypeDecl,
  TypeRef,
} from "../model/types.js";
import { SPECIAL_KINDS } from "../model/types.js";
import { openapiPackageOf, protoPackageOf } from "../naming/namers.js";
import { parseComments } from "./comments.js";
import { Diagnostics } from "../model/diagnostics.js";
import { saveCodeCache } from "./code-cache.js";
import { checkModel } from "./model-checks.js";
import { listPackageDirs } from "./package-dirs.js";
import { clientFacts, lifecycleOf, resourceFacts } from "./resource-facts.js";
import { type RawDecl, type RawPackage, SourceReader } from "./source-reader.js";
import { checkTags, findTag, hasTag, tagValue, tagValues } from "./tag-checks.js";
import { type NameResolver, stringLiteralUnion, toTypeRef } from "./type-refs.js";
import { checkFieldName, readFieldTags, readValidation } from "./field-tags.js";

export interface ParseOptions {
  /** Extra roots whose packages may be imported (e.g. kubegen's own api/ from a user project). */
  libraryRoots?: string[];
}

/** Package ids are folder paths relative to the api root they were found under. */
function packageId(dir: string, roots: string[]): string {
  for (const root of roots) {
    const rel = path.relative(root, dir);
    if (!rel.startsWith("..") && !path.isAbsolute(rel)) return rel.split(path.sep).join("/");
  }
  // An import from outside every known root: name it by the path below the nearest `api` folder.
  const parts = dir.split(path.sep);
  const i = parts.lastIndexOf("api");
  return i >= 0 ? parts.slice(i + 1).join("/") : parts.join("/");
}

/**
 * What other packages' name resolution reads of a package: each declared name, with its
 * `+kubegen:scalar` kind (null when it is not a scalar).
 */
export type PackageExports = Record<string, string | null>;

/** One folder's parse result, as the incremental cache (parse-cache.ts) stores it. */
export interface PackageSummary {
  dir: string;
  /** Folders its files import from. */
  imports: string[];
  exports: PackageExports;
  /** Exports of each imported folder when `pkg` was built: `pkg` is valid while they hold. */
  importedExports: Record<string, PackageExports>;
  /** Undefined for a folder of scalars only. */
  pkg: Package | undefined;
}

function exportsOf(raw: RawPackage): PackageExports {
  const out: PackageExports = {};
  for (const decl of raw.decls) {
    if (Object.hasOwn(out, decl.name)) continue;
    const tag = parseComments(decl.comments, decl.file).tags.find((t) => t.name === "kubegen:scalar");
    out[decl.name] = tag?.value ?? null;
  }
  return out;
}

export function parseApi(rootDir: string, options: ParseOptions = {}): Model {
  return parseApiPackages(rootDir, options).model;
}

/**
 * Parses an api/ tree; folders in `reuse` (their sources unchanged, see parse-cache.ts) are not
 * read again but taken as summarized, unless the exports of a folder they import changed.
 */
export function parseApiPackages(
  rootDir: string,
  options: ParseOptions = {},
  reuse: ReadonlyMap<string, PackageSummary> = new Map(),
): { model: Model; summaries: PackageSummary[] } {
  const root = path.resolve(rootDir);
  const roots = [root, ...(options.libraryRoots ?? []).map((r) => path.resolve(r))];
  const diag = new Diagnostics();
  const reader = new SourceReader();
  const raws = new Map<string, RawPackage>();
  const kept = new Map<string, PackageSummary>();
  const pending = listPackageDirs(root);
  const external = new Set<string>();
  const seen = new Set<string>();

  // Read the input tree, then every folder it imports from (transitively).
  while (pending.length) {
    const dir = pending.shift()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const rel = path.relative(root, dir);
    if (rel.startsWith("..")) external.add(dir);
    const cached = reuse.get(dir);
    let imported: string[];
    if (cached) {
      kept.set(dir, cached);
      imported = cached.imports;
    } else {
      const raw = reader.readPackage(dir);
      raws.set(dir, raw);
      imported = [...raw.imports.values()].flatMap((imports) => imports.map((i) => i.dir));
    }
    for (const imp of imported) if (!seen.has(imp) && fs.existsSync(imp)) pending.push(imp);
  }

  const exportsByDir = new Map<string, PackageExports>();
  for (const [dir, raw] of raws) exportsByDir.set(dir, exportsOf(raw));
  for (const [dir, summary] of kept) exportsByDir.set(dir, summary.exports);
  // A kept package whose imports' exports changed resolves names differently: read it again.
  for (const [dir, summary] of [...kept]) {
    const same = Object.entries(summary.importedExports).every(
      ([imp, was]) => JSON.stringify(exportsByDir.get(imp)) === JSON.stringify(was),
    );
    if (same && summary.imports.every((imp) => exportsByDir.has(imp) || !fs.existsSync(imp))) continue;
    kept.delete(dir);
    raws.set(dir, reader.readPackage(dir));
  }

  const idOf = new Map([...seen].map((dir) => [dir, packageId(dir, roots)]));

  const resolverFor = (raw: RawPackage, file: string): NameResolver => {
    const imports = raw.imports.get(file) ?? [];
    const own = exportsByDir.get(raw.dir)!;
    return (name) => {
      if (Object.hasOwn(own, name)) {
        return { pkg: idOf.get(raw.dir)!, name, scalar: (own[name] ?? undefined) as NameResolverTarget["scalar"] };
      }
      const imp = imports.find((i) => i.local === name);
      if (!imp) return undefined;
      const target = exportsByDir.get(imp.dir);
      if (!target || !Object.hasOwn(target, imp.imported)) return undefined;
      return { pkg: idOf.get(imp.dir)!, name: imp.imported, scalar: (target[imp.imported] ?? undefined) as NameResolverTarget["scalar"] };
    };
  };

  const summaries: PackageSummary[] = [];
  const packages: Package[] = [];
  for (const dir of seen) {
    const summary = kept.get(dir) ?? buildSummary(raws.get(dir)!);
    summaries.push(summary);
    if (summary.pkg) packages.push(summary.pkg);
  }

  function buildSummary(raw: RawPackage): PackageSummary {
    for (const p of raw.problems) diag.error(p.pos, p.message);
    const pkg = buildPackage(raw, idOf.get(raw.dir)!, external.has(raw.dir), resolverFor, diag);
    const imports = [...new Set([...raw.imports.values()].flatMap((list) => list.map((i) => i.dir)))].sort();
    const importedExports: Record<string, PackageExports> = {};
    for (const imp of imports) {
      const e = exportsByDir.get(imp);
      if (e) importedExports[imp] = e;
    }
    return { dir: raw.dir, imports, exports: exportsByDir.get(raw.dir)!, importedExports, pkg };
  }

  packages.sort((a, b) => a.path.localeCompare(b.path));
  const model: Model = { root, packages };
  // The whole-model checks run even after parse errors (they skip what failed to parse), so one
  // run reports every problem.
  checkModel(model, diag);
  // ts-morph has done its work: its compiled code is kept for the next run that parses.
  saveCodeCache();
  diag.throwIfAny();
  return { model, summaries };
}

type NameResolverTarget = NonNullable<ReturnType<NameResolver>>;

function buildPackage(
  raw: RawPackage,
  id: string,
  external: boolean,
  resolverFor: (raw: RawPackage, file: string) => NameResolver,
  diag: Diagnostics,
): Package | undefined {
  const declComments = raw.decls.map((d) => ({ decl: d, parsed: parseComments(d.comments, d.file) }));
  const scalarsOnly = declComments.every(({ parsed }) => hasTag(parsed.tags, "kubegen:scalar"));
  if (scalarsOnly) {
    for (const { decl, parsed } of declComments) {
      checkTags(parsed.tags, "type", diag);
      checkScalar(decl, diag);
    }
    return undefined;
  }
  const pkgPos = { file: raw.packageCommentFile, line: raw.packageComment?.line ?? 1 };
  if (!raw.packageComment) {
    diag.error(pkgPos, `package ${id} declares types but has no doc.ts with a package comment (/** ... +kubegen:go-package=... */)`);
    return undefined;
  }
  const pc = parseComments([raw.packageComment], raw.packageCommentFile);
  const tags = checkTags(pc.tags, "package", diag);
  const goPackage = tagValue(tags, "kubegen:go-package");
  if (!goPackage) {
    diag.error(pkgPos, `package ${id}: the package comment needs +kubegen:go-package=<upstream Go import path>`);
    return undefined;
  }
  const groupTag = findTag(tags, "groupName");
  const version = path.basename(raw.dir);
  if (groupTag && !/^v\d+((alpha|beta)\d+)?$/.test(version)) {
    diag.error(groupTag.pos, `package ${id} has +groupName but its folder "${version}" is not a version like v1 or v1beta1`);
  }
  const pkg: Package = {
    path: id,
    dir: raw.dir,
    doc: pc.doc,
    tags,
    groupVersion: groupTag ? { group: groupTag.value ?? "", version } : undefined,
    goPackage,
    protoPackage: tagValue(tags, "kubegen:protobuf-package") ?? protoPackageOf(goPackage),
    openapiPackage: tagValue(tags, "kubegen:openapi-package") ?? openapiPackageOf(goPackage),
    deepcopy: tagValue(tags, "k8s:deepcopy-gen") === "package",
    protobuf: tagValue(tags, "k8s:protobuf-gen") === "package",
    openapi: tagValue(tags, "k8s:openapi-gen") === "true",
    lifecycle: tagValue(tags, "k8s:prerelease-lifecycle-gen") === "true",
    crd: groupTag !== undefined && (tagValue(tags, "kubegen:crd") ?? String(!goPackage.startsWith("k8s.io/"))) === "true",
    external,
    types: [],
    pos: pkgPos,
  };
  for (const { decl, parsed } of declComments) {
    if (hasTag(parsed.tags, "kubegen:scalar")) {
      checkTags(parsed.tags, "type", diag);
      checkScalar(decl, diag);
      continue;
    }
    if (!decl.exported) {
      diag.error(decl.pos, `${decl.name} must be exported`);
      continue;
    }
    const t = buildDecl(pkg, decl, parsed.doc, checkTags(parsed.tags, "type", diag), resolverFor(raw, decl.file), diag);
    if (t) pkg.types.push(t);
  }
  return pkg;
}

/** `+kubegen:protobuf-embed=Base,N[,name=x]` tags, each naming a type the interface extends. */
function readProtobufEmbeds(decl: RawDecl, tags: Tag[], embeds: TypeRef[], diag: Diagnostics): ProtobufEmbed[] {
  const out: ProtobufEmbed[] = [];
  for (const t of tags.filter((x) => x.name === "kubegen:protobuf-embed")) {
    const [typeName = "", num = "", ...rest] = (t.value ?? "").split(",");
    const ref = embeds.find((e) => e.kind === "named" && e.name === typeName);
    if (!ref) {
      diag.error(t.pos, `tag +kubegen:protobuf-embed: ${decl.name} does not extend ${typeName}`);
      continue;
    }
    if (out.some((e) => e.ref === ref)) {
      diag.error(t.pos, `tag +kubegen:protobuf-embed: ${typeName} is given twice`);
      continue;
    }
    const name = rest.find((r) => r.startsWith("name="))?.slice(5) ?? typeName[0]!.toLowerCase() + typeName.slice(1);
    out.push({ ref, number: Number(num), name });
  }
  return out;
}

function checkScalar(decl: RawDecl, diag: Diagnostics): void {
  const text = decl.typeNode?.getText();
  const tag = parseComments(decl.comments, decl.file).tags.find((t) => t.name === "kubegen:scalar");
  const want = tag?.value === "bytes" ? "string" : "number";
  if (decl.kind !== "alias" || text !== want) {
    diag.error(decl.pos, `scalar ${decl.name} must be declared as \`type ${decl.name} = ${want}\``);
  }
}

function buildDecl(pkg: Package, decl: RawDecl, doc: string, tags: Tag[], resolve: NameResolver, diag: Diagnostics): TypeDecl | undefined {
  const base = { name: decl.name, doc, tags, pos: decl.pos };
  if (decl.kind === "alias") {
    const special = findTag(tags, "kubegen:special");
    if (special) {
      if (!SPECIAL_KINDS.includes(special.value as SpecialKind)) {
        diag.error(special.pos, `tag +kubegen:special: unknown kind "${special.value}" (known: ${SPECIAL_KINDS.join(", ")})`);
        return undefined;
      }
      const d: SpecialDecl = { ...base, kind: "special", special: special.value as SpecialKind };
      return d;
    }
    const values = stringLiteralUnion(decl.typeNode);
    const validationTag = tags.find((t) => t.name.startsWith("kubebuilder:validation:"));
    if (validationTag && (values || hasTag(tags, "kubegen:special"))) {
      diag.error(
        validationTag.pos,
        `tag +${validationTag.name} applies to fields, structs and plain aliases, not to ${values ? "enum" : "special type"} ${decl.name}`,
      );
    }
    if (hasTag(tags, "enum")) {
      if (!values) {
        diag.error(decl.pos, `${decl.name} is tagged +enum but is not a union of string literals`);
        return undefined;
      }
      const d: EnumDecl = { ...base, kind: "enum", values };
      return d;
    }
    if (values) {
      diag.error(decl.pos, `${decl.name} is a union of string literals: tag it +enum`);
      return undefined;
    }
    const target = toTypeRef(decl.typeNode, resolve);
    if (!target.ok) {
      diag.error(decl.pos, `${decl.name}: ${target.message}`);
      return undefined;
    }
    const d: AliasDecl = { ...base, kind: "alias", target: target.ref, validation: readValidation(tags) };
    return d;
  }

  for (const name of ["kubegen:special", "enum", "kubegen:scalar"]) {
    const t = findTag(tags, name);
    if (t) diag.error(t.pos, `tag +${name} applies to type aliases, not to interface ${decl.name}`);
  }
  const embeds = decl.heritage.flatMap((h) => {
    const target = resolve(h.name);
    if (!target || target.scalar) {
      diag.error(h.pos, `${decl.name} extends unknown type ${h.name}`);
      return [];
    }
    return [{ kind: "named" as const, pkg: target.pkg, name: target.name }];
  });
  const protobufEmbeds = readProtobufEmbeds(decl, tags, embeds, diag);
  const fields: Field[] = [];
  for (const m of decl.members) {
    const parsed = parseComments(m.comments, m.pos.file);
    const ftags = checkTags(parsed.tags, "field", diag);
    if (!checkFieldName(decl.name, m.name, m.pos, diag)) continue;
    const ref = toTypeRef(m.typeNode, resolve);
    if (!ref.ok) {
      diag.error(m.pos, `${decl.name}.${m.name}: ${ref.message}`);
      continue;
    }
    const field = readFieldTags(decl.name, m.name, m.optional, parsed.doc, ref.ref, ftags, m.pos, diag);
    fields.push(field);
  }
  const deepcopyTag = tagValue(tags, "k8s:deepcopy-gen");
  const openapiTag = tagValue(tags, "k8s:openapi-gen");
  const st = tagValue(tags, "structType") as StructDecl["structType"];
  const s: StructDecl = {
    ...base,
    kind: "struct",
    embeds,
    ...(protobufEmbeds.length ? { protobufEmbeds } : {}),
    fields,
    deepcopy: deepcopyTag === undefined ? pkg.deepcopy : deepcopyTag === "true",
    runtimeObject: hasTag(tags, "k8s:deepcopy-gen:interfaces"),
    protobuf: pkg.protobuf && tagValue(tags, "protobuf") !== "false",
    openapi: openapiTag === undefined ? pkg.openapi : openapiTag === "true",
    structType: st,
    lifecycle: lifecycleOf(tags),
    validation: readValidation(tags),
  };
  s.client = clientFacts(s, diag);
  s.resource = resourceFacts(pkg, s, diag);
  if (s.lifecycle && !pkg.lifecycle) {
    diag.error(decl.pos, `${decl.name} has lifecycle tags but package ${pkg.path} lacks +k8s:prerelease-lifecycle-gen=true`);
  }
  for (const name of ["kubebuilder:subresource:scale", "kubebuilder:storageversion"]) {
    const t = findTag(tags, name);
    if (t && !s.resource) diag.error(t.pos, `tag +${name}: ${decl.name} is not a resource (+genclient or +kubebuilder:resource)`);
  }
  if (tagValues(tags, "kubebuilder:printcolumn").length && !s.resource) {
    diag.error(decl.pos, `${decl.name} has printer columns but is not a resource (+genclient or +kubebuilder:resource)`);
  }
  return s;
}
