/**
 * Serves /api/v1/... and /apis/<group>/<version>/...: resolves the request info against the
 * installed resources and sends it to the verb's handler. A path no resource serves is a 404
 * with upstream's body; a verb the storage lacks is a 405.
 */
import { newMethodNotSupported } from "../../runtime/rest/errors.js";
import type { RESTStorage } from "../registry/rest.js";
import { deprecationWarningOf } from "./deprecation.js";
import { getHandler, listHandler } from "./handlers/read.js";
import { restContext, type EndpointDeps, type RequestScope } from "./handlers/scope.js";
import { watchHandler } from "./handlers/watch.js";
import { createHandler } from "./handlers/create.js";
import { deleteCollectionHandler, deleteHandler } from "./handlers/delete.js";
import { patchHandler } from "./handlers/patch.js";
import { updateHandler } from "./handlers/update.js";
import type { InstalledResource, ResourceIndex } from "./installer.js";
import { parseListOptions } from "./query.js";
import type { APIRequest, Handler } from "./request-context.js";
import type { RequestInfo } from "./request-info.js";
import type { ResponseWriter } from "./response-writer.js";
import { newMethodNotAllowed, newPathNotFound } from "./status.js";

const STORAGE_METHOD: Readonly<Record<string, keyof RESTStorage>> = {
  get: "get",
  list: "list",
  watch: "watch",
  create: "create",
  update: "update",
  patch: "patch",
  delete: "delete",
  deletecollection: "deleteCollection",
};

/** The 405 for a verb the resource does not serve (its group-resource made only then). */
function unsupported(resource: InstalledResource, info: RequestInfo): Error {
  const plural = resource.info.plural;
  return newMethodNotSupported({ group: resource.group, resource: info.subresource ? `${plural}/${info.subresource}` : plural }, info.verb);
}

/** Resolves a resource request to its scope, or throws 404/405. */
export function resolveScope(req: APIRequest, index: ResourceIndex, deps: EndpointDeps): RequestScope {
  const info = req.info;
  const resource = index.lookup(info.apiGroup, info.apiVersion, info.resource);
  if (!resource) throw newPathNotFound();
  // Only a connect subresource that takes a path (proxy) has anything after the subresource.
  if (info.parts.length > 3 && !resource.storage.subresources?.[info.subresource]?.connectTakesPath) throw newPathNotFound();
  const isNamespaces = resource.group === "" && resource.info.plural === "namespaces";
  const namespace = isNamespaces ? "" : info.namespace;
  // /namespaces/<ns>/<resource> for a cluster-scoped resource, or /<namespaced-resource>/<name> without a namespace.
  if (!resource.info.namespaced && namespace !== "") throw newPathNotFound();
  if (resource.info.namespaced && namespace === "" && info.pathName !== "") throw newPathNotFound();

  let storage = resource.storage;
  if (info.subresource !== "") {
    const sub = storage.subresources?.[info.subresource];
    if (!sub) throw newPathNotFound();
    storage = sub;
  }
  if (storage.connect && info.pathName !== "")
    return { resource, storage, subresource: info.subresource, namespace, name: info.pathName, deps };
  const method = STORAGE_METHOD[info.verb];
  // An HTTP method no route takes (PROPFIND, TRACE...): upstream's router answers before any storage.
  if (info.verb === "") throw newMethodNotAllowed();
  if (!method || typeof storage[method] !== "function") throw unsupported(resource, info);
  // A collection serves list/watch/create/deletecollection; a named object the rest.
  const collectionVerb = info.verb === "list" || info.verb === "watch" || info.verb === "create" || info.verb === "deletecollection";
  if (info.pathName === "" && !collectionVerb) throw unsupported(resource, info);
  if (info.pathName !== "" && info.subresource === "" && (info.verb === "create" || info.verb === "deletecollection")) {
    throw unsupported(resource, info);
  }
  // Across all namespaces only reads make sense.
  if (resource.info.namespaced && namespace === "" && info.verb !== "list" && info.verb !== "watch") {
    throw unsupported(resource, info);
  }
  return { resource, storage, subresource: info.subresource, namespace, name: info.pathName, deps };
}

/** A connect subresource: every method, the storage's raw answer. */
async function connectHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const path = req.info.parts.slice(3).join("/");
  const out = await scope.storage.connect!(restContext(req, scope), scope.name, {
    method: req.raw.method ?? "GET",
    path,
    query: req.url.searchParams,
  });
  res.send(out.status, out.contentType, out.body);
}

export function resourceHandler(index: ResourceIndex, deps: EndpointDeps): Handler {
  return async (req, res) => {
    const scope = resolveScope(req, index, deps);
    const deprecation = deprecationWarningOf(scope.resource);
    if (deprecation !== undefined) req.warnings.push(deprecation);
    if (scope.storage.connect) return connectHandler(req, res, scope);
    switch (req.info.verb) {
      case "get":
        return getHandler(req, res, scope);
      case "list": {
        const opts = parseListOptions(req.url.searchParams);
        return opts.watch ? watchHandler(req, res, scope, opts) : listHandler(req, res, scope, opts);
      }
      case "watch":
        return watchHandler(req, res, scope, parseListOptions(req.url.searchParams, true));
      case "create":
        return createHandler(req, res, scope);
      case "update":
        return updateHandler(req, res, scope);
      case "patch":
        return patchHandler(req, res, scope);
      case "delete":
        return deleteHandler(req, res, scope);
      case "deletecollection":
        return deleteCollectionHandler(req, res, scope, parseListOptions(req.url.searchParams));
      default:
        throw newPathNotFound();
    }
  };
}
