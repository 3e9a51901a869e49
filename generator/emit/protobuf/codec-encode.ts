/**
 * The encode half of the codec emitter: the statements writing one field as Go's generated
 * (gogo) marshallers write it. Non-pointer fields are always written, zero or not; pointers,
 * nil-able slices and []byte only when set; repeated fields one entry per element (proto2 does
 * not pack); maps one entry per key, keys sorted.
 */
import { type CodecContext, LENGTH_DELIMITED, type MessageType, SPECIAL_ZERO, TIMES, WIRE_TYPE, ZERO, tag } from "./codec-context.js";
import type { Stmt } from "../layout.js";
import type { ProtoField, ScalarType } from "../../model/proto-model.js";

/** Scalars the Writer writes with their tag in one call (`w.stringField(10, v)`). */
const FIELD_METHODS: Partial<Record<ScalarType, string>> = {
  string: "stringField",
  int32: "int32Field",
  int64: "int64Field",
  bool: "boolField",
};

/** The Writer call writing tag `tg` and then one scalar, the expression `v`. */
function write(ctx: CodecContext, tg: number, s: ScalarType, v: string): string {
  const field = FIELD_METHODS[s];
  if (field) return `w.${field}(${tg}, ${v})`;
  return s === "bytes" ? `w.uint32(${tg}).bytes(${ctx.runtime("base64ToBytes")}(${v}))` : `w.uint32(${tg}).${s}(${v})`;
}

/** The Writer call writing tag `tg` and starting a length-delimited body. */
const fork = (tg: number): string => `w.forkField(${tg});`;

/**
 * Statements writing the body of message `t` for value `v` (the caller has forked). `nonNull`
 * says `v` is known to be set; otherwise an unset value writes Go's zero value.
 */
function body(ctx: CodecContext, t: MessageType, v: string, nonNull: boolean): Stmt {
  const enc = ctx.fn(t.ref, "encode");
  const src = t.ref.source;
  if (nonNull) return `${enc}(${v}, w);`;
  if (src.kind === "struct") return `${enc}(${v} ?? ${ctx.runtime("EMPTY_STRUCT")}, w);`;
  if (src.kind === "alias") return { if: `${v} != null`, then: `${enc}(${v}, w);` };
  const zero = SPECIAL_ZERO[src.special];
  if (zero !== undefined) return `${enc}(${v} ?? ${zero}, w);`;
  // Time: "" is no time either; the others hold free-form JSON, where null is the zero value.
  return { if: TIMES.has(src.special) ? v : `${v} != null`, then: `${enc}(${v}, w);` };
}

function encodeMap(ctx: CodecContext, f: ProtoField, v: string): Stmt[] {
  const t = f.type;
  let value: Stmt[];
  if (t.kind === "scalar") {
    const vt = tag(2, WIRE_TYPE[t.scalar]);
    value =
      t.scalar === "bytes"
        ? [{ if: "x != null", then: `${write(ctx, vt, "bytes", "x")};` }]
        : [`${write(ctx, vt, t.scalar, `x ?? ${ZERO[t.scalar]}`)};`];
  } else {
    value = [fork(tag(2, LENGTH_DELIMITED)), body(ctx, t, "x", false), "w.ldelim();"];
  }
  // map<string, string> (labels, annotations, data): each entry in one Writer call.
  const entry: Stmt[] =
    t.kind === "scalar" && t.scalar === "string"
      ? [`w.stringEntry(${tag(f.number, LENGTH_DELIMITED)}, keys[i]!, values[i] ?? "");`]
      : [
          "const k = keys[i]!;",
          "const x = values[i];",
          `w.forkField(${tag(f.number, LENGTH_DELIMITED)}).stringField(${tag(1, LENGTH_DELIMITED)}, k);`,
          ...value,
          "w.ldelim();",
        ];
  // Entries in the order Go's marshallers sort the keys, so equal maps give equal bytes.
  return [
    {
      block: `if (${v} != null)`,
      body: [
        `const { keys, values } = ${ctx.runtime("sortedEntries")}(${v});`,
        {
          for: "let i = 0; i < keys.length; i++",
          body: entry,
        },
      ],
    },
  ];
}

/** Statements writing field `f`, whose value is the expression `v` (`obj.name`). */
export function encodeField(ctx: CodecContext, f: ProtoField, v: string): Stmt[] {
  const pointer = f.field?.pointer ?? false;
  const t = f.type;
  if (f.label === "map") return encodeMap(ctx, f, v);
  if (t.kind === "scalar") {
    const tg = tag(f.number, WIRE_TYPE[t.scalar]);
    if (f.label === "repeated") {
      return [{ if: `${v} != null`, then: { for: `const x of ${v}`, body: `${write(ctx, tg, t.scalar, "x")};` } }];
    }
    // Go writes a nil []byte not at all, and every other non-pointer scalar even when zero.
    if (pointer || t.scalar === "bytes") return [{ if: `${v} != null`, then: `${write(ctx, tg, t.scalar, v)};` }];
    return [`${write(ctx, tg, t.scalar, `${v} ?? ${ZERO[t.scalar]}`)};`];
  }
  const tg = tag(f.number, LENGTH_DELIMITED);
  if (f.label === "repeated") {
    const each = [fork(tg), body(ctx, t, "x", false), "w.ldelim();"];
    return [{ if: `${v} != null`, then: { for: `const x of ${v}`, body: each } }];
  }
  // Named lists (Verbs) are Go slices: written when non-nil, like pointers.
  if (pointer || ctx.isListAlias(t)) {
    return [{ block: `if (${v} != null)`, body: [fork(tg), body(ctx, t, v, true), "w.ldelim();"] }];
  }
  return [fork(tg), body(ctx, t, v, false), "w.ldelim();"];
}
