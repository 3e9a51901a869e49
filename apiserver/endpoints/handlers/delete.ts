/** DELETE of one object (200 with the object or a Success Status) and of a collection (200 with the list deleted). */
import { newBadRequest } from "../../../runtime/rest/errors.js";
import { auditRecordOf, logsBodies } from "../../audit/record.js";
import type { KubeObject } from "../../registry/rest.js";
import { text } from "../../registry/validation/shape.js";
import { negotiateInput, negotiateOutput } from "../negotiation.js";
import { listOnly, parseDeleteOptions, type ParsedListOptions } from "../query.js";
import type { APIRequest } from "../request-context.js";
import { resourceRestrictions } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { DecodeError, decodeBody } from "../serializers.js";
import { successStatus } from "../status.js";
import { readBody } from "./body.js";
import { admitWrite, optionsObject, respond } from "./mutation.js";
import { restContext, type RequestScope } from "./scope.js";

/** A DeleteOptions body, in any of the three formats; empty bodies are fine. */
async function readDeleteBody(req: APIRequest, scope: RequestScope): Promise<Record<string, unknown> | undefined> {
  const body = await readBody(req, scope.deps.maxRequestBodyBytes);
  if (body.length === 0) return undefined;
  const format = negotiateInput(req.raw.headers["content-type"]);
  let obj: Record<string, unknown>;
  try {
    obj = decodeBody(scope.deps.scheme, body, format);
  } catch (err) {
    if (err instanceof DecodeError)
      throw newBadRequest(`the object provided is unrecognized (must be of type DeleteOptions): ${err.message}`);
    throw err;
  }
  if (obj.kind !== undefined && obj.kind !== "DeleteOptions") {
    throw newBadRequest(
      `${text(obj.kind)} in version ${JSON.stringify(text(obj.apiVersion))} cannot be handled as a DeleteOptions: unknown conversion`,
    );
  }
  // As upstream: DeleteOptions sent in a body are the request object of the audit event.
  if (logsBodies(req)) auditRecordOf(req)!.requestObject = obj;
  return obj;
}

export async function deleteHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseDeleteOptions(req.url.searchParams, await readDeleteBody(req, scope));
  // Admission sees the stored object (as oldObject) and the DeleteOptions, inside the storage's delete.
  let opts = admitWrite(req, scope, "DELETE", scope.name, undefined, options, optionsObject("DeleteOptions", options));
  if (opts instanceof Promise) opts = await opts;
  const { object } = await scope.storage.delete!(restContext(req, scope), scope.name, opts);
  const result: KubeObject = object ?? (successStatus({ name: scope.name, kind: scope.resource.info.plural }) as unknown as KubeObject);
  respond(req, res, scope, media, 200, result);
}

export async function deleteCollectionHandler(
  req: APIRequest,
  res: ResponseWriter,
  scope: RequestScope,
  listOptions: ParsedListOptions,
): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseDeleteOptions(req.url.searchParams, await readDeleteBody(req, scope));
  const list = await scope.storage.deleteCollection!(restContext(req, scope), options, listOnly(listOptions));
  if (!Array.isArray(list.items)) list.items = [];
  respond(req, res, scope, media, 200, list as unknown as KubeObject);
}
