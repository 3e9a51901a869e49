/**
 * Checks of a resource's facts against its own type: printer columns, scale subresource paths
 * and the types custom client methods take and return.
 */
import type { ModelIndex } from "../model/lookup.js";
import type { Package, StructDecl, TypeRef } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";
import { findTag } from "./tag-checks.js";
import { CLIENT_VERBS } from "../model/client-verbs.js";

export const PRINTER_COLUMN_TYPES: readonly string[] = ["boolean", "date", "integer", "number", "string"];
const PRINTER_COLUMN_FORMATS: readonly string[] = ["int32", "int64", "float", "double", "byte", "date", "date-time", "password"];

/** The type at a `.a.b` path below a struct, or a message naming the step that is missing. */
function typeAt(index: ModelIndex, s: StructDecl, path: string): TypeRef | string {
  let cur: TypeRef = { kind: "named", pkg: index.packageOf(s).path, name: s.name };
  for (const step of path.split(".").slice(1)) {
    const st = index.structOf(cur);
    if (!st) return `"${step}" is below a value that is not an object`;
    const f = index.jsonFields(st).find((x) => x.name === step);
    if (!f) return `${st.name} has no field "${step}"`;
    cur = f.type;
  }
  return cur;
}

function isInteger(index: ModelIndex, ref: TypeRef): boolean {
  const u = index.underlying(ref);
  return u.kind === "primitive" && (u.name === "int32" || u.name === "int64");
}

export function checkResource(index: ModelIndex, pkg: Package, s: StructDecl, diag: Diagnostics): void {
  const r = s.resource;
  if (!r) return;
  const colTags = s.tags.filter((t) => t.name === "kubebuilder:printcolumn");
  r.printerColumns.forEach((c, i) => {
    const at = colTags[i]?.pos ?? s.pos;
    if (!PRINTER_COLUMN_TYPES.includes(c.type)) {
      diag.error(at, `tag +kubebuilder:printcolumn: type must be one of ${PRINTER_COLUMN_TYPES.join(", ")}, not "${c.type}"`);
    }
    if (c.format !== undefined && !PRINTER_COLUMN_FORMATS.includes(c.format)) {
      diag.error(at, `tag +kubebuilder:printcolumn: format must be one of ${PRINTER_COLUMN_FORMATS.join(", ")}, not "${c.format}"`);
    }
    if (!c.jsonPath.startsWith(".")) {
      diag.error(at, `tag +kubebuilder:printcolumn: JSONPath must be a simple json path starting with ., not "${c.jsonPath}"`);
    }
  });
  const scaleTag = findTag(s.tags, "kubebuilder:subresource:scale");
  if (r.scale && scaleTag) {
    const paths: [string, string | undefined, "spec" | "status" | "either", boolean][] = [
      ["specpath", r.scale.specReplicasPath, "spec", true],
      ["statuspath", r.scale.statusReplicasPath, "status", true],
      ["selectorpath", r.scale.labelSelectorPath, "either", false],
    ];
    for (const [name, path, under, integer] of paths) {
      if (path === undefined || path === "") continue;
      const top = path.split(".")[1];
      if (under === "either" ? top !== "spec" && top !== "status" : top !== under) {
        diag.error(
          scaleTag.pos,
          `tag +kubebuilder:subresource:scale: ${name} must be a path under .${under === "either" ? "spec or .status" : under}, not "${path}"`,
        );
        continue;
      }
      const t = typeAt(index, s, path);
      if (typeof t === "string") diag.error(scaleTag.pos, `tag +kubebuilder:subresource:scale: ${name} ${path}: ${t}`);
      else if (integer && !isInteger(index, t))
        diag.error(scaleTag.pos, `tag +kubebuilder:subresource:scale: ${name} ${path} must name an integer field`);
      else if (!integer && index.underlying(t).kind !== "primitive")
        diag.error(scaleTag.pos, `tag +kubebuilder:subresource:scale: ${name} ${path} must name a string field`);
    }
  }
  const methodTags = s.tags.filter((t) => t.name === "genclient:method");
  const seenNames = new Set<string>();
  const seenRoutes = new Map<string, string>();
  (s.client?.methods ?? []).forEach((m, i) => {
    const at = methodTags[i]?.pos ?? s.pos;
    const member = m.name[0]!.toLowerCase() + m.name.slice(1);
    if (seenNames.has(m.name)) diag.error(at, `tag +genclient:method: ${s.name} has two methods named ${m.name}`);
    else if (CLIENT_VERBS.includes(member)) {
      diag.error(at, `tag +genclient:method: ${m.name} would be the client's ${member}() method again; name it after what it does`);
    }
    seenNames.add(m.name);
    const route = `${m.verb} ${m.subresource ?? ""}`;
    const other = seenRoutes.get(route);
    if (other !== undefined && m.subresource !== undefined) {
      diag.error(at, `tag +genclient:method: ${m.name} and ${other} both ${m.verb} the ${m.subresource} subresource`);
    }
    seenRoutes.set(route, m.name);
  });
  for (const m of s.client?.methods ?? []) {
    const tag = methodTags.find((t) => (t.value ?? "").split(",")[0] === m.name) ?? s;
    for (const [arg, name] of [
      ["input", m.input],
      ["result", m.result],
    ] as const) {
      if (name === undefined) continue;
      const d = index.methodType(pkg, name);
      if (d === undefined) {
        diag.error(
          tag.pos,
          `tag +genclient:method ${m.name}: ${arg}=${name} must name a struct of package ${pkg.path}, or of another package of the input by its Go import path (k8s.io/api/autoscaling/v1.Scale)`,
        );
      } else if (arg === "result" && m.verb === "list" && !index.decl(index.packageOf(d).path, `${d.name}List`)) {
        diag.error(
          tag.pos,
          `tag +genclient:method ${m.name}: a list method's result ${name} needs a ${name}List struct in package ${pkg.path}`,
        );
      }
    }
  }
}
