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

/** What a key is, where the scan looks at keys. */
const OTHER = 0;
const ITEMS = 1;
const METADATA = 2;
const NAMESPACE = 3;
const NAME = 4;
const RESOURCE_VERSION = 5;

/** What the scanner expects next. */
const VALUE = 0;
/** After `{`: a key or `}`. */
const FIRST_KEY = 1;
/** After `,` in an object. */
const KEY = 2;
const COLON = 3;
/** After a value: `,` or the container's end. */
const NEXT = 4;
/** After `[`: a value or `]`. */
const FIRST_VALUE = 5;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** A SyntaxError for the character at `at` (or for the end of the body). */
function syntaxError(text: string, at: number): SyntaxError {
  if (at >= text.length) return new SyntaxError("Unexpected end of JSON input (the list body is truncated)");
  const near = text.slice(Math.max(0, at - 20), at + 20);
  return new SyntaxError(`Unexpected character ${JSON.stringify(text[at])} at position ${at} of the list body (near ${JSON.stringify(near)})`);
}

/** The key between `from` (its opening quote) and `to` (after its closing quote), classified where it matters. */
function keyKind(text: string, from: number, to: number, escaped: boolean, depth: number): number {
  const key = escaped ? (JSON.parse(text.slice(from, to)) as string) : text.slice(from + 1, to - 1);
  if (depth === 1) return key === "items" ? ITEMS : OTHER;
  if (depth === 3) return key === "metadata" ? METADATA : OTHER;
  return key === "namespace" ? NAMESPACE : key === "name" ? NAME : key === "resourceVersion" ? RESOURCE_VERSION : OTHER;
}

/**
 * Splits a JSON list body (`{"kind":..., "metadata":{...}, "items":[...]}`) into its head and
 * its items' texts, validating the whole body as JSON.parse would, in one pass that builds
 * nothing but each item's metadata strings. Throws a SyntaxError for a malformed body, and a
 * TypeError when the body is not a JSON object.
 */
export function scanJsonList(text: string): ScannedList {
  const n = text.length;
  // Containers open: 1 object, 2 array; keyAt[d] is the kind of the last key read at depth d.
  let stack = new Uint8Array(64);
  const keyAt: number[] = [OTHER, OTHER, OTHER, OTHER, OTHER];
  let depth = 0;
  let state = VALUE;
  /** The depth-2 container is the items array; the depth-4 one an item's metadata. */
  let inItems = false;
  let inMeta = false;
  let items: RawObject[] | undefined;
  let itemsStart = -1;
  let itemsEnd = -1;
  let itemStart = 0;
  let namespace: string | undefined;
  let name: string | undefined;
  let resourceVersion: string | undefined;
  let plain = true;
  let i = 0;
  resetSearches();
  for (;;) {
    let c = text.charCodeAt(i);
    // Whitespace
    while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
    if (state === NEXT) {
      if (depth === 0) break;
      const top = stack[depth - 1];
      if (c === 44) {
        state = top === 1 ? KEY : VALUE;
        i++;
        continue;
      }
      if (c !== (top === 1 ? 125 : 93)) throw syntaxError(text, i);
      i++;
      depth--;
      if (depth === 1) {
        if (inItems) itemsEnd = i;
        inItems = false;
      } else if (depth === 3) inMeta = false;
      else if (depth === 2 && inItems) items!.push(new RawObject(text.slice(itemStart, i), namespace, name, resourceVersion, plain));
      if (depth === 1 && keyAt[1] === ITEMS && !inItems && itemsEnd !== i) itemsEnd = i;
      continue;
    }
    if (state === COLON) {
      if (c !== 58) throw syntaxError(text, i);
      i++;
      state = VALUE;
      continue;
    }
    if (state === FIRST_KEY || state === KEY) {
      if (c === 125 && state === FIRST_KEY) {
        state = NEXT;
        // An empty object closes as after a value.
        i++;
        depth--;
        if (depth === 3) inMeta = false;
        else if (depth === 2 && inItems) items!.push(new RawObject(text.slice(itemStart, i), namespace, name, resourceVersion, plain));
        else if (depth === 1 && keyAt[1] === ITEMS) itemsEnd = i;
        continue;
      }
      if (c !== 34) throw syntaxError(text, i);
      const from = i;
      i = skipString(text, i);
      if (depth === 1 || (depth === 3 && inItems) || (depth === 4 && inMeta)) keyAt[depth] = keyKind(text, from, i, escapedString, depth);
      state = COLON;
      continue;
    }
    // A value (state VALUE or FIRST_VALUE).
    if (state === FIRST_VALUE && c === 93) {
      i++;
      depth--;
      state = NEXT;
      if (depth === 1) {
        if (inItems) itemsEnd = i;
        inItems = false;
      } else if (depth === 2 && inItems) items!.push(new RawObject(text.slice(itemStart, i), namespace, name, resourceVersion, plain));
      continue;
    }
    const start = i;
    if (depth === 2 && inItems) {
      itemStart = i;
      namespace = name = resourceVersion = undefined;
      plain = true;
    } else if (depth === 1 && keyAt[1] === ITEMS) {
      itemsStart = i;
      items = undefined;
    } else if (depth === 3 && inItems && keyAt[3] === METADATA) {
      namespace = name = resourceVersion = undefined;
      plain = true;
    }
    if (c === 123 || c === 91) {
      if (depth === 0 && c !== 123) break;
      // A metadata field of another type: the item is keyed after decoding it.
      if (depth === 4 && inMeta && keyAt[4] !== OTHER) plain = false;
      if (depth === stack.length) {
        const grown = new Uint8Array(depth * 2);
        grown.set(stack);
        stack = grown;
      }
      stack[depth++] = c === 123 ? 1 : 2;
      if (depth === 2) {
        inItems = c === 91 && keyAt[1] === ITEMS;
        if (inItems) items = [];
      } else if (depth === 4) inMeta = c === 123 && inItems && keyAt[3] === METADATA;
      keyAt[depth] = OTHER;
      state = c === 123 ? FIRST_KEY : FIRST_VALUE;
      i++;
      continue;
    }
    if (depth === 0) break;
    if (c === 34) {
      i = skipString(text, i);
      if (depth === 4 && inMeta) {
        const kind = keyAt[4];
        if (kind !== OTHER) {
          const v = escapedString ? (JSON.parse(text.slice(start, i)) as string) : text.slice(start + 1, i - 1);
          if (kind === NAMESPACE) namespace = v;
          else if (kind === NAME) name = v;
          else resourceVersion = v;
        }
      }
    } else {
      if (c === 116 && text.startsWith("true", i)) i += 4;
      else if (c === 102 && text.startsWith("false", i)) i += 5;
      else if (c === 110 && text.startsWith("null", i)) i += 4;
      else if (c === 45 || (c >= 48 && c <= 57)) {
        NUMBER.lastIndex = i;
        if (!NUMBER.test(text)) throw syntaxError(text, i + 1);
        i = NUMBER.lastIndex;
      } else throw syntaxError(text, i);
      // A metadata field of another type: the item is keyed after decoding it.
      if (depth === 4 && inMeta && keyAt[4] !== OTHER) plain = false;
    }
    state = NEXT;
    if (depth === 2 && inItems) items!.push(new RawObject(text.slice(itemStart, i), namespace, name, resourceVersion, plain));
    else if (depth === 1 && keyAt[1] === ITEMS) itemsEnd = i;
  }
  if (depth !== 0 || state !== NEXT) {
    if (i < n && depth === 0 && state === VALUE) {
      // Not an object: JSON.parse says what it is, or what is wrong with it.
      const value: unknown = JSON.parse(text);
      throw new TypeError(`a list body must be a JSON object, not ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`);
    }
    throw syntaxError(text, i);
  }
  if (i < n) throw syntaxError(text, i);
  // The head is small: parsed with the items' value replaced by null, then dropped.
  const head = (itemsStart < 0 ? JSON.parse(text) : JSON.parse(`${text.slice(0, itemsStart)}null${text.slice(itemsEnd)}`)) as Record<
    string,
    unknown
  >;
  delete head.items;
  return { head, items };
}

/** Whether the string {@link skipString} skipped last held an escape. */
let escapedString = false;
/**
 * Where the next backslash and the next control character are, at or after where the last
 * search for each began (the body's length when there is none): a string before both has
 * neither, and is skipped with one indexOf. Reset by {@link resetSearches} for each body.
 */
let nextBackslash = -1;
let nextControl = -1;
const CONTROL = /[\x00-\x1f]/g;

function resetSearches(): void {
  nextBackslash = -1;
  nextControl = -1;
}

/** Skips the string whose opening quote is at `i`, validating it; returns the index after its closing quote. */
function skipString(text: string, i: number): number {
  i++;
  const quote = text.indexOf('"', i);
  if (quote < 0) throw syntaxError(text, text.length);
  if (nextBackslash < i) {
    nextBackslash = text.indexOf("\\", i);
    if (nextBackslash < 0) nextBackslash = text.length;
  }
  if (nextControl < i) {
    CONTROL.lastIndex = i;
    nextControl = CONTROL.test(text) ? CONTROL.lastIndex - 1 : text.length;
  }
  if (quote < nextBackslash && quote < nextControl) {
    escapedString = false;
    return quote + 1;
  }
  let escaped = false;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 34) break;
    if (c === 92) {
      escaped = true;
      const e = text.charCodeAt(i + 1);
      // " \ / b f n r t
      if (e === 34 || e === 92 || e === 47 || e === 98 || e === 102 || e === 110 || e === 114 || e === 116) i += 2;
      else if (e === 117) {
        HEX4.lastIndex = i + 2;
        if (!HEX4.test(text)) throw syntaxError(text, i + 2);
        i += 6;
      } else throw syntaxError(text, i + 1);
    } else if (c >= 32) i++;
    // A control character, or the end of the body (NaN).
    else throw syntaxError(text, i);
  }
  escapedString = escaped;
  return i + 1;
}
