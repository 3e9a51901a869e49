/**
 * OpenAPI emitter: the Swagger 2.0 document (`generated/openapi/v2/swagger.json`), the OpenAPI 3.0
 * documents per group-version and discovery path (`generated/openapi/v3/<path>.json`), and a
 * module listing them for the apiserver. Built as kube-apiserver 1.34 serves its own.
 */
import { createHash } from "node:crypto";
import type { Model } from "../../model/types.js";
import type { Emitter, GeneratedFile } from "../emitter.js";
import { header } from "../header.js";
import { preformatted, printProperty, printValue } from "../layout.js";
import { render } from "../templates.js";
import { documentJson } from "./json.js";
import { buildSwaggerV2 } from "./v2.js";
import { buildOpenAPIV3Texts } from "./v3.js";

export { buildSwaggerV2 } from "./v2.js";
export { buildOpenAPIV3, buildOpenAPIV3Documents } from "./v3.js";
export { groupVersionPath } from "./routes.js";

const ROOT = "openapi";

const sha512 = (s: string): string => createHash("sha512").update(s).digest("hex").toUpperCase();

export const openapiEmitter: Emitter = {
  name: "openapi",
  emit(model: Model, options): GeneratedFile[] {
    const v2 = buildSwaggerV2(model);
    if (!v2) return [];
    const v2File: GeneratedFile = { path: `${ROOT}/v2/swagger.json`, content: documentJson(v2) };
    const v3Files = [...buildOpenAPIV3Texts(model, options.memo)].map(([path, content]) => ({
      path,
      file: { path: `${ROOT}/v3/${path}.json`, content },
    }));
    const local = (f: GeneratedFile): string => f.path.slice(ROOT.length + 1);
    const hashes = new Map([v2File, ...v3Files.map((v) => v.file)].map((f) => [f, sha512(f.content)]));
    const v2Entry = { file: local(v2File), hash: hashes.get(v2File)! };
    const index = render("openapi", "index", {
      v2: printValue(v2Entry, 0, "export const openapiV2: OpenAPIDocumentFile = ".length, ";"),
      v3: v3Files.map(({ path, file }) => printProperty(2, path, { file: local(file), hash: hashes.get(file)! }, ",")),
    });
    // The texts again as a module, so a compiled or bundled program carries them (tsc copies no
    // JSON it does not import; a bundler cannot follow a path read at run time).
    // Each entry is a function of the text alone: an unchanged document's is taken from the memo.
    const entry = (f: GeneratedFile): string => printProperty(2, local(f), f.content, ",");
    const texts = [v2File, ...v3Files.map((v) => v.file)].map((f) =>
      options.memo ? options.memo(`openapi/documents.ts/${local(f)}`, hashes.get(f)!, () => entry(f)) : entry(f),
    );
    const documents = `${header("//")}/** Each document's JSON text, keyed by its file under this folder. */\nexport const documents: Readonly<Record<string, string>> = {\n${texts.join("\n")}\n};\n`;
    return [
      v2File,
      ...v3Files.map((v) => v.file),
      preformatted({ path: `${ROOT}/documents.ts`, content: documents }),
      preformatted({ path: `${ROOT}/index.ts`, content: header("//") + index }),
    ];
  },
};
