/**
 * The docs pipeline: OpenAPI documents on disk -> schema set -> site model -> HTML files ->
 * write plan, then write or verify. Everything but reading the documents is pure.
 */
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emit/emitter.js";
import { applyPlan, planWrites, type WritePlan } from "../write/plan.js";
import { renderSite } from "./render-site.js";
import { schemaSetOf, type OpenAPIDocument } from "./schema-set.js";
import { siteModelOf } from "./site-model.js";

/** The docs for some OpenAPI documents (Swagger 2.0, or OpenAPI 3.0 per group-version). */
export function docsFiles(docs: readonly OpenAPIDocument[]): GeneratedFile[] {
  return renderSite(siteModelOf(schemaSetOf(docs)));
}

function jsonFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json"))
    .map((f) => path.join(dir, f))
    .sort();
}

/**
 * The documents under an OpenAPI folder: every OpenAPI 3.0 document under `v3/` first, since
 * they carry defaults, then `v2/swagger.json` for what no group-version document holds (the
 * discovery types). A definition found twice keeps its first, v3, text.
 */
export function readOpenAPI(openapiDir: string): { files: string[]; docs: OpenAPIDocument[] } {
  const v2 = path.join(openapiDir, "v2", "swagger.json");
  const candidates = [...jsonFiles(path.join(openapiDir, "v3")), ...(fs.existsSync(v2) ? [v2] : [])];
  const files: string[] = [];
  const docs: OpenAPIDocument[] = [];
  for (const file of candidates) {
    const doc = JSON.parse(fs.readFileSync(file, "utf8")) as OpenAPIDocument;
    if (!doc.openapi && !doc.swagger) continue;
    files.push(file);
    docs.push(doc);
  }
  if (!docs.length) {
    throw new Error(`no OpenAPI documents under ${openapiDir} (v2/swagger.json, v3/**/*.json); run \`npm run generate\` first`);
  }
  return { files, docs };
}

export interface BuildDocsOptions {
  openapi: string;
  output: string;
  verify?: boolean;
}

export function buildDocs(options: BuildDocsOptions): { plan: WritePlan; sources: string[] } {
  const outputRoot = path.resolve(options.output);
  const { files, docs } = readOpenAPI(path.resolve(options.openapi));
  const plan = planWrites(outputRoot, docsFiles(docs));
  if (!options.verify) applyPlan(outputRoot, plan);
  return { plan, sources: files };
}
