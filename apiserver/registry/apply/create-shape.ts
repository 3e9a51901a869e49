/**
 * What a create's FieldsV1 text depends on, kept so the next create of the kind can tell, by one
 * walk that builds nothing, that its object gives the same text: the objects of one workload
 * differ in names and values, not in their fields. The text depends on the keys of every map
 * (not their order, but a different order only misses), on which values are leaves, on list
 * items' elements (list-map key values, set values), and, where the zero value has a leaf, on
 * whether the value equals it; any other scalar's value never matters. The check is exact: any
 * of these that differs misses.
 */
import type { ApplySchema } from "./schema.js";
import { innerSchema, isObject, resolveSchema } from "./typed.js";
import { deepEqual } from "../strategy.js";

type ListSchema = Extract<ApplySchema, { kind: "list" }>;

/** A value's part of the text. */
type Shape = AnyShape | LeafShape | MapShape | ListShape | UndefinedShape | NeverShape;
/** Under a scalar schema the zero value lacks: a leaf whatever the value. */
interface AnyShape {
  readonly t: 0;
}
/** A leaf by the schema, the value and the zero value; `member` when it differs from the zero value's (or that lacks it). */
interface LeafShape {
  readonly t: 1;
  readonly schema: ApplySchema;
  /** A scalar schema: innerSchema is undefined for any value, so the check is skipped. */
  readonly scalar: boolean;
  readonly zero: unknown;
  readonly member: boolean;
}
interface MapShape {
  readonly t: 2;
  readonly schema: ApplySchema;
  readonly zero: unknown;
  /** In the object's own order. */
  readonly keys: readonly string[];
  readonly kids: readonly Shape[];
}
interface ListShape {
  readonly t: 3;
  readonly schema: ApplySchema;
  readonly zero: unknown;
  /** With items, innerSchema's list schema for any non-empty array (fixed by the schema and zero), else undefined. */
  readonly filled: ListSchema | undefined;
  readonly items: readonly ItemShape[];
}
/** A field whose value is undefined (JSON leaves it out). */
interface UndefinedShape {
  readonly t: 5;
}
/** Matches nothing: values too rare to be worth telling apart (a map the zero value has, now null). */
interface NeverShape {
  readonly t: 6;
}
interface ItemShape {
  /** A list-map object item's key values (in the schema's key order), else undefined. */
  readonly keyValues: readonly unknown[] | undefined;
  /** Otherwise the item itself, when a scalar (its element is its JSON). */
  readonly value: unknown;
  /** The item's own node. */
  readonly node: Shape;
}

/** The top level: fields outside skipTop; metadata's own keys outside skipMeta (or none, when it writes nothing). */
interface TopShape {
  readonly skipTop: readonly string[];
  readonly skipMeta: ReadonlySet<string>;
  readonly keys: readonly string[];
  /** metadata's node: its kept keys and their shapes; `null` where metadata is not an object. */
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
const NEVER_VALUE = Object.freeze({});
const ANY: AnyShape = { t: 0 };
const UNDEFINED: UndefinedShape = { t: 5 };
const NEVER: NeverShape = { t: 6 };

const isScalar = (v: unknown): boolean => v === null || (typeof v !== "object" && typeof v !== "function");

/** The shape of a top-level object, as createFieldsV1Text walks it against `zero`. */
export function topShape(
  obj: Record<string, unknown>,
  schema: ApplySchema,
  zero: Readonly<Record<string, unknown>>,
  skipTop: ReadonlySet<string>,
  skipMeta: ReadonlySet<string>,
): TopShape {
  const s = resolveSchema(schema, obj);
  const keys: string[] = [];
  const kids: (Shape | MetaShape | null)[] = [];
  for (const k in obj) {
    if (skipTop.has(k)) continue;
    keys.push(k);
    const field = s.kind === "map" ? s.field(k) : schema;
    kids.push(k === "metadata" && obj[k] !== undefined ? metaShape(obj[k], field, zero[k], skipMeta) : shapeOf(obj[k], field, zero[k]));
  }
  return { skipTop: [...skipTop], skipMeta, keys, kids };
}

function metaShape(v: unknown, schema: ApplySchema, zero: unknown, skipMeta: ReadonlySet<string>): MetaShape | null {
  if (!isObject(v)) return null;
  const s = resolveSchema(schema, v);
  if (s.kind !== "map") return null;
  const zm = isObject(zero) ? zero : undefined;
  const keys: string[] = [];
  const kids: Shape[] = [];
  for (const k in v) {
    if (skipMeta.has(k)) continue;
    keys.push(k);
    kids.push(shapeOf(v[k], s.field(k), zm?.[k]));
  }
  return { t: 4, schema, keys, kids };
}

function shapeOf(v: unknown, schema: ApplySchema, zero: unknown): Shape {
  if (v === undefined) return UNDEFINED;
  if (schema.kind === "scalar" && zero === undefined) return ANY;
  const s = innerSchema(schema, zero, v);
  if (s === undefined) return { t: 1, schema, scalar: schema.kind === "scalar", zero, member: zero === undefined || !deepEqual(zero, v) };
  if (s.kind === "map") return isObject(v) ? mapShape(v, schema, s, zero) : NEVER;
  if (!Array.isArray(v) || (Array.isArray(zero) && zero.length > 0)) return NEVER;
  const list = s;
  const items: ItemShape[] = [];
  for (const item of v as unknown[]) {
    const keyed = list.listType === "map" && isObject(item);
    let keyValues: unknown[] | undefined;
    if (keyed) {
      keyValues = [];
      for (const k of list.keys) {
        const kv = keyValue(item, k, list);
        keyValues.push(isScalar(kv) ? kv : NEVER_VALUE);
      }
    }
    const value = keyed ? undefined : isScalar(item) ? item : NEVER_VALUE;
    items.push({ keyValues, value, node: shapeOf(item, list.items, undefined) });
  }
  return { t: 3, schema, zero, filled: items.length > 0 ? list : undefined, items };
}

function mapShape(v: Record<string, unknown>, schema: ApplySchema, s: Extract<ApplySchema, { kind: "map" }>, zero: unknown): MapShape {
  const zm = isObject(zero) ? zero : undefined;
  const keys: string[] = [];
  const kids: Shape[] = [];
  for (const k in v) {
    keys.push(k);
    kids.push(shapeOf(v[k], s.field(k), zm?.[k]));
  }
  return { t: 2, schema, zero, keys, kids };
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
    if (kid !== null && kid.t === 4 ? !sameMeta(v, kid, skipMeta) : kid === null ? isObject(v) : !same(v, kid)) return false;
  }
  return i === keys.length;
}

function sameMeta(v: unknown, shape: MetaShape, skipMeta: ReadonlySet<string>): boolean {
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
  if (v === undefined) return shape.t === 5;
  switch (shape.t) {
    case 0:
      return true;
    case 1:
      return (
        (shape.scalar || innerSchema(shape.schema, shape.zero, v) === undefined) &&
        (shape.zero === undefined || deepEqual(shape.zero, v) !== shape.member)
      );
    case 2:
      return sameMap(v, shape);
    case 3:
      return sameList(v, shape);
    default:
      return false;
  }
}

function sameMap(v: unknown, shape: MapShape): boolean {
  if (!isObject(v)) return false;
  const { keys, kids } = shape;
  // innerSchema took the shape's object for a map. With the schema and zero fixed its answer
  // depends only on which of v's values are defined, and matching kids prove those are the same.
  if (keys.length === 0 && innerSchema(shape.schema, shape.zero, v)?.kind !== "map") return false;
  let i = 0;
  for (const k in v) {
    if (i >= keys.length || keys[i] !== k || !same(v[k], kids[i]!)) return false;
    i++;
  }
  return i === keys.length;
}

function sameList(v: unknown, shape: ListShape): boolean {
  if (!Array.isArray(v)) return false;
  const { items } = shape;
  if (v.length !== items.length) return false;
  // A non-empty array of the same length: innerSchema answers as it did for the shape's.
  const s = shape.filled ?? innerSchema(shape.schema, shape.zero, v);
  if (s?.kind !== "list") return false;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = v[i];
    const want = items[i]!;
    if (s.listType === "map" && isObject(item)) {
      const kv = want.keyValues;
      if (kv === undefined) return false;
      for (let j = 0; j < kv.length; j++) if (keyValue(item, s.keys[j]!, s) !== kv[j]) return false;
    } else if (want.keyValues !== undefined || item !== want.value) return false;
    if (!same(item, want.node)) return false;
  }
  return true;
}
