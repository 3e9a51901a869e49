// A list body's decoder that parses each distinct FieldsV1 text once and shares it between the items carrying it.
import { jsonText, type JsonBodyDecoder } from "../rest/json-body.js";

/** The key and the opening brace of a FieldsV1 value, as servers write it (no whitespace). */
const MARK = Buffer.from('"fieldsV1":{', "latin1");
/** What a cut-out value becomes: the string "\u0000" (see {@link FieldsV1SharingDecoder}). */
const PLACEHOLDER = Buffer.from('"\\u0000"', "latin1");
const PLACEHOLDER_VALUE = "\u0000";
/** The escape a body must not hold for placeholders to be told apart from its own strings. */
const NUL_ESCAPE = Buffer.from("\\u0000", "latin1");
/** Distinct texts remembered per body; most lists carry a handful (one per writer and field set). */
const MAX_TEXTS = 16;
/** A FieldsV1 text longer than this is left in the body (and waited for no longer). */
const MAX_TEXT_BYTES = 16 * 1024;

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Makes the shared value of a FieldsV1 tree, given the first managedFields entry that carries it. */
export type ShareFieldsV1 = (entry: object, tree: object) => object;

interface Text {
  bytes: Buffer;
  tree: object;
  /** The shared value, made on first use. */
  shared: object | undefined;
}

/**
 * Decodes a list body to what `JSON.parse` returns for it, except that the `fieldsV1` values
 * of the items' `metadata.managedFields` entries with the same text are one object, made by
 * `share` (the informer's compactor, which freezes it). A list's objects mostly repeat a few
 * FieldsV1 texts, which are a large part of the body (a quarter of a small ConfigMap's bytes,
 * and most of the objects JSON.parse would build): each distinct text is parsed once, and its
 * copies are cut out of the bytes as they are pushed, so that only the rest is parsed at the end.
 *
 * Finding the copies without a tokenizer: a FieldsV1 value starts after `"fieldsV1":{`; that
 * mark can sit inside a string only as the tail of an escaped quote (`\"fieldsV1":{`), which is
 * skipped. Where the bytes after a mark are a known text, that is the value (a complete JSON
 * value ends where it ends, whatever follows); else its end is found by matching brackets
 * outside strings, and the text is kept only if it parses alone. A cut-out value becomes the
 * string "\u0000"; after the parse, each placeholder at an item's
 * `metadata.managedFields[i].fieldsV1` gets its shared value, in document order. The result is
 * JSON.parse's, or else the original body is parsed as it is:
 *  - a body holding the escape `\u0000` is parsed as it is, so every "\u0000" string found is
 *    a placeholder;
 *  - every placeholder must be found at such a place (a `"fieldsV1":{` elsewhere in an object,
 *    or a duplicate key that dropped one, leaves the count short);
 *  - a parse error of the cut text is answered by parsing the original, for its error.
 */
export class FieldsV1SharingDecoder implements JsonBodyDecoder {
  readonly #share: ShareFieldsV1;
  /** The body as received, for a plain parse when cutting does not apply. */
  readonly #chunks: Buffer[] = [];
  /** The last bytes received, where an escape split between two chunks is looked for. */
  readonly #seam = Buffer.alloc(2 * NUL_ESCAPE.length);
  #seamLength = 0;
  #hasNulEscape = false;
  /**
   * The cut body, cut in place: `#buf[0, #written)` is done, `#buf[#scanned, #received)` is
   * received and not yet scanned (a mark or text may continue in the next chunk). Cuts only
   * shrink the bytes, so the cut body never overtakes what it is cut from.
   */
  #buf: Buffer = Buffer.alloc(0);
  #written = 0;
  #scanned = 0;
  #received = 0;
  /** The byte before `#scanned` in the body as received (to tell an escaped quote). */
  #previous = -1;
  readonly #texts: Text[] = [];
  /** The index in `#texts` of each cut-out value, in document order. */
  readonly #order: number[] = [];
  /** Cutting stopped (too many distinct texts): the rest is copied as it is. */
  #done = false;

  /** @param share - makes the shared value of each distinct tree. */
  constructor(share: ShareFieldsV1) {
    this.#share = share;
  }

  /** Takes the next chunk of the body. */
  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    if (this.#hasNulEscape) return;
    this.#checkEscape(chunk);
    if (this.#hasNulEscape) return;
    this.#append(chunk);
    this.#scan(false);
  }

  /** The decoded body (undefined for an empty one). */
  end(): unknown {
    if (!this.#hasNulEscape) this.#scan(true);
    if (this.#hasNulEscape || this.#order.length === 0) return this.#plain();
    let value: unknown;
    try {
      value = JSON.parse(jsonText(this.#buf.subarray(0, this.#written)));
    } catch {
      return this.#plain();
    }
    return this.#restore(value) ? value : this.#plain();
  }

  #plain(): unknown {
    const chunks = this.#chunks;
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    return bytes.length === 0 ? undefined : JSON.parse(jsonText(bytes));
  }

  /** Notes a `\u0000` escape in `chunk`, or across it and the bytes before. */
  #checkEscape(chunk: Buffer): void {
    if (chunk.includes(NUL_ESCAPE)) {
      this.#hasNulEscape = true;
      return;
    }
    const seam = this.#seam;
    const keep = NUL_ESCAPE.length - 1;
    if (this.#seamLength > 0) {
      const n = chunk.copy(seam, this.#seamLength, 0, keep);
      if (seam.subarray(0, this.#seamLength + n).includes(NUL_ESCAPE)) this.#hasNulEscape = true;
      this.#seamLength += n;
    }
    // The last bytes of everything so far (a chunk may be shorter than the escape).
    if (chunk.length >= keep) this.#seamLength = chunk.copy(seam, 0, chunk.length - keep);
    else {
      const from = Math.max(0, this.#seamLength - keep);
      seam.copyWithin(0, from, this.#seamLength);
      this.#seamLength -= from;
    }
  }

  /** Moves the unscanned bytes down to the cut body's end and appends `chunk` after them. */
  #append(chunk: Buffer): void {
    const unscanned = this.#received - this.#scanned;
    const need = this.#written + unscanned + chunk.length;
    if (need > this.#buf.length) {
      // Doubling: each byte is copied O(1) times.
      const grown = Buffer.allocUnsafe(Math.max(need, 2 * this.#buf.length, 64 * 1024));
      this.#buf.copy(grown, 0, 0, this.#written);
      this.#buf.copy(grown, this.#written, this.#scanned, this.#received);
      this.#buf = grown;
    } else if (this.#scanned > this.#written) this.#buf.copyWithin(this.#written, this.#scanned, this.#received);
    this.#scanned = this.#written;
    this.#received = this.#written + unscanned;
    this.#received += chunk.copy(this.#buf, this.#received);
  }

  /**
   * Cuts known FieldsV1 texts out of the received bytes. Unless `final`, what may be the start
   * of a mark or of a text not yet complete is left unscanned for the next chunk.
   */
  #scan(final: boolean): void {
    const buf = this.#buf.subarray(0, this.#received);
    let pos = this.#scanned;
    while (!this.#done) {
      const mark = buf.indexOf(MARK, pos);
      if (mark < 0) break;
      const start = mark + MARK.length - 1;
      const before = mark > pos ? buf[mark - 1]! : this.#previous;
      // An escaped quote: the mark ends a key that merely ends in `"fieldsV1`.
      if (before === BACKSLASH) {
        pos = this.#move(buf, pos, start);
        continue;
      }
      const k = this.#match(buf, start, final);
      if (k === "wait") {
        pos = this.#move(buf, pos, mark);
        this.#scanned = pos;
        return;
      }
      pos = this.#move(buf, pos, start);
      if (k < 0) continue;
      const length = this.#texts[k]!.bytes.length;
      this.#written += PLACEHOLDER.copy(this.#buf, this.#written);
      this.#order.push(k);
      pos = start + length;
      this.#previous = CLOSE_BRACE;
    }
    // A mark may begin in the last bytes.
    const rest = final || this.#done ? buf.length : Math.max(pos, buf.length - (MARK.length - 1));
    this.#scanned = this.#move(buf, pos, rest);
  }

  /** Moves `buf[from, to)` to the cut body's end; returns `to`. */
  #move(buf: Buffer, from: number, to: number): number {
    if (to <= from) return from;
    if (from !== this.#written) buf.copyWithin(this.#written, from, to);
    this.#written += to - from;
    this.#previous = buf[to - 1]!;
    return to;
  }

  /** The known text at `start`, -1 for none, or "wait" if more bytes must come to tell. */
  #match(buf: Buffer, start: number, final: boolean): number | "wait" {
    const texts = this.#texts;
    const available = buf.length - start;
    let undecided = false;
    for (let k = texts.length - 1; k >= 0; k--) {
      const t = texts[k]!.bytes;
      if (t.length <= available) {
        if (buf.compare(t, 0, t.length, start, start + t.length) === 0) return k;
      } else if (!final && buf.compare(t, 0, available, start, buf.length) === 0) undecided = true;
    }
    if (undecided) return "wait";
    if (texts.length === MAX_TEXTS) {
      // This list does not repeat a few texts: the rest is copied as it is.
      this.#done = true;
      return -1;
    }
    const end = valueEnd(buf, start, Math.min(buf.length, start + MAX_TEXT_BYTES));
    if (end < 0) return !final && available < MAX_TEXT_BYTES ? "wait" : -1;
    // A text no longer than its placeholder is not worth cutting (and cutting must shrink).
    if (end - start <= PLACEHOLDER.length) return -1;
    const bytes = Buffer.from(buf.subarray(start, end));
    let tree: unknown;
    try {
      tree = JSON.parse(bytes.toString("utf8"));
    } catch {
      return -1;
    }
    return texts.push({ bytes, tree: tree as object, shared: undefined }) - 1;
  }

  /** Puts the shared values in place of the placeholders; false unless every one was found where expected. */
  #restore(value: unknown): boolean {
    if (typeof value !== "object" || value === null) return false;
    const items = (value as { items?: unknown }).items;
    if (!Array.isArray(items)) return false;
    const order = this.#order;
    const texts = this.#texts;
    let next = 0;
    for (let i = 0; i < items.length; i++) {
      const entries = (items[i] as { metadata?: { managedFields?: unknown } } | null | undefined)?.metadata?.managedFields;
      if (!Array.isArray(entries)) continue;
      for (let j = 0; j < entries.length; j++) {
        const e = entries[j] as { fieldsV1?: unknown } | null;
        if (typeof e !== "object" || e === null || e.fieldsV1 !== PLACEHOLDER_VALUE) continue;
        if (next === order.length) return false;
        const t = texts[order[next++]!]!;
        e.fieldsV1 = t.shared ??= this.#share(e, t.tree);
      }
    }
    return next === order.length;
  }
}

/** The index after the object or array starting at `start` (brackets matched outside strings), or -1 if it does not end before `limit`. */
function valueEnd(buf: Buffer, start: number, limit: number): number {
  let depth = 0;
  for (let i = start; i < limit; i++) {
    const c = buf[i]!;
    if (c === QUOTE) {
      for (i++; ; i++) {
        if (i >= limit) return -1;
        const d = buf[i]!;
        if (d === QUOTE) break;
        if (d === BACKSLASH) i++;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  return -1;
}
