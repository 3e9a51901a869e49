/**
 * The protobuf codec emitter: per package `zz_generated.protobuf.ts` with a static encode and
 * decode function per message, written on the runtime's Writer and Reader. Encoding writes the
 * bytes Go's generated marshallers write (codec-encode.ts); decoding gives the object Go's JSON
 * encoding of the decoded struct would give (codec-decode.ts), so protobuf and JSON clients see
 * the same objects. Registered kinds are collected in `protobufCodecs` for the scheme.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { Model, SpecialDecl, StructDecl } from "../../model/types.js";
import type { EmitOptions, Emitter, GeneratedFile } from "../emitter.js";
import { header } from "../header.js";
import { ImportTracker } from "../imports.js";
import { PRINT_WIDTH, type Stmt, objectProperty, preformatted, printIn, signature } from "../layout.js";
import { render } from "../templates.js";
import { absolute, importApiType, importRuntime, packageFile } from "../ts-paths.js";
import {
  ARTIFACT,
  CodecContext,
  type MessageType,
  RUNTIME_SPECIALS,
  canonicalFunctionName,
  decodeFunctionName,
  encodeFunctionName,
  property,
} from "./codec-context.js";
import { canonicalAssign, canonicalItems } from "./codec-canonical.js";
import { assignField, decodeCases, localTypeOf } from "./codec-decode.js";
import { encodeField } from "./codec-encode.js";
import { type ProtoField, type ProtoFile, type ProtoMessage, protoFiles } from "../../model/proto-model.js";

export { ARTIFACT } from "./codec-context.js";

/** What templates/protobuf-codec/_message.hbs and _list.hbs lay out: code, laid out already. */
interface MessageView {
  type: string;
  /** The message's name (`Pod`), which its functions are named after. */
  name: string;
  encodeHead: string;
  decodeHead: string;
  encodeBody: string;
  locals: string;
  cases: string;
  overrun: string;
  assigns: string;
  canonicalHead: string;
  canonicalBody: string;
}

/** The encoder's parameters; unused ones (a message without fields) are marked as such. */
/** `let name: type;` in a decoder (2 spaces in), with the type on a line of its own where prettier puts it: when the line is too wide. */
function localDeclaration(l: string): string {
  const line = `let ${l};`;
  if (2 + line.length <= PRINT_WIDTH) return line;
  const colon = l.indexOf(": ");
  return `let ${l.slice(0, colon)}:\n    ${l.slice(colon + 2)};`;
}

const encodeParams = (type: string, used: boolean): string[] => (used ? [`obj: ${type}`, "w: Writer"] : [`_obj: ${type}`, "_w: Writer"]);

/** The view of one message's functions, from its statements. */
function messageView(
  type: string,
  name: string,
  parts: { encodeParams: string[]; encode: Stmt[]; locals: string[]; cases: Stmt[]; assigns: Stmt[]; canonical: Stmt[] },
): MessageView {
  const encodeHead = signature(`export function ${encodeFunctionName(name)}`, parts.encodeParams, "void");
  return {
    type,
    name,
    // A message without fields has an empty encoder, `{}` as prettier writes it.
    encodeHead: parts.encode.length ? encodeHead : `${encodeHead}}`,
    decodeHead: signature(`export function ${decodeFunctionName(name)}`, ["r: Reader", "end: number"], type),
    encodeBody: printIn(parts.encode, 2),
    locals: printIn(parts.locals.map(localDeclaration), 2),
    cases: printIn(parts.cases, 6),
    overrun: printIn([{ if: "r.pos !== end", then: `throw new RangeError("protobuf: ${type} overruns its length");` }], 2),
    assigns: printIn(parts.assigns, 2),
    canonicalHead: signature(
      `export function ${canonicalFunctionName(name)}`,
      [`${parts.canonical.length ? "obj" : "_obj"}: ${type}`, `out = {} as ${type}`],
      type,
    ),
    canonicalBody: printIn(parts.canonical, 2),
  };
}

function structView(ctx: CodecContext, m: ProtoMessage, s: StructDecl): MessageView {
  const type = importApiType(ctx.imports, s);
  const byNumber = [...m.fields].sort((a, b) => a.number - b.number);
  const local = (f: ProtoField): string => `f${f.number}`;
  const localType = (f: ProtoField): string =>
    f.embed ? importApiType(ctx.imports, f.embed) : `${type}[${JSON.stringify(f.field!.name)}]`;
  const protoOf = new Map(m.fields.filter((f) => f.field).map((f) => [f.field!, f]));
  const embedOf = new Map(m.fields.filter((f) => f.embed).map((f) => [f.embed!, f]));
  // Built in JSON field order (embedded fields first), as Go's JSON shows them: an embedded
  // struct with a message field of its own is decoded whole and its fields copied in.
  const assigns: (Stmt | undefined)[] = [];
  // The same fields in the same order, set from the object (an embedded struct's into `out` itself).
  const canonical: Stmt[] = [];
  for (const e of s.embeds) {
    const inner = ctx.index.structOf(e);
    if (!inner) continue;
    const f = embedOf.get(inner);
    if (f && f.type.kind === "message") {
      assigns.push(`Object.assign(obj, ${local(f)} ?? ${ctx.fn(f.type.ref, "decode")}(r, r.pos));`);
      canonical.push(`${ctx.fn(f.type.ref, "canonical")}(obj, out);`);
    } else {
      for (const jf of ctx.index.jsonFields(inner)) {
        assigns.push(assignField(ctx, jf, undefined, undefined, type));
        canonical.push(...canonicalAssign(ctx, jf, undefined, type));
      }
    }
  }
  for (const jf of s.fields) {
    const f = protoOf.get(jf);
    assigns.push(assignField(ctx, jf, f, f && local(f), type));
    canonical.push(...canonicalAssign(ctx, jf, f, type));
  }
  return messageView(type, m.name, {
    encodeParams: encodeParams(type, m.fields.length > 0),
    // Written in field-number order, as Go writes them; read in any order. An embedded struct
    // is written from the object itself, which holds its fields.
    encode: byNumber.flatMap((f) => encodeField(ctx, f, f.embed ? "obj" : `obj${property(f.field!.name)}`)),
    locals: m.fields.map((f) => `${local(f)}: ${localTypeOf(ctx, f, localType(f))} | undefined`),
    cases: byNumber.flatMap((f) => decodeCases(ctx, f, local(f), localType(f))),
    assigns: assigns.filter((l): l is Stmt => l !== undefined),
    canonical,
  });
}

/** A named list (`Verbs`): a wrapper message whose one field holds the items. */
function listAliasView(ctx: CodecContext, m: ProtoMessage): MessageView {
  const type = importApiType(ctx.imports, m.source);
  const items = m.fields[0]!;
  const view = messageView(type, m.name, {
    encodeParams: encodeParams(type, true),
    encode: encodeField(ctx, items, "obj"),
    locals: [`items: ${type} | undefined`],
    cases: decodeCases(ctx, items, "items", type),
    assigns: [],
    canonical: [],
  });
  // Unset is written as nothing, and nothing reads as [].
  return {
    ...view,
    canonicalHead: signature(`export function ${canonicalFunctionName(m.name)}`, [`obj: ${type} | null | undefined`], type),
    canonicalBody: printIn([`return ${canonicalItems(ctx, items, "obj")} ?? [];`], 2),
  };
}

/** The JSONSchemaProps-or-something specials, laid out by a template each. */
function schemaSpecialView(ctx: CodecContext, m: ProtoMessage, d: SpecialDecl) {
  const props = m.fields.find((f) => f.type.kind === "message")!.type as MessageType;
  return {
    partial: `protobuf-codec/${d.special}`,
    type: importApiType(ctx.imports, d),
    encode: encodeFunctionName(m.name),
    decode: decodeFunctionName(m.name),
    canonical: canonicalFunctionName(m.name),
    canonicalHead: signature(
      `export function ${canonicalFunctionName(m.name)}`,
      [`obj: ${importApiType(ctx.imports, d)}`],
      importApiType(ctx.imports, d),
    ),
    wireString: ctx.runtime("wireString"),
    props: {
      type: importApiType(ctx.imports, props.ref.source),
      encode: ctx.fn(props.ref, "encode"),
      decode: ctx.fn(props.ref, "decode"),
      canonical: ctx.fn(props.ref, "canonical"),
    },
  };
}

function emitPackage(index: ModelIndex, file: ProtoFile, options: EmitOptions): GeneratedFile | undefined {
  const rel = packageFile(file.pkg, ARTIFACT);
  const imports = new ImportTracker(absolute(options, rel));
  const ctx = new CodecContext(index, file, imports, options);
  const messages: MessageView[] = [];
  const lists: MessageView[] = [];
  const schemaSpecials: ReturnType<typeof schemaSpecialView>[] = [];
  for (const m of file.messages) {
    const src = m.source;
    if (src.kind === "struct") messages.push(structView(ctx, m, src));
    else if (src.kind === "alias") lists.push(listAliasView(ctx, m));
    else if (!RUNTIME_SPECIALS[src.special]) schemaSpecials.push(schemaSpecialView(ctx, m, src));
  }
  // Packages holding only runtime specials (intstr, resource) have nothing to generate.
  if (!messages.length && !lists.length && !schemaSpecials.length) return undefined;
  importRuntime(imports, "Reader", options, true);
  importRuntime(imports, "Writer", options, true);
  const codecs = file.pkg.groupVersion
    ? file.messages
        .filter((m) => m.source.kind === "struct" && m.source.runtimeObject)
        .map((m) =>
          objectProperty(2, m.name, [
            ["encode", encodeFunctionName(m.name)],
            ["decode", decodeFunctionName(m.name)],
            ["canonical", canonicalFunctionName(m.name)],
          ]),
        )
    : [];
  const body = render("protobuf-codec", "file", {
    messages,
    lists,
    schemaSpecials,
    codecs,
    ProtobufCodec: codecs.length ? importRuntime(imports, "ProtobufCodec", options, true) : "",
  });
  return preformatted({ path: rel, content: `${header("//")}${imports.render()}\n\n${body}` });
}

export const protobufCodecEmitter: Emitter = {
  name: "protobuf-codec",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const index = new ModelIndex(model);
    return protoFiles(model)
      .map((f) => emitPackage(index, f, options))
      .filter((f): f is GeneratedFile => f !== undefined);
  },
};
