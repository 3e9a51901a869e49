// Reads a list's continue token from the first bytes of its JSON body, so the next page can be asked for before this one is read.

/** How far into the body the token is looked for: kind, apiVersion and metadata come first. */
const HEAD_BYTES = 4096;
const CONTINUE = /"continue":"([^"\\]*)"/;

/**
 * The `metadata.continue` of a JSON list whose body starts with `head`, when the head holds the
 * whole of the list's metadata (`"items"` follows it); undefined otherwise (protobuf, a server
 * that writes items first, a head cut short), and for the last page. A hint only: the pager
 * checks it against the token of the decoded page.
 */
export function continueFromListHead(head: Uint8Array, contentType: string): string | undefined {
  if (contentType !== "" && contentType !== "application/json") return undefined;
  const text = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, HEAD_BYTES)).toString("latin1");
  const items = text.indexOf('"items":');
  if (items < 0) return undefined;
  const token = CONTINUE.exec(text.slice(0, items))?.[1];
  return token === "" ? undefined : token;
}
