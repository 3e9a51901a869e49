/**
 * PUT to an object: decode, check the name and namespace against the URL, then update (200) or
 * create when the resource allows it (201); admission sees the new and the stored object.
 */
import { newBadRequest } from "../../../runtime/rest/errors.js";
import { negotiateOutput } from "../negotiation.js";
import { parseWriteOptions } from "../query.js";
import type { APIRequest } from "../request-context.js";
import { resourceRestrictions } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { decodeResourceBody, ensureNamespace } from "./body.js";
import { admitWrite, optionsObject, respond } from "./mutation.js";
import { restContext, type RequestScope } from "./scope.js";

export async function updateHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseWriteOptions(req.url.searchParams, "UpdateOptions");
  const { object } = await decodeResourceBody(req, scope, options);
  const objName = object.metadata?.name ?? "";
  if (objName !== scope.name) {
    throw newBadRequest(`the name of the object (${objName}) does not match the name on the URL (${scope.name})`);
  }
  const objNamespace = object.metadata?.namespace ?? "";
  if (scope.resource.info.namespaced && objNamespace !== "" && objNamespace !== scope.namespace) {
    throw newBadRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the request (${scope.namespace})`);
  }
  ensureNamespace(object, scope);
  let opts = admitWrite(req, scope, "UPDATE", scope.name, object, options, optionsObject("UpdateOptions", options));
  if (opts instanceof Promise) opts = await opts;
  const { object: updated, created } = await scope.storage.update!(restContext(req, scope), scope.name, object, opts);
  respond(req, res, scope, media, created ? 201 : 200, updated);
}
