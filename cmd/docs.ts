/**
 * `kubegen docs`: build the HTML API reference from the generated OpenAPI documents, or with
 * `--verify` list the pages that are stale and fail.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { buildDocs } from "../generator/docs/build-docs.js";

const KUBEGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function docsCommand(): Command {
  return new Command("docs")
    .description("build the HTML API reference from OpenAPI documents (v2/swagger.json, else v3/**/*.json)")
    .option("--openapi <dir>", "folder of OpenAPI documents", path.join(KUBEGEN_ROOT, "generated", "openapi"))
    .option("--output <dir>", "folder to write the reference to", path.join(KUBEGEN_ROOT, "generated", "docs"))
    .option("--verify", "write nothing; fail listing every page that differs from what would be built")
    .action((opts: { openapi: string; output: string; verify?: boolean }) => {
      const started = performance.now();
      let result: ReturnType<typeof buildDocs>;
      try {
        result = buildDocs(opts);
      } catch (err) {
        console.error((err as Error).message);
        process.exitCode = 1;
        return;
      }
      const { plan, sources } = result;
      const ms = Math.round(performance.now() - started);
      if (opts.verify) {
        const stale = [...plan.write.map((f) => f.path), ...plan.remove.map((r) => `${r} (should not exist)`)];
        if (stale.length) {
          console.error(`docs are stale; run \`npm run docs\`:\n${stale.map((s) => `  ${s}`).join("\n")}`);
          process.exitCode = 1;
          return;
        }
        console.log(`docs are up to date (${plan.unchanged.length} files, ${ms} ms)`);
        return;
      }
      const from = path.relative(process.cwd(), path.resolve(opts.openapi)) || ".";
      console.log(`docs from ${sources.length} OpenAPI documents in ${from}: wrote ${plan.write.length}, removed ${plan.remove.length}, unchanged ${plan.unchanged.length} (${ms} ms)`);
      const index = path.resolve(opts.output, "index.html");
      const shown = path.relative(process.cwd(), index);
      console.log(`  open ${shown.startsWith("..") ? index : shown}`);
    });
}
