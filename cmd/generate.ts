/**
 * `kubegen generate`: regenerate the output folder from annotated API types, or with
 * `--verify` list what is stale and fail.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { versionFile, writeVersionFile } from "./version-file.js";

const KUBEGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One generator run: an API folder into an output folder. */
interface Target {
  input: string;
  output: string;
  runtimeImport: string;
  libraryRoots: string[];
}

/**
 * What `kubegen generate` without --input covers: kubegen's own api/ (importing this checkout's
 * runtime by path) and every example group under examples/<name>/api, generated as a user's
 * project would be (importing the `kubegen` package, which resolves to this checkout by name).
 */
function repositoryTargets(output: string | undefined, runtime: string | undefined): Target[] {
  const builtin: Target = {
    input: path.join(KUBEGEN_ROOT, "api"),
    output: output ?? path.join(KUBEGEN_ROOT, "generated"),
    runtimeImport: runtime ?? path.join(KUBEGEN_ROOT, "runtime"),
    libraryRoots: [],
  };
  // An explicit --output means "this API somewhere else": the examples keep their own folders.
  if (output !== undefined) return [builtin];
  const examples = path.join(KUBEGEN_ROOT, "examples");
  const found = existsSync(examples)
    ? readdirSync(examples, { withFileTypes: true })
        .filter((e) => e.isDirectory() && existsSync(path.join(examples, e.name, "api")))
        .map((e) => e.name)
        .sort()
    : [];
  return [
    builtin,
    ...found.map((name) => ({
      input: path.join(examples, name, "api"),
      output: path.join(examples, name, "generated"),
      runtimeImport: "kubegen/runtime",
      libraryRoots: [path.join(KUBEGEN_ROOT, "api")],
    })),
  ];
}

export function generateCommand(): Command {
  return new Command("generate")
    .description("generate deepcopy, registration, clients, protobuf, OpenAPI and CRD manifests from annotated API types")
    .option("--input <dir>", "folder of API packages (default: this checkout's api/ and examples/*/api)")
    .option("--output <dir>", "folder to write generated code to (default: generated/ beside the input's api/)")
    .option(
      "--runtime <specifier>",
      "module generated code imports the runtime from (default: kubegen/runtime, or this checkout's runtime/ for its own api/)",
    )
    .option("--verify", "write nothing; fail listing every file that differs from what would be generated")
    .option("--no-cache", "parse and emit everything, neither reading nor writing .kubegen-cache/ beside the input")
    .action(async (opts: { input?: string; output?: string; runtime?: string; verify?: boolean; cache: boolean }) => {
      const input = opts.input === undefined ? undefined : path.resolve(opts.input);
      const targets: Target[] =
        input === undefined || input === path.join(KUBEGEN_ROOT, "api")
          ? repositoryTargets(opts.output, opts.runtime)
          : [
              {
                input,
                output: opts.output ?? path.join(path.dirname(input), "generated"),
                runtimeImport: opts.runtime ?? "kubegen/runtime",
                libraryRoots: [path.join(KUBEGEN_ROOT, "api")],
              },
            ];
      const started = performance.now();
      // The generator (ts-morph, prettier) loads only when this command runs, so other
      // subcommands such as `kubegen apiserver` start without it.
      const { generate } = await import("../generator/generate.js");
      const { GeneratorError } = await import("../generator/model/diagnostics.js");
      const { applyPlan } = await import("../generator/write/plan.js");
      try {
        const stale: string[] = [];
        let unchanged = 0;
        // Every target is planned before any is written, so bad input anywhere writes nothing.
        const plans = [];
        for (const target of targets) {
          plans.push({ target, plan: (await generate({ ...target, verify: true, ...(!opts.cache && { cacheDir: false }) })).plan });
        }
        // The checkout's own runtime carries the version as a constant (see version-file.ts).
        const version =
          targets[0]?.input === path.join(KUBEGEN_ROOT, "api") && existsSync(path.join(KUBEGEN_ROOT, "runtime"))
            ? versionFile(KUBEGEN_ROOT)
            : undefined;
        if (version && !version.current) {
          if (opts.verify) stale.push(path.relative(KUBEGEN_ROOT, version.file));
          else {
            writeVersionFile(version);
            console.log(`wrote ${path.relative(KUBEGEN_ROOT, version.file)}`);
          }
        }
        for (const { target, plan } of plans) {
          if (!opts.verify) applyPlan(path.resolve(target.output), plan);
          // Paths of the examples are shown from the checkout, so one listing covers every target.
          const prefix = targets.length > 1 && target !== targets[0] ? `${path.relative(KUBEGEN_ROOT, target.output)}/` : "";
          const label = prefix.replace(/\/$/, "");
          unchanged += plan.unchanged.length;
          if (opts.verify) {
            stale.push(...plan.write.map((f) => prefix + f.path), ...plan.remove.map((r) => `${prefix}${r} (should not exist)`));
            continue;
          }
          console.log(
            `${label ? `${label}: ` : ""}wrote ${plan.write.length}, removed ${plan.remove.length}, unchanged ${plan.unchanged.length}`,
          );
          for (const f of plan.write) console.log(`  wrote ${prefix}${f.path}`);
          for (const r of plan.remove) console.log(`  removed ${prefix}${r}`);
        }
        const ms = Math.round(performance.now() - started);
        if (opts.verify) {
          if (stale.length) {
            console.error(`generated code is stale; run \`npm run generate\`:\n${stale.map((s) => `  ${s}`).join("\n")}`);
            process.exitCode = 1;
            return;
          }
          console.log(`generated code is up to date (${unchanged} files, ${ms} ms)`);
          return;
        }
        console.log(`done (${ms} ms)`);
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
