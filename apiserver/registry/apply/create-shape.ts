/**
 * What a create's FieldsV1 text depends on, kept so the next create of the kind can tell, by one
 * walk that builds nothing, that its object gives the same text: the objects of one workload
 * differ in names and values, not in their fields. The text depends on the keys of every map
 * (not their order, but a different order only misses), on which values are leaves, and on list
 * items' elements (list-map key values, set values); a scalar field's value never matters. The
 * check is exact: any of these that differs misses.
 */
import type { ApplySchema } from "./schema.js";
import { isLeaf, isObject, resolveSchema } from "./typed.js";

type MapSchema = Extract<ApplySchema, { kind: "map" }>;
type ListSchema = Extract<ApplySchema, { kind: "list" }>;

/** A value's part of the text: "{}" whatever it is, "{}" as a leaf, or a map's or list's node. */
type Shape = AnyShape | LeafShape | MapShape | ListShape;
/** Under a scalar schema: a leaf whatever the value. */
interface AnyShape {
  readonly t: 0;
}
/** A leaf where the schema alone does not make it one (null, an empty map or list, an atomic one). */
interface LeafShape {
  readonly t: 1;
  readonly schema: ApplySchema;
}
interface MapShape {
  readonly t: 2;
  readonly schema: ApplySchema;
  /** In the object's own order. */
  readonly keys: readonly string[];
  readonly kids: readonly Shape[];
}
interface ListShape {
  readonly t: 3;
  readonly schema: ApplySchema;
  readonly items: readonly ItemShape[];
}
interface ItemShape {
  /** A list-map object item's key values (in the schema's key order), else undefined. */
  readonly keyValues: readonly unknown[] | undefined;
  /** Otherwise the item itself, when a scalar (its element is its JSON). */
  readonly value: unknown;
  /** The item's own node, when it has one. */
  readonly node: MapShape | undefined;
}

/** The top level: fields outside skipTop; metadata's own keys outside skipMeta (or none, when it writes nothing). */
interface TopShape {
  readonly skipTop: readonly string[];
  readonly skipMeta: ReadonlySet<string>;
  readonly keys: readonly string[];
  /** metadata's node: its kept keys and their shapes; `null` where metadata writes nothing. */
  readonly kids: readonly (Shape | MetaShape | null)[];
}
interface MetaShape {
  readonly t: 4;
  readonly schema: ApplySchema;
  readonly keys: readonly string[];
  readonly kids: readonly Shape[];
}

export interface LastCreate extends TopShape {
  /** Its FieldsV1 text; undefined when it owned nothing. */
  readonly text: string | undefined;
}

/** Matches no value: an object key value or set item, whose element is compared no cheaper than written. */
const NEVER = Object.freeze({});
const ANY: AnyShape = { t: 0 };

const isScalar = (v: unknown): boolean => v === null || (typeof v !== "object" && typeof v !== "function");

/** The shape of a top-level object, as createFieldsV1Text walks it. */
export function topShape(
  obj: Record<string, unknown>,
  schema: ApplySchema,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): TopShape {
  const s = resolveSchema(schema, obj) as MapSchema;
  const keys: string[] = [];
  const kids: (Shape | MetaShape | null)[] = [];
  for (const k in obj) {
    if (skipTop.has(k)) continue;
    keys.push(k);
    kids.push(k === "metadata" ? metaShape(obj[k], s.field(k), skipMeta) : shapeOf(obj[k], s.field(k)));
  }
  return { skipTop: [...skipTop], skipMeta, keys, kids };
}

function metaShape(v: unknown, schema: ApplySchema, skipMeta: ReadonlySet<string>): MetaShape | null {
  if (!isObject(v)) return null;
  const s = resolveSchema(schema, v);
  if (s.kind !== "map") return null;
  const keys: string[] = [];
  const kids: Shape[] = [];
  for (const k in v) {
    if (skipMeta.has(k)) continue;
    keys.push(k);
    kids.push(shapeOf(v[k], s.field(k)));
  }
  return keys.length === 0 ? null : { t: 4, schema, keys, kids };
}

function shapeOf(v: unknown, schema: ApplySchema): Shape {
  if (schema.kind === "scalar") return ANY;
  const s = resolveSchema(schema, v);
  if (isLeaf(s, v, true)) return { t: 1, schema };
  if (s.kind === "map") return mapShape(v as Record<string, unknown>, schema, s);
  const list = s as ListSchema;
  const items: ItemShape[] = [];
  for (const item of v as unknown[]) {
    const keyed = list.listType === "map" && isObject(item);
    let keyValues: unknown[] | undefined;
    if (keyed) {
      keyValues = [];
      for (const k of list.keys) {
        const kv = keyValue(item, k, list);
        keyValues.push(isScalar(kv) ? kv : NEVER);
      }
    }
    const value = keyed ? undefined : isScalar(item) ? item : NEVER;
    const is = list.listType !== "set" && isObject(item) ? resolveSchema(list.items, item) : undefined;
    const node =
      is !== undefined && is.kind === "map" && !isLeaf(is, item, true)
        ? mapShape(item as Record<string, unknown>, list.items, is)
        : undefined;
    items.push({ keyValues, value, node });
  }
  return { t: 3, schema, items };
}

function mapShape(v: Record<string, unknown>, schema: ApplySchema, s: MapSchema): MapShape {
  const keys: string[] = [];
  const kids: Shape[] = [];
  for (const k in v) {
    keys.push(k);
    kids.push(shapeOf(v[k], s.field(k)));
  }
  return { t: 2, schema, keys, kids };
}

/** A list-map key's value as keyElement takes it: the item's, else the schema's default. */
function keyValue(item: Record<string, unknown>, k: string, list: ListSchema): unknown {
  const v = item[k];
  return v !== undefined ? v : list.keyDefaults[k];
}

/** Whether `obj` gives the text `last` was made for (with the same fields skipped). */
export function sameShape(
  last: LastCreate,
  obj: Record<string, unknown>,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): boolean {
  if (skipMeta !== last.skipMeta || skipTop.size !== last.skipTop.length) return false;
  for (const k of last.skipTop) if (!skipTop.has(k)) return false;
  const { keys, kids } = last;
  let i = 0;
  for (const k in obj) {
    if (skipTop.has(k)) continue;
    if (i >= keys.length || keys[i] !== k) return false;
    const kid = kids[i++]!;
    const v = obj[k];
    if (k === "metadata" ? !sameMeta(v, kid as MetaShape | null, skipMeta) : !same(v, kid as Shape)) return false;
  }
  return i === keys.length;
}

function sameMeta(v: unknown, shape: MetaShape | null, skipMeta: ReadonlySet<string>): boolean {
  if (shape === null) {
    // Writes nothing: not a map, or nothing of its own.
    if (!isObject(v)) return true;
    for (const k in v) if (!skipMeta.has(k)) return false;
    return true;
  }
  if (!isObject(v)) return false;
  const { keys, kids } = shape;
  let i = 0;
  for (const k in v) {
    if (skipMeta.has(k)) continue;
    if (i >= keys.length || keys[i] !== k || !same(v[k], kids[i]!)) return false;
    i++;
  }
  return i === keys.length;
}

function same(v: unknown, shape: Shape): boolean {
  switch (shape.t) {
    case 0:
      return true;
    case 1:
      return isLeaf(resolveSchema(shape.schema, v), v, true);
    case 2:
      return sameMap(v, shape);
    case 3:
      return sameList(v, shape);
  }
}

function sameMap(v: unknown, shape: MapShape): boolean {
  const s = resolveSchema(shape.schema, v);
  if (s.kind !== "map" || isLeaf(s, v, true)) return false;
  const o = v as Record<string, unknown>;
  const { keys, kids } = shape;
  let i = 0;
  for (const k in o) {
    if (i >= keys.length || keys[i] !== k || !same(o[k], kids[i]!)) return false;
    i++;
  }
  return i === keys.length;
}

function sameList(v: unknown, shape: ListShape): boolean {
  const s = resolveSchema(shape.schema, v);
  if (s.kind !== "list" || isLeaf(s, v, true)) return false;
  const list = v as unknown[];
  const { items } = shape;
  if (list.length !== items.length) return false;
  for (let i = 0; i < items.length; i++) {
    const item = list[i];
    const want = items[i]!;
    if (s.listType === "map" && isObject(item)) {
      const kv = want.keyValues;
      if (kv === undefined) return false;
      for (let j = 0; j < kv.length; j++) if (keyValue(item, s.keys[j]!, s) !== kv[j]) return false;
    } else if (want.keyValues !== undefined || item !== want.value) return false;
    if (want.node !== undefined) {
      if (s.listType === "set" || !sameMap(item, want.node)) return false;
    } else if (s.listType !== "set" && isObject(item)) {
      const is = resolveSchema(s.items, item);
      if (is.kind === "map" && !isLeaf(is, item, true)) return false;
    }
  }
  return true;
}
