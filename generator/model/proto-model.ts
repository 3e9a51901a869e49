/**
 * The protobuf facts of a model: which messages each package has, their fields, numbers and
 * wire types, as upstream's generated.proto files state them. Both the .proto emitter and the
 * codec emitter read these facts, so the schema and the codec cannot disagree.
 */
import { ModelIndex } from "./lookup.js";
import type { AliasDecl, Field, Model, Package, SourcePos, SpecialDecl, SpecialKind, StructDecl, TypeRef } from "./types.js";
import { type Diagnostic, Diagnostics, GeneratorError } from "./diagnostics.js";

export type ScalarType = "string" | "bool" | "int32" | "int64" | "double" | "bytes";

/** The declaration a message is made from. */
export type MessageSource = StructDecl | AliasDecl | SpecialDecl;

/** A reference to a message, in its file's package or another one. */
export interface MessageRef {
  /** Model package path of the file that declares the message (`meta/v1`). */
  pkgPath: string;
  protoPackage: string;
  name: string;
  source: MessageSource;
}

export type ProtoType = { kind: "scalar"; scalar: ScalarType } | { kind: "message"; ref: MessageRef };

export interface ProtoField {
  /** The protobuf field name (`Raw`, `xKubernetesListType`). */
  name: string;
  number: number;
  /** `map` fields have string keys and `type` as value. */
  label: "optional" | "repeated" | "map";
  type: ProtoType;
  doc: string;
  /** The model field behind it; absent for the fixed fields of special messages and for embeds. */
  field?: Field;
  /** Set for the field of an embedded struct: the message holds the struct's own fields. */
  embed?: StructDecl;
}

export interface ProtoMessage {
  name: string;
  doc: string;
  source: MessageSource;
  /** In declaration order, as upstream's generated.proto lists them (numbers may be out of order). */
  fields: ProtoField[];
}

export interface ProtoFile {
  pkg: Package;
  /** `k8s.io/api/core/v1/generated.proto`: the go package plus the file name, as upstream. */
  path: string;
  protoPackage: string;
  goPackage: string;
  /** Paths of the other files this one uses, sorted. */
  imports: string[];
  /** Sorted by name, as upstream's generator writes them. */
  messages: ProtoMessage[];
}

export const protoFilePath = (pkg: Package): string => `${pkg.goPackage}/generated.proto`;

/** How a message is written in a file of `fromProtoPackage`: bare in its own package, else fully qualified. */
export function protoTypeName(t: ProtoType, fromProtoPackage: string): string {
  if (t.kind === "scalar") return t.scalar;
  return t.ref.protoPackage === fromProtoPackage ? t.ref.name : `.${t.ref.protoPackage}.${t.ref.name}`;
}

/** True for an alias that upstream turns into a wrapper message (`type Verbs []string`). */
export function isListAlias(index: ModelIndex, d: AliasDecl): boolean {
  return index.underlying(d.target).kind === "array";
}

/** The proto scalar each primitive of the model is written as. */
export const SCALAR_OF: Record<"string" | "boolean" | "int32" | "int64" | "float64" | "bytes", ScalarType> = {
  string: "string",
  boolean: "bool",
  int32: "int32",
  int64: "int64",
  float64: "double",
  bytes: "bytes",
};

/** Protobuf reserves these field numbers for its own implementation. */
const RESERVED_NUMBERS: readonly [number, number] = [19000, 19999];

interface SpecialField {
  name: string;
  number: number;
  label: "optional" | "repeated";
  /** A scalar, or `JSONSchemaProps` (the schema struct of the special's own package). */
  type: ScalarType | "JSONSchemaProps";
  doc: string;
}

/** The messages upstream declares for each special type, field for field. */
const SPECIAL_FIELDS: Record<SpecialKind, SpecialField[]> = {
  Time: [
    { name: "seconds", number: 1, label: "optional", type: "int64", doc: "Whole seconds since the Unix epoch." },
    { name: "nanos", number: 2, label: "optional", type: "int32", doc: "Nanoseconds past seconds; always zero for Time." },
  ],
  MicroTime: [
    { name: "seconds", number: 1, label: "optional", type: "int64", doc: "Whole seconds since the Unix epoch." },
    { name: "nanos", number: 2, label: "optional", type: "int32", doc: "Nanoseconds past seconds, in whole microseconds." },
  ],
  Duration: [{ name: "duration", number: 1, label: "optional", type: "int64", doc: "The length in nanoseconds." }],
  IntOrString: [
    { name: "type", number: 1, label: "optional", type: "int64", doc: "0 when the value is intVal, 1 when it is strVal." },
    { name: "intVal", number: 2, label: "optional", type: "int32", doc: "The value when it is an integer." },
    { name: "strVal", number: 3, label: "optional", type: "string", doc: "The value when it is a string." },
  ],
  Quantity: [{ name: "string", number: 1, label: "optional", type: "string", doc: "The quantity in canonical form." }],
  RawExtension: [{ name: "raw", number: 1, label: "optional", type: "bytes", doc: "The serialized object." }],
  FieldsV1: [{ name: "Raw", number: 1, label: "optional", type: "bytes", doc: "The field set as JSON." }],
  JSON: [{ name: "raw", number: 1, label: "optional", type: "bytes", doc: "The value as JSON." }],
  JSONSchemaPropsOrArray: [
    { name: "schema", number: 1, label: "optional", type: "JSONSchemaProps", doc: "Set when the value is one schema." },
    { name: "jSONSchemas", number: 2, label: "repeated", type: "JSONSchemaProps", doc: "Set when the value is a list." },
  ],
  JSONSchemaPropsOrBool: [
    { name: "allows", number: 1, label: "optional", type: "bool", doc: "The boolean; true when schema is set." },
    { name: "schema", number: 2, label: "optional", type: "JSONSchemaProps", doc: "Set when the value is a schema." },
  ],
  JSONSchemaPropsOrStringArray: [
    { name: "schema", number: 1, label: "optional", type: "JSONSchemaProps", doc: "Set when the value is a schema." },
    { name: "property", number: 2, label: "repeated", type: "string", doc: "Set when the value is a list of names." },
  ],
};

class ProtoModelBuilder {
  readonly diag = new Diagnostics();
  constructor(private readonly index: ModelIndex) {}

  /** The message a declaration becomes, or an error saying why it has none. */
  private messageRef(pkgPath: string, decl: MessageSource, pos: SourcePos, where: string): ProtoType | undefined {
    const pkg = this.index.pkg(pkgPath)!;
    if (!pkg.protobuf) {
      this.diag.error(pos, `${where}: ${decl.name} is in package ${pkg.path}, which has no +k8s:protobuf-gen=package`);
      return undefined;
    }
    if (decl.kind === "struct" && !decl.protobuf) {
      this.diag.error(pos, `${where}: ${decl.name} has +protobuf=false, so it has no message to refer to`);
      return undefined;
    }
    return { kind: "message", ref: { pkgPath, protoPackage: pkg.protoPackage, name: decl.name, source: decl } };
  }

  /** The protobuf type of one value (not a list or map) of `ref`. */
  valueType(ref: TypeRef, pos: SourcePos, where: string): ProtoType | undefined {
    switch (ref.kind) {
      case "primitive":
        return { kind: "scalar", scalar: (SCALAR_OF as Record<string, ScalarType>)[ref.name]! };
      case "array":
        this.diag.error(pos, `${where}: a list of lists has no protobuf form; name the inner list with a type alias`);
        return undefined;
      case "map":
        this.diag.error(pos, `${where}: a map inside a list or map has no protobuf form`);
        return undefined;
      case "named": {
        const d = this.index.resolve(ref);
        if (d.kind === "enum") return { kind: "scalar", scalar: "string" };
        // Aliases are their target on the wire, except named lists, which get a wrapper message.
        if (d.kind === "alias" && !isListAlias(this.index, d)) return this.valueType(d.target, pos, where);
        return this.messageRef(ref.pkg, d, pos, where);
      }
    }
  }

  /** Label and type of a struct field: lists become repeated, maps map<string, V>. */
  fieldShape(ref: TypeRef, pos: SourcePos, where: string): Pick<ProtoField, "label" | "type"> | undefined {
    // Named maps are maps on the wire (Go's `type ResourceList map[...]`).
    const u = this.aliasShape(ref);
    if (u.kind === "array") {
      const type = this.valueType(u.elem, pos, where);
      return type && { label: "repeated", type };
    }
    if (u.kind === "map") {
      const type = this.valueType(u.value, pos, where);
      return type && { label: "map", type };
    }
    const type = this.valueType(u, pos, where);
    return type && { label: "optional", type };
  }

  /** Follows aliases down to a list, map or non-alias, stopping at named lists. */
  private aliasShape(ref: TypeRef): TypeRef {
    let cur = ref;
    while (cur.kind === "named") {
      const d = this.index.resolve(cur);
      if (d.kind !== "alias" || isListAlias(this.index, d)) return cur;
      cur = d.target;
    }
    return cur;
  }

  structMessage(s: StructDecl): ProtoMessage {
    const fields: ProtoField[] = [];
    // Embedded structs first, where Go declares them.
    for (const e of s.protobufEmbeds ?? []) {
      const inner = this.index.structOf(e.ref);
      if (!inner || e.ref.kind !== "named") continue;
      const type = this.messageRef(e.ref.pkg, inner, s.pos, `${s.name} (extends ${inner.name})`);
      if (type) fields.push({ name: e.name, number: e.number, label: "optional", type, doc: inner.doc, embed: inner });
    }
    for (const f of s.fields) {
      const where = `${s.name}.${f.name}`;
      if (!f.protobuf) {
        this.diag.error(f.pos, `${where}: needs a protobuf field number (+protobuf=N), or +protobuf=false on ${s.name}`);
        continue;
      }
      const shape = this.fieldShape(f.type, f.pos, where);
      if (shape) fields.push({ name: f.protobuf.name, number: f.protobuf.number, ...shape, doc: f.doc, field: f });
    }
    return { name: s.name, doc: s.doc, source: s, fields };
  }

  listAliasMessage(d: AliasDecl): ProtoMessage {
    const u = this.index.underlying(d.target);
    const elem = u.kind === "array" ? this.valueType(u.elem, d.pos, d.name) : undefined;
    const fields: ProtoField[] = elem ? [{ name: "items", number: 1, label: "repeated", type: elem, doc: "" }] : [];
    return { name: d.name, doc: d.doc, source: d, fields };
  }

  specialMessage(pkg: Package, d: SpecialDecl): ProtoMessage {
    const fields: ProtoField[] = [];
    for (const sf of SPECIAL_FIELDS[d.special]) {
      let type: ProtoType | undefined;
      if (sf.type === "JSONSchemaProps") {
        const props = this.index.decl(pkg.path, "JSONSchemaProps");
        if (props?.kind !== "struct") {
          this.diag.error(d.pos, `${d.name}: a ${d.special} needs a JSONSchemaProps struct in package ${pkg.path}`);
          continue;
        }
        type = this.messageRef(pkg.path, props, d.pos, d.name);
      } else {
        type = { kind: "scalar", scalar: sf.type };
      }
      if (type) fields.push({ name: sf.name, number: sf.number, label: sf.label, type, doc: sf.doc });
    }
    return { name: d.name, doc: d.doc, source: d, fields };
  }

  /** Field numbers and names are unique and usable; message names are unique in the file. */
  checkMessages(messages: ProtoMessage[]): void {
    const names = new Map<string, MessageSource>();
    for (const m of messages) {
      const other = names.get(m.name);
      if (other) this.diag.error(m.source.pos, `message ${m.name} is declared twice (also at line ${other.pos.line})`);
      names.set(m.name, m.source);
      const numbers = new Map<number, string>();
      const fieldNames = new Set<string>();
      for (const f of m.fields) {
        const pos = f.field?.pos ?? m.source.pos;
        const where = `${m.name}.${f.field?.name ?? f.name}`;
        if (f.number >= RESERVED_NUMBERS[0] && f.number <= RESERVED_NUMBERS[1]) {
          this.diag.error(pos, `${where}: protobuf field numbers ${RESERVED_NUMBERS.join("-")} are reserved by protobuf`);
        }
        const user = numbers.get(f.number);
        if (user !== undefined) this.diag.error(pos, `${where}: protobuf field number ${f.number} is already used by ${user}`);
        // Worded as the validation pass words it, so one problem is one message.
        numbers.set(f.number, f.embed ? `the embedded ${f.embed.name}` : where);
        if (fieldNames.has(f.name)) this.diag.error(pos, `${where}: protobuf name "${f.name}" is used twice`);
        fieldNames.add(f.name);
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(f.name)) {
          this.diag.error(pos, `${where}: "${f.name}" is not a protobuf field name; give one with +protobuf=N,name=<name>`);
        }
      }
    }
  }

  file(pkg: Package): ProtoFile {
    const messages: ProtoMessage[] = [];
    for (const t of pkg.types) {
      if (t.kind === "struct" && t.protobuf) messages.push(this.structMessage(t));
      else if (t.kind === "alias" && isListAlias(this.index, t)) messages.push(this.listAliasMessage(t));
      else if (t.kind === "special") messages.push(this.specialMessage(pkg, t));
    }
    messages.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    this.checkMessages(messages);
    const imports = new Set<string>();
    for (const m of messages) {
      for (const f of m.fields) {
        if (f.type.kind === "message" && f.type.ref.pkgPath !== pkg.path) {
          imports.add(protoFilePath(this.index.pkg(f.type.ref.pkgPath)!));
        }
      }
    }
    return {
      pkg,
      path: protoFilePath(pkg),
      protoPackage: pkg.protoPackage,
      goPackage: pkg.goPackage,
      imports: [...imports].sort(),
      messages,
    };
  }
}

const cache = new WeakMap<Model, { files: ProtoFile[]; diagnostics: Diagnostic[] }>();

/**
 * One ProtoFile per generated package with `+k8s:protobuf-gen=package`, and every field that
 * has no protobuf form (for the validation pass, which reports them with everything else).
 */
export function protoModel(model: Model): { files: ProtoFile[]; diagnostics: Diagnostic[] } {
  const cached = cache.get(model);
  if (cached) return cached;
  const b = new ProtoModelBuilder(new ModelIndex(model));
  const files: ProtoFile[] = [];
  const paths = new Map<string, Package>();
  for (const pkg of model.packages) {
    if (!pkg.protobuf) continue;
    const other = paths.get(protoFilePath(pkg));
    if (other) b.diag.error(pkg.pos, `packages ${other.path} and ${pkg.path} share the go package ${pkg.goPackage}`);
    paths.set(protoFilePath(pkg), pkg);
    // External packages are checked too (their messages are referred to) but emit nothing here.
    const file = b.file(pkg);
    if (!pkg.external) files.push(file);
  }
  const result = { files, diagnostics: b.diag.list };
  cache.set(model, result);
  return result;
}

/** The ProtoFiles of a model; throws a GeneratorError listing every field that has no protobuf form. */
/** Per model, built once: the schema and codec emitters both read it. */
const built = new WeakMap<Model, ProtoFile[]>();

export function protoFiles(model: Model): ProtoFile[] {
  const cached = built.get(model);
  if (cached) return cached;
  const { files, diagnostics } = protoModel(model);
  if (diagnostics.length) throw new GeneratorError(diagnostics);
  built.set(model, files);
  return files;
}
