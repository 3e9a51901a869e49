/**
 * The API reference: OpenAPI documents (a hand-written sample in upstream's shapes, and the
 * repository's own generated documents) -> page models -> HTML; links resolve, every kind has a
 * page, output is deterministic and marked, and `kubegen docs --verify` catches stale pages.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/emitter.js";
import { isGenerated } from "../../generator/emit/header.js";
import { buildDocs, docsFiles, readOpenAPI } from "../../generator/docs/build-docs.js";
import { breakableHtml, docHtml, splitEnumDoc, summary } from "../../generator/docs/doc-text.js";
import { typeHtml, type Linker } from "../../generator/docs/fields.js";
import { compareVersions, packageLabel, relativeHref } from "../../generator/docs/names.js";
import { refOf, schemaSetOf, type OpenAPIDocument } from "../../generator/docs/schema-set.js";
import { siteModelOf, type PageModel } from "../../generator/docs/site-model.js";

const FIXTURE = path.resolve("test/fixtures/docs");
const REPO_OPENAPI = path.resolve("generated/openapi");
const REPO_DOCS = path.resolve("generated/docs");
const hasRepoOpenAPI = fs.existsSync(path.join(REPO_OPENAPI, "v2/swagger.json"));

const readJson = (f: string): OpenAPIDocument => JSON.parse(fs.readFileSync(path.join(FIXTURE, f), "utf8")) as OpenAPIDocument;
const v2 = [readJson("v2/swagger.json")];
const v3 = ["v3/api/v1.json", "v3/apis/coordination.k8s.io/v1.json"].map(readJson);
const site = siteModelOf(schemaSetOf(v2));
const page = (p: string): PageModel => {
  const found = site.pages.find((x) => x.path === p);
  if (!found) throw new Error(`no page ${p}; pages: ${site.pages.map((x) => x.path).join(", ")}`);
  return found;
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-docs-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Every local link of every page, checked against the files and the ids they hold. */
function brokenLinks(files: readonly GeneratedFile[]): string[] {
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  const ids = new Map<string, Set<string>>();
  const idsOf = (p: string): Set<string> => {
    let set = ids.get(p);
    if (!set) ids.set(p, (set = new Set([...(byPath.get(p) ?? "").matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!))));
    return set;
  };
  const broken: string[] = [];
  for (const f of files) {
    if (!f.path.endsWith(".html")) continue;
    for (const m of f.content.matchAll(/\shref="([^"]*)"/g)) {
      const href = m[1]!.replace(/&amp;/g, "&");
      if (/^https?:/.test(href)) continue;
      const [file, anchor] = href.split("#") as [string, string | undefined];
      const target = file ? path.posix.normalize(path.posix.join(path.posix.dirname(f.path), file)) : f.path;
      if (!byPath.has(target)) broken.push(`${f.path}: ${href} (no file ${target})`);
      else if (anchor && !idsOf(target).has(decodeURIComponent(anchor))) broken.push(`${f.path}: ${href} (no id ${anchor})`);
    }
  }
  return broken;
}

describe("doc text", () => {
  it("lets long names break between words", () => {
    expect(breakableHtml("JSONSchemaPropsOrBool")).toBe("JSON<wbr>Schema<wbr>Props<wbr>Or<wbr>Bool");
    expect(breakableHtml("externalIPs")).toBe("external<wbr>IPs");
    expect(breakableHtml("a<b")).toBe("a&lt;b");
  });

  it.each([
    ["plain", "A thing.", "<p>A thing.</p>"],
    ["escapes raw HTML", "a <b> & <script>x</script>", "<p>a &lt;b&gt; &amp; &lt;script&gt;x&lt;/script&gt;</p>"],
    ["code spans", "set `spec.x` to <1>", "<p>set <code>spec.x</code> to &lt;1&gt;</p>"],
    [
      "links, without trailing punctuation",
      "More info: https://kubernetes.io/docs/a#b.",
      '<p>More info: <a href="https://kubernetes.io/docs/a#b">https://kubernetes.io/docs/a#b</a>.</p>',
    ],
    ["paragraphs", "One\ntwo.\n\nThree.", "<p>One\ntwo.</p>\n<p>Three.</p>"],
    ["bullets", "Either:\n - a\n - b", "<p>Either:</p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>"],
    ["numbered lists", "Steps:\n\n1. one\n2. two", "<p>Steps:</p>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>"],
    ["fenced code", "See:\n\n```yaml\na: <1>\n```", '<p>See:</p>\n<pre><code class="language-yaml">a: &lt;1&gt;\n</code></pre>'],
    [
      "Markdown links",
      "[docs](https://k8s.io/x) and [bad](javascript:alert(1))",
      '<p><a href="https://k8s.io/x">docs</a> and [bad](javascript:alert(1))</p>',
    ],
  ])("%s", (_name, doc, want) => {
    expect(docHtml(doc)).toBe(want);
  });

  it("summarizes to the first sentence", () => {
    expect(summary("Pod is a group of containers, e.g. an app. It runs on a node.")).toBe("Pod is a group of containers, e.g. an app.");
    expect(summary("No full stop")).toBe("No full stop");
    expect(summary(`${"word ".repeat(60)}end.`, 40).length).toBeLessThanOrEqual(40);
  });

  it("takes upstream's enum value list out of the description", () => {
    const { doc, meanings } = splitEnumDoc('How.\n\nPossible enum values:\n - `"A"` first one.\n - `"B"` second\n   line.');
    expect(doc).toBe("How.");
    expect([...meanings]).toEqual([
      ["A", "first one."],
      ["B", "second line."],
    ]);
  });
});

describe("names", () => {
  it.each([
    ["io.k8s.api.core.v1", "core/v1"],
    ["io.k8s.api.coordination.v1", "coordination/v1"],
    ["io.k8s.apimachinery.pkg.apis.meta.v1", "meta/v1"],
    ["io.k8s.apimachinery.pkg.util.intstr", "util/intstr"],
    ["io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1", "apiextensions/v1"],
    ["com.example.widgets.v1", "com/example/widgets/v1"],
  ])("labels %s as %s", (pkg, label) => {
    expect(packageLabel(pkg)).toBe(label);
  });

  it("orders versions as Kubernetes does", () => {
    expect(["v1alpha1", "v1beta1", "v2", "v1", "v1beta2", "x"].sort(compareVersions)).toEqual([
      "v2",
      "v1",
      "v1beta2",
      "v1beta1",
      "v1alpha1",
      "x",
    ]);
  });

  it("links relative to the page", () => {
    expect(relativeHref("core/v1/Namespace.html", "meta/v1/ObjectMeta.html")).toBe("../../meta/v1/ObjectMeta.html");
    expect(relativeHref("core/v1/Namespace.html", "core/v1/Namespace.html", "NamespaceSpec")).toBe("#NamespaceSpec");
    expect(relativeHref("index.html", "core/v1/Namespace.html")).toBe("core/v1/Namespace.html");
  });
});

describe("types", () => {
  const link: Linker = (d) => ({ href: `${d}.html`, short: d.slice(d.lastIndexOf(".") + 1) });
  const text = (html: string): string => html.replace(/<[^>]+>/g, "");
  it.each([
    ["a reference", { $ref: "#/definitions/io.k8s.api.core.v1.PodSpec" }, "PodSpec"],
    ["a v3 allOf reference", { allOf: [{ $ref: "#/components/schemas/io.k8s.api.core.v1.PodSpec" }] }, "PodSpec"],
    ["a list", { type: "array", items: { $ref: "#/definitions/a.Container" } }, "[]Container"],
    ["a map", { type: "object", additionalProperties: { type: "string" } }, "map[string]string"],
    ["a sized integer", { type: "integer", format: "int32" }, "int32"],
    ["a formatted string", { type: "string", format: "date-time" }, "string (date-time)"],
    ["v2 int-or-string", { type: "string", format: "int-or-string" }, "int-or-string"],
    ["v3 int-or-string", { "x-kubernetes-int-or-string": true }, "int-or-string"],
    ["anything", {}, "any"],
  ])("%s", (_name, schema, want) => {
    expect(text(typeHtml(schema, link))).toBe(want);
  });

  it("reads references in both spellings", () => {
    expect(refOf({ $ref: "#/definitions/a.B" })).toBe("a.B");
    expect(refOf({ allOf: [{ $ref: "#/components/schemas/a.B" }], description: "x" })).toBe("a.B");
    expect(refOf({ allOf: [{ $ref: "#/definitions/a.B" }, { type: "object" }] })).toBeUndefined();
  });
});

describe("page models from the sample document", () => {
  it.each(["v2/swagger.json", "v3/api/v1.json", "v3/apis/coordination.k8s.io/v1.json"])("the sample %s is a valid document", async (f) => {
    await SwaggerParser.validate(path.join(FIXTURE, f));
  });

  it("gives every kind a page and indexes it under its group-version", () => {
    const set = schemaSetOf(v2);
    const kinds = [...set.schemas].filter(([, s]) => s["x-kubernetes-group-version-kind"]?.length).map(([n]) => n);
    for (const kind of kinds) {
      const short = kind.slice(kind.lastIndexOf(".") + 1);
      expect(
        site.pages.some((p) => p.isKind && p.title === short),
        kind,
      ).toBe(true);
    }
    expect(site.index.groups.map((g) => g.label)).toEqual(["core/v1", "coordination.k8s.io/v1"]);
    const core = site.index.groups[0]!;
    expect(core.entries.map((e) => e.name)).toEqual(["ConfigMap", "Namespace", "Service"]);
    expect(core.entries[1]).toMatchObject({
      href: "core/v1/Namespace.html",
      list: { label: "NamespaceList", href: "core/v1/NamespaceList.html" },
    });
    // Kinds no operation serves, or that several group-versions share, are listed once, apart.
    expect(site.index.other.map((e) => e.name)).toEqual(["DeleteOptions", "Status"]);
  });

  it("shows a kind's own types on its page and shared types on pages of their own", () => {
    const ns = page("core/v1/Namespace.html");
    expect(ns.sections.map((s) => s.name)).toEqual(["Namespace", "NamespaceSpec", "NamespaceStatus", "NamespaceCondition"]);
    expect(ns.gvks).toEqual([{ apiVersion: "v1", kind: "Namespace" }]);
    expect(ns.scope).toBe("Cluster");
    expect(page("core/v1/ConfigMap.html").scope).toBe("Namespaced");
    // Breadcrumbs lead back to where the index lists the page.
    expect(ns.crumbs.map((c) => c.href)).toEqual(["../../index.html", "../../index.html#gv-core-v1"]);
    expect(page("meta/v1/Status.html").crumbs[1]).toEqual({ label: "other kinds", href: "../../index.html#other-kinds" });
    expect(page("meta/v1/Time.html").crumbs[1]).toEqual({ label: "meta/v1", href: "../../index.html#pkg-meta-v1" });
    // In kubernetes.io's reading order: get, list, create, ..., delete.
    expect(ns.operations.map((o) => `${o.method} ${o.operationId}`)).toEqual([
      "GET readCoreV1Namespace",
      "GET listCoreV1Namespace",
      "POST createCoreV1Namespace",
      "DELETE deleteCoreV1Namespace",
    ]);
    expect(ns.usedBy).toEqual([{ label: "Namespace<wbr>List.items", href: "NamespaceList.html#NamespaceList.items" }]);
    const [main] = ns.sections;
    expect(main!.fields.map((f) => f.name)).toEqual(["apiVersion", "kind", "metadata", "spec", "status"]);
    expect(main!.fields.find((f) => f.name === "metadata")!.typeHtml).toContain('href="../../meta/v1/ObjectMeta.html"');
    expect(main!.fields.find((f) => f.name === "spec")!.typeHtml).toContain('href="#NamespaceSpec"');
    expect(page("meta/v1/ObjectMeta.html").usedBy.map((u) => u.label)).toContain("Namespace.metadata");
    // Types used by two kinds, or from another package, are not folded into a kind's page.
    expect(site.pages.map((p) => p.path)).toEqual(expect.arrayContaining(["meta/v1/Time.html", "util/intstr/IntOrString.html"]));
    expect(site.pages.map((p) => p.path)).not.toContain("core/v1/NamespaceSpec.html");
  });

  it("shows list semantics, required fields, values and defaults", () => {
    const sections = page("core/v1/Namespace.html").sections;
    const conditions = sections.find((s) => s.name === "NamespaceStatus")!.fields.find((f) => f.name === "conditions")!;
    expect(conditions.badges.map((b) => b.text)).toEqual(["list: map", "keys: type", "patch: merge", "merge key: type"]);
    const phase = sections.find((s) => s.name === "NamespaceStatus")!.fields.find((f) => f.name === "phase")!;
    expect(phase.enum.values.map((v) => v.value)).toEqual(["Active", "Terminating"]);
    expect(phase.enum.values[0]!.meaningHtml).toBe("the namespace is in use.");
    expect(phase.descriptionHtml).not.toContain("Possible enum values");
    const condition = sections.find((s) => s.name === "NamespaceCondition")!;
    expect(condition.fields.filter((f) => f.required).map((f) => f.name)).toEqual(["status", "type"]);

    const ports = page("core/v1/Service.html").sections.find((s) => s.name === "ServicePort")!;
    const protocol = ports.fields.find((f) => f.name === "protocol")!;
    expect(protocol.defaultValue).toBe("&quot;TCP&quot;");
    // An explicit 0 is a default like any other.
    expect(ports.fields.find((f) => f.name === "port")!.defaultValue).toBe("0");
    expect(ports.fields.find((f) => f.name === "targetPort")!.typeHtml).toContain("IntOrString");
    const selector = page("core/v1/Service.html")
      .sections.find((s) => s.name === "ServiceSpec")!
      .fields.find((f) => f.name === "selector")!;
    expect(selector.badges.map((b) => b.text)).toEqual(["map: atomic"]);
    expect(page("meta/v1/OwnerReference.html").sections[0]!.badges.map((b) => b.text)).toEqual(["map: atomic"]);
    expect(page("meta/v1/Time.html").sections[0]!.shapeHtml).toContain("date-time");
  });

  it("reads the v3 documents first (they carry defaults), then v2 for the rest", () => {
    const { files } = readOpenAPI(FIXTURE);
    expect(files.map((f) => path.relative(FIXTURE, f))).toEqual([
      "v3/api/v1.json",
      "v3/apis/coordination.k8s.io/v1.json",
      "v2/swagger.json",
    ]);
    expect(() => readOpenAPI(tmp)).toThrow(/no OpenAPI documents/);
  });

  it("reads OpenAPI 3 documents into the same pages", () => {
    const fromV3 = siteModelOf(schemaSetOf(v3));
    for (const p of ["core/v1/Namespace.html", "coordination.k8s.io/v1/Lease.html", "meta/v1/ObjectMeta.html"]) {
      const a = fromV3.pages.find((x) => x.path === p);
      expect(a, p).toBeDefined();
      expect(a!.sections, p).toEqual(page(p).sections);
    }
  });
});

describe("html output", () => {
  const files = docsFiles(v2);

  it("is deterministic and every file carries the generated marker", () => {
    expect(docsFiles(v2)).toEqual(files);
    for (const f of files) expect(isGenerated(f.content), f.path).toBe(true);
    expect(
      files
        .filter((f) => f.path.endsWith(".html"))
        .every((f) => f.content.startsWith("<!-- Code generated by kubegen. DO NOT EDIT. -->\n<!doctype html>")),
    ).toBe(true);
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(["index.html", "style.css", "core/v1/Namespace.html"]));
  });

  it("has no broken links", () => {
    expect(brokenLinks(files)).toEqual([]);
  });

  it("loads nothing from the network", () => {
    for (const f of files) {
      expect(f.content, f.path).not.toMatch(/<(script|link|img)[^>]+(src|href)="(https?:)?\/\//);
      expect(f.content, f.path).not.toMatch(/@import|url\(\s*["']?https?:/);
    }
  });

  it("renders the Namespace page's fields", () => {
    const html = files.find((f) => f.path === "core/v1/Namespace.html")!.content;
    for (const id of ["Namespace.metadata", "Namespace.spec", "Namespace.status", "NamespaceSpec.finalizers"]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<a class="type" href="#NamespaceSpec">Namespace<wbr>Spec</a>');
    const index = files.find((f) => f.path === "index.html")!.content;
    expect(index).toContain('href="core/v1/Namespace.html"');
  });
});

describe("verify", () => {
  const out = path.join(tmp, "docs");

  it("writes, then finds nothing stale", () => {
    const first = buildDocs({ openapi: FIXTURE, output: out });
    expect(first.plan.write.length).toBeGreaterThan(10);
    const again = buildDocs({ openapi: FIXTURE, output: out, verify: true });
    expect(again.plan.write).toEqual([]);
    expect(again.plan.remove).toEqual([]);
  });

  it("lists edited and orphaned pages, and leaves hand-written files alone", () => {
    fs.appendFileSync(path.join(out, "core/v1/Namespace.html"), "<!-- edited -->\n");
    fs.writeFileSync(path.join(out, "core/v1/Gone.html"), "<!-- Code generated by kubegen. DO NOT EDIT. -->\n");
    fs.writeFileSync(path.join(out, "notes.html"), "<p>mine</p>\n");
    const { plan } = buildDocs({ openapi: FIXTURE, output: out, verify: true });
    expect(plan.write.map((f) => f.path)).toEqual(["core/v1/Namespace.html"]);
    expect(plan.remove).toEqual(["core/v1/Gone.html"]);
    buildDocs({ openapi: FIXTURE, output: out });
    expect(fs.existsSync(path.join(out, "core/v1/Gone.html"))).toBe(false);
    expect(fs.existsSync(path.join(out, "notes.html"))).toBe(true);
  });

  it("kubegen docs --verify fails listing stale pages", async () => {
    fs.appendFileSync(path.join(out, "index.html"), "<!-- edited -->\n");
    const run = promisify(execFile);
    const err = await run(process.execPath, ["bin/kubegen.js", "docs", "--openapi", FIXTURE, "--output", out, "--verify"]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain("index.html");
  });
});

describe.runIf(hasRepoOpenAPI)("this repository's API reference", () => {
  const { docs } = hasRepoOpenAPI ? readOpenAPI(REPO_OPENAPI) : { docs: [] };
  const files = hasRepoOpenAPI ? docsFiles(docs) : [];

  it("gives every served kind a page, with no broken links", () => {
    const set = schemaSetOf(docs);
    const pages = new Set(files.map((f) => f.path));
    const model = siteModelOf(set);
    for (const [name, schema] of set.schemas) {
      if (!schema["x-kubernetes-group-version-kind"]?.length) continue;
      const p = model.pages.find((x) => x.definition === name);
      expect(p && pages.has(p.path), name).toBe(true);
    }
    expect(pages.has("core/v1/Namespace.html")).toBe(true);
    expect(brokenLinks(files)).toEqual([]);
  });

  it("generated/docs is up to date (npm run docs)", () => {
    const { plan } = buildDocs({ openapi: REPO_OPENAPI, output: REPO_DOCS, verify: true });
    expect(plan.write.map((f) => f.path)).toEqual([]);
    expect(plan.remove).toEqual([]);
  });
});
