/**
 * The apiserver package's CLI as one esbuild bundle (dist/bundle/kubegen.cjs), which its bin runs:
 * Node's ESM loader resolving, reading and linking ~1,100 module files one by one (ours, the
 * kubegen package's, and the npm dependencies') was most of `kubegen up`'s start-up. The bundle is
 * CommonJS, one file, so that the bin can compile it with V8's code cache of an earlier run
 * (generator/parse/code-cache.ts, bundled beside as dist/bundle/code-cache.js): compiling 6 MB of
 * source was the largest part of what remained. Modules the CLI imports dynamically stay lazy
 * (esbuild wraps them; the controller-manager's are evaluated once the apiserver serves), and
 * the bundle calls no import(): code run from V8's cache cannot on Node 20, so the few packages
 * left outside are require()d (the generator's commands as ES modules: Node 20.19+'s
 * require(esm)).
 *
 * What stays outside the bundle:
 * - better-sqlite3 (native code, found through its own package) and @kubegen/generator;
 * - `kerberos`, which the client's proxy support loads only for Negotiate proxy authentication,
 *   in a try (found when the user installs it, as before);
 * - the generated OpenAPI documents (7.6 MB of text): the bundle reads each from its JSON file
 *   in dist/ when first asked for (fileDocuments), rather than carrying a copy.
 * The npm dependencies are bundled at the versions built against; their licences are collected
 * in dist/bundle/THIRD-PARTY-LICENSES.txt. dist/ keeps importing them by name for programs that
 * use the package as a library.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
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

/**
 * The documents module, as the bundle has it: each document read from its JSON file in dist/
 * (packages/build.mjs copies them beside the module) when first asked for. Requiring the
 * module instead cost every start ~75 ms (7.6 MB read and compiled outside the code cache) for
 * the one document a start reads (v2/swagger.json, 2.2 MB). Checked here to be the module's
 * texts, byte for byte, so what is served is unchanged.
 */
function fileDocuments(outdir, distDir) {
  const dir = path.join(distDir, "generated/openapi");
  return {
    name: "openapi-documents-from-files",
    setup(build) {
      build.onResolve({ filter: /(^|\/)documents\.js$/ }, async (args) => {
        if (args.pluginData === "resolving") return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
        if (resolved.errors.length || !DOCUMENTS.test(resolved.path)) return undefined;
        return { path: "documents", namespace: "openapi-documents" };
      });
      build.onLoad({ filter: /.*/, namespace: "openapi-documents" }, async () => {
        const { documents } = await import(pathToFileURL(path.join(dir, "documents.js")).href);
        const files = Object.keys(documents);
        for (const file of files) {
          const text = fs.readFileSync(path.join(dir, file), "utf8");
          if (text !== documents[file]) throw new Error(`bundle-cli: ${path.join(dir, file)} is not documents.js's text for ${file}`);
        }
        const fromBundle = path.relative(outdir, dir).split(path.sep).join("/");
        return {
          loader: "js",
          contents: `const fs = require("node:fs");
const path = require("node:path");
const { isAscii } = require("node:buffer");
const dir = path.join(__dirname, ${JSON.stringify(fromBundle)});
const texts = new Map();
function read(file) {
  let text = texts.get(file);
  if (text === undefined) {
    const bytes = fs.readFileSync(path.join(dir, file));
    text = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
    texts.set(file, text);
  }
  return text;
}
const documents = {};
for (const file of ${JSON.stringify(files)}) Object.defineProperty(documents, file, { get: () => read(file), enumerable: true });
module.exports = { documents };
`,
        };
      });
    },
  };
}

/**
 * Modules evaluated on first use rather than at load: CEL (the library, its protobuf descriptors
 * and our environments over them, ~20 ms of module evaluation) serves CRD validation rules and
 * admission policies, which no start-up reads. Imported from outside this set, such a module is
 * a stand-in whose exports are getters that evaluate it; inside the set imports stay direct.
 */
const LAZY_MODULES =
  /\/dist\/apiserver\/(cel\/(cost|env|fast-path|library|optional|runtime-cost)|registry\/schema\/cel|registry\/validation\/(resource|admissionregistration)-cel)\.js$/;

/** Each lazy module's runtime exports (its own: a re-export of everything is refused), by file. */
async function lazyModuleExports(distDir) {
  const files = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (LAZY_MODULES.test(p)) files.push(p);
    }
  };
  walk(path.join(distDir, "apiserver"));
  const result = await esbuild.build({
    entryPoints: files,
    outdir: path.join(distDir, "lazy-exports"),
    bundle: false,
    write: false,
    metafile: true,
    format: "esm",
    logLevel: "silent",
  });
  const names = new Map();
  for (const output of Object.values(result.metafile.outputs)) {
    const file = path.resolve(output.entryPoint);
    if (/^\s*export \*/m.test(fs.readFileSync(file, "utf8")))
      throw new Error(`bundle-cli: ${file} re-exports with export *: cannot be lazy`);
    names.set(file, output.exports);
  }
  return names;
}

/** Plugin: imports of LAZY_MODULES from outside the set get the stand-in (names: lazyModuleExports). */
function lazyModules(distDir, names) {
  return {
    name: "lazy-modules",
    setup(build) {
      // Relative imports only: the set imports nothing across packages, and its importers reach it by path.
      build.onResolve({ filter: /^\.\.?\/.*\.js$/ }, (args) => {
        if (args.namespace !== "file" || LAZY_MODULES.test(args.importer)) return undefined;
        const file = path.resolve(args.resolveDir, args.path);
        // Named relative to dist/: the bundle says no more of the checkout's path than before.
        return LAZY_MODULES.test(file) ? { path: path.relative(distDir, file), namespace: "lazy-module" } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: "lazy-module" }, (args) => {
        const file = path.join(distDir, args.path);
        const exports = names.get(file);
        if (!exports) throw new Error(`bundle-cli: no export list for ${file}`);
        return {
          loader: "js",
          resolveDir: path.dirname(file),
          contents: `let loaded;
const load = () => (loaded ??= require(${JSON.stringify(`./${path.basename(file)}`)}));
Object.defineProperty(exports, "__esModule", { value: true });
for (const name of ${JSON.stringify(exports)}) Object.defineProperty(exports, name, { enumerable: true, get: () => load()[name] });
`,
        };
      });
    },
  };
}

/**
 * Bundles `<root>/dist/cmd/program.js` (its runKubegen) into `<root>/dist/bundle/kubegen.cjs`, and
 * the code cache loader `codeCache` (the compiled generator/parse/code-cache.js) into
 * dist/bundle/code-cache.js. Returns the number of source modules the CLI bundle took in.
 */
export async function bundleCLI(root, { codeCache, outdir = path.join(root, "dist", "bundle") }) {
  const distDir = path.join(root, "dist");
  const outfile = path.join(outdir, "kubegen.cjs");
  const result = await esbuild.build({
    entryPoints: [path.join(distDir, "cmd/program.js")],
    outfile,
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    // import() of what stays outside becomes require() (see above).
    supported: { "dynamic-import": false },
    metafile: true,
    logLevel: "warning",
    plugins: [fileDocuments(outdir, distDir), lazyModules(distDir, await lazyModuleExports(distDir)), externalPackages],
  });
  fs.writeFileSync(outfile, asciiOnly(fs.readFileSync(outfile, "utf8")));
  await esbuild.build({
    entryPoints: [codeCache],
    outfile: path.join(outdir, "code-cache.js"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    logLevel: "warning",
  });
  writeLicenses(outdir, Object.keys(result.metafile.inputs));
  return Object.keys(result.metafile.inputs).length;
}

/**
 * The bundle with every non-ASCII character written as a \u escape: an ASCII file becomes a
 * JavaScript string without UTF-8 decoding (12 ms a start for this one). esbuild escapes strings
 * and templates already; what it leaves is in comments and regular expressions, where an escape
 * means the same character. A tagged template's raw text would not: refused rather than changed.
 */
function asciiOnly(text) {
  for (const m of text.matchAll(/[\u0080-\uffff]/g)) {
    // Inside a template on its line: an odd number of backticks before it.
    const before = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index);
    if ((before.split("`").length - 1) % 2 === 1) throw new Error(`bundle-cli: non-ASCII text in a template literal: ${before}`);
  }
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
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
