/**
 * Zero-value emitter: per served kind, the JSON upstream's field manager sees for the Go zero
 * value of its type (`&v1.Pod{}`), which is the "live" object a create is compared against. Go's
 * JSON keeps every non-pointer struct field (omitempty never drops a struct) and every field
 * without omitempty at its zero value; only the Go shape (Field.pointer, omitEmpty) says which.
 */
import { ModelIndex } from "../model/lookup.js";
import type { Field, Model, SpecialKind, StructDecl } from "../model/types.js";
import type { Emitter, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { preformatted, printValue } from "./layout.js";

/** How the wire types marshal their Go zero value (Time's is null, a Quantity's "0"...). */
const SPECIAL_ZERO: Readonly<Record<SpecialKind, unknown>> = {
  Time: null,
  MicroTime: null,
  Duration: "0s",
  IntOrString: 0,
  Quantity: "0",
  RawExtension: null,
  FieldsV1: null,
  JSON: null,
  JSONSchemaPropsOrArray: null,
  JSONSchemaPropsOrBool: null,
  JSONSchemaPropsOrStringArray: null,
};

/** Marks a field Go leaves out of the zero value's JSON. */
const ABSENT = Symbol("absent");

/** The zero value of a struct as Go's encoding/json writes it (embedded structs inline). */
export function structZero(index: ModelIndex, s: StructDecl, depth = 0): Record<string, unknown> {
  // Go cannot nest a struct in itself without a pointer; the bound only guards a broken model.
  if (depth > 64) return {};
  const out: Record<string, unknown> = {};
  for (const e of s.embeds) {
    const embedded = index.structOf(e);
    if (embedded) Object.assign(out, structZero(index, embedded, depth + 1));
  }
  for (const f of s.fields) {
    const v = fieldZero(index, f, depth);
    if (v !== ABSENT) out[f.name] = v;
  }
  return out;
}

function fieldZero(index: ModelIndex, f: Field, depth: number): unknown {
  // A nil pointer is left out with omitempty, else written as null.
  if (f.pointer) return f.omitEmpty ? ABSENT : null;
  const u = index.underlying(f.type);
  if (u.kind === "named") {
    const d = index.decl(u.pkg, u.name);
    if (d?.kind === "struct") return structZero(index, d, depth + 1);
    if (d?.kind === "special") return SPECIAL_ZERO[d.special];
  }
  if (f.omitEmpty) return ABSENT;
  if (u.kind === "array" || u.kind === "map") return null;
  if (u.kind === "primitive") {
    if (u.name === "string") return "";
    if (u.name === "boolean") return false;
    return u.name === "bytes" ? null : 0;
  }
  // Enums are strings.
  return "";
}

/** `group/version/Kind` (group empty for the core group): the key the apiserver looks kinds up by. */
export function zeroValueKey(group: string, version: string, kind: string): string {
  return `${group}/${version}/${kind}`;
}

export const zeroValuesEmitter: Emitter = {
  name: "zero-values",
  emit(model: Model): GeneratedFile[] {
    const index = new ModelIndex(model);
    const values: Record<string, unknown> = {};
    for (const p of model.packages) {
      if (p.external || !p.groupVersion) continue;
      for (const t of p.types) {
        if (t.kind !== "struct" || !t.resource) continue;
        values[zeroValueKey(p.groupVersion.group, p.groupVersion.version, t.name)] = structZero(index, t);
      }
    }
    if (Object.keys(values).length === 0) return [];
    const lead = "export const zeroValues: Readonly<Record<string, object>> = ";
    const doc =
      "/** Per served kind (`group/version/Kind`), the JSON of its Go zero value: what a create's field set is compared against. */\n";
    return [
      preformatted({
        path: "apis/zero-values.ts",
        content: `${header("//")}\n${doc}${lead}${printValue(values, 0, lead.length, ";")};\n`,
      }),
    ];
  },
};
