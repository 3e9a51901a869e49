/**
 * Code laid out as prettier (printWidth 110, the generator's options) lays it out, for the
 * emitters whose output is large (protobuf codecs, deepcopy): formatting those with prettier was
 * most of the generator's time. Only the few statement shapes those emitters write are laid out
 * here; a file with a code line this layout could not fit in the width is handed to prettier
 * after all (see `preformatted`), so output never depends on this module being complete.
 * test/generator/formatted.test.ts formats every generated file with prettier and asserts no change.
 */
import type { GeneratedFile } from "./emitter.js";

export const PRINT_WIDTH = 110;

/**
 * A statement: a line of code (one statement, no newline), a brace-less `if`, a `for`, or a
 * `head {` block; `case` clauses are `block`s (with braces) or `clause`s (without); `lines` are
 * laid out already, each with its indent relative to the statement's; `call` is `call(args)tail`;
 * `chain` is an `if (..) ... else if (..) ... else ...` of lines or blocks; `assign` is
 * `assign = value;`.
 */
export type Stmt =
  | string
  | { if: string; then: Stmt }
  | { for: string; body: Stmt | Stmt[] }
  | { block: string; body: Stmt[] }
  | { clause: string; body: Stmt[] }
  | { lines: string[] }
  | { call: string; args: string[]; tail: string }
  | { assign: string; value: string }
  | { chain: [cond: string, then: string | Stmt[]][]; else: string };

const pad = (indent: number): string => " ".repeat(indent);

/** The statement on one line, when it has one (no block inside). */
function oneLine(s: Stmt): string | undefined {
  if (typeof s === "string") return s;
  if ("call" in s) return `${s.call}(${s.args.join(", ")})${s.tail}`;
  if ("assign" in s) return `${s.assign} = ${s.value};`;
  if ("if" in s) {
    const then = oneLine(s.then);
    return then === undefined ? undefined : `if (${s.if}) ${then}`;
  }
  if ("for" in s && !Array.isArray(s.body)) {
    const body = oneLine(s.body);
    return body === undefined ? undefined : `for (${s.for}) ${body}`;
  }
  return undefined;
}

/** Lines of `s` at `indent` spaces. */
export function printStmt(s: Stmt, indent: number): string[] {
  const p = pad(indent);
  const one = oneLine(s);
  if (one !== undefined && (typeof s === "string" || indent + one.length <= PRINT_WIDTH)) return [p + one];
  if (typeof s === "string") return [p + s];
  // A brace-less body that does not fit (or holds a block) goes on the next lines, indented.
  if ("if" in s) return [`${p}if (${s.if})`, ...printStmt(s.then, indent + 2)];
  if ("for" in s) {
    if (!Array.isArray(s.body)) return [`${p}for (${s.for})`, ...printStmt(s.body, indent + 2)];
    return [`${p}for (${s.for}) {`, ...printBody(s.body, indent + 2), `${p}}`];
  }
  if ("lines" in s) return s.lines.map((l) => p + l);
  // Arguments one a line, with a trailing comma.
  if ("call" in s) return [`${p}${s.call}(`, ...s.args.map((a) => `${p}  ${a},`), `${p})${s.tail}`];
  if ("chain" in s) return printChain(s.chain, s.else, indent);
  if ("assign" in s) return printAssignment(s.assign, s.value, indent);
  if ("block" in s) return [`${p}${s.block} {`, ...printBody(s.body, indent + 2), `${p}}`];
  return [`${p}${s.clause}`, ...printBody(s.body, indent + 2)];
}

/** `if ... else if ... else`: a clause's statement after its condition when it fits, else below it. */
function printChain(clauses: [string, string | Stmt[]][], last: string, indent: number): string[] {
  const p = pad(indent);
  const out: string[] = [];
  let afterBlock = false;
  const open = (head: string): string => {
    if (!afterBlock) return p + head;
    return `${out.pop()!} ${head}`;
  };
  clauses.forEach(([cond, then], i) => {
    const head = `${i === 0 ? "" : "else "}if (${cond})`;
    if (typeof then === "string") {
      const line = open(`${head} ${then}`);
      if (line.length <= PRINT_WIDTH) out.push(line);
      else out.push(open(head), `${p}  ${then}`);
      afterBlock = false;
    } else {
      out.push(open(`${head} {`), ...printBody(then, indent + 2), `${p}}`);
      afterBlock = true;
    }
  });
  out.push(open(`else ${last}`));
  return out;
}

/** The characters of `s` from `from` on that stand outside string literals, with their indices. */
function* outsideStrings(s: string, from = 0): Generator<[number, string]> {
  let quote = "";
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else yield [i, c];
  }
}

/** Splits `s` at `sep` where it is outside brackets and strings. */
function splitTop(s: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (const [i, c] of outsideStrings(s)) {
    if ("([{<".includes(c) && !(c === "<" && s[i + 1] === "=")) depth++;
    else if (")]}>".includes(c) && !(c === ">" && (s[i - 1] === "=" || s[i + 1] === "="))) depth--;
    else if (depth === 0 && i >= from && s.startsWith(sep, i)) {
      parts.push(s.slice(from, i));
      from = i + sep.length;
    }
  }
  parts.push(s.slice(from));
  return parts;
}

/**
 * `target = value;` too wide for one line, as prettier breaks it: a call keeps its callee on
 * the first line and takes one argument a line; anything else moves below the `=`, and a
 * conditional that is still too wide puts each branch on a line of its own.
 */
function printAssignment(target: string, value: string, indent: number): string[] {
  const p = pad(indent);
  const call = /^([\w$.]+)\((.*)\)$/.exec(value);
  if (call && splitTop(`(${call[2]!})`, ")(").length === 1) {
    const args = splitTop(call[2]!, ", ");
    return [`${p}${target} = ${call[1]}(`, ...args.map((a) => `${p}  ${a},`), `${p});`];
  }
  const below = `${p}  ${value};`;
  const conditional = splitTop(value, " ? ");
  if (below.length <= PRINT_WIDTH || conditional.length !== 2) return [`${p}${target} =`, below];
  const branches = splitTop(conditional[1]!, " : ");
  if (branches.length !== 2) return [`${p}${target} =`, below];
  return [`${p}${target} =`, `${p}  ${conditional[0]}`, `${p}    ? ${branches[0]}`, `${p}    : ${branches[1]};`];
}

export function printBody(body: readonly Stmt[], indent: number): string[] {
  return body.flatMap((s) => printStmt(s, indent));
}

/** Statements as text for a template line indented by `indent`: the first line's indent is the template's. */
export function printIn(body: readonly Stmt[], indent: number): string {
  return printBody(body, indent).join("\n").slice(indent);
}

/**
 * `head(params): result {` as prettier breaks a function signature: on one line when it fits,
 * else one parameter a line with a trailing comma. Without the leading indent (top level).
 */
export function signature(head: string, params: readonly string[], result: string): string {
  const one = `${head}(${params.join(", ")}): ${result} {`;
  if (one.length <= PRINT_WIDTH || params.length === 0) return one;
  return `${head}(\n${params.map((x) => `  ${x},\n`).join("")}): ${result} {`;
}

/** An import declaration as prettier lays it out: one line when it fits, else a name a line. */
export function importDeclaration(keyword: string, names: readonly string[], spec: string): string {
  const one = `${keyword} { ${names.join(", ")} } from "${spec}";`;
  // prettier never breaks an import of one name.
  if (one.length <= PRINT_WIDTH || names.length === 1) return one;
  return `${keyword} {\n${names.map((n) => `  ${n},\n`).join("")}} from "${spec}";`;
}

/** `key: { a: x, b: y },` at `indent`: on one line when it fits, else a property a line. */
export function objectProperty(indent: number, key: string, props: readonly [string, string][]): string {
  const p = pad(indent);
  const one = `${p}${key}: { ${props.map(([k, v]) => `${k}: ${v}`).join(", ")} },`;
  if (one.length <= PRINT_WIDTH) return one;
  return `${p}${key}: {\n${props.map(([k, v]) => `${p}  ${k}: ${v},\n`).join("")}${p}},`;
}

const LONE_STRING = /^((?:[\w$]{1,4}|"[^"]{0,2}"): )?("(?:[^"\\]+|\\.)*"|'(?:[^'\\]+|\\.)*')[,;]?$/;

const ONE_IMPORT = /^import (type )?\{ [^,]+ \} from "[^"]*";$/;

/** prettier leaves a class or interface heading with one heritage clause on its line. */
const ONE_HERITAGE = /^(export )?(class|interface) [\w$]+ (extends|implements) [\w$.]+ \{$/;

/** Comments and lone string literals (after a short key, see printProperty): prettier breaks neither. */
function overflowExempt(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith("//") || t.startsWith("/*") || t.startsWith("*") || LONE_STRING.test(t) || ONE_IMPORT.test(t) || ONE_HERITAGE.test(t);
}

/** True when a code line is wider than the layout can leave it. */
function overflows(line: string): boolean {
  return line.length > PRINT_WIDTH && !overflowExempt(line);
}

/**
 * A file laid out by this module: marked formatted, so the generator skips prettier for it,
 * unless a code line overflows (a shape this module does not break), where prettier decides.
 */
export function preformatted(file: GeneratedFile): GeneratedFile {
  // One newline at the end, as prettier leaves it.
  let end = file.content.length;
  while (end > 0 && file.content[end - 1] === "\n") end--;
  const content = `${file.content.slice(0, end)}\n`;
  return content.split("\n").some(overflows) ? file : { ...file, content, formatted: true };
}

/** An expression printed as written (it never breaks), for values that are code, not data. */
export class Code {
  constructor(readonly text: string) {}
}

function count(s: string, c: string): number {
  let n = 0;
  for (let i = s.indexOf(c); i !== -1; i = s.indexOf(c, i + 1)) n++;
  return n;
}

/** A string literal as prettier quotes it: double quotes unless the text holds more of them than single ones. */
export function printString(s: string): string {
  if (count(s, '"') <= count(s, "'")) return JSON.stringify(s);
  // JSON's escapes, with the quotes swapped. Every backslash in JSON text starts an escape, so
  // between escaped backslashes `\"` is always an escaped quote and `'` never escaped: plain
  // replacements, as the OpenAPI documents pass megabytes through here.
  const runs = JSON.stringify(s).slice(1, -1).split("\\\\");
  return `'${runs.map((r) => r.replaceAll('\\"', '"').replaceAll("'", "\\'")).join("\\\\")}'`;
}

/** An object key as prettier writes it (quoteProps as-needed): unquoted where it is an identifier. */
export function printKey(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : printString(k);
}

type Value = unknown;

function isRecord(v: Value): v is Record<string, Value> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Code);
}

/** A JSON-like value on one line, as prettier prints it when it fits. */
export function flat(v: Value): string {
  if (v instanceof Code) return v.text;
  if (typeof v === "string") return printString(v);
  // prettier writes exponents without a plus sign.
  if (typeof v === "number" && Number.isFinite(v)) return String(v).replace("e+", "e");
  if (typeof v === "boolean" || v === null) return String(v);
  if (Array.isArray(v)) return `[${v.map(flat).join(", ")}]`;
  if (isRecord(v)) {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    return entries.length ? `{ ${entries.map(([k, x]) => `${printKey(k)}: ${flat(x)}`).join(", ")} }` : "{}";
  }
  throw new Error(`layout: not a JSON value: ${typeof v}`);
}

/** prettier breaks an array of two or more objects (or arrays) that each have more than one entry. */
function mustBreak(v: Value): boolean {
  if (!Array.isArray(v) || v.length < 2) return false;
  return (
    v.every((x) => isRecord(x) && Object.values(x).filter((y) => y !== undefined).length > 1) ||
    v.every((x) => Array.isArray(x) && x.length > 1)
  );
}

/**
 * A JSON-like value (Code for expressions) as prettier prints it: flat when it fits in the
 * `used` columns already taken on its first line plus `suffix`, else one entry a line.
 */
export function printValue(v: Value, indent: number, used: number, suffix: string): string {
  const one = flat(v);
  const breakable = (Array.isArray(v) && v.length > 0) || (isRecord(v) && one !== "{}");
  if (!breakable || (used + one.length + suffix.length <= PRINT_WIDTH && !mustBreak(v))) return one;
  const p = pad(indent);
  if (Array.isArray(v)) {
    // prettier fills lines with numbers; left long here, so the file goes through prettier.
    if (v.every((x) => typeof x === "number")) return one;
    return `[\n${v.map((x) => `${p}  ${printValue(x, indent + 2, indent + 2, ",")},\n`).join("")}${p}]`;
  }
  const entries = Object.entries(v).filter(([, x]) => x !== undefined);
  return `{\n${entries.map(([k, x]) => `${printProperty(indent + 2, k, x, ",")}\n`).join("")}${p}}`;
}

/**
 * `key: value` plus `suffix` at `indent`, as a line or lines. A string too long for the line
 * goes below its key (prettier's break-after-operator) unless the key is shorter than 5
 * columns (too little to gain); objects and arrays break inside.
 */
export function printProperty(indent: number, key: string, value: Value, suffix: string): string {
  const k = printKey(key);
  const head = `${pad(indent)}${k}:`;
  if (typeof value === "string") {
    const s = printString(value);
    const one = `${head} ${s}${suffix}`;
    return one.length <= PRINT_WIDTH || k.length < 5 ? one : `${head}\n${pad(indent + 2)}${s}${suffix}`;
  }
  return `${head} ${printValue(value, indent, head.length + 1, suffix)}${suffix}`;
}

/** The index of the bracket closing the one at `open`, skipping strings; -1 if none. */
function closing(s: string, open: number): number {
  let depth = 0;
  for (const [i, c] of outsideStrings(s, open)) {
    if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && --depth === 0) return i;
  }
  return -1;
}

/** The first `(` outside strings and brackets, or -1. */
function firstCall(s: string): number {
  for (const [i, c] of outsideStrings(s)) {
    if (c === "(") return i;
    if (c === "[" || c === "{") return -1;
  }
  return -1;
}

const ARROW = /^(\([\w$, ]*\)) => (.+)$/;

/**
 * One line of code that is too wide, broken at its first call (or parameter list) as prettier
 * breaks calls: one argument a line with a trailing comma (none after a rest parameter), or,
 * when the last argument is an arrow function with an expression body, the other arguments
 * kept on the line and the arrow's body below it. Lines it cannot break are left as they are.
 */
function breakLine(line: string): string[] {
  if (line.length <= PRINT_WIDTH) return [line];
  const indent = line.length - line.trimStart().length;
  const p = pad(indent);
  const c = line.slice(indent);
  // An object literal argument of its own line (a call's broken arguments): a property a line.
  const object = /^\{ .* \}(,?)$/.exec(c);
  if (object && closing(c, 0) === c.length - 1 - object[1]!.length) {
    const props = splitTop(c.slice(2, c.length - 2 - object[1]!.length), ", ");
    return [`${p}{`, ...props.flatMap((x) => breakLine(`${p}  ${x},`)), `${p}}${object[1]}`];
  }
  const open = firstCall(c);
  const close = open < 0 ? -1 : closing(c, open);
  if (close < 0) return breakTypeArguments(line, p, c);
  const head = c.slice(0, open + 1);
  const tail = c.slice(close);
  const args = splitTop(c.slice(open + 1, close), ", ");
  const arrow = ARROW.exec(args[args.length - 1]!);
  if (arrow) {
    const first = `${p}${head}${[...args.slice(0, -1), `${arrow[1]} =>`].join(", ")}`;
    if (first.length <= PRINT_WIDTH) return [first, ...breakLine(`${p}  ${arrow[2]},`), `${p}${tail}`];
  }
  // A last argument that is an object literal hugs the parentheses: `f(a, {` ... `})`.
  const last = args[args.length - 1]!;
  if (last.startsWith("{ ") && last.endsWith(" }") && closing(last, 0) === last.length - 1) {
    const first = `${p}${head}${[...args.slice(0, -1), "{"].join(", ")}`;
    const props = splitTop(last.slice(2, -2), ", ");
    if (first.length <= PRINT_WIDTH) return [first, ...props.flatMap((x) => breakLine(`${p}  ${x},`)), `${p}}${tail}`];
  }
  const comma = (a: string): string => (/^\.\.\.[\w$]+: /.test(a) ? a : `${a},`);
  return [`${p}${head}`, ...args.flatMap((a) => breakLine(`${p}  ${comma(a)}`)), `${p}${tail}`];
}

/** A line broken in its first type-argument list (`A<X, Y>`): one a line, no trailing comma. */
function breakTypeArguments(line: string, p: string, c: string): string[] {
  const open = c.indexOf("<");
  if (open < 0 || /["'`]/.test(c.slice(0, open))) return [line];
  let depth = 0;
  let close = -1;
  for (let i = open; i < c.length && close < 0; i++) {
    if (c[i] === "<") depth++;
    else if (c[i] === ">" && c[i - 1] !== "=" && --depth === 0) close = i;
  }
  if (close < 0) return [line];
  const args = splitTop(c.slice(open + 1, close), ", ");
  const lines = args.map((a, i) => `${p}  ${a}${i < args.length - 1 ? "," : ""}`);
  return [`${p}${c.slice(0, open + 1)}`, ...lines, `${p}${c.slice(close)}`];
}

/** Code whose too-wide lines are broken as prettier breaks calls and signatures (see breakLine). */
export function breakLongLines(code: string): string {
  return code
    .split("\n")
    .flatMap((l) => (l.length > PRINT_WIDTH && !overflowExempt(l) ? breakLine(l) : [l]))
    .join("\n");
}
