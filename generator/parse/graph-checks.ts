/**
 * Checks over the graph of types: packages that import each other (Go and protoc refuse such a
 * cycle) and kinds of a CRD group that contain themselves (a structural schema is a finite tree).
 */
import type { ModelIndex } from "../model/lookup.js";
import type { Model, Package, SourcePos, StructDecl, TypeRef } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";

/** Named types a ref mentions directly (through lists and maps). */
function namedIn(ref: TypeRef): Extract<TypeRef, { kind: "named" }>[] {
  if (ref.kind === "array") return namedIn(ref.elem);
  if (ref.kind === "map") return namedIn(ref.value);
  return ref.kind === "named" ? [ref] : [];
}

/** Every package a package's declarations refer to, with where the first reference is. */
function packageEdges(pkg: Package): Map<string, SourcePos> {
  const out = new Map<string, SourcePos>();
  const add = (ref: TypeRef, pos: SourcePos): void => {
    for (const n of namedIn(ref)) if (n.pkg !== pkg.path && !out.has(n.pkg)) out.set(n.pkg, pos);
  };
  for (const t of pkg.types) {
    if (t.kind === "alias") add(t.target, t.pos);
    if (t.kind !== "struct") continue;
    for (const e of t.embeds) add(e, t.pos);
    for (const f of t.fields) add(f.type, f.pos);
  }
  return out;
}

export function checkImportCycles(model: Model, diag: Diagnostics): void {
  const edges = new Map(model.packages.map((p) => [p.path, packageEdges(p)]));
  const reported = new Set<string>();
  for (const pkg of model.packages) {
    if (pkg.external) continue;
    // A path back to pkg through its imports, found breadth-first (shortest cycle).
    const prev = new Map<string, string>();
    const queue = [...(edges.get(pkg.path)?.keys() ?? [])];
    for (const q of queue) prev.set(q, pkg.path);
    let found = false;
    while (queue.length && !found) {
      const cur = queue.shift()!;
      for (const next of edges.get(cur)?.keys() ?? []) {
        if (next === pkg.path) {
          prev.set(`${pkg.path}#back`, cur);
          found = true;
          break;
        }
        if (!prev.has(next)) {
          prev.set(next, cur);
          queue.push(next);
        }
      }
    }
    if (!found) continue;
    const cycle = [pkg.path];
    for (let at = prev.get(`${pkg.path}#back`)!; at !== pkg.path; at = prev.get(at)!) cycle.unshift(at);
    cycle.unshift(pkg.path);
    const key = [...cycle.slice(1)].sort().join(",");
    if (reported.has(key)) continue;
    reported.add(key);
    const first = edges.get(pkg.path)!.get(cycle[1]!)!;
    diag.error(
      first,
      `package ${pkg.path} imports ${cycle[1]}, which imports it back (${cycle.join(" -> ")}): Go packages and .proto files cannot import each other`,
    );
  }
}

const isObjectMeta = (index: ModelIndex, s: StructDecl): boolean =>
  s.name === "ObjectMeta" && index.packageOf(s).goPackage === "k8s.io/apimachinery/pkg/apis/meta/v1";

/** A CRD's schema inlines every type a kind reaches (but ObjectMeta): none may reach itself. */
export function checkCrdRecursion(index: ModelIndex, model: Model, diag: Diagnostics): void {
  // Depth-first with the path on a stack; a struct fully explored is not entered again, so each
  // cycle is found once and the walk stays linear in the number of references.
  const done = new Set<StructDecl>();
  const visit = (s: StructDecl, stack: StructDecl[]): void => {
    if (done.has(s) || isObjectMeta(index, s)) return;
    stack.push(s);
    const refs: { ref: TypeRef; pos: SourcePos; label: string }[] = [
      ...s.embeds.map((e) => ({ ref: e, pos: s.pos, label: `${s.name} (extends)` })),
      ...s.fields.map((f) => ({ ref: f.type, pos: f.pos, label: `${s.name}.${f.name}` })),
    ];
    for (const { ref, pos, label } of refs) {
      for (const n of namedIn(ref)) {
        const target = structBehind(index, n);
        if (!target) continue;
        const at = stack.indexOf(target);
        if (at >= 0) {
          const loop = [...stack.slice(at).map((x) => x.name), target.name];
          diag.error(
            pos,
            `${label}: ${target.name} contains itself (${loop.join(" -> ")}), which a CRD's structural schema cannot express`,
          );
          continue;
        }
        visit(target, stack);
      }
    }
    stack.pop();
    done.add(s);
  };
  for (const pkg of model.packages) {
    if (pkg.external || !pkg.crd) continue;
    for (const t of pkg.types) if (t.kind === "struct" && t.resource) visit(t, []);
  }
}

/** The struct behind a named ref (through aliases, lists and maps), if any. */
function structBehind(index: ModelIndex, ref: Extract<TypeRef, { kind: "named" }>): StructDecl | undefined {
  const d = index.decl(ref.pkg, ref.name);
  if (!d) return undefined;
  if (d.kind === "struct") return d;
  if (d.kind === "alias") {
    for (const n of namedIn(d.target)) {
      const s = structBehind(index, n);
      if (s) return s;
    }
  }
  return undefined;
}
