/**
 * Queries over the model that several emitters share.
 */
import type { Field, Model, Package, StructDecl, TypeDecl, TypeRef } from "./types.js";

export class ModelIndex {
  private readonly byPkg = new Map<string, Package>();
  private readonly decls = new Map<string, TypeDecl>();

  constructor(readonly model: Model) {
    for (const p of model.packages) {
      this.byPkg.set(p.path, p);
      for (const t of p.types) this.decls.set(`${p.path}.${t.name}`, t);
    }
  }

  pkg(path: string): Package | undefined {
    return this.byPkg.get(path);
  }

  decl(pkg: string, name: string): TypeDecl | undefined {
    return this.decls.get(`${pkg}.${name}`);
  }

  /**
   * A `+genclient:method` input or result type: a struct of `pkg` by its name, or of another
   * package by upstream's qualified form, Go import path and name (`k8s.io/api/autoscaling/v1.Scale`).
   */
  methodType(pkg: Package, name: string): StructDecl | undefined {
    const dot = name.lastIndexOf(".");
    const owner = name.includes("/") && dot > 0 ? this.model.packages.find((p) => p.goPackage === name.slice(0, dot)) : pkg;
    const d = owner && this.decl(owner.path, name.includes("/") ? name.slice(dot + 1) : name);
    return d?.kind === "struct" ? d : undefined;
  }

  /** The declaration a named ref points at (throws if the model is inconsistent). */
  resolve(ref: Extract<TypeRef, { kind: "named" }>): TypeDecl {
    const d = this.decl(ref.pkg, ref.name);
    if (!d)
      throw new Error(`model has no declaration ${ref.pkg}.${ref.name} (the validation pass should have reported the reference to it)`);
    return d;
  }

  /** Follows aliases down to the first non-alias type. */
  underlying(ref: TypeRef): TypeRef {
    let cur = ref;
    for (let i = 0; i < 32 && cur.kind === "named"; i++) {
      const d = this.decl(cur.pkg, cur.name);
      if (d?.kind !== "alias") return cur;
      cur = d.target;
    }
    return cur;
  }

  /** The struct a ref names (through aliases), if any. */
  structOf(ref: TypeRef): StructDecl | undefined {
    const u = this.underlying(ref);
    if (u.kind !== "named") return undefined;
    const d = this.decl(u.pkg, u.name);
    return d?.kind === "struct" ? d : undefined;
  }

  /** Fields as JSON sees them: embedded structs' fields first, then the struct's own. */
  jsonFields(s: StructDecl): Field[] {
    const out: Field[] = [];
    for (const e of s.embeds) {
      const inner = this.structOf(e);
      if (inner) out.push(...this.jsonFields(inner));
    }
    out.push(...s.fields);
    return out;
  }

  /** The package that declares a struct. */
  packageOf(decl: TypeDecl): Package {
    for (const p of this.model.packages) if (p.types.includes(decl)) return p;
    throw new Error(`declaration ${decl.name} belongs to no package`);
  }
}
