/**
 * What the codec emitter's encode and decode halves share: wire facts, the Go zero values of
 * specials, and a per-file context that names (and imports) the function behind each message.
 */
import type { ModelIndex } from "../../model/lookup.js";
import type { SpecialKind } from "../../model/types.js";
import type { EmitOptions } from "../emitter.js";
import type { ImportTracker } from "../imports.js";
import { artifactModule, importRuntime } from "../ts-paths.js";
import type { MessageRef, ProtoField, ProtoFile, ProtoType, ScalarType } from "../../model/proto-model.js";

/** The artifact name of codec files: `zz_generated.protobuf.ts`. */
export const ARTIFACT = "protobuf";
export const encodeFunctionName = (message: string): string => `encode${message}`;
export const decodeFunctionName = (message: string): string => `decode${message}`;
export const canonicalFunctionName = (message: string): string => `canonical${message}`;

/** The three functions generated per message: write it, read it, and what reading what was written gives. */
export type CodecOp = "encode" | "decode" | "canonical";
const FUNCTION_NAME: Record<CodecOp, (message: string) => string> = {
  encode: encodeFunctionName,
  decode: decodeFunctionName,
  canonical: canonicalFunctionName,
};

/** Wire types (the low three bits of a tag). */
export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;

export const WIRE_TYPE: Record<ScalarType, number> = {
  string: LENGTH_DELIMITED,
  bytes: LENGTH_DELIMITED,
  bool: VARINT,
  int32: VARINT,
  int64: VARINT,
  double: FIXED64,
};

/** Go's zero value of each scalar, as a TypeScript literal (bytes are base64 text). */
export const ZERO: Record<ScalarType, string> = {
  string: '""',
  bytes: '""',
  bool: "false",
  int32: "0",
  int64: "0",
  double: "0",
};

/** A field's tag, as the number the generated code compares and writes. */
export const tag = (number: number, wireType: number): number => ((number << 3) | wireType) >>> 0;

/** The runtime functions behind each special (the JSONSchemaProps* ones are generated). */
export const RUNTIME_SPECIALS: Partial<Record<SpecialKind, string>> = {
  Time: "Time",
  MicroTime: "MicroTime",
  Duration: "Duration",
  IntOrString: "IntOrString",
  Quantity: "Quantity",
  RawExtension: "RawExtension",
  FieldsV1: "FieldsV1",
  JSON: "JSONValue",
};

/**
 * The JSON value of a special whose Go zero value is a non-empty message: the encoder is
 * called with it when the field is absent, and decoding gives it when the field is not on the
 * wire. Specials not listed are empty messages when zero.
 */
export const SPECIAL_ZERO: Partial<Record<SpecialKind, string>> = {
  Duration: '"0s"',
  IntOrString: "0",
  Quantity: '"0"',
  JSONSchemaPropsOrArray: "[]",
  JSONSchemaPropsOrBool: "false",
  JSONSchemaPropsOrStringArray: "[]",
};

/** Specials holding free-form JSON, which the runtime decodes as `unknown`. */
export const JSON_SPECIALS: ReadonlySet<SpecialKind> = new Set(["RawExtension", "FieldsV1", "JSON"]);

/** Time and MicroTime: an empty message is the zero time, which our objects leave out. */
export const TIMES: ReadonlySet<SpecialKind> = new Set(["Time", "MicroTime"]);

/** `.name`, or `["x-kubernetes-list-type"]` for JSON names that are not identifiers. */
export const property = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

export type MessageType = Extract<ProtoType, { kind: "message" }>;

/** One codec file being written: its imports and the names its code uses. */
export class CodecContext {
  /** Local names taken in the file, to the module they come from ("" for this file). */
  private readonly names = new Map<string, string>();

  constructor(
    readonly index: ModelIndex,
    readonly file: ProtoFile,
    readonly imports: ImportTracker,
    private readonly options: EmitOptions,
  ) {
    for (const m of file.messages) for (const name of Object.values(FUNCTION_NAME)) this.names.set(name(m.name), "");
  }

  runtime(name: string, typeOnly = false): string {
    return importRuntime(this.imports, name, this.options, typeOnly);
  }

  /** Imports a name from another module, aliased when the name is taken in this file. */
  private importAs(name: string, module: string, suffix: string): string {
    const owner = this.names.get(name);
    if (owner === undefined || owner === module) {
      this.names.set(name, module);
      this.imports.add(name, module);
      return name;
    }
    const alias = `${name}_${suffix.replace(/[^A-Za-z0-9]/g, "_")}`;
    this.imports.add(`${name} as ${alias}`, module);
    return alias;
  }

  /** The encode, decode or canonical function of a message: generated here or elsewhere, or the runtime's. */
  fn(ref: MessageRef, op: CodecOp): string {
    const src = ref.source;
    if (src.kind === "special") {
      const runtimeName = RUNTIME_SPECIALS[src.special];
      if (runtimeName) return this.runtime(`${op}${runtimeName}`);
    }
    const name = FUNCTION_NAME[op](ref.name);
    if (ref.pkgPath === this.file.pkg.path) return name;
    const pkg = this.index.pkg(ref.pkgPath)!;
    return this.importAs(name, artifactModule(pkg, ARTIFACT, this.options), pkg.path);
  }

  special(t: ProtoType): SpecialKind | undefined {
    return t.kind === "message" && t.ref.source.kind === "special" ? t.ref.source.special : undefined;
  }

  /** True for a message made from a named list (`Verbs`). */
  isListAlias(t: ProtoType): boolean {
    return t.kind === "message" && t.ref.source.kind === "alias";
  }

  /** True when the values of a field (its elements, for lists and maps) are enum strings. */
  isEnum(f: ProtoField): boolean {
    if (!f.field) return false;
    let ref = this.index.underlying(f.field.type);
    if (ref.kind === "array") ref = this.index.underlying(ref.elem);
    else if (ref.kind === "map") ref = this.index.underlying(ref.value);
    return ref.kind === "named" && this.index.resolve(ref).kind === "enum";
  }
}
