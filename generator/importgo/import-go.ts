/**
 * `kubegen import go`: finds the Go API packages under a folder, parses them and writes their
 * api/ form. References to kubegen's own packages (meta/v1, intstr, resource, runtime, the
 * built-in groups) resolve to the files of kubegen's api/ that declare them.
 */
import fs from "node:fs";
import path from "node:path";
import { convertPackages, type ConvertResult, type GoPackageInput, type TypeLocator } from "./convert.js";
import { parseGoFile, type GoFile } from "./go-parser.js";

export interface ImportOptions {
  /** Folder holding Go packages (searched recursively). */
  from: string;
  /** The api/ root to write into. */
  output: string;
  /** kubegen's own api/ root (for meta/v1, scalars and the built-in groups). */
  libraryRoot: string;
  noDocs: boolean;
  /** Only these package folders (relative to `from`, e.g. `apps/v1`); all when empty. */
  packages?: string[];
  /** The Go module path of `from`, when no go.mod above it says so. */
  module?: string;
}

/** Go import paths of kubegen's shared packages -> their api/ folder. */
const LIBRARY_PACKAGES: Record<string, string> = {
  "k8s.io/apimachinery/pkg/apis/meta/v1": "meta/v1",
  "k8s.io/apimachinery/pkg/types": "meta/v1",
  "k8s.io/apimachinery/pkg/util/intstr": "apimachinery/intstr",
  "k8s.io/apimachinery/pkg/api/resource": "apimachinery/resource",
  "k8s.io/apimachinery/pkg/runtime": "apimachinery/runtime",
  "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1": "apiextensions/v1",
  "k8s.io/kube-aggregator/pkg/apis/apiregistration/v1": "apiregistration/v1",
};

function libraryFolder(importPath: string): string | undefined {
  if (importPath in LIBRARY_PACKAGES) return LIBRARY_PACKAGES[importPath];
  if (importPath.startsWith("k8s.io/api/")) return importPath.slice("k8s.io/api/".length);
  return undefined;
}

function findModule(dir: string): { root: string; module: string } | undefined {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mod = path.join(d, "go.mod");
    if (fs.existsSync(mod)) {
      const m = /^module\s+(\S+)/m.exec(fs.readFileSync(mod, "utf8"));
      if (m) return { root: d, module: m[1]! };
    }
    if (path.dirname(d) === d) return undefined;
  }
}

function goDirs(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (entries.some((e) => e.isFile() && e.name.endsWith(".go") && !e.name.endsWith("_test.go"))) out.push(dir);
    for (const e of entries) {
      if (e.isDirectory() && !e.name.startsWith(".") && e.name !== "testdata" && e.name !== "vendor") walk(path.join(dir, e.name));
    }
  };
  walk(root);
  return out;
}

const DECL = /^export (?:interface|type) ([A-Za-z_][A-Za-z0-9_]*)\b/gm;

/** Names declared by each .ts file of a folder. */
function declaredIn(folder: string, exclude: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  if (!fs.existsSync(folder)) return out;
  for (const f of fs.readdirSync(folder).sort()) {
    if (!f.endsWith(".ts") || f.endsWith(".d.ts") || exclude.has(path.join(folder, f))) continue;
    const text = fs.readFileSync(path.join(folder, f), "utf8");
    for (const m of text.matchAll(DECL)) if (!out.has(m[1]!)) out.set(m[1]!, f);
  }
  return out;
}

function specifier(fromFolder: string, targetFile: string): string {
  let rel = path.relative(fromFolder, targetFile).split(path.sep).join("/");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  return rel.replace(/\.ts$/, ".js");
}

/**
 * The doc lines of an api/ file written before, by declaration (`Type`, `Type.field`; the
 * package comment of doc.ts under ""): the non-tag lines of the block comment above each.
 */
export function existingDocs(file: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!fs.existsSync(file)) return out;
  const lines = fs.readFileSync(file, "utf8").split("\n");
  let block: string[] | undefined;
  let pending: string[] | undefined;
  let current: string | undefined;
  for (const line of lines) {
    const t = line.trim();
    if (block) {
      if (t.startsWith("*/")) {
        pending = block;
        block = undefined;
      } else block.push(t.replace(/^\* ?/, ""));
      continue;
    }
    if (t.startsWith("/**")) {
      block = [];
      continue;
    }
    if (t === "") continue;
    const decl = /^export (?:interface|type) ([A-Za-z_][A-Za-z0-9_]*)/.exec(t);
    const field = /^("[^"]+"|[A-Za-z_$][A-Za-z0-9_$]*)\??:/.exec(t);
    let key: string | undefined;
    if (decl) {
      key = decl[1]!;
      current = t.includes("{") && !t.endsWith("}") ? key : undefined;
    } else if (t === "export {};") key = "";
    else if (field && current) key = `${current}.${field[1]!.replace(/^"|"$/g, "")}`;
    else if (t === "}") current = undefined;
    if (key !== undefined && pending) {
      const doc = pending.filter((l) => !l.startsWith("+"));
      while (doc.length && doc[doc.length - 1] === "") doc.pop();
      while (doc.length && doc[0] === "") doc.shift();
      if (doc.length)
        out.set(
          key,
          doc.map((l) => l.replace(/\*\\\//g, "*/")),
        );
    }
    pending = undefined;
  }
  return out;
}

export interface ImportReport extends ConvertResult {
  written: string[];
}

export function readGoPackages(opts: ImportOptions): GoPackageInput[] {
  const from = path.resolve(opts.from);
  const mod = findModule(from);
  const modulePath = opts.module ?? mod?.module;
  const moduleRoot = opts.module ? from : mod?.root;
  if (!modulePath || !moduleRoot) throw new Error(`${from}: no go.mod above it names the Go module; pass --module`);
  const pkgs: GoPackageInput[] = [];
  for (const dir of goDirs(from)) {
    const folder = path.relative(from, dir).split(path.sep).join("/") || ".";
    if (opts.packages?.length && !opts.packages.includes(folder)) continue;
    const files: GoFile[] = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".go") && !f.endsWith("_test.go"))
      .sort()
      .map((f) => parseGoFile(fs.readFileSync(path.join(dir, f), "utf8"), path.relative(from, path.join(dir, f))));
    if (!files.some((f) => f.types.some((t) => t.type.kind === "struct"))) continue;
    const rel = path.relative(moduleRoot, dir).split(path.sep).join("/");
    pkgs.push({ importPath: rel ? `${modulePath}/${rel}` : modulePath, folder, files });
  }
  return pkgs;
}

/** Converts without writing: the files by path relative to `output`. */
export function importGo(opts: ImportOptions): ImportReport {
  const output = path.resolve(opts.output);
  const library = path.resolve(opts.libraryRoot);
  const pkgs = readGoPackages(opts);
  const inRun = new Map(pkgs.map((p) => [p.importPath, p]));
  // Files this run writes do not count as declaring anything already (a re-import replaces them).
  const writes = new Set<string>();
  for (const p of pkgs) {
    for (const f of p.files) writes.add(path.join(output, p.folder, `${path.basename(f.file, ".go").replace(/_/g, "-")}.ts`));
  }
  const existing = new Map<string, Map<string, string>>();
  const declared = (folder: string): Map<string, string> => {
    let m = existing.get(folder);
    if (!m) existing.set(folder, (m = declaredIn(folder, writes)));
    return m;
  };
  const ownLibrary = output === library;
  const locator: TypeLocator = {
    locate(goImport, name, fromFolder) {
      const from = path.join(output, fromFolder);
      if (goImport === "kubegen/scalars") {
        return ownLibrary ? specifier(from, path.join(library, "scalars.ts")) : "kubegen/api/scalars.js";
      }
      const run = inRun.get(goImport);
      const folder = run?.folder ?? libraryFolder(goImport);
      if (folder === undefined) return undefined;
      if (run) {
        const file = run.files.find((f) => f.types.some((t) => t.name === name));
        const existingFile = declared(path.join(output, folder)).get(name);
        if (existingFile) return specifier(from, path.join(output, folder, existingFile));
        if (file) return specifier(from, path.join(output, folder, `${path.basename(file.file, ".go").replace(/_/g, "-")}.ts`));
        return undefined;
      }
      const own = declared(path.join(output, folder)).get(name);
      if (own) return specifier(from, path.join(output, folder, own));
      const lib = declared(path.join(library, folder)).get(name);
      if (!lib) return undefined;
      return ownLibrary ? specifier(from, path.join(library, folder, lib)) : `kubegen/api/${folder}/${lib.replace(/\.ts$/, ".js")}`;
    },
  };
  const kept = new Map<string, Map<string, string[]>>();
  const result = convertPackages(pkgs, locator, {
    noDocs: opts.noDocs,
    keptDoc: (file, key) => {
      let m = kept.get(file);
      if (!m) kept.set(file, (m = existingDocs(path.join(output, file))));
      return m.get(key);
    },
    skipTypes: (folder, name) => declared(path.join(output, folder)).has(name),
  });
  return { ...result, written: [...result.files.keys()].sort() };
}

/** Writes the converted files (only when nothing failed). */
export function writeImport(output: string, report: ImportReport): void {
  for (const [rel, text] of report.files) {
    const file = path.join(output, rel);
    // A package comment already written (and worded) by hand is kept.
    if (path.basename(rel) === "doc.ts" && fs.existsSync(file)) continue;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) fs.writeFileSync(file, text);
  }
}
