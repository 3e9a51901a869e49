/**
 * Map fields as the generated codecs handle them: keys in the order Go's marshallers write them,
 * and entries set on a plain object the way JSON.parse sets them.
 */

const SURROGATE = /[\ud800-\udfff]/;

/** Runs of this many keys are insertion-sorted before merging (and smaller maps only that). */
const RUN = 8;

/**
 * Orders strings by code point, which is the byte order of their UTF-8 (how Go sorts map keys
 * before marshalling). JavaScript's default sort compares UTF-16 code units, which differs when a
 * character beyond U+FFFF meets one in U+E000-U+FFFF. A lone surrogate counts as U+FFFD, the
 * character the writer puts in its place.
 */
export function compareUtf8(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.codePointAt(i)!;
    let y = b.codePointAt(i)!;
    if (x >= 0xd800 && x <= 0xdfff) x = 0xfffd;
    if (y >= 0xd800 && y <= 0xdfff) y = 0xfffd;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/**
 * A map's keys and, at the same indices, their values. The keys may be a remembered order shared
 * between calls: read them, do not change them (`sortedKeys` returns a copy).
 */
export interface MapEntries<V> {
  keys: string[];
  values: V[];
}

/**
 * A map's keys in Go's marshalling order (UTF-8 byte order), for deterministic encoding. Maps
 * often arrive in that order already (decoded from protobuf, or from Go's JSON, which sorts
 * them too), so the keys are checked before they are sorted.
 */
export function sortedKeys(m: object): string[] {
  // A copy: the keys may be a remembered order (see `sortedEntries`), shared between calls.
  return sortedEntries(m as Record<string, unknown>).keys.slice();
}

/** Remembered orders at most; past that the memory is cleared and starts again. */
const REMEMBER_MAX = 512;
/** Orders remembered per first key (a label key such as "app", a schema's "name", starts many maps). */
const REMEMBER_PER_FIRST = 8;

/**
 * A map's keys as listed (insertion order), and where each key of the sorted order comes from:
 * undefined when the listing is already in order.
 */
interface Order {
  listed: string[];
  sorted: string[];
  from: Int32Array | undefined;
}

/**
 * Orders remembered by their map's first listed key. The same key set is encoded again and again
 * (one object to every watcher, the objects of one kind alike): checking a listing key for key
 * against a remembered one costs less than sorting it (or, in order already, than checking its
 * keys for surrogates), and a different map only costs the check.
 */
const orders = new Map<string, Order[]>();
let orderCount = 0;

/** The remembered order of `keys`, when it is remembered. */
function rememberedOrder(keys: string[]): Order | undefined {
  const list = orders.get(keys[0]!);
  if (list === undefined) return undefined;
  const n = keys.length;
  for (let j = 0; j < list.length; j++) {
    const o = list[j]!;
    const listed = o.listed;
    if (listed.length !== n) continue;
    // Property keys are internalized strings: equal ones are the same string, compared by pointer.
    let i = 1;
    while (i < n && listed[i] === keys[i]) i++;
    if (i === n) return o;
  }
  return undefined;
}

/** Remembers the order `sorted` of `listed` (the same array when already in order). */
function remember(listed: string[], sorted: string[]): void {
  const n = listed.length;
  let from: Int32Array | undefined;
  if (sorted !== listed) {
    from = new Int32Array(n);
    if (n <= 16) {
      for (let i = 0; i < n; i++) from[i] = listed.indexOf(sorted[i]!);
    } else {
      const at = new Map<string, number>();
      for (let i = 0; i < n; i++) at.set(listed[i]!, i);
      for (let i = 0; i < n; i++) from[i] = at.get(sorted[i]!)!;
    }
  }
  if (orderCount >= REMEMBER_MAX) {
    orders.clear();
    orderCount = 0;
  }
  let list = orders.get(listed[0]!);
  if (list === undefined) orders.set(listed[0]!, (list = []));
  // Full: the newest takes the last place, so the orders before it keep theirs when more maps
  // than fit share a first key and come in turn (evicting the oldest would miss every time).
  const order = { listed, sorted, from };
  if (list.length >= REMEMBER_PER_FIRST) list[list.length - 1] = order;
  else {
    list.push(order);
    orderCount++;
  }
}

/**
 * A map's entries in Go's marshalling order, keys and values side by side: what the encoders
 * iterate, so no value is looked up by key (a lookup in a large map costs more than the sort).
 */
export function sortedEntries<V>(m: Record<string, V>): MapEntries<V> {
  const listed = Object.keys(m);
  let values = Object.values(m);
  const n = listed.length;
  if (n < 2) return { keys: listed, values };
  const o = rememberedOrder(listed);
  if (o !== undefined) {
    const from = o.from;
    if (from === undefined) return { keys: listed, values };
    const out = new Array<V>(n);
    for (let j = 0; j < n; j++) out[j] = values[from[j]!]!;
    return { keys: o.sorted, values: out };
  }
  let keys = listed;
  let i = 1;
  while (i < n && keys[i - 1]! <= keys[i]!) i++;
  if (i < n) {
    // Sorted in a copy: the listing is remembered as it is.
    keys = keys.slice();
    sortRuns(keys, values);
    if (n > RUN) {
      const merged = mergeRuns(keys, values);
      keys = merged[0];
      values = merged[1];
    }
  }
  const sorted = utf8Order(keys, values);
  remember(listed, sorted.keys);
  return sorted;
}

/** Entries sorted by code unit, in code-point order (the same unless a key holds a surrogate). */
function utf8Order<V>(keys: string[], values: V[]): MapEntries<V> {
  const n = keys.length;
  for (let i = 0; i < n; i++) {
    if (SURROGATE.test(keys[i]!)) {
      const k = keys;
      const v = values;
      const order = k.map((_, j) => j).sort((x, y) => compareUtf8(k[x]!, k[y]!));
      return { keys: order.map((j) => k[j]!), values: order.map((j) => v[j]!) };
    }
  }
  return { keys, values };
}

/** Insertion-sorts each run of RUN keys by code unit, moving values with their keys. */
function sortRuns<V>(keys: string[], values: V[]): void {
  const n = keys.length;
  for (let start = 0; start < n; start += RUN) {
    const end = Math.min(n, start + RUN);
    for (let i = start + 1; i < end; i++) {
      const k = keys[i]!;
      const v = values[i]!;
      let j = i - 1;
      while (j >= start && keys[j]! > k) {
        keys[j + 1] = keys[j]!;
        values[j + 1] = values[j]!;
        j--;
      }
      keys[j + 1] = k;
      values[j + 1] = v;
    }
  }
}

/**
 * Merges the sorted runs bottom-up, values alongside. Comparing strings with `<` here costs
 * about half what Array.prototype.sort's default comparison does.
 */
function mergeRuns<V>(keys: string[], values: V[]): [string[], V[]] {
  const n = keys.length;
  let srcK = keys;
  let srcV = values;
  let dstK: string[] = new Array<string>(n);
  let dstV: V[] = new Array<V>(n);
  for (let width = RUN; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const mid = Math.min(n, start + width);
      const end = Math.min(n, start + 2 * width);
      let i = start;
      let j = mid;
      let k = start;
      while (i < mid && j < end) {
        if (srcK[i]! <= srcK[j]!) {
          dstK[k] = srcK[i]!;
          dstV[k++] = srcV[i++]!;
        } else {
          dstK[k] = srcK[j]!;
          dstV[k++] = srcV[j++]!;
        }
      }
      while (i < mid) {
        dstK[k] = srcK[i]!;
        dstV[k++] = srcV[i++]!;
      }
      while (j < end) {
        dstK[k] = srcK[j]!;
        dstV[k++] = srcV[j++]!;
      }
    }
    const k = srcK;
    srcK = dstK;
    dstK = k;
    const v = srcV;
    srcV = dstV;
    dstV = v;
  }
  return [srcK, srcV];
}

/** Sets a map entry; a "__proto__" key becomes an own property, as JSON.parse makes it. */
export function setMapEntry<V>(m: Record<string, V>, k: string, v: V): void {
  if (k === "__proto__") Object.defineProperty(m, k, { value: v, enumerable: true, writable: true, configurable: true });
  else m[k] = v;
}

/**
 * A decoded map's entries as they arrived, key and value alternating (one array, grown by one
 * push per entry), collected before they become an object (`mapObject`).
 */
export type MapEntryList<V> = (string | V)[];

/** Makes a map object of one key list from its entries (key, value, ...), in the list's order. */
type Shape = (entries: unknown[]) => Record<string, unknown>;

/** A key list seen, and its shape once it has been seen often enough to make one. */
interface KeyList {
  /** The keys, copied out of the entries first seen (so their values are not kept alive). */
  keys: string[];
  seen: number;
  shape: Shape | undefined;
}

/** A key list gets its shape when seen this many times: making one costs tens of microseconds. */
const SHAPE_AFTER = 3;
/** Key lists longer than this are set key by key (a shape is code, and code takes memory). */
const SHAPE_MAX_KEYS = 256;
/** Key lists remembered at most; past that the memory is cleared and starts again. */
const KEY_LISTS_MAX = 512;
/** Key lists remembered per first key (a label key such as "app" starts many lists). */
const KEY_LISTS_PER_FIRST = 4;

/** Key lists by their first key. */
const keyLists = new Map<string, KeyList[]>();
let keyListCount = 0;

/** Whether `entries` (key, value, ...) holds `keys`, in order. */
function sameKeys(keys: string[], entries: unknown[]): boolean {
  const n = keys.length;
  if (entries.length !== 2 * n) return false;
  // Decoded keys are mostly the reader's cached strings: equal ones are the same string.
  for (let i = 0; i < n; i++) if (keys[i] !== entries[2 * i]) return false;
  return true;
}

/**
 * A function returning an object literal of `keys`, values from its argument (entries):
 * V8 builds such an object in one allocation with its properties in place (as JSON.parse builds
 * a known shape), where setting a hundred keys one by one costs ~20 ns each and leaves a slow
 * dictionary-mode object. The source holds only JSON-quoted keys (string literals) and indices.
 */
function makeShape(keys: string[]): Shape {
  if (keys.includes("__proto__")) {
    // A literal would set the prototype; the entries are set one by one instead.
    return (e) => {
      const m: Record<string, unknown> = {};
      for (let i = 0; i < e.length; i += 2) setMapEntry(m, e[i] as string, e[i + 1]);
      return m;
    };
  }
  const props = keys.map((k, i) => `${JSON.stringify(k)}: e[${2 * i + 1}]`).join(", ");
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- code built from quoted keys only (see above)
  return new Function("e", `"use strict"; return { ${props} };`) as Shape;
}

/** The shape of the keys of `entries` when it has one, counting a sighting otherwise. */
function shapeOf(entries: unknown[]): Shape | undefined {
  const first = entries[0] as string;
  let lists = keyLists.get(first);
  if (lists !== undefined) {
    for (const l of lists) {
      if (!sameKeys(l.keys, entries)) continue;
      if (l.shape === undefined && ++l.seen >= SHAPE_AFTER) l.shape = makeShape(l.keys);
      return l.shape;
    }
  }
  if (keyListCount >= KEY_LISTS_MAX) {
    keyLists.clear();
    keyListCount = 0;
    lists = undefined;
  }
  if (lists === undefined) keyLists.set(first, (lists = []));
  if (lists.length >= KEY_LISTS_PER_FIRST) lists.shift();
  else keyListCount++;
  const keys = new Array<string>(entries.length >>> 1);
  for (let i = 0; i < keys.length; i++) keys[i] = entries[2 * i] as string;
  lists.push({ keys, seen: 1, shape: undefined });
  return undefined;
}

/**
 * The object of a decoded map, entries in wire order, a later duplicate key winning as in
 * JSON.parse. Objects of one kind repeat their maps' key lists (label keys, a ConfigMap's keys,
 * a schema's properties): a list seen a few times gets a shape, which builds the object whole.
 */
export function mapObject<V>(entries: MapEntryList<V>): Record<string, V> {
  const n = entries.length;
  if (n > 2 && n <= 2 * SHAPE_MAX_KEYS) {
    const shape = shapeOf(entries);
    if (shape !== undefined) return shape(entries) as Record<string, V>;
  }
  const m: Record<string, V> = {};
  for (let i = 0; i < n; i += 2) {
    const k = entries[i] as string;
    if (k !== "__proto__") m[k] = entries[i + 1] as V;
    else setMapEntry(m, k, entries[i + 1] as V);
  }
  return m;
}
