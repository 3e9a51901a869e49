/**
 * The apiserver package's CLI as one esbuild bundle (dist/bundle/), which its bin runs: Node's ESM
 * loader resolving, reading and linking ~1,100 module files one by one (ours, the kubegen
 * package's, and the npm dependencies') was most of `kubegen up`'s start-up; with a handful of
 * bundled chunks instead it reaches ready on about a third less CPU. Code splitting keeps the CLI's dynamic imports lazy (the
 * controller-manager loads once the apiserver serves; the generator's commands stay in
 * @kubegen/generator).
 *
 * What stays outside the bundle, imported as usual:
 * - better-sqlite3 (native code, found through its own package) and @kubegen/generator;
 * - `kerberos`, which the client's proxy support imports only for Negotiate proxy authentication,
 *   in a try (found when the user installs it, as before);
 * - the generated OpenAPI documents (7.6 MB of text), which dist/ ships already: the bundle
 *   imports that module rather than carrying a second copy.
 * The npm dependencies are bundled at the versions built against; their licences are collected
 * in dist/bundle/THIRD-PARTY-LICENSES.txt. dist/ keeps importing them by name for programs that
 * use the package as a library.
 */
import fs from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";

const DOCUMENTS = /\/generated\/openapi\/documents\.js$/;

/** Optional imports of bundled dependencies: resolved at run time when installed, not declared. */
export const OPTIONAL_IMPORTS = ["kerberos"];

/** Packages the bundle leaves to Node: native code, the generator's commands (another package), optional imports. */
const KEEP_EXTERNAL = ["better-sqlite3", "@kubegen/generator", ...OPTIONAL_IMPORTS];

/** A bare specifier names an npm package: bundled unless listed. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = args.path.startsWith("@") ? args.path.split("/").slice(0, 2).join("/") : args.path.split("/")[0];
      if (name.startsWith("node:") || KEEP_EXTERNAL.includes(name)) return { path: args.path, external: true };
      return undefined;
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
export async function bundleCLI(root, { outdir = path.join(root, "dist", "bundle") } = {}) {
  const distDir = path.join(root, "dist");
  const result = await esbuild.build({
    entryPoints: { kubegen: path.join(distDir, "cmd/kubegen.js") },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    metafile: true,
    logLevel: "warning",
    // CommonJS dependencies bundled into ESM still call require() (for Node's built-ins).
    banner: {
      js: 'import { createRequire as __kubegenCreateRequire } from "node:module";\nconst require = __kubegenCreateRequire(import.meta.url);',
    },
    plugins: [sharedDocuments(outdir, distDir), externalPackages],
  });
  writeLicenses(outdir, Object.keys(result.metafile.inputs));
  return Object.keys(result.metafile.inputs).length;
}

/** Each bundled npm package's name, version and licence text, as its licence asks to be kept with copies. */
function writeLicenses(outdir, inputs) {
  const roots = new Set();
  for (const input of inputs) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) roots.add(path.resolve(m[1]));
  }
  const sections = [...roots].sort().map((root) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
    const file = fs.readdirSync(root).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
    const text = file ? fs.readFileSync(path.join(root, file), "utf8").trim() : `License: ${manifest.license ?? "(not stated)"}`;
    return `${manifest.name}@${manifest.version}\n\n${text}\n`;
  });
  fs.writeFileSync(path.join(outdir, "THIRD-PARTY-LICENSES.txt"), sections.join(`\n${"-".repeat(72)}\n\n`));
}
