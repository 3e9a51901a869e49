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

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;

/** A SyntaxError for the character at `at` (or for the end of the body). */
function syntaxError(text: string, at: number): SyntaxError {
  if (at >= text.length) return new SyntaxError("Unexpected end of JSON input (the list body is truncated)");
  const near = text.slice(Math.max(0, at - 20), at + 20);
  return new SyntaxError(
    `Unexpected character ${JSON.stringify(text[at])} at position ${at} of the list body (near ${JSON.stringify(near)})`,
  );
}

/** The index of the first non-whitespace character at or after `i`. */
function ws(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

/** The string (opening quote at `from`, closing one before `to`) that {@link skipString} just skipped. */
function stringAt(text: string, from: number, to: number): string {
  return escapedString ? (JSON.parse(text.slice(from, to)) as string) : text.slice(from + 1, to - 1);
}

/** Whether the key just skipped (opening quote at `from`, closing one before `to`) is `key`. */
function keyIs(text: string, from: number, to: number, key: string): boolean {
  if (!escapedString) return to - from === key.length + 2 && text.startsWith(key, from + 1);
  return stringAt(text, from, to) === key;
}

/** Containers open while {@link skipValue} skips one value: 1 object, 2 array. Grown as needed. */
let skipStack = new Uint8Array(64);

/**
 * Skips the value starting at `i` (no whitespace before it), validating it; returns the index
 * after it. Iterative, and small so that it is optimised early: most of a list is skipped here.
 */
function skipValue(text: string, i: number): number {
  let depth = 0;
  for (;;) {
    // A value.
    let c = text.charCodeAt(i);
    if (c === 34) i = skipString(text, i);
    else if (c === 123 || c === 91) {
      i = ws(text, i + 1);
      const close = c === 123 ? 125 : 93;
      if (text.charCodeAt(i) === close) i++;
      else {
        if (depth === skipStack.length) {
          const grown = new Uint8Array(depth * 2);
          grown.set(skipStack);
          skipStack = grown;
        }
        skipStack[depth++] = c === 123 ? 1 : 2;
        if (c === 123) i = skipKey(text, i);
        continue;
      }
    } else i = skipScalar(text, i, c);
    // After a value: a comma and the next one, or the ends of containers.
    for (;;) {
      if (depth === 0) return i;
      i = ws(text, i);
      c = text.charCodeAt(i);
      const inObject = skipStack[depth - 1] === 1;
      if (c === 44) {
        i = ws(text, i + 1);
        if (inObject) i = skipKey(text, i);
        break;
      }
      if (c !== (inObject ? 125 : 93)) throw syntaxError(text, i);
      i++;
      depth--;
    }
  }
}

/** Skips a key and its colon (the key's quote at `i`); returns the index of the value. */
function skipKey(text: string, i: number): number {
  if (text.charCodeAt(i) !== 34) throw syntaxError(text, i);
  i = ws(text, skipString(text, i));
  if (text.charCodeAt(i) !== 58) throw syntaxError(text, i);
  return ws(text, i + 1);
}

/** Skips true, false, null or a number at `i` (its first character `c`). */
function skipScalar(text: string, i: number, c: number): number {
  if (c === 116 && text.startsWith("true", i)) return i + 4;
  if (c === 102 && text.startsWith("false", i)) return i + 5;
  if (c === 110 && text.startsWith("null", i)) return i + 4;
  if (c === 45 || (c >= 48 && c <= 57)) {
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) throw syntaxError(text, i + 1);
    return NUMBER.lastIndex;
  }
  throw syntaxError(text, i);
}

/**
 * Walks the object at `i` (its `{`), calling `onMember` with each key's extent and the index of
 * its value; `onMember` returns the index after the value. Returns the index after the object.
 */
function eachMember(text: string, i: number, onMember: (keyFrom: number, keyTo: number, value: number) => number): number {
  i = ws(text, i + 1);
  if (text.charCodeAt(i) === 125) return i + 1;
  for (;;) {
    if (text.charCodeAt(i) !== 34) throw syntaxError(text, i);
    const from = i;
    const to = skipString(text, i);
    i = ws(text, to);
    if (text.charCodeAt(i) !== 58) throw syntaxError(text, i);
    i = ws(text, onMember(from, to, ws(text, i + 1)));
    const c = text.charCodeAt(i);
    if (c === 125) return i + 1;
    if (c !== 44) throw syntaxError(text, i);
    i = ws(text, i + 1);
  }
}

/** The metadata fields of the item being scanned (the last occurrence wins, as in JSON.parse). */
let namespace: string | undefined;
let name: string | undefined;
let resourceVersion: string | undefined;
let plain = true;

/** A metadata member: name, namespace and resourceVersion are read; returns the index after the value. */
function metaMember(text: string, from: number, to: number, v: number): number {
  const isNs = keyIs(text, from, to, "namespace");
  const isName = !isNs && keyIs(text, from, to, "name");
  const isRV = !isNs && !isName && keyIs(text, from, to, "resourceVersion");
  if (!(isNs || isName || isRV)) return skipValue(text, v);
  if (text.charCodeAt(v) !== 34) {
    // Another type: the item is keyed after decoding it.
    plain = false;
    if (isNs) namespace = undefined;
    else if (isName) name = undefined;
    else resourceVersion = undefined;
    return skipValue(text, v);
  }
  const end = skipString(text, v);
  const value = stringAt(text, v, end);
  if (isNs) namespace = value;
  else if (isName) name = value;
  else resourceVersion = value;
  return end;
}

/** An item member: `metadata` is walked; returns the index after the value. */
function itemMember(text: string, from: number, to: number, v: number): number {
  if (!keyIs(text, from, to, "metadata")) return skipValue(text, v);
  namespace = name = resourceVersion = undefined;
  plain = true;
  if (text.charCodeAt(v) !== 123) return skipValue(text, v);
  return eachMember(text, v, (f, t, w) => metaMember(text, f, t, w));
}

/** Scans the items array at `i` (its `[`) into `out`; returns the index after it. */
function scanItems(text: string, i: number, out: RawObject[]): number {
  const onItem = (f: number, t: number, w: number): number => itemMember(text, f, t, w);
  i = ws(text, i + 1);
  if (text.charCodeAt(i) === 93) return i + 1;
  for (;;) {
    const from = i;
    namespace = name = resourceVersion = undefined;
    plain = true;
    i = text.charCodeAt(i) === 123 ? eachMember(text, i, onItem) : skipValue(text, i);
    out.push(new RawObject(text.slice(from, i), namespace, name, resourceVersion, plain));
    i = ws(text, i);
    const c = text.charCodeAt(i);
    if (c === 93) return i + 1;
    if (c !== 44) throw syntaxError(text, i);
    i = ws(text, i + 1);
  }
}

/**
 * Splits a JSON list body (`{"kind":..., "metadata":{...}, "items":[...]}`) into its head and
 * its items' texts, validating the whole body as JSON.parse would, in one pass that builds
 * nothing but each item's metadata strings. Throws a SyntaxError for a malformed body, and a
 * TypeError when the body is not a JSON object.
 */
export function scanJsonList(text: string): ScannedList {
  resetSearches();
  let i = ws(text, 0);
  if (text.charCodeAt(i) !== 123) {
    // Not an object: JSON.parse says what it is, or what is wrong with it.
    const value: unknown = JSON.parse(text);
    throw new TypeError(
      `a list body must be a JSON object, not ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}`,
    );
  }
  let items: RawObject[] | undefined;
  let itemsStart = -1;
  let itemsEnd = -1;
  i = eachMember(text, i, (from, to, v) => {
    if (!keyIs(text, from, to, "items")) return skipValue(text, v);
    itemsStart = v;
    if (text.charCodeAt(v) === 91) {
      items = [];
      itemsEnd = scanItems(text, v, items);
    } else {
      items = undefined;
      itemsEnd = skipValue(text, v);
    }
    return itemsEnd;
  });
  if (ws(text, i) < text.length) throw syntaxError(text, ws(text, i));
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
// Control characters are what it looks for.
// eslint-disable-next-line no-control-regex
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
