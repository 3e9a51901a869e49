/**
 * Doc comments as HTML (CommonMark, raw HTML escaped), and the one-sentence summary the index
 * shows.
 */
import MarkdownIt from "markdown-it";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/**
 * CommonMark with raw HTML escaped (a description is data, never markup) and bare URLs linked.
 * Kubernetes descriptions are written as plain text with `code`, lists and URLs; CRD authors
 * also write fenced code, numbered lists and Markdown links.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

/** Inline markup of one line: `code`, emphasis and links. */
function inline(text: string): string {
  return md.renderInline(text);
}

/** A description as block HTML (CommonMark). */
export function docHtml(doc: string | undefined): string {
  if (!doc?.trim()) return "";
  return md.render(doc.trim()).trimEnd();
}

/** The first sentence, as plain text: what a list of types shows beside each name. */
export function summary(doc: string | undefined, max = 160): string {
  const first =
    (doc ?? "")
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, " ") ?? "";
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
