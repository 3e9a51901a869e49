/**
 * The docs site as plain data: one model per page (the sections of fields, the operations, who
 * uses the type) plus the index. Every string in these models is HTML-ready.
 */
import { breakableHtml, escapeHtml, summary } from "./doc-text.js";
import {
  alternativesOf,
  enumOf,
  escapeBadges,
  fieldRows,
  referencedDefinitions,
  rulesOf,
  semanticBadges,
  typeHtml,
  type Badge,
  type EnumValues,
  type FieldRow,
  type Linker,
  type Rule,
} from "./fields.js";
import { externalHref } from "./external.js";
import {
  operationGroups,
  PARAMETERS_PAGE,
  sharedDescriptions,
  sharedParameters,
  type OperationGroup,
  type OperationModel,
  type SharedParameter,
} from "./operations.js";
import { skeletonYaml } from "./skeleton.js";
import { isKind, layoutOf, type Layout } from "./layout.js";
import { apiVersionOf, compareVersions, fieldAnchor, gvkKey, relativeHref, splitDefinitionName } from "./names.js";
import { indexOf, indexSectionOf, type IndexModel, type Link } from "./index-model.js";
import { gvksOf, type ResourceFacts, type SchemaSet } from "./schema-set.js";

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
  rules: Rule[];
  alternatives: FieldRow["alternatives"];
  fields: FieldRow[];
}

export interface VersionLink {
  version: string;
  href: string;
  current: boolean;
  notes: string[];
}

export interface PrinterColumnRow {
  name: string;
  type: string;
  jsonPath: string;
  description: string;
  wide: boolean;
}

export interface ResourceModel {
  plural: string;
  singular: string;
  shortNames: string[];
  categories: string[];
  subresources: string[];
  printerColumns: PrinterColumnRow[];
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning: string;
  crd: string;
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
  operationGroups: OperationGroup[];
  /** Every operation, flat, for tests and the search index. */
  operations: OperationModel[];
  usedBy: Link[];
  resource: ResourceModel | null;
  versions: VersionLink[];
  skeleton: string | null;
  legend: Badge[];
}

export interface ParametersPageModel {
  path: string;
  root: string;
  parameters: SharedParameter[];
}

export interface SiteOptions {
  /** The site's title; else the document's title, or the CRDs' groups. */
  title?: string;
  /** Where the site is published (`https://example.github.io/api/`), for canonical links. */
  baseUrl?: string;
}

export interface SiteModel {
  title: string;
  baseUrl: string;
  index: IndexModel;
  pages: PageModel[];
  parameters: ParametersPageModel | null;
}

function linkerFor(layout: Layout, page: string): Linker {
  return (definition) => {
    const home = layout.homes.get(definition);
    const short = splitDefinitionName(definition).short;
    if (home) return { href: relativeHref(page, home.page, home.anchor), short };
    const href = externalHref(definition);
    return href ? { href, short, external: true } : undefined;
  };
}

function sectionOf(set: SchemaSet, definition: string, main: boolean, link: Linker): SectionModel {
  const schema = set.schemas.get(definition) ?? {};
  const short = splitDefinitionName(definition).short;
  const fields = fieldRows(short, schema, { link, handWritten: set.handWritten.has(definition) });
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
    rules: rulesOf(schema),
    alternatives: alternativesOf(schema, link),
    fields,
  };
}

/** Every field that refers to each definition: `Pod.spec` -> PodSpec. */
function usersOf(set: SchemaSet): Map<string, { owner: string; field: string }[]> {
  const users = new Map<string, { owner: string; field: string }[]>();
  for (const [owner, schema] of set.schemas) {
    for (const [field, prop] of Object.entries(schema.properties ?? {})) {
      for (const ref of referencedDefinitions(prop)) {
        if (ref === owner) continue;
        const list = users.get(ref);
        if (list) list.push({ owner, field });
        else users.set(ref, [{ owner, field }]);
      }
    }
  }
  return users;
}

function resourceModel(facts: ResourceFacts | undefined): ResourceModel | null {
  if (!facts) return null;
  return {
    plural: escapeHtml(facts.plural),
    singular: escapeHtml(facts.singular ?? ""),
    shortNames: facts.shortNames.map(escapeHtml),
    categories: facts.categories.map(escapeHtml),
    subresources: facts.subresources.map(escapeHtml),
    printerColumns: facts.printerColumns.map((c) => ({
      name: escapeHtml(c.name),
      type: escapeHtml(c.format ? `${c.type} (${c.format})` : c.type),
      jsonPath: escapeHtml(c.jsonPath),
      description: escapeHtml(c.description ?? ""),
      wide: (c.priority ?? 0) > 0,
    })),
    served: facts.served,
    storage: facts.storage,
    deprecated: facts.deprecated,
    deprecationWarning: escapeHtml(facts.deprecationWarning ?? ""),
    crd: escapeHtml(facts.crd),
  };
}

/** Pages of the same group and kind in other versions, for the version switcher. */
function versionsOf(set: SchemaSet, layout: Layout, page: string, definition: string): VersionLink[] {
  const own = gvksOf(set.schemas.get(definition));
  const gvk = own.length === 1 ? own[0]! : undefined;
  if (!gvk) return [];
  const same = layout.kinds
    .map((d) => ({ d, g: gvksOf(set.schemas.get(d)) }))
    .filter(({ g }) => g.length === 1 && g[0]!.group === gvk.group && g[0]!.kind === gvk.kind);
  if (same.length < 2) return [];
  return same
    .sort((a, b) => compareVersions(a.g[0]!.version, b.g[0]!.version))
    .map(({ d, g }) => {
      const facts = set.resources.get(gvkKey(g[0]!));
      const notes = facts
        ? [...(facts.storage ? ["storage"] : []), ...(facts.served ? [] : ["not served"]), ...(facts.deprecated ? ["deprecated"] : [])]
        : [];
      return { version: escapeHtml(g[0]!.version), href: relativeHref(page, layout.homes.get(d)!.page), current: d === definition, notes };
    });
}

/** The badges a page uses, once each, for the legend: what they mean, without hovering. */
function legendOf(sections: SectionModel[]): Badge[] {
  const seen = new Map<string, Badge>();
  const add = (b: Badge): void => {
    if (b.tone === "limit") return;
    const text = b.text.replace(/:.*$/, "");
    if (!seen.has(text)) seen.set(text, { ...b, text });
  };
  for (const s of sections) {
    s.badges.forEach(add);
    for (const f of s.fields) {
      f.badges.forEach(add);
      if (f.required) add({ text: "required", title: "the field must be set", tone: "required" });
      if (f.deprecated) add({ text: "deprecated", title: "deprecated: avoid in new objects", tone: "deprecated" });
    }
  }
  return [...seen.values()].sort((a, b) => (a.text < b.text ? -1 : 1));
}

function pageOf(
  set: SchemaSet,
  layout: Layout,
  users: ReturnType<typeof usersOf>,
  shared: Map<string, string>,
  definition: string,
): PageModel {
  const home = layout.homes.get(definition)!;
  const link = linkerFor(layout, home.page);
  const schema = set.schemas.get(definition);
  const { pkg, short } = splitDefinitionName(definition);
  const gvks = gvksOf(schema);
  const kind = isKind(set, definition);
  const sections = (layout.sections.get(definition) ?? [definition]).map((d, i) => sectionOf(set, d, i === 0, link));
  const groups = operationGroups(set, gvks, home.page, link, shared);
  const operations = groups.flatMap((g) => g.operations);
  const facts = gvks.length === 1 ? set.resources.get(gvkKey(gvks[0]!)) : undefined;
  const scope =
    facts?.scope ?? (operations.length ? (operations.some((o) => o.path.includes("{namespace}")) ? "Namespaced" : "Cluster") : null);
  const root = relativeHref(home.page, "index.html").replace(/index\.html$/, "");
  const pkgLabel = layout.labels.get(pkg) ?? pkg;
  const section = indexSectionOf(set, layout, definition);
  const usedBy = (users.get(definition) ?? [])
    .map(({ owner, field }) => {
      const ownerHome = layout.homes.get(owner);
      const ownerShort = splitDefinitionName(owner).short;
      return {
        label: breakableHtml(`${ownerShort}.${field}`),
        href: ownerHome ? relativeHref(home.page, ownerHome.page, fieldAnchor(ownerShort, field)) : "",
      };
    })
    .filter((u) => u.href)
    .sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  // Only resources get a skeleton: a kind a client creates.
  const gvk = gvks.length === 1 ? gvks[0]! : undefined;
  const skeleton =
    gvk && operations.some((o) => o.action === "post")
      ? skeletonYaml(set, definition, apiVersionOf(gvk), gvk.kind, scope === "Namespaced")
      : null;
  const legend = legendOf(sections);
  const resource = resourceModel(facts);
  const toc: Link[] = [];
  if (resource?.printerColumns.length) toc.push({ label: "kubectl get columns", href: "#columns" });
  toc.push(
    ...sections.map((s) => ({
      label: s.main ? (s.fields.length ? "Fields" : "Schema") : breakableHtml(splitDefinitionName(s.definition).short),
      href: `#${s.id}`,
    })),
  );
  if (skeleton) toc.push({ label: "YAML skeleton", href: "#skeleton" });
  for (const g of groups) toc.push({ label: g.title, href: `#${g.id}` });
  if (usedBy.length) toc.push({ label: "Used by", href: "#used-by" });
  if (legend.length) toc.push({ label: "Badges", href: "#legend" });
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
    operationGroups: groups,
    operations,
    usedBy,
    resource,
    versions: versionsOf(set, layout, home.page, definition),
    skeleton: skeleton === null ? null : escapeHtml(skeleton),
    legend,
  };
}

/** The site's title: the author's, else the document's, else (CRDs alone) the groups'. */
function titleOf(set: SchemaSet, options: SiteOptions): string {
  if (options.title) return options.title;
  // Groups of kinds that are not Kubernetes' own: what a user's site is about.
  const own = new Set<string>();
  for (const [name, schema] of set.schemas) {
    if (name.startsWith("io.k8s.")) continue;
    for (const g of gvksOf(schema)) own.add(g.group || "core");
  }
  const groups = [...own].sort();
  // Every generated document is titled "Kubernetes"; for a user's own groups, that is wrong.
  if (set.title && !(set.title === "Kubernetes" && groups.length)) return `${set.title} API reference`;
  return groups.length ? `${groups.join(", ")} API reference` : "API reference";
}

export function siteModelOf(set: SchemaSet, options: SiteOptions = {}): SiteModel {
  const layout = layoutOf(set);
  const users = usersOf(set);
  const shared = sharedDescriptions(set);
  const title = titleOf(set, options);
  const index = indexOf(set, layout);
  const baseUrl = options.baseUrl ? options.baseUrl.replace(/\/?$/, "/") : "";
  return {
    title: escapeHtml(title),
    baseUrl: escapeHtml(baseUrl),
    index: { ...index, title: escapeHtml(title) },
    pages: [...layout.kinds, ...layout.types].map((d) => pageOf(set, layout, users, shared, d)),
    parameters: set.operations.length
      ? { path: PARAMETERS_PAGE, root: "", parameters: sharedParameters(set, linkerFor(layout, PARAMETERS_PAGE)) }
      : null,
  };
}
