/**
 * Splits the comments above a declaration into documentation and `+tag` lines.
 */
import type { Tag } from "../model/types.js";
import { splitTag } from "./tag-registry.js";

export interface RawComment {
  text: string;
  /** 1-based line of the comment's first line. */
  line: number;
}

export interface ParsedComments {
  doc: string;
  tags: Tag[];
}

/** Strips comment markers, one entry per source line. */
function commentLines(text: string): string[] {
  if (text.startsWith("//")) return [text.replace(/^\/\/\s?/, "")];
  const body = text.replace(/^\/\*\*?/, "").replace(/\*\/$/, "");
  return body.split("\n").map((l) => l.replace(/^\s*\*?\s?/, "").replace(/\s+$/, ""));
}

/**
 * Doc lines join into paragraphs: lines with a space, paragraphs with a blank line, as
 * upstream's swagger docs read.
 */
function joinDoc(lines: string[]): string {
  const paragraphs: string[] = [];
  let cur: string[] = [];
  for (const line of lines) {
    if (line.trim() === "") {
      if (cur.length) paragraphs.push(cur.join(" "));
      cur = [];
    } else {
      cur.push(line.trim());
    }
  }
  if (cur.length) paragraphs.push(cur.join(" "));
  return paragraphs.join("\n\n");
}

export function parseComments(comments: RawComment[], file: string): ParsedComments {
  const docLines: string[] = [];
  const tags: Tag[] = [];
  for (const c of comments) {
    commentLines(c.text).forEach((line, i) => {
      const trimmed = line.trim();
      if (trimmed.startsWith("+")) {
        const { name, value } = splitTag(trimmed.slice(1));
        tags.push({ name, value, pos: { file, line: c.line + i } });
      } else {
        docLines.push(line);
      }
    });
    // A `//` comment is one line; a separate comment starts a new paragraph only if blank.
  }
  return { doc: joinDoc(docLines), tags };
}
