/**
 * The site model as files: one HTML page per model through templates/docs/, the index and the
 * stylesheet, each starting with the generated-file marker so stale pages can be removed.
 */
import type { GeneratedFile } from "../emit/emitter.js";
import { GENERATED_MARKER, header } from "../emit/header.js";
import { render } from "../emit/templates.js";
import type { PageModel, SiteModel } from "./site-model.js";

function pageFile(site: SiteModel, page: PageModel): GeneratedFile {
  const head = {
    pageTitle: `${page.title} · ${site.index.title} API reference`,
    description: page.summary,
    root: page.root,
  };
  const lead = page.sections[0]?.descriptionHtml ?? "";
  return { path: page.path, content: header("html") + render("docs", "page", { ...page, head, lead }) };
}

export function renderSite(site: SiteModel): GeneratedFile[] {
  const index = {
    ...site.index,
    head: {
      pageTitle: `${site.index.title} API reference`,
      description: `${site.index.kindCount} kinds in ${site.index.groupCount} group-versions, and the ${site.index.typeCount} types they use`,
      root: "",
    },
  };
  const files: GeneratedFile[] = [
    { path: "index.html", content: header("html") + render("docs", "index", index) },
    { path: "style.css", content: render("docs", "style.css", { marker: GENERATED_MARKER }) },
    ...site.pages.map((p) => pageFile(site, p)),
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
