#!/usr/bin/env node
/**
 * Splits the compiled tree (build/tsc, from `tsc -p tsconfig.build.json`) into each package's
 * dist/: every package takes the top-level source folders it owns, and a relative import that
 * crosses into another package's folders becomes that package's specifier
 * (`../../runtime/rest/config.js` in @kubegen/apiserver -> `kubegen/runtime/rest/config.js`), so
 * the sources keep their one-tree layout and each installed package resolves the others by name.
 *
 *   node packages/build.mjs      (npm run build runs tsc first)
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { bundleCLI, OPTIONAL_IMPORTS } from "./bundle-cli.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = path.join(ROOT, "build", "tsc");

/** What each package ships, as paths under the source root (a folder or a module without extension). */
export const PACKAGES = [
  {
    dir: "kubegen",
    name: "kubegen",
    owns: ["api", "runtime", "generated/apis", "generated/clientset", "generated/informers", "generated/listers"],
    // The API's sources too: `kubegen generate` reads a user's references into them (markers, docs).
    copy: [{ from: "api", to: "api", filter: (f) => f.endsWith(".ts") }],
  },
  {
    dir: "generator",
    name: "@kubegen/generator",
    owns: [
      "generator",
      "cmd/kubegen",
      "cmd/program",
      "cmd/generate",
      "cmd/docs",
      "cmd/proto",
      "cmd/import",
      "cmd/flag-values",
      "cmd/version-file",
    ],
    copy: [{ from: "templates", to: "dist/templates" }],
  },
  {
    dir: "apiserver",
    name: "@kubegen/apiserver",
    owns: [
      "apiserver",
      "controllers",
      "generated/openapi",
      "cmd/kubegen",
      "cmd/program",
      "cmd/apiserver",
      "cmd/controller-manager",
      "cmd/up",
      "cmd/aggregation-flags",
      "cmd/flag-values",
      "cmd/logging",
    ],
    // The OpenAPI documents as files, which the CLI bundle reads (bundle-cli.mjs).
    copy: [
      { from: "generated/openapi/v2", to: "dist/generated/openapi/v2" },
      { from: "generated/openapi/v3", to: "dist/generated/openapi/v3" },
    ],
  },
  {
    dir: "framework",
    name: "@kubegen/framework",
    owns: ["framework"],
    copy: [],
  },
];

const MODULE_EXT = /(\.d\.ts\.map|\.d\.ts|\.js)$/;

/** `runtime/rest/config.js` -> `runtime/rest/config` (the key the `owns` lists use). */
const stem = (rel) => rel.replace(MODULE_EXT, "");

function owned(pkg, rel) {
  const s = stem(rel);
  return pkg.owns.some((o) => s === o || s.startsWith(`${o}/`));
}

function walk(dir, base = dir) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(full, base));
    else out.push(path.relative(base, full).split(path.sep).join("/"));
  }
  return out;
}

const SPECIFIER = /((?:\bfrom|\bimport)\s*\(?\s*)(["'])(\.{1,2}\/[^"'\n]+)\2/g;

/** Rewrites relative specifiers in one compiled file that leave `pkg`. */
function rewrite(pkg, rel, text) {
  return text.replace(SPECIFIER, (all, lead, quote, spec) => {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
    if (owned(pkg, target)) return all;
    const other = PACKAGES.find((p) => p !== pkg && owned(p, target));
    if (!other) throw new Error(`${pkg.name}: ${rel} imports ${spec}, which no package ships`);
    return `${lead}${quote}${other.name}/${target}${quote}`;
  });
}

// `from "x"` and `import "x"` / `import("x")`; not a call such as Buffer.from("...").
const BARE = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w./-]*)?)["']/g;

/** Every package a shipped module imports must be one the package.json declares (else users get ERR_MODULE_NOT_FOUND). */
function checkDependencies(pkg, root, optional = []) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const declared = new Set([
    pkg.name,
    ...optional,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  const missing = new Map();
  for (const rel of walk(path.join(root, "dist"))) {
    if (!rel.endsWith(".js")) continue;
    for (const [, spec] of fs.readFileSync(path.join(root, "dist", rel), "utf8").matchAll(BARE)) {
      // Bundled dependencies name Node's built-ins without the node: prefix.
      if (spec.startsWith("node:") || builtinModules.includes(spec.split("/")[0])) continue;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0];
      if (!declared.has(name)) missing.set(name, rel);
    }
  }
  if (missing.size) {
    const list = [...missing].map(([n, rel]) => `${n} (imported by dist/${rel})`).join(", ");
    throw new Error(`${pkg.name}: package.json does not declare ${list}`);
  }
}

function buildPackage(pkg, files) {
  const root = path.join(ROOT, "packages", pkg.dir);
  fs.rmSync(path.join(root, "dist"), { recursive: true, force: true });
  let count = 0;
  for (const rel of files) {
    if (!owned(pkg, rel)) continue;
    const dest = path.join(root, "dist", rel);
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    let text = fs.readFileSync(path.join(BUILD, rel), "utf8");
    if (rel.endsWith(".d.ts.map")) {
      // Declaration maps point back at the sources in this repository (the package ships none).
      const map = JSON.parse(text);
      map.sources = map.sources.map((s) =>
        path
          .relative(path.dirname(dest), path.resolve(path.dirname(path.join(BUILD, rel)), s))
          .split(path.sep)
          .join("/"),
      );
      text = JSON.stringify(map);
    } else {
      text = rewrite(pkg, rel, text);
    }
    fs.writeFileSync(dest, text);
    count++;
  }
  // Hand-written declaration files (ambient types for untyped dependencies) are not tsc output,
  // but the emitted .d.ts files reference them: ship them beside.
  for (const o of pkg.owns) {
    const dir = path.join(ROOT, o);
    if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) continue;
    for (const rel of walk(dir)) {
      if (!rel.endsWith(".d.ts")) continue;
      const dest = path.join(root, "dist", o, rel);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(path.join(dir, rel), dest);
    }
  }
  for (const c of pkg.copy) {
    const to = path.join(root, c.to);
    fs.rmSync(to, { recursive: true, force: true });
    for (const rel of walk(path.join(ROOT, c.from))) {
      if (c.filter && !c.filter(rel)) continue;
      fs.mkdirSync(path.dirname(path.join(to, rel)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, c.from, rel), path.join(to, rel));
    }
  }
  checkDependencies(pkg, root);
  console.log(`${pkg.name}: ${count} files in packages/${pkg.dir}/dist`);
}

if (!fs.existsSync(BUILD)) throw new Error("build/tsc is missing: run `npm run build` (tsc -p tsconfig.build.json first)");
// Only outputs whose source still exists: tsc's incremental build leaves a deleted module's output behind.
const files = walk(BUILD).filter((f) => MODULE_EXT.test(f) && fs.existsSync(path.join(ROOT, `${stem(f)}.ts`)));
for (const pkg of PACKAGES) buildPackage(pkg, files);
// The apiserver's bin runs its CLI bundled (start-up time); its modules stay in dist/ for importers.
const bundled = await bundleCLI(path.join(ROOT, "packages", "apiserver"), {
  codeCache: path.join(BUILD, "generator", "parse", "code-cache.js"),
});
checkDependencies(
  PACKAGES.find((p) => p.dir === "apiserver"),
  path.join(ROOT, "packages", "apiserver"),
  OPTIONAL_IMPORTS,
);
console.log(`@kubegen/apiserver: CLI bundle of ${bundled} modules in packages/apiserver/dist/bundle`);
const orphans = files.filter((f) => !PACKAGES.some((p) => owned(p, f)));
if (orphans.length) console.log(`not shipped by any package: ${[...new Set(orphans.map((f) => path.posix.dirname(f)))].join(", ")}`);

// packages/node_modules links the packages to each other by name, so the built packages run from
// this checkout (bench, tests) whether or not `npm install` has linked the workspaces yet.
const links = path.join(ROOT, "packages", "node_modules");
for (const pkg of PACKAGES) {
  const link = path.join(links, pkg.name);
  fs.mkdirSync(path.dirname(link), { recursive: true });
  fs.rmSync(link, { recursive: true, force: true });
  fs.symlinkSync(path.relative(path.dirname(link), path.join(ROOT, "packages", pkg.dir)), link, "dir");
}
