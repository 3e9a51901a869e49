/**
 * The site model as files: one HTML page per model through templates/docs/, the index, the
 * shared parameters page, the stylesheet and script, the search index with MiniSearch's browser
 * build, and a sitemap when the site's address is known. Each file carries the generated-file
 * marker so stale pages can be removed.
 */
import type { GeneratedFile } from "../emit/emitter.js";
import { GENERATED_MARKER, header } from "../emit/header.js";
import { render } from "../emit/templates.js";
import { relativeHref } from "./names.js";
import { minisearchAssets, searchIndexFile } from "./search-index.js";
import type { PageModel, SiteModel } from "./site-model.js";

function headOf(site: SiteModel, path: string, pageTitle: string, description: string, root: string): object {
  return { pageTitle, description, root, canonical: site.baseUrl ? `${site.baseUrl}${path}` : "" };
}

function pageFile(site: SiteModel, page: PageModel): GeneratedFile {
  const head = headOf(site, page.path, `${page.title} · ${site.title}`, page.summary, page.root);
  const topbar = { crumbs: page.crumbs, here: page.title };
  const lead = page.sections[0]?.descriptionHtml ?? "";
  return { path: page.path, content: header("html") + render("docs", "page", { ...page, head, topbar, lead }) };
}

function sitemap(site: SiteModel, paths: string[]): GeneratedFile {
  const urls = paths.map((p) => `  <url><loc>${site.baseUrl}${p === "index.html" ? "" : p}</loc></url>`).join("\n");
  return {
    path: "sitemap.xml",
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<!-- ${GENERATED_MARKER} -->\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
  };
}

export function renderSite(site: SiteModel): GeneratedFile[] {
  const index = {
    ...site.index,
    parametersHref: site.parameters ? relativeHref("index.html", site.parameters.path) : "",
    head: headOf(
      site,
      "index.html",
      site.title,
      `${site.index.kindCount} kinds in ${site.index.groupCount} group-versions, and the ${site.index.typeCount} types they use`,
      "",
    ),
    topbar: { crumbs: [], here: "API reference" },
  };
  const files: GeneratedFile[] = [
    { path: "index.html", content: header("html") + render("docs", "index", index) },
    { path: "style.css", content: render("docs", "style.css", { marker: GENERATED_MARKER }) },
    // GitHub Pages serves the folder as it is, without a Jekyll build.
    { path: ".nojekyll", content: `${GENERATED_MARKER}\n` },
    { path: "assets/site.js", content: render("docs", "site.js", { marker: GENERATED_MARKER }) },
    ...minisearchAssets(),
    searchIndexFile(site),
    ...site.pages.map((p) => pageFile(site, p)),
  ];
  if (site.parameters) {
    const p = site.parameters;
    const head = headOf(site, p.path, `Query parameters · ${site.title}`, "The query parameters the operations share", p.root);
    const topbar = { crumbs: [{ label: "API reference", href: "index.html" }], here: "Query parameters" };
    files.push({ path: p.path, content: header("html") + render("docs", "parameters", { ...p, title: site.title, head, topbar }) });
  }
  if (site.baseUrl)
    files.push(
      sitemap(
        site,
        files
          .filter((f) => f.path.endsWith(".html"))
          .map((f) => f.path)
          .sort(),
      ),
    );
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
