/**
 * The API reference in a real browser (Debian's headless Chromium): the index links to the
 * Namespace page, which shows its fields, and spec's finalizers are one click away, at desktop
 * and phone sizes, in light and dark. Screenshots go to out/docs-screenshots/ (git-ignored).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../../generator/docs/build-docs.js";

const CHROMIUM = "/usr/bin/chromium";
const SHOTS = path.resolve("out/docs-screenshots");
const REPO_DOCS = path.resolve("generated/docs");

/** The repository's reference when it has been built; else the sample document's. */
function docsRoot(): string {
  if (fs.existsSync(path.join(REPO_DOCS, "index.html"))) return REPO_DOCS;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-docs-e2e-"));
  buildDocs({ openapi: path.resolve("test/fixtures/docs"), output: out });
  return out;
}

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1366, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
};

describe.skipIf(!fs.existsSync(CHROMIUM))("API reference in Chromium", () => {
  let browser: Browser;
  const root = docsRoot();
  const url = (rel: string): string => pathToFileURL(path.join(root, rel)).href;

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
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
    if (root !== REPO_DOCS) fs.rmSync(root, { recursive: true, force: true });
  });

  /** A page that records every request that is not a local file. */
  async function open(size: string, scheme: "light" | "dark"): Promise<{ page: Page; remote: string[] }> {
    const context = await browser.newContext({ ...VIEWPORTS[size], colorScheme: scheme });
    const page = await context.newPage();
    const remote: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("file:")) remote.push(r.url());
    });
    return { page, remote };
  }

  it.each(["desktop", "phone"])("%s: the index links to Namespace, which shows its fields", async (size) => {
    const { page, remote } = await open(size, "light");
    await page.goto(url("index.html"));
    await page.screenshot({ path: path.join(SHOTS, `index-${size}.png`) });

    const core = page.locator("section.group", { has: page.locator("h2", { hasText: /^core\/v1/ }) });
    const link = core.locator("a.card-link", { hasText: /^Namespace$/ });
    await expect.poll(() => link.getAttribute("href")).toBe("core/v1/Namespace.html");
    await link.click();
    await page.waitForURL(/core\/v1\/Namespace\.html$/);
    expect(await page.locator("h1").textContent()).toBe("Namespace");
    for (const field of ["metadata", "spec", "status"]) {
      const row = page.locator(`tr[id="Namespace.${field}"]`);
      expect(await row.isVisible(), field).toBe(true);
      expect(await row.locator(".f-name code").textContent()).toBe(field);
    }
    expect(await page.locator(".snippet").first().textContent()).toContain("apiVersion: v1");
    // Nothing runs sideways on a phone: the page is exactly as wide as the screen.
    // (Expressions as strings: the test compiles without the DOM library.)
    const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - window.innerWidth");
    expect(overflow).toBeLessThanOrEqual(0);
    const rowDisplay = await page.evaluate<string>('getComputedStyle(document.getElementById("Namespace.spec")).display');
    expect(rowDisplay).toBe(size === "phone" ? "flex" : "table-row");
    await page.screenshot({ path: path.join(SHOTS, `namespace-${size}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `namespace-${size}-full.png`), fullPage: true });

    // spec's type link leads to NamespaceSpec and its finalizers.
    await page.locator('tr[id="Namespace.spec"] a.type').click();
    await page.waitForURL(/#NamespaceSpec$/);
    const finalizers = page.locator('tr[id="NamespaceSpec.finalizers"]');
    expect(await finalizers.isVisible()).toBe(true);
    const box = await finalizers.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box && box.y >= 0 && box.y < viewport.height, "finalizers scrolled into view").toBe(true);
    expect(await finalizers.locator(".f-type").textContent()).toBe("[]string");
    await page.screenshot({ path: path.join(SHOTS, `namespace-spec-${size}.png`) });
    expect(remote).toEqual([]);
    await page.context().close();
  });

  it.each(["desktop", "phone"])("%s: dark mode follows the system setting", async (size) => {
    const { page, remote } = await open(size, "dark");
    await page.goto(url("core/v1/Namespace.html"));
    const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(120);
    await page.screenshot({ path: path.join(SHOTS, `namespace-${size}-dark.png`) });
    await page.goto(url("index.html"));
    await page.screenshot({ path: path.join(SHOTS, `index-${size}-dark.png`) });
    expect(remote).toEqual([]);
    await page.context().close();
  });

  it("the index filter narrows the kinds as you type", async () => {
    const { page } = await open("desktop", "light");
    await page.goto(url("index.html"));
    const namespace = page.locator("a.card-link", { hasText: /^Namespace$/ });
    const lease = page.locator("a.card-link", { hasText: /^Lease$/ });
    await page.keyboard.press("/");
    await page.keyboard.type("lease");
    expect(await lease.isVisible()).toBe(true);
    expect(await namespace.isVisible()).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, "index-filtered-desktop.png") });
    await page.keyboard.press("Escape");
    expect(await namespace.isVisible()).toBe(true);
    await page.context().close();
  });
});
