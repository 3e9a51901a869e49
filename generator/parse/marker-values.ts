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

/** Whether a value is one quoted literal (as opposed to a bare word or a list). */
export function isQuoted(raw: string): boolean {
  const t = raw.trim();
  return t.length >= 2 && /^["'`]/.test(t) && t.endsWith(t[0]!) && splitTopLevel(t, ";").length === 1;
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
