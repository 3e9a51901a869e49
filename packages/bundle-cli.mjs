/**
 * The apiserver package's CLI as one esbuild bundle (dist/bundle/), which its bin runs: Node's ESM
 * loader resolving, reading and linking ~900 module files one by one was most of `kubegen up`'s
 * start-up; a handful of bundled chunks load in about half that time. Code splitting keeps the
 * CLI's dynamic imports lazy (the controller-manager loads once the apiserver serves; the
 * generator's commands stay in @kubegen/generator).
 *
 * What stays outside the bundle, imported as usual:
 * - npm dependencies (native better-sqlite3, and packages whose CommonJS code requires Node
 *   built-ins), which the package.json must then declare;
 * - the generated OpenAPI documents (7.6 MB of text), which dist/ ships already: the bundle
 *   imports that module rather than carrying a second copy.
 * The kubegen package (runtime, generated API code) is bundled: those modules are the bulk of the
 * files the loader walked.
 */
import path from "node:path";
import * as esbuild from "esbuild";

const DOCUMENTS = /\/generated\/openapi\/documents\.js$/;

/** A bare specifier names an npm package: `kubegen` (and its sub-paths) is bundled, any other is left to Node. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === "kubegen" || args.path.startsWith("kubegen/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** The documents module resolves to dist/'s copy, from the bundle's folder. */
function sharedDocuments(outdir, distDir) {
  return {
    name: "shared-openapi-documents",
    setup(build) {
      build.onResolve({ filter: /(^|\/)documents\.js$/ }, async (args) => {
        if (args.pluginData === "resolving") return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
        if (resolved.errors.length || !DOCUMENTS.test(resolved.path)) return undefined;
        const target = path.join(distDir, "generated/openapi/documents.js");
        return { path: `./${path.relative(outdir, target).split(path.sep).join("/")}`, external: true };
      });
    },
  };
}

/**
 * Bundles `<root>/dist/cmd/kubegen.js` into `<root>/dist/bundle/` (ESM chunks). Returns the number of
 * source modules it took in.
 */
export async function bundleCLI(root) {
  const distDir = path.join(root, "dist");
  const outdir = path.join(distDir, "bundle");
  const result = await esbuild.build({
    entryPoints: { kubegen: path.join(distDir, "cmd/kubegen.js") },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    plugins: [sharedDocuments(outdir, distDir), externalPackages],
  });
  return Object.keys(result.metafile.inputs).length;
}
