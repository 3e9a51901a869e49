/**
 * Strategic merge patch, applied as upstream's server does (merging parallel lists, ignoring
 * unmatched nulls): maps merge key by key, lists with the merge strategy merge by their merge
 * key (or as sets of primitives), other lists are replaced; the directives `$patch`
 * (replace, delete), `$retainKeys`, `$deleteFromPrimitiveList/<field>` and
 * `$setElementOrder/<field>` are honoured, and element order follows upstream's rules.
 */
import type { PatchSchema } from "./patch-meta.js";

type JSONValue = null | boolean | number | string | JSONValue[] | JSONMap;
export interface JSONMap {
  [key: string]: JSONValue;
}

const DIRECTIVE = "$patch";
const DELETE = "delete";
const REPLACE = "replace";
const MERGE = "merge";
const RETAIN_KEYS_STRATEGY = "retainKeys";
const RETAIN_KEYS = "$retainKeys";
const DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList";
const SET_ELEMENT_ORDER = "$setElementOrder";

/** The error kinds upstream's patch handler maps to statuses. */
export type StrategicPatchErrorKind = "bad-request" | "unprocessable" | "other";

/** A patch that cannot be applied; `kind` decides the status (400, 422, or 500 as upstream). */
export class StrategicPatchError extends Error {
  constructor(
    readonly kind: StrategicPatchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "StrategicPatchError";
  }
}

const ERR_BAD_PRIMITIVE_LIST = () => new StrategicPatchError("bad-request", "invalid patch format of primitive list");
const ERR_BAD_RETAIN_KEYS = () => new StrategicPatchError("bad-request", "invalid patch format of retainKeys");
const ERR_BAD_SET_ORDER = () => new StrategicPatchError("bad-request", "invalid patch format of setElementOrder list");
const ERR_NO_LIST_OF_LISTS = () => new StrategicPatchError("unprocessable", "lists of lists are not supported");

/** Go's `%v` of a decoded JSON value, for messages. */
export function goFormat(v: unknown): string {
  if (v === null || v === undefined) return "<nil>";
  if (Array.isArray(v)) return `[${v.map(goFormat).join(" ")}]`;
  if (typeof v === "object") {
    const keys = Object.keys(v).sort();
    return `map[${keys.map((k) => `${k}:${goFormat((v as Record<string, unknown>)[k])}`).join(" ")}]`;
  }
  // What is left of decoded JSON is a string, number or boolean; JSON prints the last two as Go does.
  return typeof v === "string" ? v : JSON.stringify(v);
}

function errNoMergeKey(m: JSONMap, key: string): StrategicPatchError {
  return new StrategicPatchError("other", `map: ${goFormat(m)} does not contain declared merge key: ${key}`);
}

function isMap(v: unknown): v is JSONMap {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The Go type a decoded JSON value has (numbers keep int/float apart, as the server decodes them). */
function goType(v: unknown): string {
  if (v === null) return "nil";
  if (Array.isArray(v)) return "slice";
  if (typeof v === "number") return Number.isInteger(v) ? "int64" : "float64";
  if (typeof v === "object") return "map";
  return typeof v;
}

function extractRetainKeysStrategy(strategies: readonly string[]): string {
  if (strategies.length === 0) return "";
  if (strategies.length === 1) return strategies[0] === RETAIN_KEYS_STRATEGY ? "" : strategies[0]!;
  if (strategies.length === 2) {
    if (strategies[0] === RETAIN_KEYS_STRATEGY) return strategies[1]!;
    if (strategies[1] === RETAIN_KEYS_STRATEGY) return strategies[0]!;
  }
  throw new StrategicPatchError("other", `unexpected patch strategy: [${strategies.join(" ")}]`);
}

/** Applies `patch` to `original` (both are consumed) and returns the result. */
export function strategicMergePatch(original: JSONMap, patch: JSONMap, schema: PatchSchema): JSONMap {
  return mergeMap(original, patch, schema);
}

function mergeMap(originalIn: JSONMap | null, patch: JSONMap, schema: PatchSchema): JSONMap {
  if (DIRECTIVE in patch) return handleDirectiveInMergeMap(patch[DIRECTIVE], patch);
  const original: JSONMap = originalIn ?? {};
  applyRetainKeysDirective(original, patch);
  mergePatchIntoOriginal(original, patch, schema);

  for (const [rawKey, patchV] of Object.entries(patch)) {
    let k = rawKey;
    let isDeleteList = false;
    if (rawKey.startsWith(DELETE_FROM_PRIMITIVE_LIST)) {
      k = extractKey(rawKey, DELETE_FROM_PRIMITIVE_LIST);
      isDeleteList = true;
      // Upstream skips a directive that is not a list; it can only be a mistake, so it is refused.
      if (patchV !== null && !Array.isArray(patchV)) throw ERR_BAD_PRIMITIVE_LIST();
    }
    if (patchV === null) {
      delete original[k];
      continue;
    }
    if (!(k in original)) {
      if (!isDeleteList) setWithoutDirectives(original, k, discardNulls(patchV));
      continue;
    }
    const origV = original[k]!;
    if (goType(origV) !== goType(patchV)) {
      if (!isDeleteList) setWithoutDirectives(original, k, discardNulls(patchV));
      continue;
    }
    if (isMap(origV) && isMap(patchV)) {
      const { schema: sub, strategies } = schema.lookupStruct(k);
      const strategy = extractRetainKeysStrategy(strategies);
      original[k] = strategy === REPLACE ? patchV : mergeMap(origV, patchV, sub);
    } else if (Array.isArray(origV) && Array.isArray(patchV)) {
      const { schema: sub, strategies, mergeKey } = schema.lookupSlice(k);
      const strategy = extractRetainKeysStrategy(strategies);
      original[k] = mergeSliceHandler(origV, patchV, sub, strategy, mergeKey, isDeleteList);
    } else {
      setWithoutDirectives(original, k, patchV);
    }
  }
  return original;
}

function setWithoutDirectives(target: JSONMap, key: string, value: JSONValue): void {
  const [v, keep] = removeDirectives(value);
  if (keep) target[key] = v;
  else delete target[key];
}

function handleDirectiveInMergeMap(directive: JSONValue | undefined, patch: JSONMap): JSONMap {
  if (directive === REPLACE) {
    delete patch[DIRECTIVE];
    return patch;
  }
  if (directive === DELETE) return {};
  throw new StrategicPatchError("other", `unknown patch type: ${goFormat(directive)} in map: ${goFormat(patch)}`);
}

function extractKey(s: string, prefix: string): string {
  const slash = s.indexOf("/");
  if (slash < 0 || s.slice(0, slash) !== prefix) {
    if (prefix === DELETE_FROM_PRIMITIVE_LIST) throw ERR_BAD_PRIMITIVE_LIST();
    if (prefix === SET_ELEMENT_ORDER) throw ERR_BAD_SET_ORDER();
    throw new StrategicPatchError("other", `fail to find unknown prefix "${prefix}" in ${s}\n`);
  }
  return s.slice(slash + 1);
}

function applyRetainKeysDirective(original: JSONMap, patch: JSONMap): void {
  if (!(RETAIN_KEYS in patch)) return;
  const list = patch[RETAIN_KEYS];
  delete patch[RETAIN_KEYS];
  if (!Array.isArray(list)) throw ERR_BAD_RETAIN_KEYS();
  const keep = new Set(list.map((v) => (typeof v === "string" ? v : JSON.stringify(v))));
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || k.startsWith(DELETE_FROM_PRIMITIVE_LIST) || k.startsWith(SET_ELEMENT_ORDER)) continue;
    if (!keep.has(k)) throw ERR_BAD_RETAIN_KEYS();
  }
  for (const k of Object.keys(original)) if (!keep.has(k)) delete original[k];
}

/** Processes `$setElementOrder/<field>` with its list, merging and ordering them. */
function mergePatchIntoOriginal(original: JSONMap, patch: JSONMap, schema: PatchSchema): void {
  for (const key of Object.keys(patch)) {
    if (!key.startsWith(SET_ELEMENT_ORDER)) continue;
    const setOrder = patch[key];
    delete patch[key];
    if (!Array.isArray(setOrder)) throw new StrategicPatchError("other", `expected a []interface {}, but received a ${goType(setOrder)}`);
    const originalKey = extractKey(key, SET_ELEMENT_ORDER);
    const foundOriginal = originalKey in original;
    const foundPatch = originalKey in patch;
    const originalList = original[originalKey];
    const patchList = patch[originalKey];
    if (foundOriginal && !Array.isArray(originalList))
      throw new StrategicPatchError("other", `expected a []interface {}, but received a ${goType(originalList)}`);
    if (foundPatch && !Array.isArray(patchList))
      throw new StrategicPatchError("other", `expected a []interface {}, but received a ${goType(patchList)}`);
    const { schema: sub, strategies, mergeKey } = schema.lookupSlice(originalKey);
    const strategy = extractRetainKeysStrategy(strategies);
    validatePatchWithSetOrderList((patchList as JSONValue[] | undefined) ?? [], setOrder, mergeKey);

    let merged: JSONValue[];
    if (foundOriginal && !foundPatch) merged = originalList as JSONValue[];
    else if (!foundOriginal && foundPatch) merged = removeDirectives(patchList!)[0] as JSONValue[];
    else if (foundOriginal && foundPatch)
      merged = mergeSliceHandler(originalList as JSONValue[], patchList as JSONValue[], sub, strategy, mergeKey, false);
    else continue;

    const [patchItems, serverOnly] = mergeKey === "" ? partitionPrimitives(merged, setOrder) : partitionMaps(merged, setOrder, mergeKey);
    const kind = elementKind((originalList as JSONValue[] | undefined) ?? [], (patchList as JSONValue[] | undefined) ?? []);
    original[originalKey] = normalizeElementOrder(
      patchItems,
      serverOnly,
      setOrder,
      (originalList as JSONValue[] | undefined) ?? [],
      mergeKey,
      kind,
    );
    delete patch[originalKey];
  }
}

function validatePatchWithSetOrderList(patchList: JSONValue[], setOrder: JSONValue[], mergeKey: string): void {
  if (setOrder.length === 0 || patchList.length === 0) return;
  const nonDelete = mergeKey !== "" ? extractToDeleteItems(patchList)[0] : patchList;
  let pi = 0;
  let si = 0;
  while (pi < nonDelete.length && si < setOrder.length) {
    const item = nonDelete[pi]!;
    if (isMap(item) && DIRECTIVE in item) {
      pi++;
      continue;
    }
    if (mergeKeyValueEqual(item, setOrder[si]!, mergeKey)) pi++;
    si++;
  }
  if (pi < nonDelete.length && si >= setOrder.length) {
    throw new StrategicPatchError(
      "other",
      `The order in patch list:\n${goFormat(patchList)}\n doesn't match ${SET_ELEMENT_ORDER} list:\n${goFormat(setOrder)}\n`,
    );
  }
}

function mergeKeyValueEqual(left: JSONValue, right: JSONValue, mergeKey: string): boolean {
  if (mergeKey === "") return left === right;
  if (!isMap(left)) throw new StrategicPatchError("other", `expected a map[string]interface {}, but received a ${goType(left)}`);
  if (!isMap(right)) throw new StrategicPatchError("other", `expected a map[string]interface {}, but received a ${goType(right)}`);
  if (!(mergeKey in left)) throw errNoMergeKey(left, mergeKey);
  if (!(mergeKey in right)) throw errNoMergeKey(right, mergeKey);
  return left[mergeKey] === right[mergeKey];
}

function mergeSliceHandler(
  original: JSONValue[],
  patch: JSONValue[],
  schema: PatchSchema,
  strategy: string,
  mergeKey: string,
  isDeleteList: boolean,
): JSONValue[] {
  if (strategy === MERGE || isDeleteList) return mergeSlice(original, patch, schema, mergeKey, isDeleteList);
  return patch;
}

type ElementKind = "map" | "scalar";

/** The kind shared by every element of the lists; errors as upstream for mixed types and nested lists. */
function elementKind(...lists: JSONValue[][]): ElementKind {
  let prev: string | undefined;
  for (const list of lists) {
    for (const v of list) {
      const t = goType(v);
      if (prev === undefined) {
        prev = t;
        if (t === "slice") throw ERR_NO_LIST_OF_LISTS();
      } else if (prev !== t) {
        throw new StrategicPatchError("other", `list element types are not identical: [${lists.map(goFormat).join(" ")}]`);
      }
    }
  }
  if (prev === undefined) throw new StrategicPatchError("other", "no elements in any of the given slices");
  return prev === "map" ? "map" : "scalar";
}

/**
 * A Go slice over a shared backing array. Upstream merges lists with `append`, which writes
 * into the original list's spare capacity and shifts it in place on deletion; the original
 * list is later read again to order `$setElementOrder` results, so those writes show. The
 * original here is a JS array mirrored from the backing while they share it.
 */
interface GoSlice {
  arr: JSONValue[];
  len: number;
  cap: number;
  /** The JS array that sees writes below its length while `arr` is still its backing. */
  mirror?: JSONValue[];
}

/** The capacity Go's JSON decoder leaves on a list of `n` elements (it appends one at a time). */
function decodedCap(n: number): number {
  let cap = 0;
  while (cap < n) cap = cap === 0 ? 1 : cap * 2;
  return cap;
}

function goSliceOf(view: JSONValue[]): GoSlice {
  return { arr: [...view], len: view.length, cap: decodedCap(view.length), mirror: view };
}

function goSet(s: GoSlice, i: number, v: JSONValue): void {
  s.arr[i] = v;
  if (s.mirror && i < s.mirror.length) s.mirror[i] = v;
}

function goItems(s: GoSlice): JSONValue[] {
  return s.arr.slice(0, s.len);
}

/** Go's append: in place while capacity lasts, otherwise a new backing array (no longer mirrored). */
function goAppend(s: GoSlice, ...vs: JSONValue[]): GoSlice {
  if (s.len + vs.length <= s.cap) {
    vs.forEach((v, k) => goSet(s, s.len + k, v));
    return { ...s, len: s.len + vs.length };
  }
  const arr = [...goItems(s), ...vs];
  return { arr, len: arr.length, cap: Math.max(arr.length, s.cap * 2) };
}

/** Removes element `i` as `append(s[:i], s[i+1:]...)` does: shifting the backing array left. */
function goDelete(s: GoSlice, i: number): GoSlice {
  for (let k = i; k < s.len - 1; k++) goSet(s, k, s.arr[k + 1]!);
  return { ...s, len: s.len - 1 };
}

function mergeSlice(original: JSONValue[], patch: JSONValue[], schema: PatchSchema, mergeKey: string, isDeleteList: boolean): JSONValue[] {
  if (original.length === 0 && patch.length === 0) return original;
  const kind = elementKind(original, patch);
  let merged: JSONValue[];
  let orig: JSONValue[];
  let pat = patch;
  if (kind !== "map") {
    if (isDeleteList) {
      const drop = new Set(patch);
      return original.filter((v) => !drop.has(v));
    }
    const both = goAppend(goSliceOf(original), ...patch);
    merged = goItems(goDeduplicate(both));
    orig = original;
  } else {
    if (mergeKey === "") throw new StrategicPatchError("other", `cannot merge lists without merge key for ${schema.name}`);
    const special = mergeSliceWithSpecialElements(goSliceOf(original), patch, mergeKey);
    pat = special.patch;
    orig = goItems(special.original);
    merged = goItems(mergeSliceWithoutSpecialElements(special.original, pat, mergeKey, schema));
  }
  const [patchItems, serverOnly] = mergeKey === "" ? partitionPrimitives(merged, pat) : partitionMaps(merged, pat, mergeKey);
  return normalizeElementOrder(patchItems, serverOnly, pat, orig, mergeKey, kind);
}

/** upstream's in-place deduplication: a duplicate is overwritten by the last element. */
function goDeduplicate(s: GoSlice): GoSlice {
  let length = s.len - 1;
  for (let i = 0; i < length; i++) {
    for (let j = i + 1; j <= length; j++) {
      if (s.arr[i] === s.arr[j]) {
        goSet(s, j, s.arr[length]!);
        length--;
        j--;
      }
    }
  }
  return { ...s, len: Math.max(length + 1, 0) };
}

/** Applies `$patch: delete|replace` elements; returns the updated original and the patch without them. */
function mergeSliceWithSpecialElements(original: GoSlice, patch: JSONValue[], mergeKey: string): { original: GoSlice; patch: JSONValue[] } {
  const plain: JSONValue[] = [];
  let replace = false;
  let orig = original;
  for (const v of patch) {
    const m = v as JSONMap;
    if (!(DIRECTIVE in m)) {
      plain.push(v);
      continue;
    }
    const directive = m[DIRECTIVE];
    if (directive === DELETE) {
      if (!(mergeKey in m)) throw errNoMergeKey(m, mergeKey);
      for (
        let i = findByMergeKey(goItems(orig), mergeKey, m[mergeKey]!);
        i >= 0;
        i = findByMergeKey(goItems(orig), mergeKey, m[mergeKey]!)
      ) {
        orig = goDelete(orig, i);
      }
    } else if (directive === REPLACE) {
      replace = true;
    } else if (directive === MERGE) {
      throw new StrategicPatchError("other", "merging lists cannot yet be specified in the patch");
    } else {
      throw new StrategicPatchError("other", `unknown patch type: ${goFormat(directive)} in map: ${goFormat(m)}`);
    }
  }
  if (replace) return { original: { arr: [...plain], len: plain.length, cap: plain.length }, patch: [] };
  return { original: orig, patch: plain };
}

function mergeSliceWithoutSpecialElements(original: GoSlice, patch: JSONValue[], mergeKey: string, schema: PatchSchema): GoSlice {
  let out = original;
  for (const v of patch) {
    const m = v as JSONMap;
    if (!(mergeKey in m)) throw errNoMergeKey(m, mergeKey);
    const idx = findByMergeKey(goItems(out), mergeKey, m[mergeKey]!);
    if (idx >= 0) goSet(out, idx, mergeMap(out.arr[idx] as JSONMap, m, schema));
    else out = goAppend(out, v);
  }
  return out;
}

function findByMergeKey(list: JSONValue[], mergeKey: string, value: JSONValue): number {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (!isMap(item)) throw new StrategicPatchError("other", `value for key ${i} is not a map`);
    if (item[mergeKey] === value) return i;
  }
  return -1;
}

function partitionPrimitives(list: JSONValue[], by: JSONValue[]): [JSONValue[], JSONValue[]] {
  const inPatch = new Set(by);
  return [list.filter((v) => inPatch.has(v)), list.filter((v) => !inPatch.has(v))];
}

function partitionMaps(list: JSONValue[], by: JSONValue[], mergeKey: string): [JSONValue[], JSONValue[]] {
  const patch: JSONValue[] = [];
  const serverOnly: JSONValue[] = [];
  for (const v of list) {
    if (!isMap(v)) throw new StrategicPatchError("other", `expected a map[string]interface {}, but received a ${goType(v)}`);
    if (!(mergeKey in v)) throw errNoMergeKey(v, mergeKey);
    (findByMergeKey(by, mergeKey, v[mergeKey]!) >= 0 ? patch : serverOnly).push(v);
  }
  return [patch, serverOnly];
}

function extractToDeleteItems(list: JSONValue[]): [JSONValue[], JSONValue[]] {
  const keep: JSONValue[] = [];
  const drop: JSONValue[] = [];
  for (const v of list) {
    if (!isMap(v)) throw new StrategicPatchError("other", `expected a map[string]interface {}, but received a ${goType(v)}`);
    (v[DIRECTIVE] === DELETE ? drop : keep).push(v);
  }
  return [keep, drop];
}

function indexIn(list: JSONValue[], item: JSONValue, mergeKey: string, kind: ElementKind): number {
  const key = (v: JSONValue): JSONValue | undefined => (kind === "map" ? (isMap(v) ? v[mergeKey] : undefined) : v);
  const want = key(item);
  for (let i = 0; i < list.length; i++) if (key(list[i]!) === want) return i;
  return -1;
}

/** Sorts `toSort` by the order of `order` (stably; items missing from it keep their place), deletions last. */
function normalizeSliceOrder(toSortIn: JSONValue[], order: JSONValue[], mergeKey: string, kind: ElementKind): JSONValue[] {
  let toSort = toSortIn;
  let toDelete: JSONValue[] = [];
  if (kind === "map") {
    for (const list of [toSort, order]) {
      for (const v of list) if (isMap(v) && !(mergeKey in v)) throw errNoMergeKey(v, mergeKey);
    }
    [toSort, toDelete] = extractToDeleteItems(toSort);
  }
  const positions = toSort.map((v) => indexIn(order, v, mergeKey, kind));
  const sorted = toSort
    .map((v, i) => ({ v, i, pos: positions[i]! }))
    .sort((a, b) => (a.pos >= 0 && b.pos >= 0 ? a.pos - b.pos || a.i - b.i : a.i - b.i))
    .map((x) => x.v);
  return [...sorted, ...toDelete];
}

/**
 * Orders the merged list: patch items in patch order, server-only items in server order,
 * interleaved by their positions in the server's list (upstream's mergeSortedSlice).
 */
function normalizeElementOrder(
  patchItems: JSONValue[],
  serverOnly: JSONValue[],
  patchOrder: JSONValue[],
  serverOrder: JSONValue[],
  mergeKey: string,
  kind: ElementKind,
): JSONValue[] {
  const right = normalizeSliceOrder(patchItems, patchOrder, mergeKey, kind);
  const left = normalizeSliceOrder(serverOnly, serverOrder, mergeKey, kind);
  const out: JSONValue[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    if (i >= left.length) out.push(right[j++]!);
    else if (j >= right.length) out.push(left[i++]!);
    else {
      const li = indexIn(serverOrder, left[i]!, mergeKey, kind);
      const ri = indexIn(serverOrder, right[j]!, mergeKey, kind);
      if (li >= 0 && ri >= 0 && li < ri) out.push(left[i++]!);
      else out.push(right[j++]!);
    }
  }
  return out;
}

/** Drops `$patch` maps and the directives inside a value being inserted; [value, keep]. */
function removeDirectives(v: JSONValue): [JSONValue, boolean] {
  if (Array.isArray(v)) {
    const out: JSONValue[] = [];
    for (const item of v) {
      const [nv, keep] = removeDirectives(item);
      if (keep) out.push(nv);
    }
    return [out, true];
  }
  if (isMap(v)) {
    if (DIRECTIVE in v) return [null, false];
    for (const k of Object.keys(v)) {
      const [nv, keep] = removeDirectives(v[k]!);
      if (keep) v[k] = nv;
      else delete v[k];
    }
    return [v, true];
  }
  return [v, true];
}

/** Nulls in an inserted value mean nothing (the server ignores unmatched nulls). */
function discardNulls(v: JSONValue): JSONValue {
  if (Array.isArray(v)) v.forEach(discardNulls);
  else if (isMap(v)) {
    for (const k of Object.keys(v)) {
      if (v[k] === null) delete v[k];
      else discardNulls(v[k]!);
    }
  }
  return v;
}
