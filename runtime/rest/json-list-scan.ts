// Splits a JSON list body into its items' texts without building them, for caches that decode on first read.

/**
 * One item of a list, as the text the server sent, with the metadata fields a cache keys and
 * diffs by. The fields are what `JSON.parse(text).metadata` holds, when they are strings;
 * `plainMeta` is false when one of them is present with another type (the cache then decodes
 * the item to key it as it would any object).
 */
export class RawObject {
  constructor(
    /** The item's JSON text (a slice of the body). */
    readonly text: string,
    readonly namespace: string | undefined,
    readonly name: string | undefined,
    readonly resourceVersion: string | undefined,
    readonly plainMeta: boolean,
  ) {}

  /** The item, decoded. */
  decode(): unknown {
    return JSON.parse(this.text);
  }
}

/** A list body split by {@link scanJsonList}. */
export interface ScannedList {
  /** The list without its items (`kind`, `apiVersion`, `metadata`...); a Status body whole. */
  head: Record<string, unknown>;
  /** The items, undecoded; undefined when the body has no `items` array. */
  items: RawObject[] | undefined;
}

const enum C {
  Tab = 9,
  LF = 10,
  CR = 13,
  Space = 32,
  Quote = 34,
  Comma = 44,
  Minus = 45,
  Zero = 48,
  Nine = 57,
  Colon = 58,
  LBracket = 91,
  Backslash = 92,
  RBracket = 93,
  LBrace = 123,
  RBrace = 125,
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/**
 * A validating JSON scanner over one body: it checks the whole text as JSON.parse would (a
 * malformed body fails here, at list time, with a SyntaxError naming the position), but builds
 * nothing except the list's head and each item's metadata strings.
 */
class Scanner {
  pos = 0;
  /** Whether the string just skipped held an escape. */
  escaped = false;

  constructor(readonly text: string) {}

  fail(at: number): never {
    if (at >= this.text.length) throw new SyntaxError("Unexpected end of JSON input (the list body is truncated)");
    const snippet = this.text.slice(Math.max(0, at - 20), at + 20);
    throw new SyntaxError(`Unexpected character ${JSON.stringify(this.text[at])} at position ${at} of the list body (near ${JSON.stringify(snippet)})`);
  }

  ws(): number {
    const t = this.text;
    let i = this.pos;
    let c = t.charCodeAt(i);
    while (c === C.Space || c === C.LF || c === C.CR || c === C.Tab) c = t.charCodeAt(++i);
    this.pos = i;
    return c;
  }

  expect(code: number): void {
    if (this.ws() !== code) this.fail(this.pos);
    this.pos++;
  }

  /** Skips the string starting at `pos` (a quote); `pos` ends after its closing quote. */
  string(): void {
    const t = this.text;
    let i = this.pos + 1;
    let escaped = false;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === C.Quote) break;
      if (c === C.Backslash) {
        escaped = true;
        const e = t.charCodeAt(i + 1);
        // " \ / b f n r t
        if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) i += 2;
        else if (e === 117) {
          HEX4.lastIndex = i + 2;
          if (!HEX4.test(t)) this.fail(i + 2);
          i += 6;
        } else this.fail(i + 1);
      } else if (c < 0x20 || c !== c) this.fail(i);
      else i++;
    }
    this.pos = i + 1;
    this.escaped = escaped;
  }

  /** The value of the string just skipped, from `start` (its opening quote). */
  stringValue(start: number): string {
    return this.escaped ? (JSON.parse(this.text.slice(start, this.pos)) as string) : this.text.slice(start + 1, this.pos - 1);
  }

  /** Skips one value of any kind. */
  value(): void {
    const c = this.ws();
    if (c === C.Quote) this.string();
    else if (c === C.LBrace) this.object(undefined);
    else if (c === C.LBracket) this.array();
    else this.scalar(c);
  }

  scalar(c: number): void {
    const t = this.text;
    const i = this.pos;
    if (c === 116 && t.startsWith("true", i)) this.pos = i + 4;
    else if (c === 102 && t.startsWith("false", i)) this.pos = i + 5;
    else if (c === 110 && t.startsWith("null", i)) this.pos = i + 4;
    else if (c === C.Minus || (c >= C.Zero && c <= C.Nine)) {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(t)) this.fail(i + 1);
      this.pos = NUMBER.lastIndex;
    } else this.fail(i);
  }

  array(): void {
    this.pos++;
    if (this.ws() === C.RBracket) {
      this.pos++;
      return;
    }
    for (;;) {
      this.value();
      const c = this.ws();
      this.pos++;
      if (c === C.RBracket) return;
      if (c !== C.Comma) this.fail(this.pos - 1);
    }
  }

  /**
   * Skips an object, calling `onKey` for each key (with its start, the opening quote) after
   * the colon: it returns true when it consumed the value itself.
   */
  object(onKey: ((start: number) => boolean) | undefined): void {
    this.pos++;
    if (this.ws() === C.RBrace) {
      this.pos++;
      return;
    }
    for (;;) {
      if (this.ws() !== C.Quote) this.fail(this.pos);
      const start = this.pos;
      this.string();
      this.expect(C.Colon);
      if (onKey === undefined || !onKey(start)) this.value();
      const c = this.ws();
      this.pos++;
      if (c === C.RBrace) return;
      if (c !== C.Comma) this.fail(this.pos - 1);
    }
  }

  /** Whether the key just skipped (from its opening quote at `start`) is `name`. */
  keyIs(start: number, name: string): boolean {
    if (!this.escaped) return this.pos - start === name.length + 2 && this.text.startsWith(name, start + 1);
    return this.stringValue(start) === name;
  }
}

/** An item's metadata fields, as the scan of one item finds them (the last occurrence wins, as in JSON.parse). */
class ItemMeta {
  namespace: string | undefined = undefined;
  name: string | undefined = undefined;
  resourceVersion: string | undefined = undefined;
  plain = true;

  reset(): void {
    this.namespace = this.name = this.resourceVersion = undefined;
    this.plain = true;
  }
}

/**
 * Splits a JSON list body (`{"kind":..., "metadata":{...}, "items":[...]}`) into its head and
 * its items' texts, validating the whole body as JSON.parse would. Throws a SyntaxError for a
 * malformed body, and a TypeError when the body is not a JSON object.
 */
export function scanJsonList(text: string): ScannedList {
  const s = new Scanner(text);
  if (s.ws() !== C.LBrace) {
    // Not a list; JSON.parse says what it is (or what is wrong with it).
    const value: unknown = JSON.parse(text);
    throw new TypeError(`a list body must be a JSON object, not ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`);
  }
  let items: RawObject[] | undefined;
  let itemsStart = -1;
  let itemsEnd = -1;
  const meta = new ItemMeta();
  const metaKey = (start: number): boolean => {
    if (s.keyIs(start, "namespace")) meta.namespace = metaString(s, meta);
    else if (s.keyIs(start, "name")) meta.name = metaString(s, meta);
    else if (s.keyIs(start, "resourceVersion")) meta.resourceVersion = metaString(s, meta);
    else return false;
    return true;
  };
  const itemKey = (start: number): boolean => {
    if (!s.keyIs(start, "metadata")) return false;
    meta.reset();
    if (s.ws() === C.LBrace) s.object(metaKey);
    else s.value();
    return true;
  };
  s.object((start) => {
    if (!s.keyIs(start, "items")) return false;
    const open = s.ws();
    itemsStart = s.pos;
    if (open !== C.LBracket) {
      items = undefined;
      s.value();
      itemsEnd = s.pos;
      return true;
    }
    const found: RawObject[] = [];
    s.pos++;
    if (s.ws() === C.RBracket) s.pos++;
    else {
      for (;;) {
        const c = s.ws();
        const from = s.pos;
        meta.reset();
        if (c === C.LBrace) s.object(itemKey);
        else s.value();
        found.push(new RawObject(text.slice(from, s.pos), meta.namespace, meta.name, meta.resourceVersion, meta.plain));
        const sep = s.ws();
        s.pos++;
        if (sep === C.RBracket) break;
        if (sep !== C.Comma) s.fail(s.pos - 1);
      }
    }
    items = found;
    itemsEnd = s.pos;
    return true;
  });
  s.ws();
  if (s.pos < text.length) s.fail(s.pos);
  // The head is small: parsed with the items' array replaced by null, then dropped.
  const head = (itemsStart < 0 ? JSON.parse(text) : JSON.parse(`${text.slice(0, itemsStart)}null${text.slice(itemsEnd)}`)) as Record<
    string,
    unknown
  >;
  delete head.items;
  return { head, items };
}

/** A metadata field's value when it is a string; otherwise skipped, marking the item's metadata as not plain. */
function metaString(s: Scanner, meta: ItemMeta): string | undefined {
  if (s.ws() === C.Quote) {
    const start = s.pos;
    s.string();
    return s.stringValue(start);
  }
  s.value();
  meta.plain = false;
  return undefined;
}
