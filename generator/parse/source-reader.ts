/**
 * Reads api/ folders with ts-morph into raw declarations: names, comments, type nodes and
 * imports. Only this folder imports ts-morph; everything after it works on the plain model.
 */
import fs from "node:fs";
import path from "node:path";
import { Node, Project, SyntaxKind, ts, type SourceFile, type TypeNode } from "./ts-morph.js";
import type { SourcePos } from "../model/types.js";
import type { RawComment } from "./comments.js";

export interface RawMember {
  name: string;
  optional: boolean;
  typeNode: TypeNode | undefined;
  comments: RawComment[];
  pos: SourcePos;
}

export interface RawDecl {
  name: string;
  kind: "interface" | "alias";
  comments: RawComment[];
  pos: SourcePos;
  /** Interfaces: `extends` clauses as written. */
  heritage: { name: string; pos: SourcePos }[];
  members: RawMember[];
  /** Aliases: the aliased type. */
  typeNode: TypeNode | undefined;
  file: string;
  exported: boolean;
}

export interface RawImport {
  local: string;
  imported: string;
  /** Absolute folder of the imported module. */
  dir: string;
  file: string;
}

export interface RawPackage {
  dir: string;
  files: string[];
  /** The package comment: the first block comment of doc.ts. */
  packageComment: RawComment | undefined;
  packageCommentFile: string;
  decls: RawDecl[];
  /** Per file: imported names. */
  imports: Map<string, RawImport[]>;
  /** Problems found while reading (unsupported statements). */
  problems: { pos: SourcePos; message: string }[];
}

function pos(node: Node, file: string): SourcePos {
  return { file, line: lineOf(node.getSourceFile(), node.getStart()) };
}

/**
 * The comments that belong to a node: the run of comments directly above it with no blank
 * line in between, so a file header is never mistaken for a type's doc. A comment that starts
 * on the line of the token before (`interface X { /** doc`) belongs to the node too.
 */
function attachedComments(node: Node, sf: SourceFile, comments: FileComments): RawComment[] {
  const text = sf.getFullText();
  const [from, to] = [node.getPos(), node.getStart()];
  // A comment on the line a previous member ends on is that member's trailing comment; only
  // after an opening `{` does a same-line comment start the next member's doc.
  let prev = from - 1;
  while (prev >= 0 && /\s/.test(text[prev]!)) prev--;
  const sameLineOk = prev < 0 || text[prev] === "{";
  const fromLine = lineOf(sf, from);
  const ranges: { pos: number; text: string }[] = [];
  for (let i = firstAtOrAfter(comments.all, from); i < comments.all.length && comments.all[i]!.pos < to; i++) {
    const c = comments.all[i]!;
    if (sameLineOk || lineOf(sf, c.pos) !== fromLine) ranges.push(c);
  }
  const out: RawComment[] = [];
  let nextStart = to;
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i]!;
    const gap = text.slice(r.pos + r.text.length, nextStart);
    if ((gap.match(/\n/g) ?? []).length > 1) break;
    out.unshift({ text: r.text, line: lineOf(sf, r.pos) });
    comments.attached.add(r.pos);
    nextStart = r.pos;
  }
  return out;
}

/** 1-based line of an offset (TypeScript's line map: a binary search, where ts-morph's helper counts). */
function lineOf(sf: SourceFile, pos: number): number {
  return sf.compilerNode.getLineAndCharacterOfPosition(pos).line + 1;
}

/** Index of the first comment starting at or after `pos` (comments are in file order). */
function firstAtOrAfter(all: { pos: number }[], pos: number): number {
  let [lo, hi] = [0, all.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (all[mid]!.pos < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface FileComments {
  all: { pos: number; text: string }[];
  /** Start offsets of the comments some declaration took. */
  attached: Set<number>;
}

/** Every comment of a file, with its start offset. */
function allComments(text: string): { pos: number; text: string }[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const out: { pos: number; text: string }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      out.push({ pos: scanner.getTokenPos(), text: scanner.getTokenText() });
    }
  }
  return out;
}

/** The first `+tag` line of a comment, if any, with its offset in lines. */
function firstTagLine(comment: string): { tag: string; offset: number } | undefined {
  const lines = comment.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^\s*(?:\/\/|\/\*\*?|\*)?\s*\+([A-Za-z][\w:.-]*)/.exec(lines[i]!);
    if (m) return { tag: m[1]!, offset: i };
  }
  return undefined;
}

function resolveModuleDir(fromFile: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return path.dirname(path.resolve(path.dirname(fromFile), specifier));
  return resolvePackageDir(fromFile, specifier);
}

/**
 * A bare specifier into an installed package's API types (`kubegen/api/meta/v1/types.js`): found
 * the way Node finds it (node_modules upwards, then the package's `exports` patterns), and named by
 * its real path so a symlinked package and the library root it links to are one folder.
 */
function resolvePackageDir(fromFile: string, specifier: string): string | undefined {
  const parts = specifier.split("/");
  const nameLen = specifier.startsWith("@") ? 2 : 1;
  const name = parts.slice(0, nameLen).join("/");
  const sub = `./${parts.slice(nameLen).join("/")}`;
  for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
    // A package may import itself by name (Node's self-reference), e.g. kubegen's examples.
    const own = path.join(dir, "package.json");
    const self = fs.existsSync(own) && (JSON.parse(fs.readFileSync(own, "utf8")) as { name?: string }).name === name;
    const pkgDir = self ? dir : path.join(dir, "node_modules", name);
    const manifest = path.join(pkgDir, "package.json");
    if (fs.existsSync(manifest)) {
      const target = exportTarget(JSON.parse(fs.readFileSync(manifest, "utf8")) as { exports?: unknown }, sub);
      if (target === undefined) return undefined;
      const folder = path.dirname(path.resolve(pkgDir, target));
      return fs.existsSync(folder) ? fs.realpathSync(folder) : undefined;
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * An export's target: a string, or from conditions the `kubegen-source` one (the published
 * package's API sources; its `types`/`import` targets are compiled output the reader cannot use).
 */
function conditionTarget(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  const source = (value as Record<string, unknown> | null | undefined)?.["kubegen-source"];
  return typeof source === "string" ? source : undefined;
}

/** Maps a subpath through a package's `exports` (exact keys and one-`*` patterns). */
function exportTarget(manifest: { exports?: unknown }, sub: string): string | undefined {
  const exp = manifest.exports;
  if (exp === undefined || exp === null) return sub;
  if (typeof exp !== "object") return undefined;
  const map = exp as Record<string, unknown>;
  const exact = conditionTarget(map[sub]);
  if (exact !== undefined) return exact;
  for (const [key, entry] of Object.entries(map)) {
    const star = key.indexOf("*");
    const value = conditionTarget(entry);
    if (star < 0 || value === undefined) continue;
    const [pre, post] = [key.slice(0, star), key.slice(star + 1)];
    if (sub.startsWith(pre) && sub.endsWith(post) && sub.length >= pre.length + post.length) {
      return value.replace("*", sub.slice(pre.length, sub.length - post.length));
    }
  }
  return undefined;
}

export class SourceReader {
  private readonly project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    skipLoadingLibFiles: true,
    compilerOptions: { noLib: true },
  });
  private readonly packages = new Map<string, RawPackage>();

  /** Reads one folder's .ts files (once), returning the raw package. */
  readPackage(dir: string): RawPackage {
    const known = this.packages.get(dir);
    if (known) return known;
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
      .sort()
      .map((f) => path.join(dir, f));
    const pkg: RawPackage = {
      dir,
      files,
      packageComment: undefined,
      packageCommentFile: path.join(dir, "doc.ts"),
      decls: [],
      imports: new Map(),
      problems: [],
    };
    this.packages.set(dir, pkg);
    for (const file of files) this.readFile(pkg, file);
    return pkg;
  }

  private readFile(pkg: RawPackage, file: string): void {
    const sf = this.project.addSourceFileAtPath(file);
    const comments: FileComments = { all: allComments(sf.getFullText()), attached: new Set() };
    if (path.basename(file) === "doc.ts") {
      const first = sf.getStatements()[0];
      const ranges = first ? first.getLeadingCommentRanges() : [];
      const block = ranges.find((r) => r.getText().startsWith("/*"));
      if (block) {
        pkg.packageComment = { text: block.getText(), line: lineOf(sf, block.getPos()) };
        comments.attached.add(block.getPos());
      }
    }
    const imports: RawImport[] = [];
    for (const stmt of sf.getStatements()) {
      if (Node.isImportDeclaration(stmt)) {
        const dir = resolveModuleDir(file, stmt.getModuleSpecifierValue());
        if (!dir) {
          pkg.problems.push({
            pos: pos(stmt, file),
            message: `API types may import only other API files, by relative path or through an installed package's exports (kubegen/api/...), not "${stmt.getModuleSpecifierValue()}"`,
          });
          continue;
        }
        for (const spec of stmt.getNamedImports()) {
          imports.push({
            local: spec.getAliasNode()?.getText() ?? spec.getName(),
            imported: spec.getName(),
            dir,
            file,
          });
        }
      } else if (Node.isInterfaceDeclaration(stmt)) {
        pkg.decls.push({
          name: stmt.getName(),
          kind: "interface",
          comments: attachedComments(stmt, sf, comments),
          pos: pos(stmt, file),
          heritage: stmt.getExtends().map((h) => ({ name: h.getExpression().getText(), pos: pos(h, file) })),
          members: this.readMembers(stmt, sf, file, pkg, comments),
          typeNode: undefined,
          file,
          exported: stmt.isExported(),
        });
        if (stmt.getTypeParameters().length) {
          pkg.problems.push({ pos: pos(stmt, file), message: `${stmt.getName()}: generic types are not supported in API types` });
        }
      } else if (Node.isTypeAliasDeclaration(stmt)) {
        pkg.decls.push({
          name: stmt.getName(),
          kind: "alias",
          comments: attachedComments(stmt, sf, comments),
          pos: pos(stmt, file),
          heritage: [],
          members: [],
          typeNode: stmt.getTypeNode(),
          file,
          exported: stmt.isExported(),
        });
      } else if (Node.isExportDeclaration(stmt)) {
        // `export {}` and re-exports: names resolve by package folder, so nothing to do.
      } else {
        pkg.problems.push({
          pos: pos(stmt, file),
          message: `only interfaces, type aliases and imports may appear in API files, not ${stmt.getKindName()}`,
        });
      }
    }
    pkg.imports.set(file, imports);
    // A tag in a comment that belongs to no declaration would be silently lost.
    for (const c of comments.all) {
      if (comments.attached.has(c.pos)) continue;
      const tag = firstTagLine(c.text);
      if (!tag) continue;
      pkg.problems.push({
        pos: { file, line: lineOf(sf, c.pos) + tag.offset },
        message: `tag +${tag.tag} is in a comment that belongs to no declaration: a doc comment must end on the line above the interface, type or field it describes`,
      });
    }
  }

  private readMembers(decl: Node, sf: SourceFile, file: string, pkg: RawPackage, comments: FileComments): RawMember[] {
    if (!Node.isInterfaceDeclaration(decl)) return [];
    const members: RawMember[] = [];
    for (const m of decl.getMembers()) {
      if (!Node.isPropertySignature(m)) {
        pkg.problems.push({ pos: pos(m, file), message: `only properties may appear in API interfaces, not ${m.getKindName()}` });
        continue;
      }
      const nameNode = m.getNameNode();
      const name = nameNode.isKind(SyntaxKind.StringLiteral) ? nameNode.getLiteralText() : m.getName();
      members.push({
        name,
        optional: m.hasQuestionToken(),
        typeNode: m.getTypeNode(),
        comments: attachedComments(m, sf, comments),
        pos: pos(m, file),
      });
    }
    return members;
  }
}
