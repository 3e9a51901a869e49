/** POST to a collection: decode, default the namespace, admission, create; 201 with the stored object. */
import { negotiateOutput } from "../negotiation.js";
import { parseWriteOptions } from "../query.js";
import type { APIRequest } from "../request-context.js";
import { resourceRestrictions } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { decodeResourceBody, ensureNamespace, wipeSystemFields } from "./body.js";
import { admitWrite, optionsObject, respond } from "./mutation.js";
import { restContext, type RequestScope } from "./scope.js";

export async function createHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseWriteOptions(req.url.searchParams, "CreateOptions");
  const { object } = await decodeResourceBody(req, scope, options);
  wipeSystemFields(object);
  ensureNamespace(object, scope);
  const name = scope.name || object.metadata?.name || "";
  let opts = admitWrite(req, scope, "CREATE", name, object, options, optionsObject("CreateOptions", options));
  if (opts instanceof Promise) opts = await opts;
  // The decoded body is this request's alone: the storage need not copy it.
  opts.inputOwned = true;
  const created = await scope.storage.create!(restContext(req, scope), object, opts);
  respond(req, res, scope, media, 201, created);
}
