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
 * The fields a value sets. `everyNode` also makes maps, lists and list items members (as the
 * sets of updates record them, `.` in FieldsV1); otherwise only leaves and list-map items are
 * (as an applied configuration's set). Structs are never members themselves unless empty.
 */
export function toFieldSet(value: unknown, schema: ApplySchema, everyNode = false, set = new FieldSet(), path: string[] = []): FieldSet {
  let node = set;
  for (const e of path) node = node.child(e);
  fillNode(value, schema, everyNode, node, path.length === 0);
  return set;
}

// Fills the node of a path in place (no path arrays): every create records its whole object this way.
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

function toFieldSetChildren(item: JSONObject, s: ApplySchema, everyNode: boolean, set: FieldSet, path: string[]): void {
  let node = set;
  for (const e of path) node = node.child(e);
  fillChildren(item, s, everyNode, node);
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** What changed from `oldValue` to `newValue`: paths added (with everything under them), modified leaves, and removed paths. */
export function compare(oldValue: unknown, newValue: unknown, schema: ApplySchema): Comparison {
  const out: Comparison = { added: new FieldSet(), modified: new FieldSet(), removed: new FieldSet() };
  compareAt(oldValue, newValue, schema, [], out);
  return out;
}

function compareAt(a: unknown, b: unknown, schema: ApplySchema, path: string[], out: Comparison): void {
  if (a === undefined && b === undefined) return;
  if (a === undefined) {
    if (path.length > 0) out.added.insert(path);
    toFieldSet(b, schema, true, out.added, path);
    return;
  }
  if (b === undefined) {
    if (path.length > 0) out.removed.insert(path);
    toFieldSet(a, schema, true, out.removed, path);
    return;
  }
  const sa = resolveSchema(schema, a);
  const sb = resolveSchema(schema, b);
  if (sa.kind !== sb.kind || (path.length > 0 && (isLeaf(sa, a, false) || isLeaf(sb, b, false)))) {
    if (!deepEqual(a, b)) out.modified.insert(path);
    return;
  }
  if (sa.kind === "map" && isObject(a) && isObject(b)) {
    forEachKey(a, b, (k) => compareAt(a[k], b[k], sa.field(k), [...path, fieldElement(k)], out));
    return;
  }
  if (sa.kind === "list" && Array.isArray(a) && Array.isArray(b)) {
    const byA = new Map(a.map((item) => [itemElement(sa, item), item]));
    const byB = new Map(b.map((item) => [itemElement(sa, item), item]));
    for (const e of new Set([...byA.keys(), ...byB.keys()])) {
      const ia = byA.get(e);
      const ib = byB.get(e);
      const p = [...path, e];
      if (ia === undefined) {
        out.added.insert(p);
        if (isObject(ib)) toFieldSetChildren(ib, resolveSchema(sa.items, ib), true, out.added, p);
      } else if (ib === undefined) {
        out.removed.insert(p);
        if (isObject(ia)) toFieldSetChildren(ia, resolveSchema(sa.items, ia), true, out.removed, p);
      } else if (sa.listType === "map" && isObject(ia) && isObject(ib)) {
        const itemSchema = resolveSchema(sa.items, ia);
        forEachKey(ia, ib, (k) =>
          compareAt(ia[k], ib[k], itemSchema.kind === "map" ? itemSchema.field(k) : { kind: "untyped" }, [...p, fieldElement(k)], out),
        );
      } else if (!deepEqual(ia, ib)) {
        out.modified.insert(p);
      }
    }
  }
}

/** Every key of `a`, then those of `b` that `a` lacks (the order of a set of both), without building that set. */
function forEachKey(a: JSONObject, b: JSONObject, fn: (k: string) => void): void {
  for (const k of Object.keys(a)) fn(k);
  for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) fn(k);
}

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
