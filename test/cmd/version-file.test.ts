/**
 * runtime/version.ts: the version constant `kubegen generate` writes from package.json, which the
 * REST client's default User-Agent carries (no package.json is read at run time).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { versionFile, writeVersionFile } from "../../cmd/version-file.js";
import { KUBEGEN_VERSION } from "../../runtime/version.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("runtime/version.ts", () => {
  it("is current in this checkout and holds package.json's version", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(versionFile(ROOT).current).toBe(true);
    expect(KUBEGEN_VERSION).toBe(version);
  });

  it("is rewritten when package.json's version changes, and then current", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-version-"));
    try {
      fs.mkdirSync(path.join(root, "runtime"));
      fs.writeFileSync(path.join(root, "package.json"), JSON.stringify({ version: "9.8.7" }));
      const stale = versionFile(root);
      expect(stale.current).toBe(false);
      writeVersionFile(stale);
      expect(fs.readFileSync(path.join(root, "runtime/version.ts"), "utf8")).toContain('export const KUBEGEN_VERSION = "9.8.7";');
      expect(versionFile(root).current).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
