/**
 * Turns parsed Go API packages into annotated TypeScript files in the api/ form: structs become
 * interfaces, embedded inline structs `extends`, `+enum` string types unions of their constants,
 * struct tags (json, protobuf, patchStrategy) comment tags, and only the `+` tags the generator
 * knows are carried over (others, such as declarative-validation tags, are dropped and counted).
 */
import { resourcePlural } from "../naming/namers.js";
import { checkProtobufTag, lookupTag, splitTag, type TagScope } from "../parse/tag-registry.js";
import { structTag, type GoConst, type GoField, type GoFile, type GoType, type GoTypeDecl } from "./go-parser.js";
import { BUILTIN_RESOURCE_FACTS } from "./resource-facts.js";

/** One Go package to convert. */
export interface GoPackageInput {
  /** The Go import path (`k8s.io/api/apps/v1`). */
  importPath: string;
  /** The api/ folder it becomes, relative to the output root (`apps/v1`). */
  folder: string;
  files: GoFile[];
}

/** Where a type the converted code references lives, as an import specifier. */
export interface TypeLocator {
  /** The module to import `name` from, for a file in `fromFolder`; undefined when unknown. */
  locate(goImportPath: string, name: string, fromFolder: string): string | undefined;
}

export interface ConvertOptions {
  /** Write no doc comments (kubegen's own api/ carries its own words, not upstream's). */
  noDocs: boolean;
  /**
   * Doc lines already written by hand in the file being replaced (`Type` or `Type.field`): kept
   * when `noDocs` is set, so re-importing never loses our own words.
   */
  keptDoc?: (file: string, key: string) => string[] | undefined;
  /** Types already declared elsewhere in the output package: not written again, imported instead. */
  skipTypes?: (folder: string, name: string) => boolean;
}

export interface ConvertResult {
  /** Output files by path relative to the output root. */
  files: Map<string, string>;
  /** Problems that stop the import (unsupported Go types). */
  errors: string[];
  /** Tags that were dropped, with how often. */
  dropped: Map<string, number>;
  /** Other things left out, one line each. */
  notes: string[];
  counts: { packages: number; types: number; fields: number; kinds: number };
}

/** Go scalars -> the api/ scalar (imported from api/scalars.ts) or TS primitive. */
const GO_SCALARS: Record<string, string> = {
  string: "string",
  bool: "boolean",
  int32: "int32",
  int64: "int64",
  int: "int64",
  uint32: "int64",
  uint64: "int64",
  int16: "int32",
  uint16: "int32",
  float64: "float64",
  float32: "float64",
};

/** Kubebuilder markers spelt differently in the api/ form. */
function translateTag(text: string): string | undefined {
  if (text === "kubebuilder:object:root=true") return "k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object";
  if (text === "kubebuilder:object:generate=true") return "k8s:deepcopy-gen=package";
  if (text === "kubebuilder:object:generate=false") return "k8s:deepcopy-gen=false";
  if (text.startsWith("kubebuilder:validation:Enum=")) return text;
  return text;
}

interface Ctx {
  pkg: GoPackageInput;
  file: GoFile;
  imports: Map<string, Set<string>>;
  errors: string[];
  dropped: Map<string, number>;
  locator: TypeLocator;
  /** Names declared in this package: name -> output file (without folder). */
  local: Map<string, string>;
  outFile: string;
}

export function convertPackages(pkgs: GoPackageInput[], locator: TypeLocator, opts: ConvertOptions): ConvertResult {
  const result: ConvertResult = {
    files: new Map(),
    errors: [],
    dropped: new Map(),
    notes: [],
    counts: { packages: 0, types: 0, fields: 0, kinds: 0 },
  };
  for (const pkg of pkgs) convertPackage(pkg, locator, opts, result);
  return result;
}

function outFileOf(goFile: string): string {
  const base = goFile.split("/").pop()!.replace(/\.go$/, "");
  return `${base.replace(/_/g, "-")}.ts`;
}

function convertPackage(pkg: GoPackageInput, locator: TypeLocator, opts: ConvertOptions, result: ConvertResult): void {
  const apiFiles = pkg.files.filter((f) => !/(^|\/)(zz_generated|generated\.pb|types_swagger_doc_generated|register)/.test(f.file));
  const local = new Map<string, string>();
  for (const f of apiFiles) for (const t of f.types) if (!opts.skipTypes?.(pkg.folder, t.name)) local.set(t.name, outFileOf(f.file));
  const consts = apiFiles.flatMap((f) => f.consts);
  const docFile = pkg.files.find((f) => f.file.endsWith("doc.go")) ?? pkg.files.find((f) => f.packageTags.length);
  const pkgTags = [...new Set(pkg.files.flatMap((f) => tagLines(f.packageTags)))];
  // Upstream declares some groups' names only as `const GroupName = "apps"` (register.go).
  const groupConst = pkg.files.flatMap((f) => f.consts).find((c) => c.name === "GroupName" && c.value !== undefined);
  if (!pkgTags.some((t) => t.startsWith("groupName=")) && groupConst) pkgTags.push(`groupName=${groupConst.value}`);
  const groupTag = pkgTags.find((t) => t.startsWith("groupName="));
  const group = groupTag?.slice("groupName=".length);
  result.counts.packages++;
  result.files.set(`${pkg.folder}/doc.ts`, packageDoc(pkg, docFile, pkgTags, opts, result));
  for (const f of apiFiles) {
    const decls = f.types.filter((t) => !opts.skipTypes?.(pkg.folder, t.name) && isApiType(t));
    if (!decls.length) continue;
    const outFile = outFileOf(f.file);
    const ctx: Ctx = { pkg, file: f, imports: new Map(), errors: result.errors, dropped: result.dropped, locator, local, outFile };
    const bodies: string[] = [];
    for (const t of decls) {
      const body = convertDecl(ctx, t, consts, group, opts, result);
      if (body) bodies.push(body);
    }
    result.files.set(`${pkg.folder}/${outFile}`, renderImports(ctx) + bodies.join("\n"));
  }
}

/** Function and interface types (e.g. upstream's helper interfaces) are not API types. */
function isApiType(t: GoTypeDecl): boolean {
  return t.type.kind !== "other" && /^[A-Z]/.test(t.name);
}

function tagLines(lines: string[]): string[] {
  return lines
    .map((l) => l.trim())
    .filter((l) => l.startsWith("+"))
    .map((l) => l.slice(1).trim());
}

function docLines(lines: string[]): string[] {
  const out = lines.filter((l) => !l.trim().startsWith("+")).map((l) => l.replace(/^ /, "").replace(/\s+$/, ""));
  while (out.length && out[0] === "") out.shift();
  while (out.length && out[out.length - 1] === "") out.pop();
  // Upstream separates internal notes from the published doc with "---"; keep the published part.
  const cut = out.indexOf("---");
  return cut >= 0 ? out.slice(0, cut) : out;
}

/** Keeps the tags the generator knows for `scope` (valid ones), counting what is dropped. */
function keepTags(ctx: { dropped: Map<string, number> }, texts: string[], scope: TagScope): string[] {
  const out: string[] = [];
  for (const raw of texts) {
    const text = translateTag(raw);
    if (!text) continue;
    const { name, value } = splitTag(text);
    const def = lookupTag(name);
    let ok = def !== undefined && def.scopes.includes(scope);
    if (ok && def) {
      if (def.value === "none" && value !== undefined) ok = false;
      if (def.value === "required" && value === undefined) ok = false;
      if (ok && value !== undefined && name === "protobuf") ok = checkProtobufTag(scope, value) === undefined;
      else if (ok && value !== undefined && def.check) ok = def.check(value) === undefined;
    }
    if (!ok) {
      const key = `+${name}`;
      ctx.dropped.set(key, (ctx.dropped.get(key) ?? 0) + 1);
      continue;
    }
    if (!out.includes(text) || def?.repeatable) out.push(text);
  }
  return out;
}

function comment(doc: string[], tags: string[], indent: string): string {
  const lines = [...doc];
  if (doc.length && tags.length) lines.push("");
  lines.push(...tags.map((t) => `+${t}`));
  if (!lines.length) return "";
  const body = lines.map((l) => `${indent} *${l === "" ? "" : ` ${l.replace(/\*\//g, "*\\/")}`}`).join("\n");
  return `${indent}/**\n${body}\n${indent} */\n`;
}

function packageDoc(
  pkg: GoPackageInput,
  docFile: GoFile | undefined,
  pkgTags: string[],
  opts: ConvertOptions,
  result: ConvertResult,
): string {
  const tags = keepTags(result, pkgTags, "package").filter((t) => !t.startsWith("kubegen:go-package"));
  tags.push(`kubegen:go-package=${pkg.importPath}`);
  const doc = opts.noDocs ? (opts.keptDoc?.(`${pkg.folder}/doc.ts`, "") ?? []) : docFile ? docLines(docFile.packageDoc) : [];
  return `${comment(doc, tags, "")}export {};\n`;
}

function addImport(ctx: Ctx, module: string, name: string): void {
  let set = ctx.imports.get(module);
  if (!set) ctx.imports.set(module, (set = new Set()));
  set.add(name);
}

function renderImports(ctx: Ctx): string {
  const lines = [...ctx.imports.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([module, names]) => `import type { ${[...names].sort(byName).join(", ")} } from "${module}";`);
  return lines.length ? `${lines.join("\n")}\n\n` : "";
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A reference to a named type: local, another package of the run, or a library package. */
function named(ctx: Ctx, goImport: string | undefined, name: string, where: string): string | undefined {
  if (goImport === undefined) {
    const file = ctx.local.get(name);
    if (file !== undefined) {
      if (file !== ctx.outFile) addImport(ctx, `./${file.replace(/\.ts$/, ".js")}`, name);
      return name;
    }
    const module = ctx.locator.locate(ctx.pkg.importPath, name, ctx.pkg.folder);
    if (module) {
      addImport(ctx, module, name);
      return name;
    }
    ctx.errors.push(`${where}: unknown type ${name}`);
    return undefined;
  }
  const module = ctx.locator.locate(goImport, name, ctx.pkg.folder);
  if (!module) {
    ctx.errors.push(`${where}: no api/ package declares ${goImport}.${name}`);
    return undefined;
  }
  if (goImport === ctx.pkg.importPath) {
    addImport(ctx, module, name);
    return name;
  }
  // A name this package declares too (core/v1 and meta/v1 both have ConditionStatus) is aliased.
  const local = ctx.local.has(name) ? `${goImport.split("/").slice(-2).join("")}${name}` : name;
  addImport(ctx, module, local === name ? name : `${name} as ${local}`);
  return local;
}

function scalar(ctx: Ctx, name: string): string {
  const ts = GO_SCALARS[name]!;
  if (ts !== "string" && ts !== "boolean") {
    const module = ctx.locator.locate("kubegen/scalars", ts, ctx.pkg.folder);
    if (module) addImport(ctx, module, ts);
  }
  return ts;
}

/** The TypeScript form of a Go type, or undefined (with an error) when it has none. */
function tsType(ctx: Ctx, t: GoType, where: string): string | undefined {
  switch (t.kind) {
    case "ident":
      if (t.name in GO_SCALARS) return scalar(ctx, t.name);
      if (t.name === "byte") return scalar(ctx, "int32");
      return named(ctx, undefined, t.name, where);
    case "qualified": {
      const path = ctx.file.imports.get(t.pkg);
      if (!path) {
        ctx.errors.push(`${where}: package ${t.pkg} is not imported`);
        return undefined;
      }
      return named(ctx, path, t.name, where);
    }
    case "pointer":
      return tsType(ctx, t.elem, where);
    case "slice":
    case "array": {
      if (t.elem.kind === "ident" && t.elem.name === "byte") {
        const module = ctx.locator.locate("kubegen/scalars", "bytes", ctx.pkg.folder);
        if (module) addImport(ctx, module, "bytes");
        return "bytes";
      }
      if (t.elem.kind === "slice" && !(t.elem.elem.kind === "ident" && t.elem.elem.name === "byte")) {
        ctx.errors.push(`${where}: a list of lists has no api/ form; name the inner list type`);
        return undefined;
      }
      const e = tsType(ctx, t.elem, where);
      return e === undefined ? undefined : `${e}[]`;
    }
    case "map": {
      const v = tsType(ctx, t.value, where);
      return v === undefined ? undefined : `Record<string, ${v}>`;
    }
    case "struct":
      ctx.errors.push(`${where}: anonymous structs have no api/ form; declare a named struct`);
      return undefined;
    case "other":
      ctx.errors.push(`${where}: ${t.text} types have no api/ form`);
      return undefined;
  }
}

/** gengo's `+default=ref(Const)`: the constant's value, as JSON. */
function resolveDefaultRef(tag: string, consts: GoConst[]): string {
  const m = /^default=ref\(([A-Za-z0-9_.]+)\)$/.exec(tag);
  if (!m) return tag;
  const c = consts.find((k) => k.name === m[1]!.split(".").pop());
  return c?.value !== undefined ? `default=${JSON.stringify(c.value)}` : tag;
}

function goFieldName(f: GoField): string {
  if (f.names.length) return f.names[0]!;
  let t = f.type;
  if (t.kind === "pointer") t = t.elem;
  return t.kind === "qualified" || t.kind === "ident" ? t.name : "";
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function isPointer(t: GoType): boolean {
  return t.kind === "pointer" && t.elem.kind !== "slice" && t.elem.kind !== "map";
}

function convertDecl(
  ctx: Ctx,
  t: GoTypeDecl,
  consts: GoConst[],
  group: string | undefined,
  opts: ConvertOptions,
  result: ConvertResult,
): string | undefined {
  const where = `${ctx.file.file}:${t.line}: ${t.name}`;
  let typeTags = keepTags(ctx, [...tagLines(t.above), ...tagLines(t.doc)], "type");
  // client-gen's noVerbs: a type with a client of no verbs (policy's Eviction) is no resource.
  if ([...t.above, ...t.doc].some((l) => l.trim() === "+genclient:noVerbs")) typeTags = typeTags.filter((x) => !x.startsWith("genclient"));
  // +genclient:method input/result types: same-package ones by bare name, other packages' by
  // upstream's qualified form (k8s.io/api/autoscaling/v1.Scale), which the generator resolves.
  typeTags = typeTags.map((x) => {
    if (!x.startsWith("genclient:method=")) return x;
    const own = `${ctx.pkg.importPath}.`;
    return x
      .split(",")
      .map((p) => p.replace(/^(input|result)=(.*)$/, (_m, k: string, v: string) => `${k}=${v.startsWith(own) ? v.slice(own.length) : v}`))
      .join(",");
  });
  // A kubebuilder root object with a list type is a resource users want a client for.
  const kbRoot = [...t.above, ...t.doc].some((l) => l.trim() === "+kubebuilder:object:root=true");
  if (kbRoot && ctx.local.has(`${t.name}List`) && !typeTags.includes("genclient")) {
    typeTags.unshift("genclient");
    const res = typeTags.find((x) => x.startsWith("kubebuilder:resource:"));
    if (res && /scope=Cluster/.test(res)) typeTags.splice(1, 0, "genclient:nonNamespaced");
  }
  // A client that lists or watches needs a list type; create-only kinds (TokenReview,
  // +genclient:onlyVerbs=create) have none and keep their client.
  const only = typeTags.find((x) => x.startsWith("genclient:onlyVerbs="))?.slice("genclient:onlyVerbs=".length);
  const lists = only === undefined || only.split(",").some((v) => v === "list" || v === "watch");
  if (typeTags.includes("genclient") && lists && !ctx.local.has(`${t.name}List`) && t.type.kind === "struct") {
    typeTags = typeTags.filter((x) => !x.startsWith("genclient"));
    result.notes.push(`${ctx.pkg.folder} ${t.name}: no ${t.name}List, so no client (+genclient left out)`);
  }
  const outPath = `${ctx.pkg.folder}/${ctx.outFile}`;
  const doc = opts.noDocs ? (opts.keptDoc?.(outPath, t.name) ?? []) : docLines(t.doc);
  result.counts.types++;
  if (t.type.kind === "struct") {
    const heritage: string[] = [];
    const members: string[] = [];
    for (const f of t.type.fields) {
      const json = structTag(f.tag, "json");
      const [jsonName = "", ...jsonOpts] = (json ?? "").split(",");
      if (jsonName === "-") continue;
      const fieldWhere = `${ctx.file.file}:${f.line}: ${t.name}.${goFieldName(f)}`;
      const pb = structTag(f.tag, "protobuf");
      if (!f.names.length && jsonName === "") {
        // Inlined embedded struct: its fields join this one's JSON.
        const base = tsType(ctx, f.type, fieldWhere);
        if (base) heritage.push(base);
        if (pb && pb !== "-") {
          const [, num, ...rest] = pb.split(",");
          const protoName = rest.find((r) => r.startsWith("name="))?.slice(5) ?? lowerFirst(goFieldName(f));
          typeTags.push(`kubegen:protobuf-embed=${base},${num}${protoName !== lowerFirst(base ?? "") ? `,name=${protoName}` : ""}`);
        }
        continue;
      }
      const name = jsonName || goFieldName(f);
      result.counts.fields++;
      const ts = tsType(ctx, f.type, fieldWhere);
      if (ts === undefined) continue;
      const omit = jsonOpts.includes("omitempty") || jsonOpts.includes("omitzero");
      let tags = keepTags(
        ctx,
        tagLines(f.doc).map((x) => resolveDefaultRef(x, consts)),
        "field",
      );
      // `+required` on a field JSON may omit: required in schemas all the same (kube-openapi reads
      // the tag), which the api/ form says with controller-gen's spelling.
      if (omit && tags.includes("required")) tags = tags.map((x) => (x === "required" ? "kubebuilder:validation:Required" : x));
      // Upstream marks a few fields both +optional and (for CRD tooling) validation:Required.
      if (tags.includes("optional")) tags = tags.filter((x) => x !== "kubebuilder:validation:Required");
      // []byte is a scalar in api/ (bytes): list tags on it say nothing.
      if (ts === "bytes") tags = tags.filter((x) => !x.startsWith("listType=") && !x.startsWith("listMapKey="));
      if (isPointer(f.type) && !tags.includes("kubegen:pointer")) tags.push("kubegen:pointer");
      const ps = structTag(f.tag, "patchStrategy");
      if (ps && !tags.some((x) => x.startsWith("patchStrategy="))) tags.push(`patchStrategy=${ps}`);
      const pmk = structTag(f.tag, "patchMergeKey");
      if (pmk && !tags.some((x) => x.startsWith("patchMergeKey="))) tags.push(`patchMergeKey=${pmk}`);
      if (pb && pb !== "-" && !tags.some((x) => x.startsWith("protobuf="))) {
        const [, num, ...rest] = pb.split(",");
        const protoName = rest.find((r) => r.startsWith("name="))?.slice(5);
        tags.push(`protobuf=${num}${protoName && protoName !== name ? `,name=${protoName}` : ""}`);
      }
      const fdoc = opts.noDocs ? (opts.keptDoc?.(outPath, `${t.name}.${name}`) ?? []) : docLines(f.doc);
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
      members.push(`${comment(fdoc, tags, "  ")}  ${key}${omit ? "?" : ""}: ${ts};\n`);
    }
    const runtimeObject = typeTags.includes("k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object");
    if (runtimeObject && !t.name.endsWith("List")) result.counts.kinds++;
    if (typeTags.includes("genclient") && group !== undefined && !typeTags.some((x) => x.startsWith("kubebuilder:resource:"))) {
      const facts = ctx.pkg.importPath.startsWith("k8s.io/") ? BUILTIN_RESOURCE_FACTS[`${group}/${t.name}`] : undefined;
      if (ctx.pkg.importPath.startsWith("k8s.io/")) {
        const args = [`path=${facts?.plural ?? resourcePlural(t.name)}`, `singular=${t.name.toLowerCase()}`];
        if (facts?.shortNames?.length) args.push(`shortName=${facts.shortNames.join(";")}`);
        if (facts?.categories?.length) args.push(`categories=${facts.categories.join(";")}`);
        typeTags.push(`kubebuilder:resource:${args.join(",")}`);
      }
    }
    const ext = heritage.length ? ` extends ${heritage.join(", ")}` : "";
    const body = members.length ? `\n${members.join("\n")}` : "";
    return `${comment(doc, typeTags, "")}export interface ${t.name}${ext} {${body}}\n`;
  }
  // Named non-struct types.
  const isEnum = typeTags.includes("enum");
  if (isEnum) {
    const values = [...new Set(consts.filter((c) => c.type === t.name && c.value !== undefined).map((c) => c.value!))].sort();
    if (values.length) return `${comment(doc, typeTags, "")}export type ${t.name} = ${values.map((v) => JSON.stringify(v)).join(" | ")};\n`;
    typeTags.splice(typeTags.indexOf("enum"), 1);
  }
  const target = tsType(ctx, t.type, where);
  if (target === undefined) return undefined;
  return `${comment(doc, typeTags, "")}export type ${t.name} = ${target};\n`;
}
