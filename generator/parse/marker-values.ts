/**
 * Marker values as controller-gen reads them: `key=value` arguments separated by commas, values
 * double-quoted with Go escapes, backquoted (raw) or single-quoted, lists separated by `;`.
 * Every marker goes through this one reader, so quoting means the same everywhere.
 */

/** Splits at `sep` outside quotes; quotes and escapes are kept for the caller to unquote. */
function splitTopLevel(text: string, sep: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      cur += ch;
      if (ch === "\\" && quote !== "`" && i + 1 < text.length) cur += text[++i];
      else if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === '"' || ch === "`" || ch === "'") quote = ch;
    if (ch === sep) {
      out.push(cur);
      cur = "";
      continue;
    }
    cur += ch;
  }
  out.push(cur);
  return out;
}

const GO_ESCAPES: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  '"': '"',
  "'": "'",
};

/** Go's strconv.Unquote of a double- or single-quoted literal's inside. */
function goUnescape(s: string): string | undefined {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const e = s[++i];
    if (e === undefined) return undefined;
    if (GO_ESCAPES[e] !== undefined) out += GO_ESCAPES[e];
    else if (e === "x" || e === "u" || e === "U") {
      const n = e === "x" ? 2 : e === "u" ? 4 : 8;
      const hex = s.slice(i + 1, i + 1 + n);
      if (!new RegExp(`^[0-9A-Fa-f]{${n}}$`).test(hex)) return undefined;
      out += String.fromCodePoint(parseInt(hex, 16));
      i += n;
    } else if (/[0-7]/.test(e)) {
      const oct = s.slice(i, i + 3);
      if (!/^[0-7]{3}$/.test(oct)) return undefined;
      out += String.fromCharCode(parseInt(oct, 8));
      i += 2;
    } else return undefined;
  }
  return out;
}

/** Where the quoted literal starting at `text[0]` ends (the index of its closing quote), or -1 when it is not closed. */
function literalEnd(text: string): number {
  const quote = text[0]!;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === "\\" && quote !== "`") i++;
    else if (text[i] === quote) return i;
  }
  return -1;
}

/**
 * Whether a value is one quoted literal (as opposed to a bare word, a list, or a bare
 * expression that merely starts and ends with quotes, such as the CEL rule `'a' == self.b + 'c'`).
 */
export function isQuoted(raw: string): boolean {
  const t = raw.trim();
  return t.length >= 2 && /^["'`]/.test(t) && literalEnd(t) === t.length - 1;
}

/** Whether a value opens a quote it never closes (`".spec.name`): a malformed literal. */
export function isUnterminated(raw: string): boolean {
  const t = raw.trim();
  return /^["`]/.test(t) && literalEnd(t) < 0;
}

/** One value: quotes removed and escapes applied; undefined for a malformed literal. */
export function markerScalar(raw: string): string | undefined {
  const t = raw.trim();
  if (!isQuoted(t)) return t;
  const inner = t.slice(1, -1);
  return t[0] === "`" ? inner : goUnescape(inner);
}

/** A `;`-separated list, each item unquoted. */
export function markerList(raw: string): (string | undefined)[] {
  return splitTopLevel(raw, ";").map(markerScalar);
}

/** `a=b,c="d,e"` to its arguments, values as written (still quoted). */
export function markerArgsRaw(value: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of splitTopLevel(value, ",")) {
    if (part.trim() === "") continue;
    const eq = splitTopLevel(part, "=");
    const key = eq[0]!.trim();
    out.set(key, eq.length > 1 ? part.slice(part.indexOf("=") + 1).trim() : "");
  }
  return out;
}

/** Marker arguments with each value unquoted (a malformed literal is kept as written). */
export function markerArgs(value: string): Map<string, string> {
  return new Map([...markerArgsRaw(value)].map(([k, v]) => [k, markerScalar(v) ?? v]));
}

/** The type of one argument of a struct marker (controller-gen's string, bool). */
export type MarkerArgType = "string" | "bool";

/**
 * A struct marker's arguments read strictly as controller-gen's parser does: only the declared
 * argument names, every required one present, strings unquoted (double-quoted with Go escapes, or
 * backquoted), booleans `true`/`false`. Returns the values, or controller-gen's complaint.
 */
export function markerStruct(
  value: string,
  fields: Readonly<Record<string, { type: MarkerArgType; required?: boolean }>>,
): { values: Map<string, string | boolean> } | { problem: string } {
  const values = new Map<string, string | boolean>();
  for (const [key, raw] of markerArgsRaw(value)) {
    const def = fields[key];
    if (!def) return { problem: `unknown argument ${JSON.stringify(key)}` };
    if (isUnterminated(raw)) return { problem: `${key}: unable to parse string: literal not terminated: ${raw.trim()}` };
    if (def.type === "bool") {
      if (raw !== "true" && raw !== "false") return { problem: `${key}: expected true or false, got ${JSON.stringify(raw)}` };
      values.set(key, raw === "true");
      continue;
    }
    const text = markerScalar(raw);
    if (text === undefined) return { problem: `${key}: unable to parse string: invalid syntax: ${raw.trim()}` };
    values.set(key, text);
  }
  for (const [key, def] of Object.entries(fields)) {
    if (def.required && !values.has(key)) return { problem: `missing argument ${JSON.stringify(key)}` };
  }
  return { values };
}
