/**
 * Parses the declarations of a Go API file: package clause, imports, type declarations (structs
 * with tags, named types) and const blocks, each with the comment lines above it. Functions,
 * methods and vars are skipped.
 */
import { GoSyntaxError, tokenize, type GoComment, type GoToken } from "./go-lexer.js";

export type GoType =
  | { kind: "ident"; name: string }
  | { kind: "qualified"; pkg: string; name: string }
  | { kind: "pointer"; elem: GoType }
  | { kind: "slice"; elem: GoType }
  | { kind: "array"; elem: GoType }
  | { kind: "map"; key: GoType; value: GoType }
  | { kind: "struct"; fields: GoField[] }
  | { kind: "other"; text: string };

export interface GoField {
  /** Empty for an embedded field. */
  names: string[];
  type: GoType;
  /** The raw struct tag (the text inside the backquotes). */
  tag: string;
  doc: string[];
  line: number;
}

export interface GoTypeDecl {
  name: string;
  type: GoType;
  /** The comment lines directly above the declaration. */
  doc: string[];
  /** The comment block separated from `doc` by one blank line (gengo reads its tags too). */
  above: string[];
  line: number;
}

export interface GoConst {
  name: string;
  /** The declared type name (`Protocol` in `ProtocolTCP Protocol = "TCP"`), when given. */
  type?: string;
  /** The value when it is a string literal. */
  value?: string;
  doc: string[];
  line: number;
}

export interface GoFile {
  file: string;
  pkg: string;
  /** The comment lines above the package clause (the package doc). */
  packageDoc: string[];
  /** Every `+` line in comments before the package clause. */
  packageTags: string[];
  /** Import alias (or last path element) -> import path. */
  imports: Map<string, string>;
  types: GoTypeDecl[];
  consts: GoConst[];
}

interface CommentGroup {
  lines: string[];
  line: number;
  endLine: number;
}

/** Consecutive own-line comments on adjacent lines form one group, as go/ast groups them. */
function groupComments(comments: GoComment[]): Map<number, CommentGroup> {
  const byEnd = new Map<number, CommentGroup>();
  let cur: CommentGroup | undefined;
  for (const c of comments) {
    if (!c.ownLine) {
      cur = undefined;
      continue;
    }
    if (cur && c.line === cur.endLine + 1) {
      byEnd.delete(cur.endLine);
      cur.lines.push(...c.lines);
      cur.endLine = c.endLine;
    } else {
      cur = { lines: [...c.lines], line: c.line, endLine: c.endLine };
    }
    byEnd.set(cur.endLine, cur);
  }
  return byEnd;
}

export function parseGoFile(src: string, file: string): GoFile {
  const { tokens, comments } = tokenize(src, file);
  const groups = groupComments(comments);
  let p = 0;
  const peek = (o = 0): GoToken => tokens[Math.min(p + o, tokens.length - 1)]!;
  const next = (): GoToken => tokens[Math.min(p++, tokens.length - 1)]!;
  const fail = (msg: string, t = peek()): never => {
    throw new GoSyntaxError(file, t.line, `${msg} (at ${t.kind === "eof" ? "end of file" : JSON.stringify(t.text)})`);
  };
  const isOp = (text: string, t = peek()): boolean => t.kind === "op" && t.text === text;
  const expectOp = (text: string): GoToken => (isOp(text) ? next() : fail(`expected "${text}"`));
  const expectIdent = (): string => (peek().kind === "ident" ? next().text : fail("expected a name"));
  const skipSemis = (): void => {
    while (peek().kind === ";") next();
  };
  const docAt = (line: number): { doc: string[]; above: string[] } => {
    const g = groups.get(line - 1);
    // Tags alone, one blank line above an undocumented declaration, still belong to it.
    if (!g) return { doc: [], above: groups.get(line - 2)?.lines ?? [] };
    const a = groups.get(g.line - 2);
    return { doc: g.lines, above: a ? a.lines : [] };
  };
  /** Skips a balanced (), [] or {} group starting at the current opening token. */
  const skipBalanced = (): void => {
    const open = next();
    const close = { "(": ")", "[": "]", "{": "}" }[open.text]!;
    let depth = 1;
    while (depth > 0) {
      const t = next();
      if (t.kind === "eof") fail(`unbalanced "${open.text}"`, open);
      if (t.kind === "op" && t.text === open.text) depth++;
      else if (t.kind === "op" && t.text === close) depth--;
    }
  };

  const parseType = (): GoType => {
    const t = peek();
    if (isOp("*")) {
      next();
      return { kind: "pointer", elem: parseType() };
    }
    if (isOp("[")) {
      next();
      if (isOp("]")) {
        next();
        return { kind: "slice", elem: parseType() };
      }
      while (!isOp("]")) if (next().kind === "eof") fail("unterminated array length");
      next();
      return { kind: "array", elem: parseType() };
    }
    if (t.kind === "ident" && t.text === "map") {
      next();
      expectOp("[");
      const key = parseType();
      expectOp("]");
      return { kind: "map", key, value: parseType() };
    }
    if (t.kind === "ident" && t.text === "struct") {
      next();
      return { kind: "struct", fields: parseStructBody() };
    }
    if (t.kind === "ident" && (t.text === "interface" || t.text === "func" || t.text === "chan")) {
      next();
      if (t.text === "func") {
        if (isOp("(")) skipBalanced();
        if (isOp("(")) skipBalanced();
        else if (peek().kind === "ident" || isOp("*") || isOp("[")) parseType();
      } else if (t.text === "chan") {
        parseType();
      } else if (isOp("{")) skipBalanced();
      return { kind: "other", text: t.text };
    }
    if (t.kind === "ident") {
      next();
      if (isOp(".")) {
        next();
        return { kind: "qualified", pkg: t.text, name: expectIdent() };
      }
      // Type arguments (generic instantiation) are not part of API types.
      if (isOp("[") && peek(1).kind === "ident" && !isOp("]", peek(1))) fail("generic types are not supported");
      return { kind: "ident", name: t.text };
    }
    if (isOp("(")) {
      next();
      const inner = parseType();
      expectOp(")");
      return inner;
    }
    return fail("expected a type");
  };

  const parseStructBody = (): GoField[] => {
    expectOp("{");
    const fields: GoField[] = [];
    skipSemis();
    while (!isOp("}")) {
      const start = peek();
      const { doc } = docAt(start.line);
      const names: string[] = [];
      let type: GoType;
      // Embedded: `T`, `*T`, `pkg.T` followed by a tag, ";" or "}".
      const embeddedEnd = (o: number): boolean => {
        const t = peek(o);
        return t.kind === ";" || t.kind === "string" || t.kind === "rawstring" || isOp("}", t);
      };
      if (isOp("*")) {
        type = parseType();
      } else if (start.kind === "ident" && isOp(".", peek(1)) && embeddedEnd(3)) {
        type = parseType();
      } else if (start.kind === "ident" && embeddedEnd(1)) {
        type = parseType();
      } else {
        names.push(expectIdent());
        while (isOp(",")) {
          next();
          names.push(expectIdent());
        }
        type = parseType();
      }
      let tag = "";
      if (peek().kind === "string" || peek().kind === "rawstring") tag = next().text;
      fields.push({ names, type, tag, doc, line: start.line });
      if (!isOp("}")) {
        if (peek().kind !== ";") fail("expected the end of the field");
        skipSemis();
      }
    }
    expectOp("}");
    return fields;
  };

  const out: GoFile = { file, pkg: "", packageDoc: [], packageTags: [], imports: new Map(), types: [], consts: [] };
  skipSemis();
  const pkgTok = peek();
  if (pkgTok.kind !== "ident" || pkgTok.text !== "package") fail("expected the package clause");
  out.packageDoc = docAt(pkgTok.line).doc;
  // Package tags may stand in any comment group before the clause (gengo reads them all).
  out.packageTags = comments
    .filter((c) => c.endLine < pkgTok.line)
    .flatMap((c) => c.lines)
    .map((l) => l.trim())
    .filter((l) => l.startsWith("+"));
  next();
  out.pkg = expectIdent();
  skipSemis();

  const importSpec = (): void => {
    let alias: string | undefined;
    if (peek().kind === "ident" || isOp(".")) alias = next().text;
    const pathTok = next();
    if (pathTok.kind !== "string" && pathTok.kind !== "rawstring") fail("expected an import path", pathTok);
    const name = alias ?? pathTok.text.split("/").pop()!;
    if (name !== "_" && name !== ".") out.imports.set(name, pathTok.text);
  };

  const typeSpec = (line: number, docs: { doc: string[]; above: string[] }): void => {
    const name = expectIdent();
    if (isOp("[") && peek(1).kind === "ident" && peek(2).kind === "ident") fail(`${name}: generic types are not supported`);
    if (isOp("=")) next(); // alias declaration
    const type = parseType();
    out.types.push({ name, type, doc: docs.doc, above: docs.above, line });
  };

  let lastConstType: string | undefined;
  const constSpec = (line: number, doc: string[]): void => {
    const names = [expectIdent()];
    while (isOp(",")) {
      next();
      names.push(expectIdent());
    }
    let type: string | undefined;
    let value: string | undefined;
    let hasValue = false;
    if (!isOp("=") && peek().kind !== ";" && !isOp(")")) {
      const t = parseType();
      type = t.kind === "ident" ? t.name : t.kind === "qualified" ? `${t.pkg}.${t.name}` : undefined;
    }
    if (isOp("=")) {
      next();
      hasValue = true;
      // A plain string literal is an enum value; anything else (iota, expressions) is skipped.
      const v = peek();
      if ((v.kind === "string" || v.kind === "rawstring") && (peek(1).kind === ";" || isOp(")", peek(1)))) value = v.text;
      while (peek().kind !== ";" && !isOp(")") && peek().kind !== "eof") {
        if (isOp("(") || isOp("[") || isOp("{")) skipBalanced();
        else next();
      }
    }
    // Without `= value`, a spec repeats the previous spec's type (iota blocks).
    if (!hasValue) type = lastConstType;
    else lastConstType = type;
    for (const n of names) out.consts.push({ name: n, ...(type ? { type } : {}), ...(value !== undefined ? { value } : {}), doc, line });
  };

  while (peek().kind !== "eof") {
    const t = peek();
    if (t.kind === ";") {
      next();
      continue;
    }
    if (t.kind !== "ident") fail("expected a declaration");
    const kw = next().text;
    if (kw === "import") {
      if (isOp("(")) {
        next();
        skipSemis();
        while (!isOp(")")) {
          importSpec();
          skipSemis();
        }
        next();
      } else importSpec();
    } else if (kw === "type") {
      if (isOp("(")) {
        next();
        skipSemis();
        while (!isOp(")")) {
          const line = peek().line;
          typeSpec(line, docAt(line));
          skipSemis();
        }
        next();
      } else typeSpec(t.line, docAt(t.line));
    } else if (kw === "const") {
      lastConstType = undefined;
      if (isOp("(")) {
        next();
        skipSemis();
        while (!isOp(")")) {
          const line = peek().line;
          constSpec(line, docAt(line).doc);
          skipSemis();
        }
        next();
      } else constSpec(t.line, docAt(t.line).doc);
    } else if (kw === "var" || kw === "func") {
      // Skipped: read to the end of the statement, over any balanced groups.
      while (peek().kind !== ";" && peek().kind !== "eof") {
        if (isOp("(") || isOp("[") || isOp("{")) skipBalanced();
        else next();
      }
    } else {
      fail(`unexpected "${kw}" at top level`, t);
    }
  }
  return out;
}

/** Reads one key of a Go struct tag (`json:"name,omitempty" protobuf:"..."`). */
export function structTag(tag: string, key: string): string | undefined {
  const re = /([A-Za-z0-9_]+):"((?:[^"\\]|\\.)*)"/g;
  for (let m = re.exec(tag); m; m = re.exec(tag)) if (m[1] === key) return m[2]!.replace(/\\(.)/g, "$1");
  return undefined;
}
