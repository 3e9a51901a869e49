/**
 * The FieldsV1 a create records for its manager, written straight from the object: what
 * `toFieldSet` (every node a member) then stripping and encoding the set would give, without
 * building the set. A create has no other manager to take fields from, so the set is never
 * needed as a set, and building then encoding it was most of a Pod create's field-manager cost.
 *
 * It is written as its JSON text, in upstream's order, and handed out as the shared frozen tree
 * of that text: the objects of one workload record the same text, so most creates build no tree
 * at all, and the protobuf encoder writes the text as it is.
 */
import { sharedFieldsV1 } from "../../../runtime/protobuf/specials.js";
import { compareElements, fieldElement } from "./field-set.js";
import type { ApplySchema } from "./schema.js";
import { isLeaf, isObject, itemElement, resolveSchema } from "./typed.js";

type FieldsV1 = Record<string, unknown>;

/** A node's child: its path element (to sort by) and `"<element>":<node's JSON>`. */
type Child = [element: string, json: string];

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
  const text = createFieldsV1Text(obj, schema, skipTop, skipMeta);
  if (text === null || text === undefined) return text;
  // Not shared (too long to): a tree of its own, as JSON.parse gives.
  return (sharedFieldsV1(text, true) ?? JSON.parse(text)) as FieldsV1;
}

/** {@link createFieldsV1} as its JSON text (compact, as JSON.stringify writes the tree). */
export function createFieldsV1Text(
  obj: Record<string, unknown>,
  schema: ApplySchema,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): string | undefined | null {
  const s = resolveSchema(schema, obj);
  if (s.kind !== "map") return null;
  try {
    const entries: Child[] = [];
    for (const k in obj) {
      if (skipTop.has(k)) continue;
      const v = obj[k];
      if (k === "metadata") {
        if (!isObject(v)) continue;
        // Never a member itself; only the fields clients own.
        const ms = resolveSchema(s.field(k), v);
        const children: Child[] = [];
        if (ms.kind === "map") for (const mk in v) if (!skipMeta.has(mk)) children.push(fieldChild(mk, encode(v[mk], ms.field(mk))));
        if (children.length > 0) entries.push(fieldChild(k, build(false, children)));
        continue;
      }
      // Compared against an absent old object, every top-level field is itself added (a member).
      entries.push(fieldChild(k, encode(v, s.field(k), true)));
    }
    return entries.length > 0 ? build(false, entries) : undefined;
  } catch (err) {
    if (err instanceof MergeNeeded) return null;
    throw err;
  }
}

function encode(value: unknown, schema: ApplySchema, member = false): string {
  const s = resolveSchema(schema, value);
  if (isLeaf(s, value, true)) return "{}";
  if (s.kind === "map" && isObject(value)) return mapNode(member || !s.struct, value, s);
  if (s.kind === "list" && Array.isArray(value)) {
    const seen = new Set<string>();
    const items: Child[] = [];
    for (const item of value) {
      const e = itemElement(s, item);
      if (seen.has(e)) throw new MergeNeeded();
      seen.add(e);
      let child = "{}";
      if (s.listType !== "set" && isObject(item)) {
        const is = resolveSchema(s.items, item);
        if (!isLeaf(is, item, true) && is.kind === "map") child = mapNode(true, item, is);
      }
      items.push([e, `${JSON.stringify(e)}:${child}`]);
    }
    return build(true, items);
  }
  return "{}";
}

/**
 * A map or struct's node (see {@link build}): its elements are all `f:<key>`, whose order is
 * their keys' order, so the keys are sorted and the node written in that order directly.
 */
function mapNode(member: boolean, value: Record<string, unknown>, s: Extract<ApplySchema, { kind: "map" }>): string {
  const keys: string[] = [];
  for (const k in value) keys.push(k);
  if (keys.length === 0) return "{}";
  if (keys.length > 1) keys.sort();
  let out = member ? '{".":{}' : "{";
  let first = !member;
  for (const k of keys) {
    out += `${first ? "" : ","}${fieldKey(k)}:${encode(value[k], s.field(k))}`;
    first = false;
  }
  return `${out}}`;
}

/**
 * `"f:<name>"` (as JSON) for the field names seen, made once: the same few hundred names come
 * with every object of a kind. Bounded, as map keys (labels, annotations) are anyone's strings.
 */
const fieldKeys = new Map<string, string>();

function fieldKey(name: string): string {
  let key = fieldKeys.get(name);
  if (key === undefined) {
    if (fieldKeys.size >= 4096) fieldKeys.clear();
    fieldKeys.set(name, (key = JSON.stringify(fieldElement(name))));
  }
  return key;
}

function fieldChild(name: string, json: string): Child {
  return [fieldElement(name), `${fieldKey(name)}:${json}`];
}

/** Field elements only (the usual node) sort as plain strings; any other mix by element kind first. */
function byElement(a: Child, b: Child): number {
  const x = a[0];
  const y = b[0];
  if (x.charCodeAt(0) === 0x66 /* f */ && y.charCodeAt(0) === 0x66) return x < y ? -1 : x > y ? 1 : 0;
  return compareElements(x, y);
}

/** A node: `.` first when it is a member with children, then its children in upstream's order. */
function build(member: boolean, children: Child[]): string {
  if (children.length === 0) return "{}";
  if (children.length > 1) children.sort(byElement);
  let out = member ? '{".":{}' : "{";
  let first = !member;
  for (const c of children) {
    out += first ? c[1] : `,${c[1]}`;
    first = false;
  }
  return `${out}}`;
}
