/**
 * The API reference in a real browser (Debian's headless Chromium), opened from disk as a user
 * opens a downloaded site: every page of the built-in API's site and of a CRD-only site, at a
 * 390 px phone and a 1400 px desktop, light and dark, has no element wider than the screen, no
 * link or anchor that leads nowhere, and makes no network request. Then what a reader does:
 * follow a type, search from any page (offline), switch versions, copy a skeleton, jump on a
 * phone. Screenshots go to out/docs-screenshots/ (git-ignored).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildDocs } from "../../generator/docs/build-docs.js";
import { describeWithTools } from "../support/tools.js";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = path.resolve("out/docs-screenshots");
const REPO_DOCS = path.resolve("generated/docs");
const CRDS = [path.resolve("test/fixtures/docs/crds"), path.resolve("examples/crontab/generated/crds")];
/** Pages open at once: enough to overlap file loads, few enough for a shared 2-CPU machine. */
const PARALLEL = 4;

const SIZES: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1400, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};
const SCHEMES = ["light", "dark"] as const;

/** The repository's reference when it has been built; else the sample document's. */
function builtInRoot(tmp: string): string {
  if (fs.existsSync(path.join(REPO_DOCS, "index.html"))) return REPO_DOCS;
  const out = path.join(tmp, "builtin");
  buildDocs({ openapi: path.resolve("test/fixtures/docs"), output: out });
  return out;
}

function htmlPages(root: string): string[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".html"))
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

/**
 * Runs in the page (as a string: the test compiles without the DOM library). Elements whose
 * right edge passes the screen's width, unless a scrolling or clipping box holds them (code
 * blocks scroll inside themselves); every id; every local link. The width is the device's, not
 * `innerWidth`: a mobile browser widens its layout viewport to fit content that overflows.
 */
const INSPECT = (width: number): string => `(() => {
  const width = ${width};
  const clipped = (el) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return true;
    }
    return false;
  };
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((r.right > width + 1 || r.left < -1) && !clipped(el)) {
      wide.push(el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + (el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : "") + " [" + Math.round(r.left) + ".." + Math.round(r.right) + "]");
    }
  }
  const ids = [...document.querySelectorAll("[id]")].map((e) => e.id);
  const links = [...document.querySelectorAll("a[href], link[href], script[src]")]
    .map((e) => e.href || e.src)
    .filter((h) => h.startsWith("file:"));
  return { scrollOver: document.documentElement.scrollWidth - width, wide: wide.slice(0, 8), ids, links };
})()`;

interface Inspection {
  scrollOver: number;
  wide: string[];
  ids: string[];
  links: string[];
}

describeWithTools(["chromium"], "API reference in Chromium", () => {
  let browser: Browser;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-docs-e2e-"));
  const sites: Record<string, string> = {};
  const remote: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    sites["builtin"] = builtInRoot(tmp);
    sites["crds"] = path.join(tmp, "crds");
    buildDocs({ crds: CRDS, output: sites["crds"], title: "Example CRDs" });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function context(size: string, scheme: "light" | "dark"): Promise<BrowserContext> {
    const ctx = await browser.newContext({ ...SIZES[size], colorScheme: scheme });
    ctx.on("request", (r) => {
      if (!r.url().startsWith("file:")) remote.push(r.url());
    });
    return ctx;
  }

  const url = (site: string, rel: string): string => {
    const [file, hash] = rel.split("#");
    return pathToFileURL(path.join(sites[site]!, file!)).href + (hash ? `#${hash}` : "");
  };

  /**
   * Every page of a site at one size, light and dark; links and ids are checked once all are
   * read. One test per site and size: the built-in site is ~300 pages, about half a minute per
   * size on a quiet 2-CPU machine, so its timeout leaves room for a busy one.
   */
  it.each([
    ["builtin", "desktop"],
    ["builtin", "phone"],
    ["crds", "desktop"],
    ["crds", "phone"],
  ])(
    "%s site at %s size: every page fits the screen, light and dark, with no broken link or anchor",
    async (site, size) => {
      const root = sites[site]!;
      const pages = htmlPages(root);
      expect(pages.length).toBeGreaterThan(site === "crds" ? 10 : 20);
      const ids = new Map<string, Set<string>>();
      const links = new Map<string, string[]>();
      const problems: string[] = [];
      // One load per page; the scheme is switched in place (it restyles, no reload).
      const ctx = await context(size, "light");
      const queue = [...pages];
      const worker = async (): Promise<void> => {
        const page = await ctx.newPage();
        for (let rel = queue.shift(); rel; rel = queue.shift()) {
          await page.goto(url(site, rel));
          for (const scheme of SCHEMES) {
            await page.emulateMedia({ colorScheme: scheme });
            const found = await page.evaluate<Inspection>(INSPECT(SIZES[size]!.viewport!.width));
            if (found.scrollOver > 0) problems.push(`${rel} ${size} ${scheme}: page ${found.scrollOver}px wider than the screen`);
            if (found.wide.length) problems.push(`${rel} ${size} ${scheme}: wider than the screen: ${found.wide.join(", ")}`);
            if (!ids.has(rel)) {
              ids.set(rel, new Set(found.ids));
              links.set(rel, found.links);
            }
          }
        }
        await page.close();
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      await ctx.close();
      const rootUrl = pathToFileURL(root).href;
      for (const [from, hrefs] of links) {
        for (const href of hrefs) {
          const [file, hash] = href.split("#") as [string, string | undefined];
          const rel = decodeURIComponent(file.slice(rootUrl.length + 1));
          if (!fs.existsSync(path.join(root, rel))) problems.push(`${from}: link to missing ${rel}`);
          else if (hash && !ids.get(rel)?.has(decodeURIComponent(hash))) problems.push(`${from}: link to missing #${hash} in ${rel}`);
        }
      }
      expect(problems).toEqual([]);
      expect(remote).toEqual([]);
    },
    300_000,
  );

  it.each(Object.keys(SIZES))("%s: the index links to Namespace, whose spec leads to its finalizers", async (size) => {
    const ctx = await context(size, "light");
    const page = await ctx.newPage();
    await page.goto(url("builtin", "index.html"));
    await page.screenshot({ path: path.join(SHOTS, `index-${size}.png`) });
    const core = page.locator("section.group", { has: page.locator("h2", { hasText: /^core\/v1/ }) });
    await core.locator("a.card-link", { hasText: /^Namespace$/ }).click();
    await page.waitForURL(/core\/v1\/Namespace\.html$/);
    expect(await page.locator("h1").textContent()).toBe("Namespace");
    const rowDisplay = await page.evaluate<string>('getComputedStyle(document.getElementById("Namespace.spec")).display');
    expect(rowDisplay).toBe(size === "phone" ? "flex" : "table-row");
    await page.screenshot({ path: path.join(SHOTS, `namespace-${size}.png`) });
    await page.locator('tr[id="Namespace.spec"] a.type').click();
    await page.waitForURL(/#NamespaceSpec$/);
    const finalizers = page.locator('tr[id="NamespaceSpec.finalizers"]');
    const box = await finalizers.boundingBox();
    expect(box && box.y >= 0 && box.y < page.viewportSize()!.height, "finalizers scrolled into view").toBe(true);
    expect(await finalizers.locator(".f-type").textContent()).toBe("[]string");
    // Operations: each has an anchor, its parameters link to the shared page.
    await page.goto(url("builtin", "core/v1/Namespace.html#op-patchCoreV1Namespace"));
    const op = page.locator('[id="op-patchCoreV1Namespace"]');
    expect(await op.locator(".method").textContent()).toBe("PATCH");
    await op.locator("a", { hasText: /^fieldManager$/ }).click();
    await page.waitForURL(/parameters\.html#param-fieldManager$/);
    expect(await page.locator('[id="param-fieldManager"] dd').textContent()).toMatch(/\S/);
    await page.screenshot({ path: path.join(SHOTS, `parameters-${size}.png`) });
    await ctx.close();
    expect(remote).toEqual([]);
  });

  it.each(Object.keys(SIZES))("%s: search works offline from any page, from a prebuilt index", async (size) => {
    const ctx = await context(size, "dark");
    const page = await ctx.newPage();
    await page.goto(url("builtin", "core/v1/Service.html"));
    await page.keyboard.press("/");
    await page.keyboard.type("finalizers");
    const first = page.locator("#search-results a").first();
    await first.waitFor();
    const titles = await page.locator("#search-results .t").allTextContents();
    expect(titles).toContain("NamespaceSpec.finalizers");
    await page.screenshot({ path: path.join(SHOTS, `search-${size}-dark.png`) });
    await page.locator("#search-results a", { hasText: "NamespaceSpec.finalizers" }).first().click();
    await page.waitForURL(/core\/v1\/Namespace\.html#NamespaceSpec\.finalizers$/);
    // A list kind is found by its name too.
    await page.locator("#search").fill("configmaplist");
    await expect.poll(() => page.locator("#search-results .t").allTextContents()).toContain("ConfigMapList");
    await ctx.close();
    expect(remote).toEqual([]);
  });

  it.each(Object.keys(SIZES))("%s: a CRD page shows inline fields, facts, versions and a skeleton to copy", async (size) => {
    const ctx = await context(size, "light");
    await ctx.grantPermissions(["clipboard-read", "clipboard-write"]).catch(() => undefined);
    const page = await ctx.newPage();
    await page.goto(url("crds", "batch.example.com/v1/CronTab.html"));
    await page.screenshot({ path: path.join(SHOTS, `crd-crontab-${size}.png`) });
    const deep = page.locator('tr[id="CronTab.spec.jobTemplate.spec.template.spec.containers__.name"]');
    expect(await deep.locator(".f-name code").textContent()).toBe("spec.jobTemplate.spec.template.spec.containers[].name");
    expect(await deep.isVisible()).toBe(true);
    expect(await page.locator(".facts").textContent()).toMatch(/Short names\s*ct\s*cts/);
    await page.goto(url("crds", "batch.example.com/v1/CronTab.html#CronTab.spec"));
    await page.screenshot({ path: path.join(SHOTS, `crd-crontab-spec-${size}.png`) });
    // The skeleton's copy button copies it.
    await page.locator("#skeleton").scrollIntoViewIfNeeded();
    await page.locator("button.copy").click();
    await expect.poll(() => page.locator("button.copy").textContent()).toBe("Copied");
    await page.screenshot({ path: path.join(SHOTS, `crd-skeleton-${size}.png`) });
    // Versions: the switcher leads to the deprecated alpha, which says so.
    await page.goto(url("crds", "shop.example.com/v1/Widget.html"));
    await page.locator(".versions a", { hasText: "v1alpha1" }).click();
    await page.waitForURL(/shop\.example\.com\/v1alpha1\/Widget\.html$/);
    expect(await page.locator(".deprecated-note").textContent()).toContain("use shop.example.com/v1");
    await page.screenshot({ path: path.join(SHOTS, `crd-widget-alpha-${size}.png`) });
    if (size === "phone") {
      // No sidebar on a phone: the jump menu opens and leads to the operations.
      expect(await page.locator("nav.toc").isVisible()).toBe(false);
      await page.goto(url("crds", "batch.example.com/v1/CronTab.html"));
      await page.locator(".jump-menu summary").click();
      await page.screenshot({ path: path.join(SHOTS, `crd-jump-menu-phone.png`) });
      await page.locator(".jump-menu a", { hasText: "/scale subresource" }).click();
      await page.waitForURL(/#operations-scale$/);
      expect(await page.locator(".jump-menu").getAttribute("open")).toBeNull();
    }
    await ctx.close();
    expect(remote).toEqual([]);
  });

  it("the skip link is the first thing the keyboard reaches and leads to the content", async () => {
    const ctx = await context("desktop", "light");
    const page = await ctx.newPage();
    await page.goto(url("crds", "batch.example.com/v1/CronTab.html"));
    await page.keyboard.press("Tab");
    expect(await page.evaluate<string>("document.activeElement.textContent")).toBe("Skip to content");
    await page.keyboard.press("Enter");
    expect(await page.evaluate<string>("document.activeElement.id")).toBe("main");
    await page.goto(url("crds", "index.html"));
    await page.screenshot({ path: path.join(SHOTS, "crd-index-desktop.png") });
    expect(await page.locator("h1").textContent()).toBe("Example CRDs");
    await ctx.close();
  });

  it("dark mode follows the system setting", async () => {
    const ctx = await context("phone", "dark");
    const page = await ctx.newPage();
    await page.goto(url("builtin", "core/v1/Namespace.html"));
    const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(120);
    await page.screenshot({ path: path.join(SHOTS, "namespace-phone-dark.png") });
    await page.goto(url("crds", "batch.example.com/v1/CronTab.html#CronTab.spec"));
    await page.screenshot({ path: path.join(SHOTS, "crd-crontab-spec-phone-dark.png") });
    await ctx.close();
  });
});
