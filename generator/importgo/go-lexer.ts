/**
 * A tokenizer for the part of Go that API packages use (package clauses, imports, type and const
 * declarations, struct tags, comments). Function bodies are tokenized too but only skipped.
 * Newlines become ";" where Go's automatic semicolon rule inserts one, so the parser can read
 * one struct field or const spec per statement.
 */

export type GoTokenKind = "ident" | "string" | "rawstring" | "number" | "char" | "op" | ";" | "eof";

export interface GoToken {
  kind: GoTokenKind;
  /** The literal text; for strings, the decoded value. */
  text: string;
  line: number;
}

export interface GoComment {
  /** The comment's text without the markers: `// x` -> ` x`, block comments line by line. */
  lines: string[];
  line: number;
  endLine: number;
  /** Nothing but whitespace before it on its line (a trailing comment is not a doc). */
  ownLine: boolean;
}

export class GoSyntaxError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    message: string,
  ) {
    super(`${file}:${line}: ${message}`);
  }
}

const OPS = [
  "<<=",
  ">>=",
  "&^=",
  "...",
  "&&",
  "||",
  "<-",
  "++",
  "--",
  "==",
  "!=",
  "<=",
  ">=",
  ":=",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "<<",
  ">>",
  "&^",
];

/** Tokens after which a newline ends the statement (Go spec, "Semicolons"). */
function endsStatement(t: GoToken | undefined): boolean {
  if (!t) return false;
  if (t.kind === "ident") return true;
  if (t.kind === "string" || t.kind === "rawstring" || t.kind === "number" || t.kind === "char") return true;
  return t.kind === "op" && [")", "]", "}", "++", "--"].includes(t.text);
}

export function tokenize(src: string, file: string): { tokens: GoToken[]; comments: GoComment[] } {
  const tokens: GoToken[] = [];
  const comments: GoComment[] = [];
  let i = 0;
  let line = 1;
  let lineStart = true; // only whitespace so far on this line
  const push = (kind: GoTokenKind, text: string, at: number): void => {
    tokens.push({ kind, text, line: at });
    lineStart = false;
  };
  const newline = (): void => {
    if (endsStatement(tokens[tokens.length - 1])) tokens.push({ kind: ";", text: "\n", line });
    line++;
    lineStart = true;
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === "\n") {
      newline();
      i++;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (c === "/" && src[i + 1] === "/") {
      const end = src.indexOf("\n", i);
      const stop = end < 0 ? src.length : end;
      const text = src.slice(i + 2, stop);
      const prev = comments[comments.length - 1];
      comments.push({ lines: [text], line, endLine: line, ownLine: lineStart });
      void prev;
      i = stop;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      if (end < 0) throw new GoSyntaxError(file, line, "unterminated block comment");
      const body = src.slice(i + 2, end);
      const startLine = line;
      const own = lineStart;
      const lines = body.split("\n");
      line += lines.length - 1;
      comments.push({ lines, line: startLine, endLine: line, ownLine: own });
      i = end + 2;
      // A block comment spanning lines acts as a newline for semicolon insertion.
      if (lines.length > 1 && endsStatement(tokens[tokens.length - 1])) tokens.push({ kind: ";", text: "\n", line });
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let out = "";
      while (j < src.length && src[j] !== '"') {
        if (src[j] === "\n") throw new GoSyntaxError(file, line, "newline in string literal");
        if (src[j] === "\\") {
          const e = src[j + 1];
          const simple: Record<string, string> = {
            n: "\n",
            t: "\t",
            r: "\r",
            '"': '"',
            "\\": "\\",
            "'": "'",
            a: "\x07",
            b: "\b",
            f: "\f",
            v: "\v",
          };
          if (e !== undefined && e in simple) {
            out += simple[e];
            j += 2;
            continue;
          }
          if (e === "x" || e === "u" || e === "U") {
            const n = e === "x" ? 2 : e === "u" ? 4 : 8;
            out += String.fromCodePoint(parseInt(src.slice(j + 2, j + 2 + n), 16));
            j += 2 + n;
            continue;
          }
          if (e !== undefined && /[0-7]/.test(e)) {
            out += String.fromCharCode(parseInt(src.slice(j + 1, j + 4), 8));
            j += 4;
            continue;
          }
          throw new GoSyntaxError(file, line, `unknown escape \\${e ?? ""} in string literal`);
        }
        out += src[j];
        j++;
      }
      if (j >= src.length) throw new GoSyntaxError(file, line, "unterminated string literal");
      push("string", out, line);
      i = j + 1;
      continue;
    }
    if (c === "`") {
      const end = src.indexOf("`", i + 1);
      if (end < 0) throw new GoSyntaxError(file, line, "unterminated raw string literal");
      const text = src.slice(i + 1, end);
      push("rawstring", text.replace(/\r/g, ""), line);
      line += (text.match(/\n/g) ?? []).length;
      i = end + 1;
      continue;
    }
    if (c === "'") {
      const m = /^'(\\.[^']*|[^'\\])'/u.exec(src.slice(i));
      if (!m) throw new GoSyntaxError(file, line, "malformed rune literal");
      push("char", m[0], line);
      i += m[0].length;
      continue;
    }
    if (/[A-Za-z_]/.test(c) || c.charCodeAt(0) > 127) {
      const m = /^[\p{L}_][\p{L}\p{N}_]*/u.exec(src.slice(i, i + 256))!;
      push("ident", m[0], line);
      i += m[0].length;
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(src[i + 1] ?? ""))) {
      const m = /^(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|[0-9_]*\.?[0-9_]*([eE][+-]?[0-9_]+)?i?)/.exec(src.slice(i))!;
      push("number", m[0], line);
      i += Math.max(1, m[0].length);
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (op) {
      push("op", op, line);
      i += op.length;
      continue;
    }
    if ("+-*/%&|^<>=!()[]{},;.:~".includes(c)) {
      if (c === ";") push(";", ";", line);
      else push("op", c, line);
      i++;
      continue;
    }
    throw new GoSyntaxError(file, line, `unexpected character ${JSON.stringify(c)}`);
  }
  if (endsStatement(tokens[tokens.length - 1])) tokens.push({ kind: ";", text: "\n", line });
  tokens.push({ kind: "eof", text: "", line });
  return { tokens, comments };
}
