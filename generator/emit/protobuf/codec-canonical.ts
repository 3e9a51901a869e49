/**
 * The canonical third of the codec emitter: per message a function giving what the decoder reads
 * from what the encoder writes of an object, built from the object (no bytes): the fields in the
 * decoder's order, each value as the wire carries it (runtime/protobuf/canonical.ts), Go's zero
 * values where the encoder writes them, and the decoder's rules for what it leaves out. Each
 * case below pairs one of encodeField's (codec-encode.ts) with one of assignField's
 * (codec-decode.ts); test/generated/protobuf-canonical.test.ts holds them to it.
 */
import type { Field } from "../../model/types.js";
import type { Stmt } from "../layout.js";
import { type CodecContext, JSON_SPECIALS, type MessageType, TIMES, ZERO, property } from "./codec-context.js";
import { SCALAR_OF, type ProtoField, type ProtoType, type ScalarType } from "../../model/proto-model.js";

/** The runtime function giving a scalar as read back from the value written (an unset one as Go's zero). */
const SCALAR_FN: Record<ScalarType, string> = {
  string: "wireString",
  bytes: "wireBytes",
  bool: "wireBool",
  int32: "wireInt32",
  int64: "wireInt64",
  double: "wireDouble",
};

function isTime(ctx: CodecContext, t: ProtoType): boolean {
  const sp = ctx.special(t);
  return sp !== undefined && TIMES.has(sp);
}

/**
 * The function giving one element (list) or value (map) of type `t` as read back: structs take
 * the element as it is (the list and map helpers put Go's zero struct in for an unset one), the
 * others an unset element too.
 */
function elementFn(ctx: CodecContext, f: ProtoField): string {
  const t = f.type;
  if (t.kind === "message") return ctx.fn(t.ref, "canonical");
  return ctx.runtime(SCALAR_FN[t.scalar]);
}

/** The expression of a map field as read back (undefined when nothing is written). */
function mapValue(ctx: CodecContext, f: ProtoField, v: string): string {
  const t = f.type;
  if (t.kind === "scalar" && t.scalar === "string") return `${ctx.runtime("wireStringMap")}(${v})`;
  if (t.kind === "message" && t.ref.source.kind === "struct") return `${ctx.runtime("wireStructMap")}(${v}, ${elementFn(ctx, f)})`;
  // Go's JSON writes a zero time as null, also as a map value.
  if (isTime(ctx, t)) return `${ctx.runtime("wireTimeMap")}(${v}, ${elementFn(ctx, f)})`;
  return `${ctx.runtime("wireMap")}(${v}, ${elementFn(ctx, f)})`;
}

/** The expression of a repeated field as read back (undefined when nothing is written). */
export function canonicalItems(ctx: CodecContext, f: ProtoField, v: string): string {
  const t = f.type;
  if (t.kind === "scalar" && t.scalar === "string") return `${ctx.runtime("wireStrings")}(${v})`;
  if (t.kind === "message" && t.ref.source.kind === "struct") return `${ctx.runtime("wireStructList")}(${v}, ${elementFn(ctx, f)})`;
  return `${ctx.runtime("wireList")}(${v}, ${elementFn(ctx, f)})`;
}

/**
 * Whether a field's value as the runtime returns it needs a cast to the field's type: free-form
 * JSON comes back as unknown, and a map's zero times as null (which the types do not list).
 */
function needsCast(ctx: CodecContext, f: ProtoField): boolean {
  const sp = ctx.special(f.type);
  return sp !== undefined && (JSON_SPECIALS.has(sp) || (f.label === "map" && TIMES.has(sp)));
}

/** A field the message does not carry (TypeMeta's): the decoder's zero, when it shows one. */
function zeroAssign(ctx: CodecContext, jf: Field, owner: string): Stmt | undefined {
  if (jf.omitEmpty || jf.pointer) return undefined;
  const key = `out${property(jf.name)}`;
  const u = ctx.index.underlying(jf.type);
  if (u.kind === "array") return `${key} = [];`;
  if (u.kind === "map") return `${key} = {};`;
  if (u.kind === "primitive") return `${key} = ${ZERO[SCALAR_OF[u.name]]};`;
  return ctx.index.resolve(u).kind === "enum" ? `${key} = "" as ${owner}[${JSON.stringify(jf.name)}];` : undefined;
}

/** The statements setting JSON field `jf` of an `owner` on `out` from `obj`, as the decoder would from what the encoder writes. */
export function canonicalAssign(ctx: CodecContext, jf: Field, f: ProtoField | undefined, owner: string): Stmt[] {
  if (f === undefined) {
    const s = zeroAssign(ctx, jf, owner);
    return s === undefined ? [] : [s];
  }
  const v = `obj${property(jf.name)}`;
  const key = `out${property(jf.name)}`;
  const local = `f${f.number}`;
  const t = f.type;
  const fieldType = `${owner}[${JSON.stringify(jf.name)}]`;
  const cast = needsCast(ctx, f) ? ` as ${fieldType}` : "";
  // Lists and maps: nothing written when empty; omitempty leaves them out then, else [] or {}.
  if (f.label === "map" || f.label === "repeated") {
    const value = f.label === "map" ? mapValue(ctx, f, v) : canonicalItems(ctx, f, v);
    const empty = f.label === "map" ? "{}" : "[]";
    // Cast in a local of its own: a cast around `?? []` is laid out by prettier unlike anything else here.
    if (!jf.omitEmpty && !cast) return [{ assign: key, value: `${value} ?? ${empty}` }];
    if (!jf.omitEmpty) return [{ assign: `const ${local}`, value: `${value}${cast}` }, `${key} = ${local} ?? ${empty};`];
    return [
      { assign: `const ${local}`, value: `${value}${cast}` },
      { if: `${local} !== undefined`, then: `${key} = ${local};` },
    ];
  }
  if (ctx.isListAlias(t)) {
    // Written when set, read as a list ([] when it had no items; also [] when not written).
    const value = `${ctx.fn((t as MessageType).ref, "canonical")}(${v})`;
    if (!jf.omitEmpty) return [{ assign: key, value }];
    return [
      { assign: `const ${local}`, value },
      { if: `${local}.length`, then: `${key} = ${local};` },
    ];
  }
  if (t.kind === "message" && isTime(ctx, t)) {
    // An empty body (Go's zero time, or unset) reads as no field at all, pointer or not.
    return [
      { assign: `const ${local}`, value: `${ctx.fn(t.ref, "canonical")}(${v})` },
      { if: local, then: `${key} = ${local};` },
    ];
  }
  if (jf.pointer) return [{ if: `${v} != null`, then: { assign: key, value: `${elementFn(ctx, f)}(${v})${cast}` } }];
  if (t.kind === "scalar") return scalarAssign(ctx, jf, f, v, key, local, owner);
  const src = t.ref.source;
  const fn = ctx.fn(t.ref, "canonical");
  // Always written: a struct as its zero value when unset, a special as Go's zero (or no JSON, read as null).
  if (src.kind === "struct") return [{ assign: key, value: `${fn}(${v} ?? ${ctx.runtime("EMPTY_STRUCT")})` }];
  // The others are Go's zero when unset, or (free-form JSON) null.
  return [{ assign: key, value: `${fn}(${v})${cast}` }];
}

/** A non-pointer scalar: always written (Go's zero when unset); omitempty leaves a zero out when read. */
function scalarAssign(ctx: CodecContext, jf: Field, f: ProtoField, v: string, key: string, local: string, owner: string): Stmt[] {
  const s = (f.type as { scalar: ScalarType }).scalar;
  const fn = ctx.runtime(SCALAR_FN[s]);
  if (s === "string" && ctx.isEnum(f)) {
    // Go writes "" for an unset enum, a value the enum's TypeScript type does not list.
    if (jf.omitEmpty) return [{ if: v, then: { assign: key, value: `${fn}(${v})` } }];
    return [{ assign: key, value: `${ctx.runtime("wireEnum")}(${v}) as ${owner}[${JSON.stringify(jf.name)}]` }];
  }
  if (s === "string") {
    if (jf.omitEmpty) return [{ if: v, then: { assign: key, value: `${fn}(${v})` } }];
    return [{ assign: key, value: `${fn}(${v} ?? "")` }];
  }
  // Empty base64 reads as "", and set base64 as set; true stays true.
  if (s === "bytes" || s === "bool") {
    if (jf.omitEmpty) return [{ if: v, then: { assign: key, value: s === "bool" ? "true" : `${fn}(${v})` } }];
    return [{ assign: key, value: `${fn}(${v})` }];
  }
  // Numbers: the value as read decides whether it is zero (an int32 of 2^32 reads as 0).
  if (!jf.omitEmpty) return [{ assign: key, value: `${fn}(${v})` }];
  return [
    { assign: `const ${local}`, value: `${fn}(${v})` },
    { if: local, then: `${key} = ${local};` },
  ];
}
