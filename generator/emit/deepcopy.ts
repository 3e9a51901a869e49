/**
 * Deepcopy emitter: one specialised copy function per struct, written from the model's fields
 * (no reflection, no JSON round trip). Unset fields stay unset; null stays null.
 */
import { ModelIndex } from "../model/lookup.js";
import type { Model, Package, SpecialKind, StructDecl, TypeDecl, TypeRef } from "../model/types.js";
import type { EmitOptions, Emitter, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { ImportTracker } from "./imports.js";
import { type Stmt, preformatted, printIn, signature } from "./layout.js";
import { render } from "./templates.js";
import { absolute, artifactModule, importApiType, importPackageType, importRuntime, packageFile } from "./ts-paths.js";

/** Specials whose values are immutable (strings, numbers): copied by reference. */
const IMMUTABLE_SPECIALS: ReadonlySet<SpecialKind> = new Set(["Time", "MicroTime", "Duration", "IntOrString", "Quantity"]);
/** Specials holding free-form JSON. */
const JSON_SPECIALS: ReadonlySet<SpecialKind> = new Set(["RawExtension", "JSON", "FieldsV1"]);

/**
 * Structs with more fields than this are copied by walking the object's own keys. Testing each
 * declared field is faster up to a few dozen fields (ServiceSpec's 20: one map check, then absent
 * fields cost next to nothing, where the walk's switch costs per present key); JSONSchemaProps
 * (44 fields, a few set, in many shapes) is faster walked.
 */
const WIDE_STRUCT_FIELDS = 40;
/**
 * Except a struct of more than NARROW_STRUCT_FIELDS fields that this many other structs hold
 * (ObjectMeta): a server copies it inside every kind, in as many shapes, and there a field
 * test is a megamorphic load per declared field while walking keys costs per present one.
 */
const NARROW_STRUCT_FIELDS = 12;
const SHARED_STRUCT_HOLDERS = 8;
/**
 * Walked structs' cases for the keys most objects have, first: V8 compares a string switch's
 * cases one after another, and the copy's key order is the source's whatever the case order.
 * In CRD schemas nearly every JSONSchemaProps sets type, many a description or properties,
 * and the fields declared last (x-kubernetes-*) are set more often than most before them.
 * Unlisted fields keep their declaration order, after these.
 */
const FIRST_CASES: ReadonlyMap<string, readonly string[]> = new Map([
  [
    "JSONSchemaProps",
    [
      "type",
      "description",
      "properties",
      "required",
      "items",
      "format",
      "default",
      "enum",
      "x-kubernetes-int-or-string",
      "x-kubernetes-list-type",
      "x-kubernetes-list-map-keys",
      "x-kubernetes-map-type",
      "x-kubernetes-preserve-unknown-fields",
      "additionalProperties",
      "pattern",
    ],
  ],
]);

/** `fields` with those FIRST_CASES names for `struct` first, in that order. */
function caseOrder<F extends { name: string }>(struct: string, fields: readonly F[]): F[] {
  const first = FIRST_CASES.get(struct) ?? [];
  const rank = (f: F): number => {
    const i = first.indexOf(f.name);
    return i < 0 ? first.length : i;
  };
  // Array.prototype.sort is stable: unlisted fields keep their declaration order.
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/** How many structs of the model hold each struct (by "pkg.Name"), in a field, list or map. */
function holders(model: Model, index: ModelIndex): Map<string, number> {
  const held = new Map<string, Set<string>>();
  const visit = (ref: TypeRef, holder: string): void => {
    if (ref.kind === "array") visit(ref.elem, holder);
    else if (ref.kind === "map") visit(ref.value, holder);
    else if (ref.kind === "named") {
      const key = `${ref.pkg}.${ref.name}`;
      if (!held.has(key)) held.set(key, new Set());
      held.get(key)!.add(holder);
    }
  };
  for (const pkg of model.packages) {
    for (const t of pkg.types) {
      if (t.kind === "struct") for (const f of index.jsonFields(t)) visit(f.type, `${pkg.path}.${t.name}`);
    }
  }
  return new Map([...held].map(([k, v]) => [k, v.size]));
}

export const copyFunctionName = (typeName: string): string => `deepCopy${typeName}`;

const copyHead = (name: string, type: string): string => signature(`export function ${name}`, [`src: ${type}`], type);

/** An expression without the parentheses around it, as prettier writes it where none are needed. */
function unparen(e: string): string {
  if (!e.startsWith("(") || !e.endsWith(")")) return e;
  let depth = 0;
  for (let i = 0; i < e.length; i++) {
    if (e[i] === "(") depth++;
    else if (e[i] === ")" && --depth === 0 && i < e.length - 1) return e;
  }
  return e.slice(1, -1);
}

/**
 * The module-local constructor of map copies, and its declaration. Its objects are plain (their
 * prototype is Object.prototype), but V8 grows them along a hidden-class tree of their own, with
 * in-object room sized to the keys they got, instead of the tree every `{}` and JSON.parse'd
 * object shares: adding a new key was the largest cost of copying a CRD's schema maps, and
 * this took about 7% off the whole copy. Module-local, not in the runtime: examples' generated
 * code imports the runtime of the installed kubegen, which may be older than the generator.
 */
const MAP_OBJECT = "MapObject";
const MAP_OBJECT_DECL = [
  "/** Plain objects for map copies, grown along hidden classes of their own (see the generator's deepcopy emitter). */",
  `const ${MAP_OBJECT} = function ${MAP_OBJECT}() {} as unknown as {`,
  "  new (): Record<string, unknown>;",
  "  prototype: object;",
  "};",
  `${MAP_OBJECT}.prototype = Object.prototype;`,
].join("\n");

/** A module-local copy of a list or map whose elements one named function copies. */
interface CollectionFunction {
  name: string;
  lines: string;
}

class CopyWriter {
  /**
   * List and map copiers of this module, by name. Each calls its one element copier directly, so
   * V8 inlines it; the runtime's copyArray(src, fn) is shared by every element type of the
   * program, and its call to `fn` goes megamorphic.
   */
  readonly collections = new Map<string, CollectionFunction>();

  constructor(
    private readonly index: ModelIndex,
    private readonly pkg: Package,
    private readonly imports: ImportTracker,
    private readonly options: EmitOptions,
    private readonly holders: ReadonlyMap<string, number>,
  ) {}

  /** True when values of this type need no copying. */
  immutable(ref: TypeRef): boolean {
    if (ref.kind === "primitive") return true;
    if (ref.kind !== "named") return false;
    const d = this.index.resolve(ref);
    if (d.kind === "enum") return true;
    if (d.kind === "alias") return this.immutable(d.target);
    if (d.kind === "special") return IMMUTABLE_SPECIALS.has(d.special);
    return false;
  }

  /** A function expression that copies one value of `ref`, for lists and maps. */
  copier(ref: TypeRef): string {
    if (ref.kind === "named") {
      const d = this.index.resolve(ref);
      if (d.kind === "alias") return this.copier(d.target);
      if (d.kind === "special" && JSON_SPECIALS.has(d.special)) return importRuntime(this.imports, "copyJSON", this.options);
      if (d.kind === "struct" || d.kind === "special") return this.copyFn(ref.pkg, d);
    }
    return `(v) => ${this.expr(ref, "v")}`;
  }

  /**
   * An expression copying `src` (a cheap expression that may be read twice). Lists and maps of
   * immutable values are copied inline rather than through a shared helper, so each call site
   * keeps its own inline cache for the spread (V8's object-clone fast path).
   */
  expr(ref: TypeRef, src: string): string {
    if (this.immutable(ref)) return src;
    switch (ref.kind) {
      case "array": {
        if (this.immutable(ref.elem)) return `(${src} === null ? ${src} : ${src}.slice())`;
        const list = this.collection("List", ref.elem);
        return list ? `${list}(${src})` : `${importRuntime(this.imports, "copyArray", this.options)}(${src}, ${this.copier(ref.elem)})`;
      }
      case "map": {
        if (this.immutable(ref.value)) return `(${src} === null ? ${src} : { ...${src} })`;
        const map = this.collection("Map", ref.value);
        return map ? `${map}(${src})` : `${importRuntime(this.imports, "copyMap", this.options)}(${src}, ${this.copier(ref.value)})`;
      }
      case "named": {
        const d = this.index.resolve(ref);
        if (d.kind === "alias") return this.expr(d.target, src);
        // A schema special's few tests inline, so the recursion calls deepCopyJSONSchemaProps directly.
        const inline = d.kind === "special" ? this.specialBody(ref.pkg, d, src) : undefined;
        return inline ?? `${this.copier(ref)}(${src})`;
      }
      default:
        return src;
    }
  }

  /**
   * The name of this module's copier of a list (or map) of `elem`, written on first use; undefined
   * when `elem` has no named copy function (lists of lists, maps of lists), which the runtime's
   * copyArray/copyMap serve.
   */
  private collection(kind: "List" | "Map", elem: TypeRef): string | undefined {
    if (elem.kind !== "named") return undefined;
    const copy = this.copier(elem);
    if (!/^[\w$]+$/.test(copy)) return undefined;
    const name = `copy${kind}Of${copy.replace(/^(deepCopy|copy)/, "")}`;
    if (this.collections.has(name)) return name;
    // copyJSON serves several `unknown` aliases (JSON, RawExtension): generic, like copyJSON.
    const generic = copy === "copyJSON";
    const decl = this.index.resolve(elem);
    const t = generic ? "T" : importPackageType(this.imports, decl, this.index.packageOf(decl), this.options);
    const fn = `function ${name}${generic ? "<T>" : ""}`;
    const body: Stmt[] =
      kind === "List"
        ? [
            "if (src == null) return src;",
            `const out = new Array<${t}>(src.length);`,
            { for: "let i = 0; i < src.length; i++", body: { assign: "out[i]", value: `${copy}(src[i]!)` } },
            "return out;",
          ]
        : [
            "if (src == null) return src;",
            `const out = new ${MAP_OBJECT}() as Record<string, ${t}>;`,
            {
              for: "const key in src",
              body: [
                "// Assignment would set the copy's prototype; the runtime's copyMap defines an own property.",
                {
                  if: 'key === "__proto__"',
                  then: `return ${importRuntime(this.imports, "copyMap", this.options)}(src, ${copy});`,
                },
                { assign: "out[key]", value: `${copy}(src[key]!)` },
              ],
            },
            "return out;",
          ];
    const head =
      kind === "List"
        ? signature(fn, [`src: readonly ${t}[]`], `${t}[]`)
        : signature(fn, [`src: Readonly<Record<string, ${t}>>`], `Record<string, ${t}>`);
    const doc = `/** Copies a ${kind === "List" ? "list" : "map"} of ${t} with ${copy}; null and undefined are returned as given. */`;
    this.collections.set(name, { name, lines: [doc, head, printIn(body, 2).replace(/^/, "  "), "}"].join("\n") });
    return name;
  }

  private copyFn(pkgPath: string, d: TypeDecl): string {
    const name = copyFunctionName(d.name);
    if (pkgPath === this.pkg.path) return name;
    const pkg = this.index.pkg(pkgPath)!;
    return this.imports.add(name, artifactModule(pkg, "deepcopy", this.options));
  }

  /**
   * Narrow structs test each field; wide ones (JSONSchemaProps has 44 fields, usually a few
   * set) walk the keys the object has, which costs per present field instead of per declared one.
   */
  structFunction(s: StructDecl): { head: string; type: string; lines: string; byKey: boolean } {
    const type = importApiType(this.imports, s);
    const fields = this.index.jsonFields(s);
    const shared = (this.holders.get(`${this.pkg.path}.${s.name}`) ?? 0) >= SHARED_STRUCT_HOLDERS;
    const byKey = fields.length > WIDE_STRUCT_FIELDS || (shared && fields.length > NARROW_STRUCT_FIELDS);
    const lines = (byKey ? caseOrder(s.name, fields) : fields).map((f): Stmt => {
      const key = /^[A-Za-z_$][\w$]*$/.test(f.name) ? `.${f.name}` : `[${JSON.stringify(f.name)}]`;
      if (!byKey) return { if: `src${key} !== undefined`, then: { assign: `out${key}`, value: unparen(this.expr(f.type, `src${key}`)) } };
      // The loop has read the value (`v`) already; each case only narrows its type.
      const fieldType = `${type}[${JSON.stringify(f.name)}]`;
      const label = `case ${JSON.stringify(f.name)}:`;
      if (this.immutable(f.type)) return { clause: label, body: [{ assign: `out${key}`, value: `v as ${fieldType}` }, "break;"] };
      const copy = unparen(this.expr(f.type, "x"));
      return { block: label, body: [`const x = v as Exclude<${fieldType}, undefined>;`, { assign: `out${key}`, value: copy }, "break;"] };
    });
    return { head: copyHead(copyFunctionName(s.name), type), type, lines: printIn(lines, byKey ? 6 : 2), byKey };
  }

  /**
   * The expression copying `src` (a cheap expression that may be read several times) for the
   * specials that contain typed schemas (apiextensions' JSONSchemaProps*); undefined for others.
   * A null `src` comes back as given, through deepCopyJSONSchemaProps.
   */
  specialBody(pkgPath: string, d: TypeDecl & { kind: "special" }, src: string): string | undefined {
    const kinds: SpecialKind[] = ["JSONSchemaPropsOrArray", "JSONSchemaPropsOrBool", "JSONSchemaPropsOrStringArray"];
    if (!kinds.includes(d.special)) return undefined;
    // JSONSchemaProps is declared in the package of its specials.
    const props = this.copyFn(pkgPath, { ...d, name: "JSONSchemaProps" });
    switch (d.special) {
      case "JSONSchemaPropsOrArray":
        return `Array.isArray(${src}) ? ${this.collection("List", { kind: "named", pkg: pkgPath, name: "JSONSchemaProps" })!}(${src}) : ${props}(${src})`;
      case "JSONSchemaPropsOrBool":
        return `typeof ${src} === "boolean" ? ${src} : ${props}(${src})`;
      default:
        return `Array.isArray(${src}) ? ${importRuntime(this.imports, "copyValueArray", this.options)}(${src}) : ${props}(${src})`;
    }
  }

  /** Copy functions for specials that contain typed schemas, for lists and maps of them. */
  specialFunction(d: TypeDecl & { kind: "special" }): { head: string; type: string; body: string } | undefined {
    const body = this.specialBody(this.pkg.path, d, "src");
    if (!body) return undefined;
    const type = importApiType(this.imports, d);
    return { head: copyHead(copyFunctionName(d.name), type), type, body };
  }
}

function emitPackage(index: ModelIndex, pkg: Package, options: EmitOptions, held: ReadonlyMap<string, number>): GeneratedFile | undefined {
  const rel = packageFile(pkg, "deepcopy");
  const imports = new ImportTracker(absolute(options, rel));
  const w = new CopyWriter(index, pkg, imports, options, held);
  const structs = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && t.deepcopy).map((s) => w.structFunction(s));
  const specials = pkg.types
    .filter((t): t is TypeDecl & { kind: "special" } => t.kind === "special")
    .map((d) => w.specialFunction(d))
    .filter((x) => x !== undefined);
  if (!structs.length && !specials.length) return undefined;
  const collections = [...w.collections.values()];
  const mapObject = collections.some((c) => c.name.startsWith("copyMapOf")) ? MAP_OBJECT_DECL : undefined;
  const body = render("deepcopy", "file", { pkg: pkg.path, structs, specials, collections, mapObject });
  return preformatted({ path: rel, content: `${header("//")}${imports.render()}\n\n${body}` });
}

export const deepcopyEmitter: Emitter = {
  name: "deepcopy",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const index = new ModelIndex(model);
    const held = holders(model, index);
    return model.packages
      .filter((p) => !p.external && p.deepcopy)
      .map((p) => emitPackage(index, p, options, held))
      .filter((f): f is GeneratedFile => f !== undefined);
  },
};
