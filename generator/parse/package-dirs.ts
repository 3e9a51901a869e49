/**
 * The API package folders under a root: every folder holding a .ts file (not .d.ts). Apart from
 * the reader so the parse cache can list folders without loading ts-morph.
 */
import fs from "node:fs";
import path from "node:path";

export function listPackageDirs(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    const entries = fs.readdirSync(dir, { withFileTypes: true });
    if (entries.some((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))) out.push(dir);
    for (const e of entries) {
      if (e.isDirectory() && e.name !== "node_modules" && !e.name.startsWith(".")) walk(path.join(dir, e.name));
    }
  };
  walk(root);
  return out.sort();
}

/** The files the reader takes from a folder, in its order. */
export function packageFiles(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .sort()
    .map((f) => path.join(dir, f));
}
