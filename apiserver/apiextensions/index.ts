/**
 * Custom resources in the apiserver: the CRD controller started by the post-start hooks
 * `start-apiextensions-controllers` and `crd-informer-synced` (upstream's names), the OpenAPI
 * filter that adds the served CRDs' schemas, and the media type filter of custom resources.
 */
import type { Scheme } from "../../runtime/scheme.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import { builtinOpenAPI, type OpenAPIDocuments } from "../endpoints/openapi.js";
import type { Filter } from "../endpoints/request-context.js";
import type { Hooks } from "../lifecycle/hooks.js";
import type { Storage } from "../storage/interface.js";
import { CRD_GROUP, CRDController } from "./controller.js";
import { customResourceMediaTypes } from "./media-types.js";
import { CustomResourceOpenAPI } from "./openapi.js";

export { CRDController } from "./controller.js";

export interface APIExtensionsOptions {
  index: ResourceIndex;
  scheme: Scheme;
  hooks: Hooks;
  /** Where custom objects are stored; default: the backend of the CRD storage. */
  storage?: Storage;
  /** The documents the CRDs' OpenAPI extends (default: the built-in API's). */
  openapi?: OpenAPIDocuments;
  log?: (line: string) => void;
}

export interface APIExtensions {
  controller: CRDController;
  /** Serves the CRDs' OpenAPI in front of the generated documents, and keeps protobuf away from custom resources. */
  filters: Filter[];
}

/** Sets up serving custom resources when CRDs are served and have a storage backend; undefined otherwise. */
export function setupAPIExtensions(options: APIExtensionsOptions): APIExtensions | undefined {
  const crds = options.index.lookup(CRD_GROUP, "v1", "customresourcedefinitions")?.storage;
  if (!crds?.list || !crds.watch || !crds.update || !crds.subresources?.status?.update) return undefined;
  const storage = options.storage ?? crds.backend;
  if (!storage) return undefined;
  const controller = new CRDController({ index: options.index, crds, storage, scheme: options.scheme, log: options.log });
  let started: Promise<void> | undefined;
  const start = (signal: AbortSignal): Promise<void> => (started ??= controller.start(signal));
  options.hooks.addPostStartHook("start-apiextensions-controllers", (ctx) => {
    start(ctx.signal).catch(() => undefined);
  });
  options.hooks.addPostStartHook("crd-informer-synced", (ctx) => start(ctx.signal));
  return {
    controller,
    filters: [
      new CustomResourceOpenAPI(controller, options.openapi ?? builtinOpenAPI).filter(),
      customResourceMediaTypes(options.index, options.scheme),
    ],
  };
}
