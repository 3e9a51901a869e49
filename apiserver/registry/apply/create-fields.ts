/**
 * The FieldsV1 a create records for its manager, written straight from the object: what
 * comparing it with the kind's zero value (compare()), stripping and encoding the added and
 * modified set would give, without building the set. A create has no other manager to take fields from, so the set is never
 * needed as a set, and building then encoding it was most of a Pod create's field-manager cost.
 *
 * It is written as its JSON text, in upstream's order, and handed out as the shared frozen tree
 * of that text: the objects of one workload record the same text, so most creates build no tree
 * at all, and the protobuf encoder writes the text as it is. Nor do most write the text: an object
 * with the shape of one of the last creates of its kind (create-shape.ts) is given that create's.
 */
import { boundedMemo } from "../../../runtime/bounded-memo.js";
import { sharedFieldsV1 } from "../../../runtime/protobuf/specials.js";
import { compareElements, fieldElement } from "./field-set.js";
import type { ApplySchema } from "./schema.js";
import { sameShape, topShape, type LastCreate } from "./create-shape.js";
import { innerSchema, isObject, itemElement, resolveSchema } from "./typed.js";
import { deepEqual } from "../strategy.js";

type FieldsV1 = Record<string, unknown>;

/** Thrown where the set would merge two items (a list-map with a repeated key): the caller builds the set instead. */
class MergeNeeded extends Error {}

/**
 * The create's FieldsV1 (undefined when it owns nothing), or `null` when the object needs the
 * general path (repeated list keys). `skipTop` are top-level fields nobody owns (apiVersion,
 * kind, reset fields); `skipMeta` the metadata fields the server owns. The tree may be shared
 * with other objects and is frozen.
 */
export function createFieldsV1(
  obj: Record<string, unknown>,
  schema: ApplySchema,
  zero: Readonly<Record<string, unknown>>,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): FieldsV1 | undefined | null {
  let recent = lastCreates.get(schema);
  if (recent === undefined || recent.zero !== zero) lastCreates.set(schema, (recent = { shapes: [], misses: 0, zero }));
  else {
    // After a run of misses, only the newest shape is tried: a miss can walk most of the object.
    const tries = recent.misses < 8 ? recent.shapes.length : Math.min(1, recent.shapes.length);
    for (let i = 0; i < tries; i++) {
      const last = recent.shapes[i]!;
      if (!sameShape(last, obj, skipTop, skipMeta)) continue;
      recent.misses = 0;
      return last.text === undefined ? undefined : treeOf(last.text);
    }
  }
  const text = createFieldsV1Text(obj, schema, zero, skipTop, skipMeta);
  if (text === null) return null;
  // Objects that never repeat a shape keep a few and stop paying to record more (one in 16 still is).
  if (recent.misses++ < 8 || (recent.misses & 15) === 0) {
    if (recent.shapes.length >= RECENT_SHAPES) recent.shapes.pop();
    recent.shapes.unshift({ text, ...topShape(obj, schema, zero, skipTop, skipMeta) });
  }
  return text === undefined ? undefined : treeOf(text);
}

// Not shared (too long to): a tree of its own, as JSON.parse gives.
const treeOf = (text: string): FieldsV1 => (sharedFieldsV1(text, true) ?? JSON.parse(text)) as FieldsV1;

/**
 * Per schema, the last few creates' texts and what each depended on (a few workloads' objects
 * may interleave), newest first, how many creates in a row matched none, and the zero value
 * they were compared against.
 */
const lastCreates = new WeakMap<ApplySchema, { shapes: LastCreate[]; misses: number; zero: Readonly<Record<string, unknown>> }>();
const RECENT_SHAPES = 4;

/**
 * {@link createFieldsV1} as its JSON text (compact, as JSON.stringify writes the tree): the
 * object compared against the zero value, as compare() does. A node the zero value lacks is
 * added (a member: `.` when it has children); one it has is a member only as a leaf whose value
 * differs; a node with no member under it is left out.
 */
function createFieldsV1Text(
  obj: Record<string, unknown>,
  schema: ApplySchema,
  zero: Readonly<Record<string, unknown>>,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): string | undefined | null {
  const s = resolveSchema(schema, obj);
  if (s.kind !== "map") return null;
  // Every element of a node is known (and sorted) before any of its children is written, so the
  // text is written front to back into one string: no per-node strings to copy again.
  out = "";
  try {
    // All `f:<name>`, so sorted as plain strings.
    const keys: string[] = [];
    for (const k in obj) if (!skipTop.has(k) && obj[k] !== undefined) keys.push(k);
    if (keys.length > 1) keys.sort();
    out += "{";
    let wrote = false;
    for (const k of keys) {
      const mark = out.length;
      out += fieldKey(k, wrote);
      const v = obj[k];
      const z = zero[k];
      let written: boolean;
      if (k === "metadata") {
        // Never a member itself (upstream strips it); only the fields clients own.
        const ms = isObject(v) ? resolveSchema(s.field(k), v) : undefined;
        written = ms !== undefined && ms.kind === "map" && mapNode(false, v as Record<string, unknown>, ms, z, skipMeta);
      } else written = encode(v, s.field(k), z);
      if (written) wrote = true;
      else out = out.slice(0, mark);
    }
    if (!wrote) return undefined;
    out += "}";
    return out;
  } catch (err) {
    if (err instanceof MergeNeeded) return null;
    throw err;
  } finally {
    out = "";
  }
}

/** The text being written (one create at a time: the writing is synchronous). */
let out = "";

/** Writes the node of `value` (zero value `z`, undefined where absent); false when it has no member (nothing written). */
function encode(value: unknown, schema: ApplySchema, z: unknown): boolean {
  const s = innerSchema(schema, z, value);
  if (s === undefined) {
    // A leaf: added, or modified when its value differs from the zero value's.
    if (z !== undefined && deepEqual(z, value)) return false;
    out += "{}";
    return true;
  }
  if (s.kind === "map") return isObject(value) && mapNode(z === undefined, value, s, z);
  if (!Array.isArray(value)) return false;
  // Items the zero value has (none has any) would be compared one by one: the general path's.
  if (Array.isArray(z) && z.length > 0) throw new MergeNeeded();
  const seen = new Set<string>();
  const items: [element: string, item: unknown][] = [];
  for (const item of value) {
    const e = itemElement(s, item);
    if (seen.has(e)) throw new MergeNeeded();
    seen.add(e);
    items.push([e, item]);
  }
  if (items.length > 1) items.sort(byElement);
  // Absent from the zero value, the list is added itself: `.` first. Every item is added.
  out += z === undefined ? '{".":{}' : "{";
  for (let i = 0; i < items.length; i++) {
    const [e, item] = items[i]!;
    out += `${i > 0 || z === undefined ? "," : ""}${JSON.stringify(e)}:`;
    encode(item, s.items, undefined);
  }
  out += "}";
  return true;
}

/**
 * A map or struct's node: its elements are all `f:<key>` (keys in `skip` left out), sorted;
 * `.` first when it is a member with children. False when nothing was written.
 */
function mapNode(
  member: boolean,
  value: Record<string, unknown>,
  s: Extract<ApplySchema, { kind: "map" }>,
  z: unknown,
  skip?: ReadonlySet<string>,
): boolean {
  const keys: string[] = [];
  for (const k in value) if (value[k] !== undefined && !skip?.has(k)) keys.push(k);
  if (keys.length > 1) keys.sort();
  const start = out.length;
  out += member ? '{".":{}' : "{";
  const zm = isObject(z) ? z : undefined;
  let wrote = false;
  for (const k of keys) {
    const mark = out.length;
    out += fieldKey(k, wrote || member);
    if (encode(value[k], s.field(k), zm?.[k])) wrote = true;
    else out = out.slice(0, mark);
  }
  if (wrote) {
    out += "}";
    return true;
  }
  out = out.slice(0, start);
  if (!member) return false;
  out += "{}";
  return true;
}

/**
 * `"f:<name>":` and `,"f:<name>":` (the key as JSON) for the field names seen, made once: the
 * same few hundred names come with every object of a kind, and each string made afresh is
 * garbage the next scavenge pays for. Bounded, as map keys (labels, annotations) are anyone's.
 */
const fieldKeys = boundedMemo((name: string): [first: string, next: string] => {
  const json = `${JSON.stringify(fieldElement(name))}:`;
  return [json, `,${json}`];
}, 4096);

function fieldKey(name: string, comma: boolean): string {
  const key = fieldKeys(name);
  return comma ? key[1] : key[0];
}

/** List items by element: values and keys each sorted, as upstream orders them. */
function byElement(a: [string, unknown], b: [string, unknown]): number {
  return compareElements(a[0], b[0]);
}
