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
import { groupVersionPath, routesByDocument } from "./routes.js";
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
