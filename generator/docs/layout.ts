/**
 * Decides where each definition is documented. Every kind gets a page; a type that only one
 * kind uses, from the same package (NamespaceSpec, NamespaceStatus...), is a section of that
 * kind's page, as a reader wants it; every other type gets a page of its own.
 */
import { referencedDefinitions } from "./fields.js";
import { groupVersionLabel, packageLabel, splitDefinitionName } from "./names.js";
import type { SchemaSet } from "./schema-set.js";

export interface Home {
  /** Page path relative to the docs root: `core/v1/Namespace.html`. */
  page: string;
  /** Section id on that page (the type's short name), for a type shown on its kind's page. */
  anchor?: string;
}

export interface Layout {
  homes: Map<string, Home>;
  /** Definitions with a page of their own, kinds first then types, each list by name. */
  kinds: string[];
  types: string[];
  /** Definitions shown on each page, the page's own definition first. */
  sections: Map<string, string[]>;
  /** Package to the folder its pages go in. */
  folders: Map<string, string>;
  /** Package to how headings name it: its group-version when its kinds share one. */
  labels: Map<string, string>;
}

export function isKind(set: SchemaSet, name: string): boolean {
  return (set.schemas.get(name)?.["x-kubernetes-group-version-kind"]?.length ?? 0) > 0;
}

/**
 * A package is named by the group-version its kinds are served as (`stable.example.com/v1`,
 * `core/v1`), which is what a reader knows it by, not by its source package path; a package
 * without kinds, or whose kinds span several group-versions (meta/v1), by its shortened path.
 */
function packageLabels(set: SchemaSet): Map<string, string> {
  const gvs = new Map<string, Set<string>>();
  for (const [name, schema] of set.schemas) {
    const { pkg } = splitDefinitionName(name);
    if (!gvs.has(pkg)) gvs.set(pkg, new Set());
    for (const g of schema["x-kubernetes-group-version-kind"] ?? []) gvs.get(pkg)!.add(groupVersionLabel(g));
  }
  return new Map([...gvs].map(([pkg, set]) => [pkg, set.size === 1 ? [...set][0]! : packageLabel(pkg)]));
}

/**
 * Folders read like `core/v1`; two packages that would share a label keep their full names
 * instead.
 */
function folders(set: SchemaSet, labels: Map<string, string>): Map<string, string> {
  const byLabel = new Map<string, Set<string>>();
  for (const name of set.schemas.keys()) {
    const { pkg } = splitDefinitionName(name);
    const label = labels.get(pkg)!;
    byLabel.set(label, (byLabel.get(label) ?? new Set()).add(pkg));
  }
  const out = new Map<string, string>();
  for (const [label, pkgs] of byLabel) for (const pkg of pkgs) out.set(pkg, pkgs.size > 1 ? pkg || "other" : label);
  return out;
}

/** The types each kind reaches, breadth first, without passing through other kinds. */
function reach(set: SchemaSet, kind: string): string[] {
  const seen = new Set<string>();
  const queue = [kind];
  while (queue.length) {
    const next = queue.shift()!;
    for (const ref of referencedDefinitions(set.schemas.get(next) ?? {})) {
      if (ref === kind || seen.has(ref) || !set.schemas.has(ref) || isKind(set, ref)) continue;
      seen.add(ref);
      queue.push(ref);
    }
  }
  return [...seen];
}

export function layoutOf(set: SchemaSet): Layout {
  const names = [...set.schemas.keys()];
  const kinds = names.filter((n) => isKind(set, n));
  const reachedBy = new Map<string, string[]>();
  const reached = new Map<string, string[]>();
  for (const kind of kinds) {
    const types = reach(set, kind);
    reached.set(kind, types);
    for (const t of types) {
      const list = reachedBy.get(t);
      if (list) list.push(kind);
      else reachedBy.set(t, [kind]);
    }
  }
  const labels = packageLabels(set);
  const folderOf = folders(set, labels);
  const pageOf = (name: string): string => {
    const { pkg, short } = splitDefinitionName(name);
    return `${folderOf.get(pkg)}/${short}.html`;
  };

  const homes = new Map<string, Home>();
  const sections = new Map<string, string[]>();
  for (const kind of kinds) {
    const page = pageOf(kind);
    const own = (reached.get(kind) ?? []).filter((t) => {
      const users = reachedBy.get(t) ?? [];
      return users.length === 1 && splitDefinitionName(t).pkg === splitDefinitionName(kind).pkg;
    });
    sections.set(kind, [kind, ...own]);
    homes.set(kind, { page });
    for (const d of own) homes.set(d, { page, anchor: splitDefinitionName(d).short });
  }
  const types = names.filter((n) => !homes.has(n));
  for (const t of types) {
    homes.set(t, { page: pageOf(t) });
    sections.set(t, [t]);
  }
  return { homes, kinds, types, sections, folders: folderOf, labels };
}
