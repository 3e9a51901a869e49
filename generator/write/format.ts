/**
 * Formats generated files with prettier, so output reads like hand-written code and diffs stay
 * small. Only TypeScript goes through prettier; other languages are emitted formatted.
 */
import * as prettier from "prettier";
import type { GeneratedFile } from "../emit/emitter.js";

// babel-ts parses TypeScript about twice as fast as the typescript parser, with the same output here.
const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 110 };

export async function formatFiles(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(
    files.map(async (f) => (f.path.endsWith(".ts") ? { ...f, content: await prettier.format(f.content, OPTIONS) } : f)),
  );
}
