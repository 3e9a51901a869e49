/**
 * The docs site as plain data: one model per page (the sections of fields, the operations, who
 * uses the type) plus the index. Every string in these models is HTML-ready.
 */
import { breakableHtml, escapeHtml, summary } from "./doc-text.js";
import {
  enumOf,
  escapeBadges,
  fieldRow,
  referencedDefinitions,
  semanticBadges,
  typeHtml,
  type Badge,
  type EnumValues,
  type FieldRow,
  type Linker,
} from "./fields.js";
import { isKind, layoutOf, type Layout } from "./layout.js";
import {
  apiVersionOf,
  fieldAnchor,
  gvkKey,
  packageLabel,
  relativeHref,
  splitDefinitionName,
} from "./names.js";
import { indexOf, indexSectionOf, type IndexModel, type Link } from "./index-model.js";
import { gvksOf, type GroupVersionKind, type SchemaSet } from "./schema-set.js";

export type { Link } from "./index-model.js";

export interface SectionModel {
  id: string;
  name: string;
  definition: string;
  /** The page's own definition, as opposed to a type shown on its kind's page. */
  main: boolean;
  descriptionHtml: string;
  /** The JSON shape of a definition without fields (`string (date-time)`); null for objects. */
  shapeHtml: string | null;
  badges: Badge[];
  enum: EnumValues;
  fields: FieldRow[];
}

export interface OperationRow {
  method: string;
  path: string;
  operationId: string;
  action: string;
}

export interface PageModel {
  path: string;
  /** Prefix from this page to the docs root: `../../`. */
  root: string;
  title: string;
  isKind: boolean;
  definition: string;
  packageLabel: string;
  /** `apiVersion`/`kind` pairs this definition is served as. */
  gvks: { apiVersion: string; kind: string }[];
  scope: string | null;
  summary: string;
  crumbs: Link[];
  toc: Link[];
  sections: SectionModel[];
  operations: OperationRow[];
  usedBy: Link[];
}

export interface SiteModel {
  index: IndexModel;
  pages: PageModel[];
}

const METHOD_ORDER = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function linkerFor(layout: Layout, page: string): Linker {
  return (definition) => {
    const home = layout.homes.get(definition);
    return home && { href: relativeHref(page, home.page, home.anchor), short: splitDefinitionName(definition).short };
  };
}

function sectionOf(set: SchemaSet, definition: string, main: boolean, link: Linker): SectionModel {
  const schema = set.schemas.get(definition) ?? {};
  const short = splitDefinitionName(definition).short;
  const required = new Set(schema.required ?? []);
  const fields = Object.entries(schema.properties ?? {}).map(([name, prop]) =>
    fieldRow(short, name, prop, required.has(name), link),
  );
  const hasFields = fields.length > 0;
  const { enum: values, descriptionHtml } = enumOf(schema);
  return {
    id: escapeHtml(short),
    name: escapeHtml(short),
    definition: escapeHtml(definition),
    main,
    descriptionHtml,
    shapeHtml: hasFields ? null : typeHtml(schema, link),
    badges: escapeBadges(semanticBadges(schema)),
    enum: values,
    fields,
  };
}

/** Every field that refers to each definition: `Pod.spec` -> PodSpec. */
function usersOf(set: SchemaSet): Map<string, { owner: string; field: string }[]> {
  const users = new Map<string, { owner: string; field: string }[]>();
  for (const [owner, schema] of set.schemas) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      for (const ref of referencedDefinitions(prop)) {
        if (ref !== owner) users.set(ref, [...(users.get(ref) ?? []), { owner, field }]);
      }
    }
  }
  return users;
}

function operationsOf(set: SchemaSet, gvks: GroupVersionKind[]): OperationRow[] {
  const keys = new Set(gvks.map(gvkKey));
  return set.operations
    .filter((op) => keys.has(gvkKey(op.gvk)))
    .sort((a, b) => (a.path === b.path ? METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method) : a.path < b.path ? -1 : 1))
    .map((op) => ({
      method: op.method,
      path: escapeHtml(op.path),
      operationId: escapeHtml(op.operationId),
      action: escapeHtml(op.action),
    }));
}

function pageOf(set: SchemaSet, layout: Layout, users: ReturnType<typeof usersOf>, definition: string): PageModel {
  const home = layout.homes.get(definition)!;
  const link = linkerFor(layout, home.page);
  const schema = set.schemas.get(definition);
  const { pkg, short } = splitDefinitionName(definition);
  const gvks = gvksOf(schema);
  const kind = isKind(set, definition);
  const sections = (layout.sections.get(definition) ?? [definition]).map((d, i) => sectionOf(set, d, i === 0, link));
  const operations = operationsOf(set, gvks);
  const scope = operations.length ? (operations.some((o) => o.path.includes("{namespace}")) ? "Namespaced" : "Cluster") : null;
  const root = relativeHref(home.page, "index.html").replace(/index\.html$/, "");
  const pkgLabel = packageLabel(pkg);
  const section = indexSectionOf(set, definition);
  const usedBy = (users.get(definition) ?? [])
    .map(({ owner, field }) => {
      const ownerHome = layout.homes.get(owner);
      const ownerShort = splitDefinitionName(owner).short;
      return {
        label: escapeHtml(`${ownerShort}.${field}`),
        href: ownerHome ? relativeHref(home.page, ownerHome.page, fieldAnchor(ownerShort, field)) : "",
      };
    })
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  const toc: Link[] = sections.map((s) => ({ label: breakableHtml(splitDefinitionName(s.definition).short), href: `#${s.id}` }));
  if (operations.length) toc.push({ label: "HTTP operations", href: "#operations" });
  if (usedBy.length) toc.push({ label: "Used by", href: "#used-by" });
  return {
    path: home.page,
    root,
    title: escapeHtml(short),
    isKind: kind,
    definition: escapeHtml(definition),
    packageLabel: escapeHtml(pkgLabel),
    gvks: gvks.map((g) => ({ apiVersion: escapeHtml(apiVersionOf(g)), kind: escapeHtml(g.kind) })),
    scope,
    summary: escapeHtml(summary(schema?.description)),
    crumbs: [
      { label: "API reference", href: `${root}index.html` },
      { label: section.label, href: `${root}${section.href}` },
    ],
    toc,
    sections,
    operations,
    usedBy,
  };
}

export function siteModelOf(set: SchemaSet): SiteModel {
  const layout = layoutOf(set);
  const users = usersOf(set);
  return {
    index: indexOf(set, layout),
    pages: [...layout.kinds, ...layout.types].map((d) => pageOf(set, layout, users, d)),
  };
}
