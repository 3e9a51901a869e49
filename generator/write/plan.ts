/**
 * Compares what the emitters produced with what is on disk: which files to write, which are
 * unchanged, and which generated files no longer have a source (stale).
 */
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emit/emitter.js";
import { isGenerated } from "../emit/header.js";
import type { OutputRecord } from "./output-record.js";

export interface WritePlan {
  write: GeneratedFile[];
  unchanged: string[];
  /** Generated files on disk that nothing produces any more. */
  remove: string[];
}

function listFiles(root: string, skip: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      const rel = path.relative(root, abs).split(path.sep).join("/");
      if (skip.some((s) => rel === s || rel.startsWith(`${s}/`))) continue;
      if (e.isDirectory()) walk(abs);
      else out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}

/**
 * @param skip output subfolders owned by other commands (e.g. `docs`, built by `npm run docs`)
 * @param record what an earlier run found on disk (output-record.ts), so unchanged files need not be read
 */
export function planWrites(outputRoot: string, files: GeneratedFile[], skip: readonly string[] = [], record?: OutputRecord): WritePlan {
  const plan: WritePlan = { write: [], unchanged: [], remove: [] };
  const produced = new Set(files.map((f) => f.path));
  const holds = (f: GeneratedFile, abs: string): boolean =>
    record ? record.holds(f.path, abs, f.content) : fs.existsSync(abs) && fs.readFileSync(abs, "utf8") === f.content;
  for (const f of files) {
    if (holds(f, path.join(outputRoot, f.path))) plan.unchanged.push(f.path);
    else plan.write.push(f);
  }
  for (const rel of listFiles(outputRoot, skip)) {
    if (produced.has(rel)) continue;
    if (isGenerated(fs.readFileSync(path.join(outputRoot, rel), "utf8"))) plan.remove.push(rel);
  }
  return plan;
}

/** Carries out a plan: writes changed files, removes stale ones and any folder left empty. */
export function applyPlan(outputRoot: string, plan: WritePlan): void {
  for (const f of plan.write) {
    const abs = path.join(outputRoot, f.path);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, f.content);
  }
  for (const rel of plan.remove) {
    const abs = path.join(outputRoot, rel);
    fs.rmSync(abs);
    let dir = path.dirname(abs);
    while (dir.startsWith(outputRoot) && dir !== outputRoot && fs.readdirSync(dir).length === 0) {
      fs.rmdirSync(dir);
      dir = path.dirname(dir);
    }
  }
}
