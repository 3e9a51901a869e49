/**
 * The docs pipeline: OpenAPI documents and/or CRD manifests on disk -> schema set -> site model
 * -> HTML files -> write plan, then write or verify. Everything but reading the inputs is pure.
 */
import fs from "node:fs";
import path from "node:path";
import type { GeneratedFile } from "../emit/emitter.js";
import { applyPlan, planWrites, type WritePlan } from "../write/plan.js";
import { crdSchemas, readCrds, type Crd } from "./crds.js";
import { isApimachinery } from "./external.js";
import { gvkKey } from "./names.js";
import { renderSite } from "./render-site.js";
import { gvksOf, schemaSetOf, type OpenAPIDocument, type SchemaSet } from "./schema-set.js";
import { siteModelOf, type SiteOptions } from "./site-model.js";

export interface DocsInput {
  /** OpenAPI documents (Swagger 2.0, or OpenAPI 3.0 per group-version). */
  openapi?: readonly OpenAPIDocument[];
  crds?: readonly Crd[];
  /** Link the meta/v1 and other apimachinery types out to kubernetes.io instead of rendering them. */
  linkK8sTypes?: boolean;
}

/**
 * One schema set from both kinds of input. A CRD for a kind the OpenAPI already documents
 * (a kubegen user's generated CRD beside its generated OpenAPI) adds only what the CRD says
 * besides the schema: names, columns, versions.
 */
export function docsSchemaSet(input: DocsInput, title?: string): SchemaSet {
  const set = schemaSetOf(input.openapi ?? [], title);
  if (!input.openapi?.length) set.title = "";
  if (input.crds?.length) {
    const fromCrds = crdSchemas(input.crds);
    const documented = new Set([...set.schemas.values()].flatMap((s) => gvksOf(s).map(gvkKey)));
    for (const [name, schema] of fromCrds.schemas) {
      if (gvksOf(schema).some((g) => documented.has(gvkKey(g)))) continue;
      set.schemas.set(name, schema);
      set.handWritten.add(name);
    }
    const served = new Set(set.operations.map((o) => gvkKey(o.gvk)));
    set.operations.push(...fromCrds.operations.filter((o) => !served.has(gvkKey(o.gvk))));
    for (const [key, facts] of fromCrds.resources) set.resources.set(key, facts);
    set.schemas = new Map([...set.schemas].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  if (input.linkK8sTypes) for (const name of [...set.schemas.keys()]) if (isApimachinery(name)) set.schemas.delete(name);
  return set;
}

/** The docs for some inputs. */
export function docsFiles(input: DocsInput | readonly OpenAPIDocument[], options: SiteOptions = {}): GeneratedFile[] {
  const given: DocsInput = Array.isArray(input) ? { openapi: input as readonly OpenAPIDocument[] } : (input as DocsInput);
  return renderSite(siteModelOf(docsSchemaSet(given, options.title), options));
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
 * discovery types). A definition found twice keeps its first, v3, text. A folder without that
 * layout is read as it is: every OpenAPI document in it.
 */
export function readOpenAPI(openapiDir: string): { files: string[]; docs: OpenAPIDocument[] } {
  if (fs.existsSync(openapiDir) && fs.statSync(openapiDir).isFile()) {
    return { files: [openapiDir], docs: [JSON.parse(fs.readFileSync(openapiDir, "utf8")) as OpenAPIDocument] };
  }
  const v2 = path.join(openapiDir, "v2", "swagger.json");
  const laidOut = fs.existsSync(v2) || fs.existsSync(path.join(openapiDir, "v3"));
  const candidates = laidOut ? [...jsonFiles(path.join(openapiDir, "v3")), ...(fs.existsSync(v2) ? [v2] : [])] : jsonFiles(openapiDir);
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

export interface BuildDocsOptions extends SiteOptions {
  openapi?: string;
  crds?: string[];
  linkK8sTypes?: boolean;
  output: string;
  verify?: boolean;
}

export function buildDocs(options: BuildDocsOptions): { plan: WritePlan; sources: string[] } {
  const outputRoot = path.resolve(options.output);
  const openapi = options.openapi ? readOpenAPI(path.resolve(options.openapi)) : { files: [], docs: [] };
  const crds = options.crds?.length ? readCrds(options.crds) : { files: [], crds: [] };
  if (!openapi.docs.length && !crds.crds.length) throw new Error(`no CustomResourceDefinitions in ${options.crds?.join(", ")}`);
  const files = docsFiles(
    { openapi: openapi.docs, crds: crds.crds, linkK8sTypes: options.linkK8sTypes },
    { title: options.title, baseUrl: options.baseUrl },
  );
  const plan = planWrites(outputRoot, files);
  if (!options.verify) applyPlan(outputRoot, plan);
  return { plan, sources: [...openapi.files, ...crds.files] };
}
