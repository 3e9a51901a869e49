/**
 * The API reference from CustomResourceDefinition manifests (our fixtures: an inline-schema CRD
 * with CEL rules, oneOf, 0/false defaults and a Markdown description; a multi-version CRD), and
 * what a site author chooses: title, base URL, group-based URLs, kubernetes.io links, search.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import MiniSearch from "minisearch";
import { afterAll, describe, expect, it } from "vitest";
import { buildDocs, docsFiles, docsSchemaSet, readOpenAPI } from "../../generator/docs/build-docs.js";
import { readCrds } from "../../generator/docs/crds.js";
import { SEARCH_OPTIONS, searchDocuments } from "../../generator/docs/search-index.js";
import { siteModelOf, type PageModel, type SiteModel } from "../../generator/docs/site-model.js";
import { isGenerated } from "../../generator/emit/header.js";
import YAML from "yaml";

const CRDS = path.resolve("test/fixtures/docs/crds");
const EXAMPLE = path.resolve("examples/crontab/generated");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-docs-crds-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const { crds } = readCrds([CRDS]);
const site: SiteModel = siteModelOf(docsSchemaSet({ crds }));
const page = (p: string): PageModel => {
  const found = site.pages.find((x) => x.path === p);
  if (!found) throw new Error(`no page ${p}; pages: ${site.pages.map((x) => x.path).join(", ")}`);
  return found;
};
const cronTab = page("batch.example.com/v1/CronTab.html");
const fields = cronTab.sections[0]!.fields;
const field = (p: string) => {
  const f = fields.find((x) => x.path === p);
  if (!f) throw new Error(`no field ${p}; fields: ${fields.map((x) => x.path).join(", ")}`);
  return f;
};

describe("reading CRDs", () => {
  it("reads every CRD of multi-document files in a folder, and single files", () => {
    expect(crds.map((c) => c.metadata?.name)).toEqual([
      "crontabs.batch.example.com",
      "clusterqueues.batch.example.com",
      "widgets.shop.example.com",
    ]);
    expect(readCrds([path.join(CRDS, "widgets.yaml")]).crds).toHaveLength(1);
  });

  it("names a bad manifest and the problem", () => {
    const bad = path.join(tmp, "bad.yaml");
    fs.writeFileSync(
      bad,
      "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata: {name: x}\nspec: {names: {kind: X, plural: xs}}\n",
    );
    expect(() => readCrds([bad])).toThrow(/bad\.yaml: CustomResourceDefinition x: spec\.group is missing/);
    fs.writeFileSync(bad, "a: [\n");
    expect(() => readCrds([bad])).toThrow(/bad\.yaml/);
    expect(() => readCrds([path.join(tmp, "none")])).toThrow(/no such file or folder/);
  });

  it("reads a v1beta1 CRD's one schema for its version", () => {
    const old = path.join(tmp, "old.yaml");
    fs.writeFileSync(
      old,
      YAML.stringify({
        apiVersion: "apiextensions.k8s.io/v1beta1",
        kind: "CustomResourceDefinition",
        metadata: { name: "olds.x.io" },
        spec: {
          group: "x.io",
          version: "v1",
          names: { kind: "Old", plural: "olds" },
          validation: {
            openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { a: { type: "string" } } } } },
          },
        },
      }),
    );
    const s = siteModelOf(docsSchemaSet({ crds: readCrds([old]).crds }));
    expect(s.pages.find((p) => p.path === "x.io/v1/Old.html")!.sections[0]!.fields.map((f) => f.path)).toContain("spec.a");
  });
});

describe("a CRD's page", () => {
  it("lives under its group, not a package path, and the site is titled by its groups", () => {
    expect(site.pages.map((p) => p.path)).toEqual(
      expect.arrayContaining([
        "batch.example.com/v1/CronTab.html",
        "batch.example.com/v1/ClusterQueue.html",
        "shop.example.com/v1/Widget.html",
        "shop.example.com/v1alpha1/Widget.html",
      ]),
    );
    expect(cronTab.packageLabel).toBe("batch.example.com/v1");
    expect(site.title).toBe("batch.example.com, shop.example.com API reference");
    expect(site.index.groups.map((g) => g.label)).toEqual([
      "batch.example.com/v1",
      "shop.example.com/v1",
      "shop.example.com/v1beta1",
      "shop.example.com/v1alpha1",
    ]);
    const card = site.index.groups[0]!.entries.find((e) => e.name === "CronTab")!;
    expect(card.note).toBe("short names: ct, cts · Namespaced");
    expect(card.search).toContain("cts");
    expect(site.index.groups[3]!.entries[0]!.note).toContain("deprecated");
  });

  it("expands inline schemas into dotted field paths, each with an anchor", () => {
    expect(fields.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        "spec",
        "spec.schedule",
        "spec.jobTemplate.spec.template.spec.containers",
        "spec.jobTemplate.spec.template.spec.containers[].name",
        "status.lastRun",
      ]),
    );
    const name = field("spec.jobTemplate.spec.template.spec.containers[].name");
    expect(name.anchor).toBe("CronTab.spec.jobTemplate.spec.template.spec.containers__.name");
    expect(name.depth).toBe(6);
    expect(name.required).toBe(true);
    expect(field("spec.jobTemplate.spec.template.spec.containers").badges.map((b) => b.text)).toContain("max items 4");
    expect(field("spec.labels").typeHtml).toContain("map[string]");
    expect(new Set(fields.map((f) => f.anchor)).size).toBe(fields.length);
    // metadata is ObjectMeta, documented on kubernetes.io.
    expect(field("metadata").typeHtml).toContain(
      'href="https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#objectmeta-v1-meta"',
    );
  });

  it("shows CEL rules with their messages, oneOf, deprecated fields, examples and every explicit default", () => {
    expect(field("spec").rules).toEqual([
      { ruleHtml: "self.minReplicas &lt;= self.replicas", messageHtml: "minReplicas must not exceed replicas" },
    ]);
    expect(field("spec.schedule").rules[0]!.messageHtml).toBe("a cron schedule has five fields");
    // A transition rule says when it applies, and its reason and field path.
    expect(field("spec.interval").rules[0]!.messageHtml).toBe(
      "interval is immutable (on update only; reason FieldValueForbidden; reported at <code>.interval</code>)",
    );
    expect(field("spec").alternatives).toEqual({
      kind: "Exactly one of",
      items: [{ html: "sets <code>schedule</code>" }, { html: "sets <code>interval</code>" }],
    });
    expect(field("spec.port").typeHtml.replace(/<[^>]+>/g, "")).toBe("integer | string");
    expect(field("spec.legacyMode").deprecated).toBe(true);
    expect(field("spec.schedule").example).toBe("&quot;*/5 * * * *&quot;");
    expect(field("spec.replicas").defaultValue).toBe("0");
    expect(field("spec.minReplicas").defaultValue).toBe("0");
    expect(field("spec.suspend").defaultValue).toBe("false");
    expect(field("spec.interval").defaultValue).toBeNull();
  });

  it("renders the description as CommonMark: fenced code, links and numbered lists", () => {
    const lead = cronTab.sections[0]!.descriptionHtml;
    expect(lead).toContain('<pre><code class="language-yaml">spec:\n  schedule: &quot;*/5 * * * *&quot;\n</code></pre>');
    expect(lead).toContain('<a href="https://en.wikipedia.org/wiki/Cron">the cron format</a>');
    expect(lead).toContain("<ol>\n<li>write the schedule;</li>\n<li>set the image.</li>\n</ol>");
  });

  it("states the CRD's names, scope, printer columns and subresources", () => {
    expect(cronTab.scope).toBe("Namespaced");
    expect(cronTab.resource).toMatchObject({
      plural: "crontabs",
      singular: "crontab",
      shortNames: ["ct", "cts"],
      categories: ["all", "batch"],
      subresources: ["status", "scale"],
      served: true,
      storage: true,
      crd: "crontabs.batch.example.com",
    });
    expect(cronTab.resource!.printerColumns).toEqual([
      { name: "Schedule", type: "string", jsonPath: ".spec.schedule", description: "When the job runs.", wide: false },
      { name: "Suspended", type: "boolean", jsonPath: ".spec.suspend", description: "", wide: true },
    ]);
    expect(page("batch.example.com/v1/ClusterQueue.html").scope).toBe("Cluster");
  });

  it("lists the operations the apiserver serves, subresources apart, each with an anchor", () => {
    expect(cronTab.operationGroups.map((g) => g.title)).toEqual(["Operations", "/scale subresource", "/status subresource"]);
    const ids = cronTab.operations.map((o) => o.operationId);
    expect(ids).toEqual(
      expect.arrayContaining([
        "readBatchExampleComV1NamespacedCronTab",
        "listBatchExampleComV1CronTabForAllNamespaces",
        "patchBatchExampleComV1NamespacedCronTabScale",
        "replaceBatchExampleComV1NamespacedCronTabStatus",
      ]),
    );
    const patch = cronTab.operations.find((o) => o.operationId === "patchBatchExampleComV1NamespacedCronTab")!;
    expect(patch.id).toBe("op-patchBatchExampleComV1NamespacedCronTab");
    expect(patch.path).toBe("/apis/batch.example.com/v1/namespaces/{namespace}/crontabs/{name}");
    expect(patch.pathParams.map((p) => p.name)).toEqual(["name", "namespace"]);
    expect(patch.queryParams.map((p) => p.name)).toEqual(["dryRun", "fieldManager", "fieldValidation", "force", "pretty"]);
    expect(patch.queryParams[0]!.href).toBe("../../parameters.html#param-dryRun");
    expect(patch.consumes).toContain("application/apply-patch+yaml");
    expect(patch.responses.map((r) => r.code)).toEqual(["200", "201", "401"]);
    expect(site.parameters!.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["dryRun", "fieldManager", "labelSelector", "watch"]),
    );
    const queue = page("batch.example.com/v1/ClusterQueue.html");
    expect(queue.operations.every((o) => !o.path.includes("{namespace}"))).toBe(true);
    expect(queue.operationGroups).toHaveLength(1);
  });

  it("switches between the versions of a kind, marking storage and deprecated ones", () => {
    const v1 = page("shop.example.com/v1/Widget.html");
    expect(v1.versions).toEqual([
      { version: "v1", href: "", current: true, notes: ["storage"] },
      { version: "v1beta1", href: "../v1beta1/Widget.html", current: false, notes: [] },
      { version: "v1alpha1", href: "../v1alpha1/Widget.html", current: false, notes: ["deprecated"] },
    ]);
    const alpha = page("shop.example.com/v1alpha1/Widget.html");
    expect(alpha.resource!.deprecated).toBe(true);
    expect(alpha.resource!.deprecationWarning).toContain("use shop.example.com/v1");
    expect(cronTab.versions).toEqual([]);
  });

  it("gives a YAML skeleton that parses, with defaults and required fields marked", () => {
    const yaml = cronTab
      .skeleton!.replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    const obj = YAML.parse(yaml) as { apiVersion: string; kind: string; metadata: { namespace: string }; spec: Record<string, unknown> };
    expect(obj).toMatchObject({ apiVersion: "batch.example.com/v1", kind: "CronTab", metadata: { name: "example", namespace: "default" } });
    expect(obj.spec).toMatchObject({ replicas: 0, suspend: false, schedule: "" });
    expect(obj.spec).not.toHaveProperty("legacyMode");
    expect(yaml).toMatch(/schedule: "" # required/);
    expect(page("batch.example.com/v1/ClusterQueue.html").skeleton).not.toContain("namespace:");
    expect(page("batch.example.com/v1/CronTabList.html").skeleton).toBeNull();
  });
});

describe("publishing", () => {
  it("takes a title and base URL: canonical links and a sitemap", () => {
    const files = docsFiles({ crds }, { title: "Batch & Shop APIs", baseUrl: "https://me.github.io/api" });
    const index = files.find((f) => f.path === "index.html")!.content;
    expect(index).toContain("<title>Batch &amp; Shop APIs</title>");
    expect(index).toContain('<link rel="canonical" href="https://me.github.io/api/index.html">');
    const sitemap = files.find((f) => f.path === "sitemap.xml")!.content;
    expect(sitemap).toContain("<loc>https://me.github.io/api/batch.example.com/v1/CronTab.html</loc>");
    expect(docsFiles({ crds }).some((f) => f.path === "sitemap.xml")).toBe(false);
  });

  it("ships MiniSearch's browser build with its license, a prebuilt index, and nothing from the network", () => {
    const files = docsFiles({ crds });
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "assets/minisearch.js",
        "assets/minisearch.LICENSE.txt",
        "assets/site.js",
        "search-index.js",
        "parameters.html",
        ".nojekyll",
      ]),
    );
    expect(files.find((f) => f.path === "assets/minisearch.LICENSE.txt")!.content).toContain("Permission is hereby granted");
    for (const f of files) {
      expect(isGenerated(f.content), f.path).toBe(true);
      expect(f.content, f.path).not.toMatch(/<(script|link|img)[^>]+(src|href)="(https?:)?\/\//);
      expect(f.content, f.path).not.toMatch(/sourceMappingURL/);
    }
  });

  it("indexes kinds, field paths and descriptions so a search finds them", () => {
    const docs = searchDocuments(site);
    const index = new MiniSearch(SEARCH_OPTIONS);
    index.addAll(docs);
    const top = (q: string): string[] =>
      index
        .search(q, { prefix: true, boost: { t: 3 } })
        .slice(0, 5)
        .map((r) => String(r["t"]));
    expect(top("containers name")).toContain("CronTab.spec.jobTemplate.spec.template.spec.containers[].name");
    expect(top("cron format")).toContain("CronTab.spec.schedule");
    expect(top("cts")).toContain("CronTab");
    expect(new Set(docs.map((d) => d.id)).size).toBe(docs.length);
  });

  it("with the generated OpenAPI, a CRD adds its facts to the kind the OpenAPI documents", () => {
    const { docs } = readOpenAPI(path.join(EXAMPLE, "openapi"));
    const both = siteModelOf(docsSchemaSet({ openapi: docs, crds: readCrds([path.join(EXAMPLE, "crds")]).crds }), { title: "CronTab API" });
    const kinds = both.pages.filter((p) => p.isKind && p.title === "CronTab");
    expect(kinds).toHaveLength(1);
    expect(kinds[0]!.path).toBe("stable.example.com/v1/CronTab.html");
    expect(kinds[0]!.resource).toMatchObject({ shortNames: ["ct"], subresources: ["status", "scale"] });
    expect(both.title).toBe("CronTab API");
    // Untitled, a user's generated OpenAPI (titled "Kubernetes" like every generated document) is named by its groups.
    expect(siteModelOf(docsSchemaSet({ openapi: docs })).title).toBe("stable.example.com API reference");
    expect(siteModelOf(docsSchemaSet({ openapi: readOpenAPI(path.resolve("test/fixtures/docs")).docs })).title).toBe(
      "Kubernetes API reference",
    );
  });

  it("reads any folder of OpenAPI documents, or one document", () => {
    const loose = path.join(tmp, "loose");
    fs.mkdirSync(path.join(loose, "nested"), { recursive: true });
    fs.copyFileSync(path.resolve("test/fixtures/docs/v3/api/v1.json"), path.join(loose, "core.json"));
    fs.copyFileSync(
      path.resolve("test/fixtures/docs/v3/apis/coordination.k8s.io/v1.json"),
      path.join(loose, "nested", "coordination.json"),
    );
    fs.writeFileSync(path.join(loose, "other.json"), "{}");
    const { files } = readOpenAPI(loose);
    expect(files.map((f) => path.relative(loose, f))).toEqual(["core.json", "nested/coordination.json"]);
    const one = readOpenAPI(path.resolve("test/fixtures/docs/v2/swagger.json"));
    expect(one.docs).toHaveLength(1);
    const pages = siteModelOf(docsSchemaSet({ openapi: readOpenAPI(loose).docs })).pages.map((p) => p.path);
    expect(pages).toEqual(expect.arrayContaining(["core/v1/Namespace.html", "coordination.k8s.io/v1/Lease.html"]));
  });

  it("links meta/v1 and apimachinery types out to kubernetes.io when asked", () => {
    const { docs } = readOpenAPI(path.resolve("test/fixtures/docs"));
    const linked = siteModelOf(docsSchemaSet({ openapi: docs, linkK8sTypes: true }));
    expect(linked.pages.some((p) => p.path.startsWith("meta/"))).toBe(false);
    const ns = linked.pages.find((p) => p.path === "core/v1/Namespace.html")!;
    expect(ns.sections[0]!.fields.find((f) => f.name === "metadata")!.typeHtml).toContain(
      "https://kubernetes.io/docs/reference/generated/kubernetes-api/v1.34/#objectmeta-v1-meta",
    );
  });

  it("kubegen docs --crds builds a CRD-only site and --verify finds it current", () => {
    const out = path.join(tmp, "site");
    const first = buildDocs({ crds: [CRDS], output: out });
    expect(first.sources.map((s) => path.basename(s))).toEqual(["batch-jobs.yaml", "widgets.yaml"]);
    expect(fs.existsSync(path.join(out, "batch.example.com/v1/CronTab.html"))).toBe(true);
    const again = buildDocs({ crds: [CRDS], output: out, verify: true });
    expect(again.plan.write).toEqual([]);
    expect(() => buildDocs({ crds: [path.join(EXAMPLE, "openapi")], output: out })).toThrow(/no CustomResourceDefinitions/);
  });
});

describe("kubegen docs", () => {
  it("takes --crds alone (no OpenAPI), --title, --base-url and --link-k8s-types", async () => {
    const out = path.join(tmp, "cli");
    const { stdout } = await promisify(execFile)(process.execPath, [
      "bin/kubegen.js",
      "docs",
      "--crds",
      CRDS,
      path.join(EXAMPLE, "crds"),
      "--title",
      "Shop",
      "--base-url",
      "https://x.example/docs/",
      "--link-k8s-types",
      "--output",
      out,
    ]);
    expect(stdout).toMatch(/docs from 3 files/);
    expect(fs.readFileSync(path.join(out, "index.html"), "utf8")).toContain("<h1>Shop</h1>");
    expect(fs.readFileSync(path.join(out, "sitemap.xml"), "utf8")).toContain("https://x.example/docs/stable.example.com/v1/CronTab.html");
    const err = await promisify(execFile)(process.execPath, [
      "bin/kubegen.js",
      "docs",
      "--crds",
      path.join(tmp, "missing"),
      "--output",
      out,
    ]).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toContain("no such file or folder");
  });
});

describe("contrast", () => {
  const css = fs.readFileSync(path.resolve("templates/docs/style.css.hbs"), "utf8");
  const [light, dark] = [
    css.slice(0, css.indexOf("@media (prefers-color-scheme: dark)")),
    css.slice(css.indexOf("@media (prefers-color-scheme: dark)")),
  ];
  const color = (block: string, name: string): string => new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`).exec(block)![1]!;
  const luminance = (hex: string): number => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const ratio = (a: string, b: string): number => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x! + 0.05) / (y! + 0.05);
  };
  it.each([
    ["light", light],
    ["dark", dark],
  ])("text colours meet WCAG AA (4.5:1) on every background in %s", (_name, block) => {
    for (const fg of ["fg", "fg-soft", "fg-faint", "accent"]) {
      for (const bg of ["bg", "bg-soft", "bg-code"])
        expect(ratio(color(block, fg), color(block, bg)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
    for (const tone of ["required", "list", "map", "patch", "note"])
      expect(ratio(color(block, tone), color(block, `${tone}-bg`)), tone).toBeGreaterThanOrEqual(4.5);
  });
});
