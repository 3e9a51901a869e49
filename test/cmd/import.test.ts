/**
 * `kubegen import go` as users run it: the kubebuilder fixture imported into a folder (what it
 * wrote and left out is printed), and bad Go input exits 1 naming file and line, writing nothing.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = path.resolve("bin/kubegen.js");
const FIXTURE = path.resolve("test/fixtures/importgo/kubebuilder");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-import-cmd-"));
  dirs.push(d);
  return d;
}

const kubegen = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8" });

describe("kubegen import go", () => {
  it("writes the api/ form of a Go project and says what it left out", () => {
    const out = path.join(tmp(), "api");
    const r = kubegen("import", "go", "--from", FIXTURE, "--output", out);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("imported 1 packages: 1 kinds, 7 types, 17 fields; wrote 2 files");
    expect(r.stdout).toContain("tags kubegen does not read, left out: +kubebuilder:example (1)");
    expect(fs.readFileSync(path.join(out, "api/v1/widget-types.ts"), "utf8")).toContain("export interface Widget extends TypeMeta {");
  });

  it("exits 1 on Go it cannot parse, naming file and line, and writes nothing", () => {
    const from = tmp();
    fs.writeFileSync(path.join(from, "go.mod"), "module example.com/bad\n");
    fs.writeFileSync(path.join(from, "types.go"), "package v1\n\ntype A struct {\n\tB map[string\n}\n");
    const out = path.join(from, "api");
    const r = kubegen("import", "go", "--from", from, "--output", out);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^types\.go:4: /);
    expect(fs.existsSync(out)).toBe(false);
  });
});
