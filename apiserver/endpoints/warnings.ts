/**
 * A response's `Warning:` headers as upstream's warning recorder (k8s.io/apiserver
 * endpoints/filters WithWarningRecorder) writes them: deduplicated by text, in the order added,
 * and bounded. Once the texts would pass 4 Ki runes in all, every warning is cut to 256 runes
 * and replayed; after that, a warning is added (cut) only while the total is under 4 Ki, so a
 * request that collects thousands of warnings cannot grow its headers past what clients read.
 */

/** Upstream's truncateAtTotalRunes. */
export const WARNING_TOTAL_RUNES = 4 * 1024;
/** Upstream's truncateItemRunes. */
export const WARNING_ITEM_RUNES = 256;

/** Unicode's Cc category, as Go's unicode.IsControl reads it. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** A lone surrogate: text that is not valid Unicode (Go's utf8.ValidString fails on its UTF-8). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * `299 - "text"` with quotes and backslashes escaped (apimachinery's NewWarningHeader);
 * undefined for text a header cannot carry (control characters, malformed UTF-16), which
 * upstream drops.
 */
export function warningHeader(text: string): string | undefined {
  if (CONTROL.test(text) || LONE_SURROGATE.test(text)) return undefined;
  return `299 - "${text.replace(/[\\"]/g, "\\$&")}"`;
}

/** The first `n` code points of a text (Go cuts at rune boundaries). */
function cut(runes: string[], n: number): { text: string; length: number } {
  return runes.length > n ? { text: runes.slice(0, n).join(""), length: n } : { text: runes.join(""), length: runes.length };
}

/** The header values for warnings added in this order (the recorder's state once all were added). */
export function warningHeaderValues(
  texts: readonly string[],
  limits: { totalRunes: number; itemRunes: number } = { totalRunes: WARNING_TOTAL_RUNES, itemRunes: WARNING_ITEM_RUNES },
): string[] {
  const recorded = new Set<string>();
  const ordered: string[] = [];
  let out: string[] = [];
  let written = 0;
  let truncating = false;
  for (const text of texts) {
    if (text === "") continue;
    // Over the limit and already cutting: every later warning is dropped.
    if (truncating && written >= limits.totalRunes) break;
    if (recorded.has(text)) continue;
    recorded.add(text);
    ordered.push(text);
    const runes = [...text];
    const item = truncating ? cut(runes, limits.itemRunes) : { text, length: runes.length };
    const header = warningHeader(item.text);
    if (header === undefined) continue;
    if (written + item.length <= limits.totalRunes || truncating) {
      written += item.length;
      out.push(header);
      continue;
    }
    // The first warning past the limit: from now on every warning is cut, the earlier ones too.
    truncating = true;
    written = 0;
    out = [];
    for (const earlier of ordered) {
      const c = cut([...earlier], limits.itemRunes);
      const h = warningHeader(c.text);
      if (h === undefined) continue;
      written += c.length;
      out.push(h);
    }
  }
  return out;
}
