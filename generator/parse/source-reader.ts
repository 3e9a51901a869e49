/**
 * Reads api/ folders with ts-morph into raw declarations: names, comments, type nodes and
 * imports. Only this folder imports ts-morph; everything after it works on the plain model.
 */
import fs from "node:fs";
import path from "node:path";
import { Node, Project, SyntaxKind, type SourceFile, type TypeNode } from "ts-morph";
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
  return { file, line: node.getStartLineNumber() };
}

/**
 * The comments that belong to a node: the run of comments directly above it with no blank
 * line in between, so a file header is never mistaken for a type's doc.
 */
function attachedComments(node: Node, sf: SourceFile): RawComment[] {
  const ranges = node.getLeadingCommentRanges();
  const text = sf.getFullText();
  const out: RawComment[] = [];
  let nextStart = node.getStart();
  for (let i = ranges.length - 1; i >= 0; i--) {
    const r = ranges[i]!;
    const gap = text.slice(r.getEnd(), nextStart);
    if ((gap.match(/\n/g) ?? []).length > 1) break;
    out.unshift({ text: r.getText(), line: sf.getLineAndColumnAtPos(r.getPos()).line });
    nextStart = r.getPos();
  }
  return out;
}

function resolveModuleDir(fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return path.dirname(path.resolve(path.dirname(fromFile), specifier));
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
    if (path.basename(file) === "doc.ts") {
      const first = sf.getStatements()[0];
      const ranges = first ? first.getLeadingCommentRanges() : [];
      const block = ranges.find((r) => r.getText().startsWith("/*"));
      if (block) {
        pkg.packageComment = { text: block.getText(), line: sf.getLineAndColumnAtPos(block.getPos()).line };
      }
    }
    const imports: RawImport[] = [];
    for (const stmt of sf.getStatements()) {
      if (Node.isImportDeclaration(stmt)) {
        const dir = resolveModuleDir(file, stmt.getModuleSpecifierValue());
        if (!dir) {
          pkg.problems.push({
            pos: pos(stmt, file),
            message: `API types may import only other API files by relative path, not "${stmt.getModuleSpecifierValue()}"`,
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
          comments: attachedComments(stmt, sf),
          pos: pos(stmt, file),
          heritage: stmt.getExtends().map((h) => ({ name: h.getExpression().getText(), pos: pos(h, file) })),
          members: this.readMembers(stmt, sf, file, pkg),
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
          comments: attachedComments(stmt, sf),
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
  }

  private readMembers(
    decl: Node,
    sf: SourceFile,
    file: string,
    pkg: RawPackage,
  ): RawMember[] {
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
        comments: attachedComments(m, sf),
        pos: pos(m, file),
      });
    }
    return members;
  }
}
