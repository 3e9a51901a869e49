/**
 * The torture suite's machinery: each case under test/fixtures/torture/<case>/ is an api/ tree and
 * an expect.json saying what must come of it, either the exact `file:line: message` errors or
 * output that its readers accept. Generated output goes to .tmp/torture/<case>/ inside the
 * repository, so `kubegen/...` imports resolve as they do for a user's project.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { generate } from "../../../generator/generate.js";
import type { Model } from "../../../generator/model/types.js";
import { GeneratorError } from "../../../generator/model/diagnostics.js";

export const REPO = path.resolve(import.meta.dirname, "../../..");
export const CASES = path.join(REPO, "test/fixtures/torture");
export const OUT = path.join(REPO, ".tmp/torture");

export interface Expectation {
  /** `api/<pkg>/<file>:<line>: <message>`, relative to the case folder, in report order. */
  errors?: string[];
  /** What a case with valid input must give; checks.ts holds the per-case assertions. */
  ok?: { notes?: string };
}

export interface CaseResult {
  name: string;
  dir: string;
  out: string;
  expect: Expectation;
  model?: Model;
  errors?: string[];
  /** Anything other than a GeneratorError: always a bug. */
  crash?: unknown;
}

export function caseNames(): string[] {
  return fs
    .readdirSync(CASES)
    .filter((d) => fs.existsSync(path.join(CASES, d, "expect.json")))
    .sort();
}

export async function runCase(name: string): Promise<CaseResult> {
  const dir = path.join(CASES, name);
  const out = path.join(OUT, name);
  fs.rmSync(out, { recursive: true, force: true });
  const expect = JSON.parse(fs.readFileSync(path.join(dir, "expect.json"), "utf8")) as Expectation;
  const result: CaseResult = { name, dir, out, expect };
  try {
    const r = await generate({
      input: path.join(dir, "api"),
      output: out,
      runtimeImport: "kubegen/runtime",
      libraryRoots: [path.join(REPO, "api")],
    });
    result.model = r.model;
  } catch (err) {
    if (err instanceof GeneratorError) {
      result.errors = err.diagnostics.map((d) => `${path.relative(dir, d.pos.file).split(path.sep).join("/")}:${d.pos.line}: ${d.message}`);
    } else {
      result.crash = err;
    }
  }
  return result;
}

/** Every file below a folder, relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join("/"))
    .sort();
}

/**
 * One strict tsc run over the output of every case (what it reaches in runtime/ and api/
 * included); returns the diagnostics per case folder.
 */
export function typecheck(cases: CaseResult[]): Map<string, string[]> {
  const config = path.join(OUT, "tsconfig.json");
  fs.writeFileSync(config, JSON.stringify({ extends: "../../tsconfig.json", include: cases.map((c) => `${c.name}/**/*.ts`) }, null, 2));
  const tsc = path.join(REPO, "node_modules/typescript/bin/tsc");
  const r = spawnSync(process.execPath, [tsc, "--noEmit", "--pretty", "false", "-p", config], { encoding: "utf8", cwd: REPO });
  const byCase = new Map<string, string[]>(cases.map((c) => [c.name, []]));
  for (const line of r.stdout.split("\n").filter((l) => /error TS\d+/.test(l))) {
    const rel = path.relative(OUT, path.resolve(REPO, line.slice(0, line.indexOf("("))));
    const name = rel.split(path.sep)[0]!;
    (byCase.get(name) ?? byCase.set(name, []).get(name)!).push(line);
  }
  if (r.status !== 0 && [...byCase.values()].every((l) => l.length === 0)) {
    byCase.set("(tsc)", [r.stdout, r.stderr]);
  }
  return byCase;
}

/** protoc over a case's .proto files (the built-in ones on the import path); "" when it accepts them. */
export function protoc(c: CaseResult): string {
  const protoDir = path.join(c.out, "proto");
  const files = filesUnder(protoDir).filter((f) => f.endsWith(".proto"));
  if (files.length === 0) return "";
  try {
    execFileSync(
      "protoc",
      [
        `--proto_path=${protoDir}`,
        `--proto_path=${path.join(REPO, "generated/proto")}`,
        `--descriptor_set_out=${path.join(c.out, "set.pb")}`,
        ...files,
      ],
      { stdio: "pipe" },
    );
    return "";
  } catch (err) {
    return String((err as { stderr?: Buffer }).stderr ?? err);
  }
}
