/**
 * Checks that need the whole model: list-map keys, merge keys, embeds, protobuf numbers and
 * list kinds.
 */
import { protoModel } from "../model/proto-model.js";
import { ModelIndex } from "../model/lookup.js";
import type { Model, StructDecl, TypeDecl, TypeRef } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";
import { checkDefault } from "./default-checks.js";
import { checkCrdRecursion, checkImportCycles } from "./graph-checks.js";
import { checkResource } from "./resource-checks.js";

/** A plural names one kind in a group: per version once, and the same kind in every version. */
function checkPlurals(model: Model, diag: Diagnostics): void {
  const byPlural = new Map<string, { kind: StructDecl; version: string }>();
  for (const pkg of model.packages) {
    if (pkg.external || !pkg.groupVersion) continue;
    for (const t of pkg.types) {
      if (t.kind !== "struct" || !t.resource) continue;
      const key = `${t.resource.plural}.${pkg.groupVersion.group}`;
      const other = byPlural.get(key);
      if (!other) byPlural.set(key, { kind: t, version: pkg.groupVersion.version });
      else if (other.version === pkg.groupVersion.version) {
        diag.error(
          t.pos,
          `${t.name}: resource ${key} is already ${other.kind.name}'s in ${pkg.groupVersion.version} (give one of them +kubebuilder:resource:path=<plural>)`,
        );
      } else if (other.kind.name !== t.name) {
        diag.error(
          t.pos,
          `${t.name}: resource ${key} is ${other.kind.name} in ${other.version}: one resource serves one kind in every version`,
        );
      }
    }
  }
}

/** A kind served by several versions of a CRD-enabled group needs exactly one storage version. */
function checkStorageVersions(model: Model, diag: Diagnostics): void {
  const byResource = new Map<string, StructDecl[]>();
  for (const pkg of model.packages) {
    if (pkg.external || !pkg.crd || !pkg.groupVersion) continue;
    for (const t of pkg.types) {
      if (t.kind !== "struct" || !t.resource) continue;
      const key = `${t.resource.plural}.${pkg.groupVersion.group}`;
      byResource.set(key, [...(byResource.get(key) ?? []), t]);
    }
  }
  for (const [key, kinds] of byResource) {
    // Different kinds under one plural are checkPlurals' error.
    if (new Set(kinds.map((k) => k.name)).size > 1) continue;
    const marked = kinds.filter((k) => k.resource!.storageVersion);
    if (kinds.length > 1 && marked.length !== 1) {
      const at = marked[1] ?? kinds[0]!;
      diag.error(
        at.pos,
        `${key} is served in ${kinds.length} versions: tag exactly one of them +kubebuilder:storageversion (now ${marked.length})`,
      );
    }
  }
}

/**
 * The one validation pass over the whole model, before any emitter runs: everything an emitter
 * would otherwise trip over is reported here, together, with file:line.
 */
export function checkModel(model: Model, diag: Diagnostics): void {
  checkPlurals(model, diag);
  checkStorageVersions(model, diag);
  const index = new ModelIndex(model);
  checkImportCycles(model, diag);
  checkCrdRecursion(index, model, diag);
  const refOk = (ref: TypeRef): boolean => {
    if (ref.kind === "array") return refOk(ref.elem);
    if (ref.kind === "map") return refOk(ref.value);
    return ref.kind === "primitive" || index.decl(ref.pkg, ref.name) !== undefined;
  };
  for (const pkg of model.packages) {
    for (const t of pkg.types) {
      if (t.kind === "alias" && !refOk(t.target)) diag.error(t.pos, `${t.name} refers to a type that failed to parse`);
      if (pkg.crd && !pkg.external) checkCrdValidation(t, diag);
      if (t.kind !== "struct") continue;
      for (const e of t.embeds) {
        if (!refOk(e))
          diag.error(
            t.pos,
            `${t.name} extends ${e.kind === "named" ? e.name : "a type"}, which is not an exported API interface (or failed to parse)`,
          );
        else if (!index.structOf(e)) diag.error(t.pos, `${t.name} may extend only interfaces`);
      }
      if (t.fields.some((f) => !refOk(f.type)) || t.embeds.some((e) => !refOk(e))) continue;
      checkStruct(index, t, diag);
      if (!pkg.external) checkResource(index, pkg, t, diag);
      // A create-only kind (TokenReview, +genclient:onlyVerbs=create) lists nothing, so needs no list type.
      const lists = !t.resource || t.resource.verbs.some((v) => v === "list" || v === "watch");
      if (t.resource && lists && !pkg.types.some((x) => x.kind === "struct" && x.name === t.resource!.listKind)) {
        diag.error(t.pos, `resource ${t.name} needs a list type ${t.resource.listKind} in package ${pkg.path}`);
      }
    }
  }
  // The protobuf schema's own checks (fields with no protobuf form), when the model is whole
  // enough to build it; otherwise they follow once the errors above are fixed.
  if (model.packages.every((p) => p.types.every((t) => declRefsOk(t, refOk)))) {
    for (const d of protoModel(model).diagnostics) diag.error(d.pos, d.message);
  }
}

/** Every type a declaration mentions is in the model. */
function declRefsOk(t: TypeDecl, refOk: (r: TypeRef) => boolean): boolean {
  if (t.kind === "alias") return refOk(t.target);
  if (t.kind !== "struct") return true;
  return t.embeds.every(refOk) && t.fields.every((f) => refOk(f.type)) && (t.protobufEmbeds ?? []).every((e) => refOk(e.ref));
}

/** kube-apiserver refuses a CRD schema with `uniqueItems: true` (quadratic to check). */
function checkCrdValidation(t: TypeDecl, diag: Diagnostics): void {
  const message = (where: string): string =>
    `${where}: +kubebuilder:validation:UniqueItems=true is refused by kube-apiserver in CRD schemas ("uniqueItems cannot be set to true since the runtime complexity becomes quadratic"); use +listType=set`;
  if ((t.kind === "struct" || t.kind === "alias") && t.validation.uniqueItems) diag.error(t.pos, message(t.name));
  if (t.kind !== "struct") return;
  for (const f of t.fields) if (f.validation.uniqueItems) diag.error(f.pos, message(`${t.name}.${f.name}`));
}

/** Structs a field's value contains directly (through lists, maps and aliases). */
function structsReached(index: ModelIndex, ref: TypeRef): StructDecl[] {
  if (ref.kind === "array") return structsReached(index, ref.elem);
  if (ref.kind === "map") return structsReached(index, ref.value);
  if (ref.kind !== "named") return [];
  const d = index.resolve(ref);
  if (d.kind === "alias") return structsReached(index, d.target);
  return d.kind === "struct" ? [d] : [];
}

/** TypeMeta travels in the protobuf envelope (runtime.Unknown), not in the message. */
export function isTypeMeta(index: ModelIndex, s: StructDecl): boolean {
  return s.name === "TypeMeta" && index.packageOf(s).goPackage === "k8s.io/apimachinery/pkg/apis/meta/v1";
}

function checkStruct(index: ModelIndex, s: StructDecl, diag: Diagnostics): void {
  const numbers = new Map<number, string>();
  const protoNames = new Set<string>();
  for (const e of s.protobufEmbeds ?? []) {
    numbers.set(e.number, `the embedded ${e.ref.kind === "named" ? e.ref.name : "struct"}`);
    protoNames.add(e.name);
  }
  if (s.protobuf) {
    for (const e of s.embeds) {
      const inner = index.structOf(e);
      if (!inner || isTypeMeta(index, inner) || s.protobufEmbeds?.some((x) => x.ref === e)) continue;
      diag.error(
        s.pos,
        `${s.name} extends ${inner.name}, whose fields its protobuf message would lack: give the embedded struct a protobuf field with +kubegen:protobuf-embed=${inner.name},<number> (or +protobuf=false on ${s.name})`,
      );
    }
  }
  const jsonNames = new Set(
    index
      .jsonFields(s)
      .filter((f) => !s.fields.includes(f))
      .map((f) => f.name),
  );
  for (const f of s.fields) {
    const where = `${s.name}.${f.name}`;
    if (jsonNames.has(f.name)) diag.error(f.pos, `${where}: JSON name "${f.name}" is used twice (check embedded types)`);
    jsonNames.add(f.name);
    checkDefault(index, s, f, diag);
    if (s.protobuf && !f.protobuf) {
      diag.error(f.pos, `${where}: needs a protobuf field number (+protobuf=N), or +protobuf=false on ${s.name}`);
    }
    if (f.protobuf) {
      {
        const other = numbers.get(f.protobuf.number);
        if (other !== undefined) {
          diag.error(
            f.pos,
            `${where}: protobuf field number ${f.protobuf.number} is already used by ${other.startsWith("the embedded ") ? other : `${s.name}.${other}`}`,
          );
        }
        numbers.set(f.protobuf.number, f.name);
        if (protoNames.has(f.protobuf.name)) diag.error(f.pos, `${where}: protobuf name "${f.protobuf.name}" is used twice`);
        protoNames.add(f.protobuf.name);
      }
    }
    if (s.deepcopy) {
      const missing = structsReached(index, f.type).find((d) => !d.deepcopy);
      if (missing) {
        diag.error(f.pos, `${where}: ${missing.name} has +k8s:deepcopy-gen=false, so ${s.name} cannot be deep-copied`);
      }
    }
    if (f.type.kind !== "array") continue;
    const elem = index.structOf(f.type.elem);
    const keys = [...f.listMapKeys, ...(f.patchMergeKey ? [f.patchMergeKey] : [])];
    for (const key of keys) {
      if (!elem) {
        diag.error(f.pos, `${where}: list key "${key}" needs a list of structs`);
        continue;
      }
      const names = index.jsonFields(elem).map((x) => x.name);
      if (!names.includes(key)) {
        diag.error(f.pos, `${where}: list key "${key}" names no field of ${elem.name} (fields: ${names.join(", ")})`);
      }
    }
  }
}
