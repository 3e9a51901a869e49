/**
 * OpenAPI 3.0 documents as `/openapi/v3/<path>` serves them: one per group-version (`api/v1`,
 * `apis/<group>/<version>`) with its resources, plus the discovery documents `api`, `apis` and
 * `apis/<group>`; each carries only the schemas its paths reach.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { Model } from "../../model/types.js";
import { BEARER_TOKEN, INFO, pathsAndDefinitions } from "./common.js";
import type { Json } from "./json.js";
import type { Route } from "./route.js";
import { DocumentParts } from "./closure.js";
import { documentJson } from "./json.js";
import { documentRoutes, groupVersionPath, routesByDocument } from "./routes.js";
import { V3 } from "./schema.js";

export type Document = { [key: string]: Json };

function document(model: Model, index: ModelIndex, routes: Route[]): Document {
  const { paths, definitions } = pathsAndDefinitions(model, index, routes, V3);
  return {
    info: INFO,
    components: { schemas: definitions, securitySchemes: { BearerToken: BEARER_TOKEN } },
    openapi: "3.0.0",
    paths,
  };
}

/** Every v3 document, keyed by its path under `/openapi/v3/`, in path order. */
export function buildOpenAPIV3Documents(model: Model): Map<string, Document> {
  const index = new ModelIndex(model);
  return new Map([...routesByDocument(index)].map(([path, routes]) => [path, document(model, index, routes)]));
}

/** The document of one group-version, or undefined when the model serves nothing there. */
export function buildOpenAPIV3(model: Model, gv: { group: string; version: string }): Document | undefined {
  const index = new ModelIndex(model);
  const routes = routesByDocument(index).get(groupVersionPath(gv));
  return routes && document(model, index, routes);
}

/**
 * Every v3 document's JSON text, keyed by path. A group-version's document is built from the
 * part of the model it can read (closure.ts), so `memo` can hand back the text of an earlier run
 * whose part had the same hash; the discovery documents are small and always built.
 */
export function buildOpenAPIV3Texts(model: Model, memo?: TextMemo): Map<string, string> {
  const index = new ModelIndex(model);
  const parts = new DocumentParts(model);
  const out = new Map<string, string>();
  for (const [path, doc] of documentRoutes(index)) {
    if (!doc.pkg) {
      out.set(path, documentJson(document(model, index, doc.routes())));
      continue;
    }
    const part = parts.forPackage(doc.pkg);
    const build = (): string => {
      const partIndex = new ModelIndex(part.model);
      const routes = documentRoutes(partIndex).get(path);
      if (!routes) throw new Error(`openapi: ${path} has no routes in its part of the model`);
      return documentJson(document(part.model, partIndex, routes.routes()));
    };
    out.set(path, memo ? memo(`openapi/v3/${path}`, part.hash, build) : build());
  }
  return out;
}

/** Hands back the text built from input of this hash in an earlier run, or builds it. */
export type TextMemo = (key: string, hash: string, build: () => string) => string;
