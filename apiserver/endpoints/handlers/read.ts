/** GET of one object and of a collection (list), with Table and partial-metadata conversions. */
import type { APIRequest } from "../request-context.js";
import type { ResponseWriter } from "../response-writer.js";
import { negotiateOutput, wantsPretty } from "../negotiation.js";
import { checkResourceVersion, listOnly, type ParsedListOptions } from "../query.js";
import { resourceRestrictions, tableOptionsFor, transformObject, writeObject } from "../responses.js";
import { encodeListBody } from "../serializers.js";
import { logResponseObject } from "../../audit/record.js";
import { restContext, type RequestScope } from "./scope.js";

/** A GET's options without a resourceVersion (storages only read them). */
const CONSISTENT: { resourceVersion?: string } = Object.freeze({});

export async function getHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const tableOptions = tableOptionsFor(req, media);
  // Most GETs have no query: spare them the parameters' lookup.
  const rv = req.url.search === "" ? undefined : (req.url.searchParams.get("resourceVersion") ?? undefined);
  checkResourceVersion(rv);
  const obj = await scope.storage.get!(restContext(req, scope), scope.name, rv ? { resourceVersion: rv } : CONSISTENT);
  const out = transformObject(obj, media, scope.resource.printer, tableOptions);
  writeObject(scope.deps.scheme, res, 200, out, media, wantsPretty(req.url, req.raw.headers["user-agent"]));
}

export async function listHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope, opts: ParsedListOptions): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const tableOptions = tableOptionsFor(req, media);
  const list = await scope.storage.list!(restContext(req, scope), listOnly(opts));
  // Clients expect `items: []`, never null or absent, for an empty list.
  if (!Array.isArray(list.items)) list.items = [];
  const out = transformObject(list, media, scope.resource.printer, tableOptions);
  // Upstream writes lists of built-in kinds with bare items (typed, no type meta); custom
  // resources are unstructured and keep it, and converted lists (Table, partial metadata) have their own.
  const omitItemTypeMeta = out === list && scope.resource.custom !== true;
  const pretty = wantsPretty(req.url, req.raw.headers["user-agent"]) || media.pretty;
  const body = encodeListBody(scope.deps.scheme, out, media.format, pretty, { omitItemTypeMeta });
  logResponseObject(res, out);
  if ("streamed" in body) await res.sendStreamed(200, media.contentType, body);
  else res.send(200, media.contentType, body);
}
