/**
 * The FieldsV1 a create records for its manager, written straight from the object: what
 * `toFieldSet` (every node a member) then stripping and encoding the set would give, without
 * building the set. A create has no other manager to take fields from, so the set is never
 * needed as a set, and building then encoding it was most of a Pod create's field-manager cost.
 *
 * It is written as its JSON text, in upstream's order, and handed out as the shared frozen tree
 * of that text: the objects of one workload record the same text, so most creates build no tree
 * at all, and the protobuf encoder writes the text as it is. Nor do most write the text: an object
 * with the shape of one of the last creates of its kind (create-shape.ts) is given that create's.
 */
import { sharedFieldsV1 } from "../../../runtime/protobuf/specials.js";
import { compareElements, fieldElement } from "./field-set.js";
import type { ApplySchema } from "./schema.js";
import { sameShape, topShape, type LastCreate } from "./create-shape.js";
import { isLeaf, isObject, itemElement, resolveSchema } from "./typed.js";

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
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): FieldsV1 | undefined | null {
  let recent = lastCreates.get(schema);
  if (recent !== undefined) {
    // After a run of misses, only the newest shape is tried: a miss can walk most of the object.
    const tries = recent.misses < 8 ? recent.shapes.length : Math.min(1, recent.shapes.length);
    for (let i = 0; i < tries; i++) {
      const last = recent.shapes[i]!;
      if (!sameShape(last, obj, skipTop, skipMeta)) continue;
      recent.misses = 0;
      return last.text === undefined ? undefined : treeOf(last.text);
    }
  } else lastCreates.set(schema, (recent = { shapes: [], misses: 0 }));
  const text = createFieldsV1Text(obj, schema, skipTop, skipMeta);
  if (text === null) return null;
  // Objects that never repeat a shape keep a few and stop paying to record more (one in 16 still is).
  if (recent.misses++ < 8 || (recent.misses & 15) === 0) {
    if (recent.shapes.length >= RECENT_SHAPES) recent.shapes.pop();
    recent.shapes.unshift({ text, ...topShape(obj, schema, skipTop, skipMeta) });
  }
  return text === undefined ? undefined : treeOf(text);
}

// Not shared (too long to): a tree of its own, as JSON.parse gives.
const treeOf = (text: string): FieldsV1 => (sharedFieldsV1(text, true) ?? JSON.parse(text)) as FieldsV1;

/**
 * Per schema, the last few creates' texts and what each depended on (a few workloads' objects
 * may interleave), newest first, and how many creates in a row matched none.
 */
const lastCreates = new WeakMap<ApplySchema, { shapes: LastCreate[]; misses: number }>();
const RECENT_SHAPES = 4;

/** {@link createFieldsV1} as its JSON text (compact, as JSON.stringify writes the tree). */
function createFieldsV1Text(
  obj: Record<string, unknown>,
  schema: ApplySchema,
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
    let metaKeys: string[] | undefined;
    for (const k in obj) {
      if (skipTop.has(k)) continue;
      if (k !== "metadata") {
        keys.push(k);
        continue;
      }
      const v = obj[k];
      if (!isObject(v) || resolveSchema(s.field(k), v).kind !== "map") continue;
      // Never a member itself; only the fields clients own.
      metaKeys = [];
      for (const mk in v) if (!skipMeta.has(mk)) metaKeys.push(mk);
      if (metaKeys.length > 0) keys.push(k);
    }
    if (keys.length === 0) return undefined;
    if (keys.length > 1) keys.sort();
    out += "{";
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      out += fieldKey(k, i > 0);
      const v = obj[k];
      if (k === "metadata") {
        const meta = v as Record<string, unknown>;
        const ms = resolveSchema(s.field(k), meta) as Extract<ApplySchema, { kind: "map" }>;
        if (metaKeys!.length > 1) metaKeys!.sort();
        writeFields(false, metaKeys!, meta, ms);
      } else {
        // Compared against an absent old object, every top-level field is itself added (a member).
        encode(v, s.field(k), true);
      }
    }
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

function encode(value: unknown, schema: ApplySchema, member = false): void {
  const s = resolveSchema(schema, value);
  if (isLeaf(s, value, true)) out += "{}";
  else if (s.kind === "map" && isObject(value)) mapNode(member || !s.struct, value, s);
  else if (s.kind === "list" && Array.isArray(value)) {
    const seen = new Set<string>();
    const items: [element: string, item: unknown][] = [];
    for (const item of value) {
      const e = itemElement(s, item);
      if (seen.has(e)) throw new MergeNeeded();
      seen.add(e);
      items.push([e, item]);
    }
    if (items.length > 1) items.sort(byElement);
    // A list with items is always a member: `.` first.
    out += '{".":{}';
    for (const [e, item] of items) {
      out += `,${JSON.stringify(e)}:`;
      const is = s.listType !== "set" && isObject(item) ? resolveSchema(s.items, item) : undefined;
      if (is !== undefined && is.kind === "map" && !isLeaf(is, item, true)) mapNode(true, item as Record<string, unknown>, is);
      else out += "{}";
    }
    out += "}";
  } else out += "{}";
}

/** A map or struct's node: its elements are all `f:<key>`, whose order is their keys' order. */
function mapNode(member: boolean, value: Record<string, unknown>, s: Extract<ApplySchema, { kind: "map" }>): void {
  const keys: string[] = [];
  for (const k in value) keys.push(k);
  if (keys.length > 1) keys.sort();
  writeFields(member, keys, value, s);
}

/** A node of `f:` elements for `keys` (sorted): `.` first when it is a member with children. */
function writeFields(
  member: boolean,
  keys: readonly string[],
  value: Record<string, unknown>,
  s: Extract<ApplySchema, { kind: "map" }>,
): void {
  if (keys.length === 0) {
    out += "{}";
    return;
  }
  out += member ? '{".":{}' : "{";
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out += fieldKey(k, i > 0 || member);
    encode(value[k], s.field(k));
  }
  out += "}";
}

/**
 * `"f:<name>":` and `,"f:<name>":` (the key as JSON) for the field names seen, made once: the
 * same few hundred names come with every object of a kind, and each string made afresh is
 * garbage the next scavenge pays for. Bounded, as map keys (labels, annotations) are anyone's.
 */
const fieldKeys = new Map<string, [first: string, next: string]>();

function fieldKey(name: string, comma: boolean): string {
  let key = fieldKeys.get(name);
  if (key === undefined) {
    if (fieldKeys.size >= 4096) fieldKeys.clear();
    const json = `${JSON.stringify(fieldElement(name))}:`;
    fieldKeys.set(name, (key = [json, `,${json}`]));
  }
  return comma ? key[1] : key[0];
}

/** List items by element: values and keys each sorted, as upstream orders them. */
function byElement(a: [string, unknown], b: [string, unknown]): number {
  return compareElements(a[0], b[0]);
}
