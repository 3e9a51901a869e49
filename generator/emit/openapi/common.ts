/**
 * What both document versions share: the title, the bearer-token security scheme, and the
 * routes of the model with the definitions they reach.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { Model } from "../../model/types.js";
import { DefinitionSet } from "./definitions.js";
import { registeredKinds } from "./gvk.js";
import { buildPaths } from "./paths.js";
import type { Route } from "./route.js";
import type { Dialect, Schema } from "./schema.js";

export const INFO: Schema = { title: "Kubernetes", version: "unversioned" };

export const BEARER_TOKEN: Schema = {
  description: "Bearer Token authentication",
  in: "header",
  name: "authorization",
  type: "apiKey",
};

/** Paths for the routes and the definitions they reach, in one dialect. */
export function pathsAndDefinitions(
  model: Model,
  index: ModelIndex,
  routes: Route[],
  dialect: Dialect,
): { paths: Record<string, Schema>; definitions: Record<string, Schema> } {
  const defs = new DefinitionSet(index, dialect, registeredKinds(model));
  const paths = buildPaths(routes, dialect, (ref) => defs.ref(ref));
  return { paths, definitions: defs.definitions() };
}
