/**
 * A JSON response body decoded while it arrives. A list (`{"kind":..,"apiVersion":..,
 * "metadata":{..},"items":[{..},{..}]}`) is cut into its items as their bytes come in, and
 * each item is parsed then, so parsing a large list overlaps the time the server takes to send
 * it instead of following it; any other body is parsed whole at its end, as before.
 *
 * Items are cut where the bytes read `},{"<first key>":`, the first key being the one the
 * first item starts with (`metadata` for built-in kinds, `apiVersion` for custom resources).
 * Those bytes cannot occur inside a JSON string (its quotes would be escaped), but they can
 * occur inside an item (an array of objects that start with the same key); a cut there leaves
 * an unbalanced piece that JSON.parse rejects, and then the body is parsed whole at its end.
 * The result is the value JSON.parse gives for the whole body, whichever way it was reached.
 */

/** Node's Buffer slicers, which @types/node leaves out: `toString` without its argument checks. */
interface Slicing {
  utf8Slice(start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}
const slicing = (b: Buffer): Slicing => b as unknown as Slicing;

/** The head of a list whose items can be cut: kind, apiVersion and a flat metadata before `"items":[{"<key>":`. */
const LIST_HEAD = /^\{(?:"(?:kind|apiVersion)":"[^"\\]*",|"metadata":\{[^{}]*\},)*"items":\[(?=\{"([A-Za-z]+)":)/;
/** The head is looked for in this many first bytes; a list whose head is longer is parsed whole. */
const HEAD_BYTES = 4096;
/**
 * Items are parsed once this many bytes of them have come. Parsing many small strings costs
 * half as much again as one large one (Node 20: 7 MB of ConfigMaps in 16 KB pieces 35-39 ms,
 * whole 24-28 ms, in 200 KB pieces 26-30 ms): the pieces and what they parse to fill the young
 * generation, whose collections then copy the items parsed so far. Strings this large are
 * allocated outside it.
 */
const BATCH_BYTES = 256 * 1024;
/** The first buffer's size when the length is not announced. */
const INITIAL_BYTES = 64 * 1024;
/** An announced length beyond this is not trusted to allocate up front. */
const MAX_PREALLOCATE_BYTES = 512 * 1024 * 1024;

export class JsonBodyDecoder {
  /** The bytes so far: `buf[0, n)`. */
  private buf: Buffer;
  private n = 0;
  /** "probe": looking for a list head; "items": cutting items; "whole": parse at the end. */
  private mode: "probe" | "items" | "whole" = "probe";
  /** The list's text up to and including `"items":[`. */
  private head = "";
  /** `},{"<key>":`, where one item ends and the next starts. */
  private separator: Buffer | undefined;
  /** Where the next item starts, and from where to look for its end. */
  private itemStart = 0;
  private searchFrom = 0;
  private readonly items: unknown[] = [];

  /** @param length - the announced Content-Length, if any. */
  constructor(length?: number) {
    const size = length !== undefined && length > 0 && length <= MAX_PREALLOCATE_BYTES ? length : INITIAL_BYTES;
    this.buf = Buffer.allocUnsafe(size);
  }

  push(chunk: Buffer): void {
    const need = this.n + chunk.length;
    if (need > this.buf.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.buf.length * 2));
      this.buf.copy(grown, 0, 0, this.n);
      this.buf = grown;
    }
    chunk.copy(this.buf, this.n);
    this.n = need;
    if (this.mode === "probe") this.probe(false);
    if (this.mode === "items" && this.n - this.itemStart >= BATCH_BYTES) this.cut();
  }

  /** The decoded body; undefined when it is empty. Throws JSON.parse's error for invalid JSON. */
  end(): unknown {
    if (this.n === 0) return undefined;
    if (this.mode === "probe") this.probe(true);
    if (this.mode === "items") {
      this.cut();
      if (this.mode === "items") {
        // The last item and the rest of the list, parsed behind the head as a list of one.
        try {
          const list = JSON.parse(this.head + slicing(this.buf).utf8Slice(this.itemStart, this.n)) as { items?: unknown };
          if (Array.isArray(list.items)) {
            for (const item of list.items) this.items.push(item);
            list.items = this.items;
            return list;
          }
        } catch {
          // Not valid that way: the whole body decides below.
        }
      }
    }
    return JSON.parse(slicing(this.buf).utf8Slice(0, this.n));
  }

  /** Decides whether the body is a list whose items can be cut, once the head can be seen. */
  private probe(atEnd: boolean): void {
    if (this.n < HEAD_BYTES && !atEnd) return;
    const start = slicing(this.buf).latin1Slice(0, Math.min(this.n, HEAD_BYTES));
    const m = LIST_HEAD.exec(start);
    if (m === null) {
      this.mode = "whole";
      return;
    }
    // Read as latin1, the head is the body's text only when it is ASCII (a non-ASCII kind or
    // metadata string is possible, if odd): otherwise the body is parsed whole.
    this.head = m[0];
    if (/[^ -~]/.test(this.head)) {
      this.mode = "whole";
      return;
    }
    this.separator = Buffer.from(`},{"${m[1]}":`, "latin1");
    this.itemStart = this.searchFrom = this.head.length;
    this.mode = "items";
  }

  /**
   * Parses every item whose end has arrived, in one JSON.parse: the items up to the last
   * separator are the text of an array once the byte before the first (`[` or `,`) reads `[`
   * and the separator's `,` reads `]`, which are written into the buffer for the parse and put
   * back after.
   */
  private cut(): void {
    const sep = this.separator!;
    const from = Math.max(this.itemStart, this.searchFrom);
    const found = this.buf.subarray(from, this.n).lastIndexOf(sep);
    this.searchFrom = Math.max(this.itemStart, this.n - sep.length + 1);
    if (found < 0) return;
    const end = from + found + 1;
    const buf = this.buf;
    const open = this.itemStart - 1;
    const before = buf[open]!;
    buf[open] = 0x5b; // [
    buf[end] = 0x5d; // ]
    let items: unknown[];
    try {
      items = JSON.parse(slicing(buf).utf8Slice(open, end + 1)) as unknown[];
    } catch {
      // The separator's bytes inside an item: parse the body whole instead.
      this.mode = "whole";
      this.items.length = 0;
      return;
    } finally {
      buf[open] = before;
      buf[end] = 0x2c; // ,
    }
    for (const item of items) this.items.push(item);
    this.itemStart = end + 1;
    this.searchFrom = Math.max(this.searchFrom, this.itemStart);
  }
}
