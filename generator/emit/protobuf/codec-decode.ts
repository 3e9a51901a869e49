/**
 * The decode half of the codec emitter: the case clauses reading each field into a local, and
 * the statements building the object from the locals as Go's encoding/json would show the
 * decoded struct (fields in Go's order, omitempty zeros left out, non-pointer structs always
 * present).
 */
import type { Field } from "../../model/types.js";
import {
  type CodecContext,
  JSON_SPECIALS,
  LENGTH_DELIMITED,
  type MessageType,
  SPECIAL_ZERO,
  TIMES,
  WIRE_TYPE,
  ZERO,
  property,
  tag,
} from "./codec-context.js";
import type { Stmt } from "../layout.js";
import { SCALAR_OF, type ProtoField, type ProtoType, type ScalarType } from "../../model/proto-model.js";

/** An expression reading one scalar. */
function read(ctx: CodecContext, s: ScalarType, f?: ProtoField): string {
  if (s === "bytes") return `${ctx.runtime("bytesToBase64")}(r.bytes())`;
  if (s === "string" && f?.label !== "map" && f?.field && REPEATING_STRINGS.has(f.field.name)) return "r.key()";
  return `r.${s}()`;
}

/**
 * String fields whose values repeat from object to object, a few per cluster (namespaces, node
 * names, images, kinds): read as map keys are (Reader#key), which hands a value read before
 * back as the same string: a hash and a comparison (~15-35 ns) where a new string of 13 bytes
 * or more costs a call into native code (~50 ns), and the objects a watch cache holds share it.
 */
const REPEATING_STRINGS = new Set([
  "namespace",
  "nodeName",
  "image",
  "apiVersion",
  "kind",
  "schedulerName",
  "serviceAccountName",
  "serviceAccount",
  "terminationMessagePath",
  "hostIP",
  // Conditions' and events' types and reasons: CamelCase constants, often 13 bytes or more.
  "type",
  "reason",
]);

/** A scalar read, cast to the field's enum type when it has one (the wire does not check). */
function readAs(ctx: CodecContext, f: ProtoField, s: ScalarType, type: string): string {
  return ctx.isEnum(f) ? `${read(ctx, s, f)} as ${type}` : read(ctx, s, f);
}

/**
 * An expression decoding one message body of `len` bytes (`len` has just been read). A zero
 * Time (an empty body) gives undefined for a single field, which our objects leave out.
 */
function readMessage(ctx: CodecContext, t: MessageType, len: string, single: boolean, type: string): string {
  const dec = ctx.fn(t.ref, "decode");
  const sp = ctx.special(t);
  if (single && sp && TIMES.has(sp)) return `${len} === 0 ? undefined : ${dec}(r, r.pos + ${len})`;
  // The runtime reads free-form JSON as unknown; the API type says what it holds.
  if (sp && JSON_SPECIALS.has(sp)) return `${dec}(r, r.pos + ${len}) as ${type}`;
  return `${dec}(r, r.pos + ${len})`;
}

/** The value of a map entry that has no value field: Go's zero value. */
function mapZero(ctx: CodecContext, t: ProtoType, valueType: string): string {
  if (t.kind === "scalar") return ZERO[t.scalar];
  const sp = ctx.special(t);
  // Go's JSON writes a zero Time as null, also as a map value (PodDisruptionBudget's disruptedPods).
  if (sp && TIMES.has(sp)) return `(null as unknown as ${valueType})`;
  const zero = sp && SPECIAL_ZERO[sp];
  if (zero) return zero;
  if (t.ref.source.kind === "alias") return "[]";
  // Decoding an empty body gives a struct's zero value (and the other specials').
  return `${ctx.fn(t.ref, "decode")}(r, r.pos)`;
}

function isTime(ctx: CodecContext, t: ProtoType): boolean {
  const sp = t.kind === "message" ? ctx.special(t) : undefined;
  return sp !== undefined && TIMES.has(sp);
}

function decodeMapCase(ctx: CodecContext, f: ProtoField, local: string, valueType: string): Stmt {
  const t = f.type;
  const readValue: [string, string | Stmt[]] =
    t.kind === "scalar"
      ? [`et === ${tag(2, WIRE_TYPE[t.scalar])}`, `v = ${readAs(ctx, f, t.scalar, valueType)};`]
      : [`et === ${tag(2, LENGTH_DELIMITED)}`, ["const vl = r.uint32();", `v = ${readMessage(ctx, t, "vl", isTime(ctx, t), valueType)};`]];
  // Go's "" for an enum value the entry leaves out, which the enum's TypeScript type does not list.
  const zero = t.kind === "scalar" && ctx.isEnum(f) ? `(${ZERO[t.scalar]} as ${valueType})` : mapZero(ctx, t, valueType);
  // `r.uint32() + r.pos`: the length is read first, so r.pos is where the entry starts.
  return {
    block: `case ${tag(f.number, LENGTH_DELIMITED)}:`,
    body: [
      "const e = r.uint32() + r.pos;",
      'let k = "";',
      "let v;",
      {
        block: "while (r.pos < e)",
        body: [
          "const et = r.uint32();",
          { chain: [[`et === ${tag(1, LENGTH_DELIMITED)}`, "k = r.key();"], readValue], else: "r.skipType(et & 7, 0, et >>> 3);" },
        ],
      },
      // Entries are collected and made an object at the end (see mapObject).
      { call: `(${local} ??= []).push`, args: ["k", `v ?? ${zero}`], tail: ";" },
      "break;",
    ],
  };
}

/** The type of the local a field is read into: a map's entries (key, value, ...), else the field's own type. */
export function localTypeOf(ctx: CodecContext, f: ProtoField, fieldType: string): string {
  return f.label === "map" ? `${ctx.runtime("MapEntryList", true)}<NonNullable<${fieldType}>[string]>` : fieldType;
}

/** The case clauses reading field `f` (of type `localType`) into `local`. */
export function decodeCases(ctx: CodecContext, f: ProtoField, local: string, localType: string): Stmt[] {
  const t = f.type;
  if (f.label === "map") return [decodeMapCase(ctx, f, local, `NonNullable<${localType}>[string]`)];
  const elemType = `NonNullable<${localType}>[number]`;
  if (t.kind === "scalar") {
    const tg = tag(f.number, WIRE_TYPE[t.scalar]);
    if (f.label !== "repeated") return [{ clause: `case ${tg}:`, body: [`${local} = ${readAs(ctx, f, t.scalar, localType)};`, "break;"] }];
    const elem = readAs(ctx, f, t.scalar, elemType);
    const cases: Stmt[] = [{ clause: `case ${tg}:`, body: [{ call: `(${local} ??= []).push`, args: [elem], tail: ";" }, "break;"] }];
    if (WIRE_TYPE[t.scalar] !== LENGTH_DELIMITED) {
      // Parsers must accept packed numbers too, though proto2 writers do not pack.
      const packed = tag(f.number, LENGTH_DELIMITED);
      cases.push({
        block: `case ${packed}:`,
        body: ["const e = r.uint32() + r.pos;", `while (r.pos < e) (${local} ??= []).push(${elem});`, "break;"],
      });
    }
    return cases;
  }
  const tg = tag(f.number, LENGTH_DELIMITED);
  if (f.label === "repeated") {
    return [
      {
        block: `case ${tg}:`,
        body: [
          "const l = r.uint32();",
          { call: `(${local} ??= []).push`, args: [readMessage(ctx, t, "l", false, elemType)], tail: ";" },
          "break;",
        ],
      },
    ];
  }
  return [{ block: `case ${tg}:`, body: ["const l = r.uint32();", `${local} = ${readMessage(ctx, t, "l", true, localType)};`, "break;"] }];
}

/**
 * The statement putting JSON field `jf` of an `owner` into `obj`, from `local` when the field
 * is in the message (`f`). Follows Go's encoding/json: omitempty scalars are left out when
 * zero, other scalars always shown; pointers only when set; a non-pointer struct always
 * (encoding/json never omits structs), its zero value when absent. Zero Time and MicroTime are
 * left out: 1.34 omits a zero creationTimestamp (omitzero) and writes null for the few other
 * zero times, which clients read as absent. Absent free-form JSON (RawExtension) is left out
 * where Go would write null.
 */
export function assignField(
  ctx: CodecContext,
  jf: Field,
  f: ProtoField | undefined,
  local: string | undefined,
  owner: string,
): Stmt | undefined {
  const key = `obj${property(jf.name)}`;
  const localType = `${owner}[${JSON.stringify(jf.name)}]`;
  if (f === undefined || local === undefined) {
    // Embedded fields (TypeMeta's kind and apiVersion) are not in the message.
    if (jf.omitEmpty || jf.pointer) return undefined;
    const u = ctx.index.underlying(jf.type);
    if (u.kind === "array") return `${key} = [];`;
    if (u.kind === "map") return `${key} = {};`;
    if (u.kind === "primitive") return `${key} = ${ZERO[SCALAR_OF[u.name]]};`;
    return ctx.index.resolve(u).kind === "enum" ? `${key} = "" as ${localType};` : undefined;
  }
  const t = f.type;
  if (f.label !== "optional" || ctx.isListAlias(t)) {
    // Lists and maps: nil is null in Go's JSON; we show [] or {} when the field is not omitempty.
    if (f.label === "map") {
      const m = `${ctx.runtime("mapObject")}(${local})`;
      return jf.omitEmpty ? { if: `${local} !== undefined`, then: `${key} = ${m};` } : `${key} = ${local} === undefined ? {} : ${m};`;
    }
    if (!jf.omitEmpty) return `${key} = ${local} ?? [];`;
    // A named list may arrive empty; omitempty leaves it out then.
    return { if: f.label === "optional" ? `${local}?.length` : `${local} !== undefined`, then: `${key} = ${local};` };
  }
  if (jf.pointer) return { if: `${local} !== undefined`, then: `${key} = ${local};` };
  if (t.kind === "scalar") {
    if (jf.omitEmpty) return { if: local, then: `${key} = ${local};` };
    // Go writes "" for an unset enum, a value the enum's TypeScript type does not list.
    return ctx.isEnum(f) ? `${key} = ${local} ?? ("" as ${localType});` : `${key} = ${local} ?? ${ZERO[t.scalar]};`;
  }
  const src = t.ref.source;
  // Decoding an empty body gives the struct's zero value.
  if (src.kind === "struct") return `${key} = ${local} ?? ${ctx.fn(t.ref, "decode")}(r, r.pos);`;
  const zero = src.kind === "special" ? SPECIAL_ZERO[src.special] : undefined;
  if (zero !== undefined) return `${key} = ${local} ?? ${zero};`;
  return { if: `${local} !== undefined`, then: `${key} = ${local};` };
}
