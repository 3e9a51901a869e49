/**
 * Formats generated files with prettier, so output reads like hand-written code and diffs stay
 * small. Only TypeScript goes through prettier; other languages are emitted formatted.
 */
import * as prettier from "prettier";
import type { GeneratedFile } from "../emit/emitter.js";

const OPTIONS: prettier.Options = { parser: "typescript", printWidth: 110 };

export async function formatFiles(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async (f) => (f.path.endsWith(".ts") ? { ...f, content: await prettier.format(f.content, OPTIONS) } : f)),
  );
}
