/**
 * `kubegen generate`: regenerate the output folder from annotated API types, or with
 * `--verify` list what is stale and fail.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";

const KUBEGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function generateCommand(): Command {
  return new Command("generate")
    .description("generate deepcopy, registration, docs metadata and more from annotated API types")
    .option("--input <dir>", "folder of API packages", path.join(KUBEGEN_ROOT, "api"))
    .option("--output <dir>", "folder to write generated code to", path.join(KUBEGEN_ROOT, "generated"))
    .option(
      "--runtime <specifier>",
      "module generated code imports the runtime from (default: kubegen/runtime, or this checkout's runtime/ for its own api/)",
    )
    .option("--verify", "write nothing; fail listing every file that differs from what would be generated")
    .action(async (opts: { input: string; output: string; runtime?: string; verify?: boolean }) => {
      const input = path.resolve(opts.input);
      const builtin = input === path.join(KUBEGEN_ROOT, "api");
      const started = performance.now();
      // The generator (ts-morph, prettier) loads only when this command runs, so other
      // subcommands such as `kubegen apiserver` start without it.
      const { generate } = await import("../generator/generate.js");
      const { GeneratorError } = await import("../generator/parse/diagnostics.js");
      try {
        const { plan } = await generate({
          input,
          output: opts.output,
          runtimeImport: opts.runtime ?? (builtin ? path.join(KUBEGEN_ROOT, "runtime") : "kubegen/runtime"),
          libraryRoots: builtin ? [] : [path.join(KUBEGEN_ROOT, "api")],
          verify: opts.verify,
        });
        const ms = Math.round(performance.now() - started);
        if (opts.verify) {
          const stale = [...plan.write.map((f) => f.path), ...plan.remove.map((r) => `${r} (should not exist)`)];
          if (stale.length) {
            console.error(`generated code is stale; run \`npm run generate\`:\n${stale.map((s) => `  ${s}`).join("\n")}`);
            process.exitCode = 1;
            return;
          }
          console.log(`generated code is up to date (${plan.unchanged.length} files, ${ms} ms)`);
          return;
        }
        console.log(
          `wrote ${plan.write.length}, removed ${plan.remove.length}, unchanged ${plan.unchanged.length} (${ms} ms)`,
        );
        for (const f of plan.write) console.log(`  wrote ${f.path}`);
        for (const r of plan.remove) console.log(`  removed ${r}`);
      } catch (err) {
        if (err instanceof GeneratorError) {
          console.error(err.message);
          console.error(`${err.diagnostics.length} error(s); nothing was written`);
          process.exitCode = 1;
          return;
        }
        throw err;
      }
    });
}
