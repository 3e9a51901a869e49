/**
 * The .proto emitter: one proto2 `generated.proto` per package, at
 * `proto/<go package>/generated.proto`, declaring the messages upstream's go-to-protobuf
 * declares (same packages, names, numbers and types) with our own doc comments.
 */
import { contentHash } from "../../model/content-hash.js";
import type { Model } from "../../model/types.js";
import type { Emitter, GeneratedFile } from "../emitter.js";
import { header } from "../header.js";
import { render } from "../templates.js";
import { type ProtoField, type ProtoFile, protoFiles, protoTypeName } from "../../model/proto-model.js";

/** Comment text is wrapped to this many columns, indentation included. */
const WIDTH = 100;

/** Greedy word wrap; a word longer than the width (a URL) gets a line of its own. */
function wrap(line: string, width: number): string[] {
  const out: string[] = [];
  let cur = "";
  for (const word of line.split(/ +/)) {
    if (cur && cur.length + 1 + word.length > width) {
      out.push(cur);
      cur = word;
    } else {
      cur = cur ? `${cur} ${word}` : word;
    }
  }
  out.push(cur);
  return out;
}

/** A doc string as `//` comment lines, wrapped for a given indentation. */
const commentLines = (doc: string, indent: number): string[] =>
  doc
    ? doc
        .split("\n")
        .flatMap((l) => wrap(l, WIDTH - indent - 3))
        .map((l) => `// ${l}`.trimEnd())
    : [];

function fieldDecl(f: ProtoField, protoPackage: string): string {
  const type = protoTypeName(f.type, protoPackage);
  const head = f.label === "map" ? `map<string, ${type}>` : `${f.label} ${type}`;
  return `${head} ${f.name} = ${f.number};`;
}

function emitFile(file: ProtoFile): GeneratedFile {
  const body = render("protobuf", "file", {
    protoPackage: file.protoPackage,
    goPackage: file.goPackage,
    imports: file.imports,
    messages: file.messages.map((m) => ({
      name: m.name,
      comment: commentLines(m.doc, 0),
      fields: m.fields.map((f) => ({ comment: commentLines(f.doc, 2), decl: fieldDecl(f, file.protoPackage) })),
    })),
  });
  return { path: `proto/${file.path}`, content: `${header("//")}\n${body}` };
}

/**
 * What a file's text is built from: the ProtoFile without its links back into the model (the
 * package, and each field's and message's declaration), which emitFile reads only through the
 * names, numbers, types and docs copied beside them.
 */
const MODEL_LINKS: ReadonlySet<string> = new Set(["pkg", "field", "embed", "source"]);

export const protobufSchemaEmitter: Emitter = {
  name: "protobuf-schema",
  emit(model: Model, options): GeneratedFile[] {
    // An unchanged file's text comes from the memo (keyed as MODEL_LINKS says).
    return protoFiles(model).map((file) =>
      options.memo
        ? {
            path: `proto/${file.path}`,
            content: options.memo(`proto/${file.path}`, contentHash(file, MODEL_LINKS), () => emitFile(file).content),
          }
        : emitFile(file),
    );
  },
};
