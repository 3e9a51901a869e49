/**
 * The part of the model one group-version's OpenAPI document can read: its package, every
 * package its types and custom verbs reach, meta/v1, and every other package as a stub without
 * types (which keeps the list of group-versions that meta kinds are registered in). A document
 * is always built from this part, so its cache key, the hash of this part, covers all it reads.
 */
import { createHash } from "node:crypto";
import { contentHash } from "../../model/content-hash.js";
import type { Model, Package, TypeRef } from "../../model/types.js";
import { META_GO_PACKAGE } from "./gvk.js";

function refsOf(ref: TypeRef, out: Set<string>): void {
  if (ref.kind === "named") out.add(ref.pkg);
  else if (ref.kind === "array") refsOf(ref.elem, out);
  else if (ref.kind === "map") refsOf(ref.value, out);
}

/** Paths of the packages a package's declarations refer to, directly. */
function directRefs(model: Model, pkg: Package): Set<string> {
  const out = new Set<string>();
  for (const t of pkg.types) {
    if (t.kind === "alias") refsOf(t.target, out);
    if (t.kind !== "struct") continue;
    for (const f of t.fields) refsOf(f.type, out);
    for (const e of t.embeds) refsOf(e, out);
    for (const m of t.client?.methods ?? []) {
      for (const name of [m.input, m.result]) {
        const dot = name?.lastIndexOf(".") ?? -1;
        if (!name?.includes("/") || dot < 0) continue;
        const owner = model.packages.find((p) => p.goPackage === name.slice(0, dot));
        if (owner) out.add(owner.path);
      }
    }
  }
  return out;
}

export class DocumentParts {
  private readonly stubs = new Map<Package, Package>();

  constructor(readonly model: Model) {}

  /** The model a group-version's document is built from, and its hash. */
  forPackage(root: Package): { model: Model; hash: string } {
    const byPath = new Map(this.model.packages.map((p) => [p.path, p]));
    const keep = new Set<string>([root.path]);
    for (const p of this.model.packages) if (p.goPackage === META_GO_PACKAGE) keep.add(p.path);
    const pending = [...keep];
    while (pending.length) {
      const p = byPath.get(pending.pop()!);
      if (!p) continue;
      for (const r of directRefs(this.model, p)) {
        if (keep.has(r)) continue;
        keep.add(r);
        pending.push(r);
      }
    }
    const h = createHash("sha256");
    const packages = this.model.packages.map((p) => {
      const part = keep.has(p.path) ? p : this.stub(p);
      h.update(contentHash(part)).update("\0");
      return part;
    });
    return { model: { root: this.model.root, packages }, hash: h.digest("hex") };
  }

  private stub(p: Package): Package {
    let s = this.stubs.get(p);
    if (!s) this.stubs.set(p, (s = { ...p, types: [] }));
    return s;
  }
}
