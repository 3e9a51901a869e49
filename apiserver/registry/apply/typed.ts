/**
 * Structure-aware operations on JSON values for server-side apply: the field set of a value, the
 * difference between two values as added/modified/removed paths, merging an applied configuration
 * into a live object, and removing a set of paths. Maps merge key by key unless atomic; list-maps
 * merge items by their keys, sets by value; atomic lists and scalars are replaced.
 */
import { deepEqual } from "../strategy.js";
import { FieldSet, fieldElement, keyElement, valueElement } from "./field-set.js";
import type { ApplySchema } from "./schema.js";
import { copyJSON } from "../../../runtime/deepcopy.js";

type JSONObject = Record<string, unknown>;

const SCALAR: ApplySchema = { kind: "scalar" };
const UNTYPED_LIST: ApplySchema = { kind: "list", listType: "atomic", keys: [], keyDefaults: {}, items: { kind: "untyped" } };

export function isObject(v: unknown): v is JSONObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Untyped values take their structure from their shape: objects are granular maps, arrays atomic. */
function untypedMap(): ApplySchema {
  return { kind: "map", atomic: false, struct: false, field: () => ({ kind: "untyped" }) };
}

export function resolveSchema(schema: ApplySchema, value: unknown): ApplySchema {
  if (schema.kind !== "untyped") return schema;
  if (isObject(value)) return untypedMap();
  if (Array.isArray(value)) return UNTYPED_LIST;
  return SCALAR;
}

/** The schema under one path element of a value with schema `schema` (items for list elements). */
export function childSchema(schema: ApplySchema, element: string, value: unknown): ApplySchema {
  const s = resolveSchema(schema, value);
  if (s.kind === "map" && element.startsWith("f:")) return s.field(element.slice(2));
  if (s.kind === "list") return s.items;
  return { kind: "untyped" };
}

/** A list item's path element: by key (list-map), by value (set), else by index. */
export function itemElement(list: Extract<ApplySchema, { kind: "list" }>, item: unknown): string {
  if (list.listType === "map" && isObject(item)) return keyElement(item, list.keys, list.keyDefaults);
  return valueElement(item);
}

/**
 * Whether a value is a leaf of the field set (nothing inside it is tracked separately). Empty
 * granular maps and lists are leaves only when every node counts (update sets): an applied `{}`
 * owns nothing, as upstream.
 */
export function isLeaf(s: ApplySchema, value: unknown, emptyIsLeaf: boolean): boolean {
  if (s.kind === "scalar" || value === null || value === undefined) return true;
  if (s.kind === "map") return s.atomic || !isObject(value) || (emptyIsLeaf && Object.keys(value).length === 0);
  if (s.kind === "list") return s.listType === "atomic" || !Array.isArray(value) || (emptyIsLeaf && value.length === 0);
  return true;
}

/**
 * The fields a value sets, as upstream's ToFieldSet of an applied configuration: leaves and list
 * items are members, maps and structs are not (no `.`). `everyNode` also makes granular maps
 * and lists members; the sets updates record come from {@link compare} instead.
 */
export function toFieldSet(value: unknown, schema: ApplySchema, everyNode = false, set = new FieldSet(), path: string[] = []): FieldSet {
  let node = set;
  for (const e of path) node = node.child(e);
  fillNode(value, schema, everyNode, node, path.length === 0);
  return set;
}

// Fills the node of a path in place (no path arrays).
function fillNode(value: unknown, schema: ApplySchema, everyNode: boolean, node: FieldSet, root: boolean): void {
  const s = resolveSchema(schema, value);
  if (!root && isLeaf(s, value, everyNode)) {
    node.member = true;
    return;
  }
  if (s.kind === "map" && isObject(value)) {
    if (everyNode && !s.struct && !root) node.member = true;
    for (const k in value) fillNode(value[k], s.field(k), everyNode, node.child(fieldElement(k)), false);
  } else if (s.kind === "list" && Array.isArray(value)) {
    if (everyNode) node.member = true;
    for (const item of value) {
      const child = node.child(itemElement(s, item));
      child.member = true;
      if (s.listType !== "set" && isObject(item)) {
        const itemSchema = resolveSchema(s.items, item);
        if (!isLeaf(itemSchema, item, everyNode)) fillChildren(item, itemSchema, everyNode, child);
      }
    }
  }
}

function fillChildren(item: JSONObject, s: ApplySchema, everyNode: boolean, node: FieldSet): void {
  if (s.kind !== "map") return;
  for (const k in item) fillNode(item[k], s.field(k), everyNode, node.child(fieldElement(k)), false);
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/**
 * What changed from `oldValue` to `newValue`, as upstream's Compare walks them: every node only
 * one side has is added (or removed) itself, with everything under it; a leaf both have is
 * modified when its values differ. A `null` is a value, not an absence: a list or map that is
 * `null` on one side has items added or removed under it, but is not added itself.
 */
export function compare(oldValue: unknown, newValue: unknown, schema: ApplySchema): Comparison {
  const out: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  compareAt(oldValue, newValue, schema, [], out);
  return out;
}

type MapSchema = Extract<ApplySchema, { kind: "map" }>;
type ListSchema = Extract<ApplySchema, { kind: "list" }>;

/** Whether an object has a field (one whose value is not undefined, which JSON would not write). */
export function hasFields(v: JSONObject): boolean {
  for (const k in v) if (v[k] !== undefined) return true;
  return false;
}

/**
 * The schema of a node compare descends into (a granular map or a non-atomic list), given its
 * old value `a` and new `b` (undefined: absent); undefined when the node is a leaf: a scalar, an
 * atomic value, values of different kinds, or a map (list) that is null or empty on both sides.
 */
export function innerSchema(schema: ApplySchema, a: unknown, b: unknown): MapSchema | ListSchema | undefined {
  const sa = a === undefined ? undefined : resolveSchema(schema, a);
  const sb = b === undefined ? undefined : resolveSchema(schema, b);
  const s = sb ?? sa;
  if (s === undefined || (sa !== undefined && sb !== undefined && sa.kind !== sb.kind)) return undefined;
  if (s.kind === "map") {
    if (s.atomic) return undefined;
    const fa = mapFill(a);
    const fb = mapFill(b);
    return fa === MISMATCH || fb === MISMATCH || (fa === NONE && fb === NONE) ? undefined : s;
  }
  if (s.kind === "list") {
    if (s.listType === "atomic") return undefined;
    const fa = listFill(a);
    const fb = listFill(b);
    return fa === MISMATCH || fb === MISMATCH || (fa === NONE && fb === NONE) ? undefined : s;
  }
  return undefined;
}

/** What one side of a map or list node holds: nothing (absent, null or empty), something, or another kind of value. */
const NONE = 0;
const SOME = 1;
const MISMATCH = 2;

function mapFill(v: unknown): number {
  if (v === undefined || v === null) return NONE;
  if (!isObject(v)) return MISMATCH;
  return hasFields(v) ? SOME : NONE;
}

function listFill(v: unknown): number {
  if (v === undefined || v === null) return NONE;
  if (!Array.isArray(v)) return MISMATCH;
  return v.length > 0 ? SOME : NONE;
}

function compareAt(a: unknown, b: unknown, schema: ApplySchema, path: string[], out: Comparison): void {
  if (a === undefined && b === undefined) return;
  const s = innerSchema(schema, a, b);
  if (s === undefined) {
    if (path.length === 0) return;
    if (a === undefined) out.added.insert(path);
    else if (b === undefined) out.removed.insert(path);
    else if (!deepEqual(a, b)) out.modified.insert(path);
    return;
  }
  if (s.kind === "map") {
    const ma = isObject(a) ? a : EMPTY;
    const mb = isObject(b) ? b : EMPTY;
    // Every key of the old side, then the new side's others: loops here, not a callback, so each
    // level of a deep object costs one stack frame (deep-input.test.ts runs with 70% of the stack).
    for (const k of Object.keys(ma)) compareAt(ma[k], mb[k], s.field(k), [...path, fieldElement(k)], out);
    for (const k of Object.keys(mb)) if (!Object.hasOwn(ma, k)) compareAt(undefined, mb[k], s.field(k), [...path, fieldElement(k)], out);
  } else {
    const la = Array.isArray(a) ? a : [];
    const lb = Array.isArray(b) ? b : [];
    if (la.length === 0 || lb.length === 0) {
      // One side only: every item is added (removed) with all under it; repeated keys merge.
      for (const item of la) compareAt(item, undefined, s.items, [...path, itemElement(s, item)], out);
      for (const item of lb) compareAt(undefined, item, s.items, [...path, itemElement(s, item)], out);
    } else {
      const byA = new Map(la.map((item) => [itemElement(s, item), item]));
      const byB = new Map(lb.map((item) => [itemElement(s, item), item]));
      for (const e of new Set([...byA.keys(), ...byB.keys()])) compareAt(byA.get(e), byB.get(e), s.items, [...path, e], out);
    }
  }
  if (path.length === 0) return;
  if (a === undefined) out.added.insert(path);
  else if (b === undefined) out.removed.insert(path);
}

const EMPTY: JSONObject = Object.freeze({});

/** The live value with the applied configuration merged in by structure (neither is changed). */
export function merge(live: unknown, config: unknown, schema: ApplySchema): unknown {
  if (live === undefined || config === null) return copyJSON(config);
  const s = resolveSchema(schema, config);
  if (s.kind === "map" && !s.atomic && isObject(live) && isObject(config)) {
    const out: JSONObject = { ...live };
    for (const [k, v] of Object.entries(config)) {
      // An applied null clears the field, as it would in the stored (serialized) object.
      if (v === null) delete out[k];
      else out[k] = merge(live[k], v, s.field(k));
    }
    return out;
  }
  if (s.kind === "list" && s.listType !== "atomic" && Array.isArray(live) && Array.isArray(config)) {
    // Each applied item's element is made once (keys are JSON text), for the lookup and the tail.
    const elements = config.map((item) => itemElement(s, item));
    const applied = new Map<string, unknown>();
    config.forEach((item, i) => applied.set(elements[i]!, item));
    const seen = new Set<string>();
    const out: unknown[] = [];
    // Live items keep their places (merged with their applied version); new items follow in applied order.
    for (const item of live) {
      const e = itemElement(s, item);
      seen.add(e);
      const c = applied.get(e);
      out.push(c === undefined ? item : s.listType === "map" ? merge(item, c, s.items) : c);
    }
    config.forEach((item, i) => {
      if (!seen.has(elements[i]!)) out.push(copyJSON(item));
    });
    return out;
  }
  return copyJSON(config);
}

/** Removes every path of `set` from `value` (in place); a removed list item or field goes with everything under it. */
export function removePaths(value: unknown, set: FieldSet, schema: ApplySchema): void {
  const s = resolveSchema(schema, value);
  if (s.kind === "map" && isObject(value)) {
    for (const k of Object.keys(value)) {
      const child = set.children.get(fieldElement(k));
      if (!child) continue;
      if (child.member) delete value[k];
      else removePaths(value[k], child, s.field(k));
    }
  } else if (s.kind === "list" && Array.isArray(value)) {
    for (let i = value.length - 1; i >= 0; i--) {
      const child = set.children.get(itemElement(s, value[i]));
      if (!child) continue;
      if (child.member) value.splice(i, 1);
      else if (isObject(value[i])) removePaths(value[i], child, s.items);
    }
  }
}

/** The value at a path, if present. */
export function valueAt(value: unknown, path: readonly string[], schema: ApplySchema): unknown {
  let cur = value;
  let s = schema;
  for (const e of path) {
    const r = resolveSchema(s, cur);
    if (e.startsWith("f:")) {
      if (!isObject(cur)) return undefined;
      cur = cur[e.slice(2)];
      s = r.kind === "map" ? r.field(e.slice(2)) : { kind: "untyped" };
    } else {
      if (r.kind !== "list" || !Array.isArray(cur)) return undefined;
      const list = r;
      cur = cur.find((item) => itemElement(list, item) === e);
      s = list.items;
    }
  }
  return cur;
}
