/**
 * `kubegen import go --from DIR --output DIR`: Go API packages (a kubebuilder project's api/, or
 * kubernetes/api) into annotated TypeScript in the api/ form.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";

const KUBEGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function importCommand(): Command {
  const cmd = new Command("import").description("import API types written in another language into the api/ form");
  cmd.addCommand(
    new Command("go")
      .description("read Go API packages (json/protobuf struct tags, + comment tags, kubebuilder markers) and write annotated TypeScript")
      .requiredOption("--from <dir>", "folder of Go packages (searched recursively)")
      .requiredOption("--output <dir>", "api/ folder to write into")
      .option("--no-docs", "write no doc comments (for API text you will word yourself)")
      .option("--packages <list>", "only these package folders, relative to --from (comma-separated, e.g. apps/v1,batch/v1)")
      .option("--module <path>", "the Go module path of --from, when no go.mod above it names it")
      .action(async (opts: { from: string; output: string; docs: boolean; packages?: string; module?: string }) => {
        // Loaded only when this command runs, as the generator is for `generate`.
        const { importGo, writeImport } = await import("../generator/importgo/import-go.js");
        const { GoSyntaxError } = await import("../generator/importgo/go-lexer.js");
        const output = path.resolve(opts.output);
        let report;
        try {
          report = importGo({
            from: opts.from,
            output,
            libraryRoot: path.join(KUBEGEN_ROOT, "api"),
            noDocs: !opts.docs,
            packages: opts.packages
              ?.split(",")
              .map((s) => s.trim())
              .filter(Boolean),
            ...(opts.module ? { module: opts.module } : {}),
          });
        } catch (err) {
          if (err instanceof GoSyntaxError || (err instanceof Error && err.message.includes("go.mod"))) {
            console.error(err.message);
            process.exitCode = 1;
            return;
          }
          throw err;
        }
        if (report.errors.length) {
          for (const e of report.errors) console.error(e);
          console.error(`${report.errors.length} error(s); nothing was written`);
          process.exitCode = 1;
          return;
        }
        writeImport(output, report);
        const c = report.counts;
        console.log(
          `imported ${c.packages} packages: ${c.kinds} kinds, ${c.types} types, ${c.fields} fields; wrote ${report.files.size} files`,
        );
        for (const n of report.notes) console.log(n);
        if (report.dropped.size) {
          const list = [...report.dropped].sort((a, b) => b[1] - a[1]).map(([t, n]) => `${t} (${n})`);
          console.log(`tags kubegen does not read, left out: ${list.join(", ")}`);
        }
      }),
  );
  return cmd;
}
