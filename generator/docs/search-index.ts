/**
 * The site's offline search: a MiniSearch index of kinds, types, field paths, operations and
 * their descriptions, built here and shipped as a script (a `fetch` of JSON fails under
 * file://), with MiniSearch's browser build copied beside it with its license notice.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import MiniSearch from "minisearch";
import type { GeneratedFile } from "../emit/emitter.js";
import { GENERATED_MARKER } from "../emit/header.js";
import type { SiteModel } from "./site-model.js";

/** What the browser passes to `MiniSearch.loadJS`: the same as the index was built with. */
export const SEARCH_OPTIONS = {
  fields: ["t", "d"],
  storeFields: ["t", "k", "h"],
};

export interface SearchDocument {
  id: string;
  /** Title: `Namespace`, `NamespaceSpec.finalizers`, `readCoreV1Namespace`. */
  t: string;
  /** What it is, shown under the title: `Kind · core/v1`. */
  k: string;
  /** Link from the docs root. */
  h: string;
  /** Text. */
  d: string;
}

const DESCRIPTION_CHARS = 240;

/** Tags out, entities back: the index holds plain text. */
function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, DESCRIPTION_CHARS);
}

export function searchDocuments(site: SiteModel): SearchDocument[] {
  const docs: SearchDocument[] = [];
  for (const page of site.pages) {
    const title = plain(page.title);
    const kindNames = page.resource ? [page.resource.plural, page.resource.singular, ...page.resource.shortNames].join(" ") : "";
    docs.push({
      id: page.path,
      t: title,
      k: `${page.isKind ? "Kind" : "Type"} · ${plain(page.packageLabel)}`,
      h: page.path,
      d: plain(`${kindNames} ${page.summary}`),
    });
    for (const section of page.sections) {
      if (!section.main) {
        docs.push({
          id: `${page.path}#${section.id}`,
          t: plain(section.name),
          k: `Type · ${title}`,
          h: `${page.path}#${section.id}`,
          d: plain(section.descriptionHtml),
        });
      }
      for (const f of section.fields) {
        const id = `${page.path}#${f.anchor}`;
        docs.push({ id, t: `${plain(section.name)}.${plain(f.path)}`, k: `Field · ${title}`, h: id, d: plain(f.descriptionHtml) });
      }
    }
    for (const op of page.operations) {
      const id = `${page.path}#${op.id}`;
      docs.push({ id, t: plain(op.operationId), k: `${op.method} ${plain(op.path)}`, h: id, d: plain(op.titleHtml) });
    }
  }
  return docs;
}

export function searchIndexFile(site: SiteModel): GeneratedFile {
  const index = new MiniSearch<SearchDocument>(SEARCH_OPTIONS);
  const seen = new Set<string>();
  index.addAll(searchDocuments(site).filter((d) => !seen.has(d.id) && seen.add(d.id)));
  const content = `// ${GENERATED_MARKER}\n// The search index of this site (MiniSearch), loaded when the search box is first used.\nwindow.KUBEGEN_SEARCH = ${JSON.stringify({ options: SEARCH_OPTIONS, index: index.toJSON() })};\n`;
  return { path: "search-index.js", content };
}

/** MiniSearch's browser build and its license, read from the installed package. */
export function minisearchAssets(): GeneratedFile[] {
  const require = createRequire(import.meta.url);
  // The package's exports hide package.json: walk up from its entry point.
  let pkgDir = path.dirname(require.resolve("minisearch"));
  while (!fs.existsSync(path.join(pkgDir, "package.json")) && path.dirname(pkgDir) !== pkgDir) pkgDir = path.dirname(pkgDir);
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")) as { version: string; license: string };
  const umd = fs.readFileSync(path.join(pkgDir, "dist/umd/index.js"), "utf8");
  const license = fs.readFileSync(path.join(pkgDir, "LICENSE.txt"), "utf8");
  const note = `MiniSearch ${pkg.version} (${pkg.license}), https://github.com/lucaong/minisearch; license in minisearch.LICENSE.txt`;
  return [
    {
      path: "assets/minisearch.js",
      content: `/* ${GENERATED_MARKER} ${note} */\n${umd.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, "\n")}`,
    },
    { path: "assets/minisearch.LICENSE.txt", content: `${GENERATED_MARKER}\n${note}\n\n${license}` },
  ];
}
