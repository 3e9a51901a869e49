/**
 * The generator's version for the incremental caches: a hash of its own sources and templates,
 * so any change to the generator invalidates every cached model and emitted file.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const GENERATOR_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Every source file under the generator and its templates: any change there invalidates all. */
let generatorHash: string | undefined;
export function generatorVersion(): string {
  if (generatorHash) return generatorHash;
  const h = createHash("sha256");
  const walk = (dir: string): void => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else h.update(`${abs}\0`).update(fs.readFileSync(abs)).update("\0");
    }
  };
  walk(GENERATOR_ROOT);
  walk(path.join(GENERATOR_ROOT, "..", "templates"));
  return (generatorHash = h.digest("hex"));
}
