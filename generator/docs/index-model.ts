/**
 * The index page as data: kinds grouped by group-version (each with its list kind beside it),
 * kinds shared by several group-versions, and every other type by package.
 */
import { escapeHtml, inlineHtml, summary } from "./doc-text.js";
import { isKind, type Layout } from "./layout.js";
import {
  apiVersionOf,
  compareGroups,
  compareVersions,
  groupAnchor,
  groupVersionLabel,
  gvkKey,
  packageAnchor,
  packageLabel,
  relativeHref,
  splitDefinitionName,
} from "./names.js";
import { gvksOf, type GroupVersionKind, type SchemaSet } from "./schema-set.js";

export interface Link {
  label: string;
  href: string;
}

export interface IndexEntry {
  name: string;
  href: string;
  /** The first sentence of the doc, with `code` spans. */
  summaryHtml: string;
  /** Lower-case text the filter box matches. */
  search: string;
  /** The kind's list type, shown beside it. */
  list: Link | null;
  /** What kubectl users know a CRD kind by: short names, scope. */
  note: string;
}

export interface IndexSection {
  id: string;
  label: string;
  /** What the section's entries are written as (`apiVersion: v1`), or the package name. */
  note: string;
  entries: IndexEntry[];
}

export interface IndexModel {
  title: string;
  version: string;
  kindCount: number;
  groupCount: number;
  typeCount: number;
  groups: IndexSection[];
  /** Kinds that are not resources of one group-version. */
  other: IndexEntry[];
  packages: IndexSection[];
}

/**
 * The group-version-kind a definition is listed under in the index: a group-version lists its
 * resources, the kinds its operations serve, and their lists. Other kinds (Status,
 * DeleteOptions, WatchEvent, discovery responses...) are only sent and received, many of them by
 * every group-version, so they get one list of their own. A document without operations has
 * nothing to tell them apart by: then every kind of one group-version is listed under it.
 */
const servedCache = new WeakMap<SchemaSet, Set<string>>();

/** The group-version-kinds some operation serves (computed once per set). */
function servedOf(set: SchemaSet): Set<string> {
  let served = servedCache.get(set);
  if (!served) servedCache.set(set, (served = new Set(set.operations.map((op) => gvkKey(op.gvk)))));
  return served;
}

export function resourceOf(set: SchemaSet, definition: string): GroupVersionKind | undefined {
  const gvks = gvksOf(set.schemas.get(definition));
  const gvk = gvks.length === 1 ? gvks[0] : undefined;
  if (!gvk) return undefined;
  const served = servedOf(set);
  const listOf = gvk.kind.endsWith("List") ? { ...gvk, kind: gvk.kind.slice(0, -4) } : undefined;
  // A CRD's kinds are resources even in a version that is not served (and so has no operations).
  const isResource = (g: GroupVersionKind): boolean => served.has(gvkKey(g)) || set.resources.has(gvkKey(g));
  return served.size === 0 || isResource(gvk) || (listOf && isResource(listOf)) ? gvk : undefined;
}

/** The index section a page's breadcrumb leads back to. */
export function indexSectionOf(set: SchemaSet, layout: Layout, definition: string): Link {
  const gvk = resourceOf(set, definition);
  if (gvk) return { label: escapeHtml(groupVersionLabel(gvk)), href: `index.html#${groupAnchor(groupVersionLabel(gvk))}` };
  if (gvksOf(set.schemas.get(definition)).length) return { label: "other kinds", href: "index.html#other-kinds" };
  const label = layout.labels.get(splitDefinitionName(definition).pkg) ?? packageLabel(splitDefinitionName(definition).pkg);
  return { label: escapeHtml(label), href: `index.html#${packageAnchor(label)}` };
}

/** A CRD kind's plural and short names, which kubectl users type. */
function resourceNames(set: SchemaSet, definition: string): string {
  const gvks = gvksOf(set.schemas.get(definition));
  const facts = gvks.length === 1 ? set.resources.get(gvkKey(gvks[0]!)) : undefined;
  return facts ? [facts.plural, ...facts.shortNames].join(" ") : "";
}

function resourceNote(set: SchemaSet, definition: string): string {
  const gvks = gvksOf(set.schemas.get(definition));
  const facts = gvks.length === 1 ? set.resources.get(gvkKey(gvks[0]!)) : undefined;
  if (!facts) return "";
  const flags = [facts.scope, ...(facts.deprecated ? ["deprecated"] : []), ...(facts.served ? [] : ["not served"])];
  return [facts.shortNames.length ? `short names: ${facts.shortNames.join(", ")}` : "", ...flags].filter(Boolean).join(" · ");
}

export function indexOf(set: SchemaSet, layout: Layout): IndexModel {
  const entry = (definition: string, list: Link | null = null): IndexEntry => {
    const home = layout.homes.get(definition)!;
    const { pkg, short } = splitDefinitionName(definition);
    const doc = set.schemas.get(definition)?.description;
    return {
      name: escapeHtml(short),
      href: escapeHtml(relativeHref("index.html", home.page, home.anchor)),
      summaryHtml: inlineHtml(summary(doc)),
      search: escapeHtml(
        `${short} ${list ? `${short}List` : ""} ${resourceNames(set, definition)} ${layout.labels.get(pkg) ?? packageLabel(pkg)}`.toLowerCase(),
      ),
      list,
      note: escapeHtml(resourceNote(set, definition)),
    };
  };

  const byGv = new Map<string, { group: string; version: string; kinds: string[] }>();
  const other: string[] = [];
  for (const kind of layout.kinds) {
    const gvk = resourceOf(set, kind);
    if (!gvk) {
      other.push(kind);
      continue;
    }
    const key = `${gvk.group}/${gvk.version}`;
    const gv = byGv.get(key) ?? { group: gvk.group, version: gvk.version, kinds: [] };
    gv.kinds.push(kind);
    byGv.set(key, gv);
  }
  const groups = [...byGv.values()]
    .sort((a, b) => compareGroups(a.group, b.group) || compareVersions(a.version, b.version))
    .map((gv) => {
      const kindNames = new Map(gv.kinds.map((k) => [gvksOf(set.schemas.get(k))[0]!.kind, k]));
      const entries: IndexEntry[] = [];
      for (const [kindName, definition] of [...kindNames].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const base = kindName.endsWith("List") ? kindName.slice(0, -4) : undefined;
        if (base && kindNames.has(base)) continue;
        const listDef = kindNames.get(`${kindName}List`);
        const list = listDef ? { label: escapeHtml(`${kindName}List`), href: entry(listDef).href } : null;
        entries.push(entry(definition, list));
      }
      const label = groupVersionLabel(gv);
      return { id: groupAnchor(label), label: escapeHtml(label), note: escapeHtml(`apiVersion: ${apiVersionOf(gv)}`), entries };
    });

  const byPackage = new Map<string, string[]>();
  for (const name of set.schemas.keys()) {
    if (isKind(set, name)) continue;
    const { pkg } = splitDefinitionName(name);
    const list = byPackage.get(pkg);
    if (list) list.push(name);
    else byPackage.set(pkg, [name]);
  }
  const packages = [...byPackage]
    .map(([pkg, names]) => {
      const label = layout.labels.get(pkg) ?? packageLabel(pkg);
      return { id: packageAnchor(label), label: escapeHtml(label), note: escapeHtml(pkg), entries: names.map((n) => entry(n)) };
    })
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));

  return {
    title: escapeHtml(set.title),
    version: escapeHtml(set.version),
    // List kinds are shown beside their item kinds, so they are not counted apart.
    kindCount: groups.reduce((n, g) => n + g.entries.length, other.length),
    groupCount: groups.length,
    typeCount: set.schemas.size - layout.kinds.length,
    groups,
    other: other.map((k) => entry(k)),
    packages,
  };
}
