/**
 * The Swagger 2.0 document (`/openapi/v2`): every route the model serves, discovery included,
 * the definitions they reach, and the shared parameters.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { Model } from "../../model/types.js";
import { BEARER_TOKEN, INFO, pathsAndDefinitions } from "./common.js";
import type { Json } from "./json.js";
import { routesByDocument } from "./routes.js";
import { V2 } from "./schema.js";
import { shareParameters } from "./shared-parameters.js";

/** The Swagger 2.0 document, or undefined when the model serves nothing. */
export function buildSwaggerV2(model: Model): { [key: string]: Json } | undefined {
  const index = new ModelIndex(model);
  const routes = [...routesByDocument(index).values()].flat();
  if (!routes.length) return undefined;
  const { paths, definitions } = pathsAndDefinitions(model, index, routes, V2);
  return {
    info: INFO,
    definitions,
    parameters: shareParameters(paths),
    paths,
    security: [{ BearerToken: [] }],
    securityDefinitions: { BearerToken: BEARER_TOKEN },
    swagger: "2.0",
  };
}
