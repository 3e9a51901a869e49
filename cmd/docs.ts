/**
 * `kubegen docs`: build the HTML API reference from OpenAPI documents (the generated ones by
 * default) and/or CustomResourceDefinition manifests, or with `--verify` list the pages that are
 * stale and fail.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { buildDocs } from "../generator/docs/build-docs.js";

const KUBEGEN_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function docsCommand(): Command {
  return new Command("docs")
    .description(
      "build the HTML API reference from OpenAPI documents (v3/**/*.json and v2/swagger.json, or any folder of them) and/or CRD manifests",
    )
    .option("--openapi <dir>", "folder (or file) of OpenAPI documents; the generated ones unless --crds is given alone")
    .option("--crds <path...>", "CustomResourceDefinition manifests: files or folders of YAML/JSON, multi-document YAML allowed")
    .option("--title <text>", "the site's title (default: the OpenAPI document's, or the CRDs' groups)")
    .option("--base-url <url>", "where the site is published, e.g. https://me.github.io/my-api/ (canonical links and sitemap.xml)")
    .option("--link-k8s-types", "link meta/v1 and other apimachinery types to kubernetes.io instead of rendering them")
    .option("--output <dir>", "folder to write the reference to", path.join(KUBEGEN_ROOT, "generated", "docs"))
    .option("--verify", "write nothing; fail listing every page that differs from what would be built")
    .action(
      (opts: {
        openapi?: string;
        crds?: string[];
        title?: string;
        baseUrl?: string;
        linkK8sTypes?: boolean;
        output: string;
        verify?: boolean;
      }) => {
        const started = performance.now();
        const openapi = opts.openapi ?? (opts.crds?.length ? undefined : path.join(KUBEGEN_ROOT, "generated", "openapi"));
        let result: ReturnType<typeof buildDocs>;
        try {
          result = buildDocs({ ...opts, openapi });
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
        const from = [openapi, ...(opts.crds ?? [])]
          .filter((x): x is string => !!x)
          .map((p) => path.relative(process.cwd(), path.resolve(p)) || ".");
        console.log(
          `docs from ${sources.length} files in ${from.join(", ")}: wrote ${plan.write.length}, removed ${plan.remove.length}, unchanged ${plan.unchanged.length} (${ms} ms)`,
        );
        const index = path.resolve(opts.output, "index.html");
        const shown = path.relative(process.cwd(), index);
        console.log(`  open ${shown.startsWith("..") ? index : shown}`);
      },
    );
}
