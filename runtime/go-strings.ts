/** String helpers that reproduce Go's quoting and byte-wise ordering, so messages and canonical forms match upstream's. */

const NAMED_ESCAPES: Readonly<Record<string, string>> = {
  "\u0007": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  '"': '\\"',
  "\\": "\\\\",
};

/**
 * Quotes `s` the way Go's `%q` / `strconv.Quote` does for the text selectors and errors meet:
 * backslash escapes for quotes, backslashes and control characters, printable text kept as is.
 */
export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const named = NAMED_ESCAPES[ch];
    if (named !== undefined) {
      out += named;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp >= 0x80 && cp < 0xa0) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += ch;
  }
  return out + '"';
}

/**
 * Compares strings by Unicode code point, which is the order of their UTF-8 bytes and so the
 * order Go's `<` and `sort.Strings` give; JavaScript's default compares UTF-16 units instead.
 */
export function compareBytewise(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800-DFFF) encode code points above U+FFFF, so they sort after U+E000-FFFF.
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The length of `s` in UTF-8 bytes, which is what Go's `len` measures. Node counts natively; a
 * lone surrogate counts 3 bytes, as the U+FFFD that Go's JSON decoder puts in its place.
 */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, "utf8");
}
