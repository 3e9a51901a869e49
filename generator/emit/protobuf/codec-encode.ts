/**
 * The encode half of the codec emitter: the statements writing one field as Go's generated
 * (gogo) marshallers write it. Non-pointer fields are always written, zero or not; pointers,
 * nil-able slices and []byte only when set; repeated fields one entry per element (proto2 does
 * not pack); maps one entry per key, keys sorted.
 */
import { type CodecContext, LENGTH_DELIMITED, type MessageType, SPECIAL_ZERO, TIMES, WIRE_TYPE, ZERO, tag } from "./codec-context.js";
import type { Stmt } from "../layout.js";
import type { ProtoField, ScalarType } from "../../model/proto-model.js";

/** `.string(v)`: the Writer call that writes one scalar after its tag. */
function write(ctx: CodecContext, s: ScalarType, v: string): string {
  return s === "bytes" ? `.bytes(${ctx.runtime("base64ToBytes")}(${v}))` : `.${s}(${v})`;
}

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
        ? [{ if: "x != null", then: `w.uint32(${vt})${write(ctx, "bytes", "x")};` }]
        : [`w.uint32(${vt})${write(ctx, t.scalar, `x ?? ${ZERO[t.scalar]}`)};`];
  } else {
    value = [`w.uint32(${tag(2, LENGTH_DELIMITED)}).fork();`, body(ctx, t, "x", false), "w.ldelim();"];
  }
  // Entries in the order Go's marshallers sort the keys, so equal maps give equal bytes.
  return [
    {
      block: `if (${v} != null)`,
      body: [
        `const { keys, values } = ${ctx.runtime("sortedEntries")}(${v});`,
        {
          for: "let i = 0; i < keys.length; i++",
          body: [
            "const k = keys[i]!;",
            "const x = values[i];",
            `w.uint32(${tag(f.number, LENGTH_DELIMITED)}).fork().uint32(${tag(1, LENGTH_DELIMITED)}).string(k);`,
            ...value,
            "w.ldelim();",
          ],
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
      return [{ if: `${v} != null`, then: { for: `const x of ${v}`, body: `w.uint32(${tg})${write(ctx, t.scalar, "x")};` } }];
    }
    // Go writes a nil []byte not at all, and every other non-pointer scalar even when zero.
    if (pointer || t.scalar === "bytes") return [{ if: `${v} != null`, then: `w.uint32(${tg})${write(ctx, t.scalar, v)};` }];
    return [`w.uint32(${tg})${write(ctx, t.scalar, `${v} ?? ${ZERO[t.scalar]}`)};`];
  }
  const tg = tag(f.number, LENGTH_DELIMITED);
  if (f.label === "repeated") {
    const each = [`w.uint32(${tg}).fork();`, body(ctx, t, "x", false), "w.ldelim();"];
    return [{ if: `${v} != null`, then: { for: `const x of ${v}`, body: each } }];
  }
  // Named lists (Verbs) are Go slices: written when non-nil, like pointers.
  if (pointer || ctx.isListAlias(t)) {
    return [{ block: `if (${v} != null)`, body: [`w.uint32(${tg}).fork();`, body(ctx, t, v, true), "w.ldelim();"] }];
  }
  return [`w.uint32(${tg}).fork();`, body(ctx, t, v, false), "w.ldelim();"];
}
