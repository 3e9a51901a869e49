/**
 * Doc comments as HTML: escaped, split into paragraphs and bullet lists, with `code` spans and
 * bare URLs made into links; and the one-sentence summary the index shows.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

const URL = /\bhttps?:\/\/[^\s<>"'`]+/g;
const BULLET = /^\s*[-*]\s+/;

/** Inline markup of one escaped line: `code` and links; a URL ends before trailing punctuation. */
function inline(text: string): string {
  return text
    .split(/(`[^`]+`)/g)
    .map((part) => {
      if (part.length > 2 && part.startsWith("`") && part.endsWith("`")) return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      let out = "";
      let last = 0;
      for (const m of part.matchAll(URL)) {
        const url = m[0].replace(/[.,;:)\]]+$/, "");
        out += escapeHtml(part.slice(last, m.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
        last = m.index + url.length;
      }
      return out + escapeHtml(part.slice(last));
    })
    .join("");
}

/** A description as block HTML: blank lines part paragraphs, `- ` lines make a list. */
export function docHtml(doc: string | undefined): string {
  if (!doc?.trim()) return "";
  const blocks: string[] = [];
  for (const para of doc.trim().split(/\n\s*\n/)) {
    let text: string[] = [];
    let items: string[] = [];
    const flush = (): void => {
      if (text.length) blocks.push(`<p>${inline(text.join(" "))}</p>`);
      if (items.length) blocks.push(`<ul>${items.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`);
      text = [];
      items = [];
    };
    for (const line of para.split("\n")) {
      if (BULLET.test(line)) {
        if (text.length) flush();
        items.push(line.replace(BULLET, "").trim());
      } else if (items.length && /^\s{2,}\S/.test(line)) {
        items[items.length - 1] += ` ${line.trim()}`;
      } else {
        if (items.length) flush();
        text.push(line.trim());
      }
    }
    flush();
  }
  return blocks.join("\n");
}

/** The first sentence, as plain text: what a list of types shows beside each name. */
export function summary(doc: string | undefined, max = 160): string {
  const first = (doc ?? "").trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, " ") ?? "";
  const end = /(?<!\b(?:e\.g|i\.e|etc|vs))[.!?](?=\s+[A-Z`"(]|$)/.exec(first);
  const sentence = end ? first.slice(0, end.index + 1) : first;
  return sentence.length > max ? `${sentence.slice(0, max - 1).replace(/\s+\S*$/, "")}…` : sentence;
}

/**
 * Upstream's generator appends "Possible enum values:" and one ``- `"Value"` meaning`` line per
 * value to an enum field's description; the docs show those meanings beside the values instead.
 */
export function splitEnumDoc(doc: string | undefined): { doc: string; meanings: Map<string, string> } {
  const meanings = new Map<string, string>();
  const text = doc ?? "";
  const at = text.search(/(^|\n)\s*Possible enum values:/);
  if (at < 0) return { doc: text, meanings };
  const block = text.slice(at).replace(/^\s*Possible enum values:/, "");
  for (const m of block.matchAll(/^[ \t]*-[ \t]*`"?((?:[^`"\\]|\\.)*)"?`[ \t]*(.*(?:\n(?![ \t]*-[ \t]*`).*)*)/gm)) {
    meanings.set(m[1]!, m[2]!.replace(/\s+/g, " ").trim());
  }
  return { doc: text.slice(0, at).trimEnd(), meanings };
}

/** One line of text with `code` and links, for a value's meaning. */
export function inlineHtml(text: string): string {
  return inline(text);
}

/**
 * An escaped identifier with break opportunities between its words (`JSON<wbr>Schema<wbr>Props`),
 * so that long names wrap at a word in narrow columns instead of anywhere.
 */
export function breakableHtml(name: string): string {
  return escapeHtml(name).replace(/([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z]{2})/g, "$1$2<wbr>");
}
