/**
 * Decodes a JSON response body while it arrives: a list's items are parsed a batch at a time as
 * their bytes come in, so that most of the parsing of a large list overlaps the transfer
 * instead of starting after its last byte. Anything else is parsed whole at the end.
 */

/** `"items":[`, the key that starts a list's items. */
const ITEMS_KEY = Buffer.from('"items":[');
/** How far into the body the items key is looked for before giving up on streaming. */
const MAX_HEADER_BYTES = 64 * 1024;
/** Batches that failed to parse (a nested object looked like an item) before streaming stops. */
const MAX_FAILED_BATCHES = 16;
/**
 * Items are parsed once this many bytes are waiting. Smaller batches cost more CPU in all (at
 * 128 KiB, half again as much as one JSON.parse of a 7 MB list; at 1 MiB, about the same):
 * the parser's objects then go through the young generation's collector.
 */
const DEFAULT_MIN_BATCH_BYTES = 1024 * 1024;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const QUOTE = 0x22;
const COLON = 0x3a;

/**
 * Feed it the body's chunks with {@link JsonBodyDecoder.push}, then {@link JsonBodyDecoder.end}
 * returns the value `JSON.parse` would have returned for the whole body (undefined for an
 * empty one), or throws its SyntaxError.
 *
 * How items are found without a tokenizer: every item of a list the server encodes starts with
 * the same first key, so `,{"<first key>":` marks where an item may start. The bytes up to the
 * last such mark are parsed as one array; that parse succeeds only if the mark was a real item
 * boundary (a nested object starting with that key leaves the array unbalanced), and a failed
 * batch is retried up to the mark before. The mark cannot occur inside a string: its quote
 * follows a brace, and a quote inside a JSON string always follows a backslash.
 */
export class JsonBodyDecoder {
  /** Received bytes not yet parsed: `#buf[#start, #end)`. */
  #buf: Buffer = Buffer.alloc(0);
  #start = 0;
  #end = 0;
  #mode: "header" | "items" | "whole" = "header";
  /** The list without its items, parsed from the bytes before them. */
  #header: Record<string, unknown> | undefined;
  /** `,{"<first key>":` of this list's items; undefined once batches stopped being tried. */
  #mark: Buffer | undefined;
  readonly #items: unknown[] = [];
  #failures = 0;
  readonly #minBatch: number;

  /** @param minBatchBytes - bytes waiting before items are parsed (tests make it small). */
  constructor(minBatchBytes = DEFAULT_MIN_BATCH_BYTES) {
    this.#minBatch = minBatchBytes;
  }

  /** Takes the next chunk of the body. */
  push(chunk: Buffer): void {
    this.#append(chunk);
    if (this.#mode === "header") this.#readHeader();
    if (this.#mode === "items" && this.#mark !== undefined && this.#end - this.#start >= this.#minBatch) this.#parseItems();
  }

  /** The decoded body. */
  end(): unknown {
    const bytes = this.#buf.subarray(this.#start, this.#end);
    if (this.#mode !== "items") return bytes.length === 0 ? undefined : JSON.parse(bytes.toString("utf8"));
    // The rest starts at the separator before the next item: `{"items":[` + the rest after it
    // is the last items and whatever keys follow them.
    const rest = JSON.parse(`{"items":[${bytes.toString("utf8", 1)}`) as Record<string, unknown>;
    const list = this.#header!;
    const items = this.#items;
    for (const item of rest.items as unknown[]) items.push(item);
    for (const key of Object.keys(rest)) if (key !== "items") list[key] = rest[key];
    list.items = items;
    return list;
  }

  #append(chunk: Buffer): void {
    const length = this.#end - this.#start;
    if (this.#end + chunk.length > this.#buf.length) {
      // The unparsed rest moves to the front, into a buffer twice as large if it must grow:
      // every byte is copied O(1) times, and a list reuses one buffer (new buffers are
      // external memory, which makes V8 collect sooner).
      if (length + chunk.length <= this.#buf.length / 2) this.#buf.copyWithin(0, this.#start, this.#end);
      else {
        const grown = Buffer.allocUnsafe(Math.max(2 * (length + chunk.length), 2 * this.#minBatch, 1024));
        this.#buf.copy(grown, 0, this.#start, this.#end);
        this.#buf = grown;
      }
      this.#start = 0;
      this.#end = length;
    }
    this.#end += chunk.copy(this.#buf, this.#end);
  }

  /** Finds `"items":[` at the list's top level and the first key of its first item. */
  #readHeader(): void {
    const buf = this.#buf.subarray(this.#start, this.#end);
    const at = buf.indexOf(ITEMS_KEY);
    if (at < 0) {
      if (buf.length > MAX_HEADER_BYTES) this.#mode = "whole";
      return;
    }
    const first = at + ITEMS_KEY.length;
    // The first item's first key, `{"key":`, must have arrived.
    if (buf.length < first + 2) return;
    if (buf[first] !== OPEN_BRACE || buf[first + 1] !== QUOTE) {
      this.#mode = "whole";
      return;
    }
    const keyEnd = buf.indexOf(QUOTE, first + 2);
    if (keyEnd < 0 || keyEnd + 1 >= buf.length) {
      if (buf.length > MAX_HEADER_BYTES) this.#mode = "whole";
      return;
    }
    let header: unknown;
    try {
      // Closing the prefix with an empty array parses only if the key is at the top level.
      header = JSON.parse(`${buf.toString("utf8", 0, first)}]}`);
    } catch {
      header = undefined;
    }
    if (buf[keyEnd + 1] !== COLON || typeof header !== "object" || header === null || Array.isArray(header)) {
      this.#mode = "whole";
      return;
    }
    this.#header = header as Record<string, unknown>;
    const mark = Buffer.allocUnsafe(keyEnd + 3 - first);
    mark[0] = COMMA;
    buf.copy(mark, 1, first, keyEnd + 2);
    this.#mark = mark;
    this.#mode = "items";
    // From the `[` before the first item.
    this.#start += first - 1;
  }

  /** Parses the items up to the last item boundary received. */
  #parseItems(): void {
    const buf = this.#buf;
    const mark = this.#mark!;
    let at = buf.lastIndexOf(mark, this.#end - mark.length);
    while (at > this.#start) {
      buf[this.#start] = OPEN_BRACKET;
      buf[at] = CLOSE_BRACKET;
      const text = buf.toString("utf8", this.#start, at + 1);
      buf[at] = COMMA;
      let batch: unknown[] | undefined;
      try {
        batch = JSON.parse(text) as unknown[];
      } catch {
        // The mark was inside an item: try the one before, unless this list keeps doing that.
        if (++this.#failures > MAX_FAILED_BATCHES) {
          // The items parsed so far are kept; end() parses the rest as the list's tail.
          this.#mark = undefined;
          return;
        }
        at = buf.lastIndexOf(mark, at - 1);
        continue;
      }
      for (const item of batch) this.#items.push(item);
      this.#start = at;
      return;
    }
  }
}
