/**
 * /openapi/v2 (the Swagger document) and /openapi/v3 (an index of per-group-version documents,
 * each linked with its content hash, and the documents themselves), served from the generated
 * files with ETags; a v3 link with a stale hash redirects to the current one, as upstream.
 */
import { openapiV2, openapiV3, readOpenAPIDocument, type OpenAPIDocumentFile } from "../../generated/openapi/index.js";
import type { Handler } from "./request-context.js";
import type { ResponseWriter } from "./response-writer.js";
import { newStatusError } from "./status.js";

interface Loaded {
  body: Buffer;
  etag: string;
}

const cache = new Map<string, Loaded>();

function load(doc: OpenAPIDocumentFile): Loaded {
  let hit = cache.get(doc.file);
  if (!hit) {
    hit = { body: Buffer.from(readOpenAPIDocument(doc)), etag: JSON.stringify(doc.hash) };
    cache.set(doc.file, hit);
  }
  return hit;
}

function sendDocument(res: ResponseWriter, ifNoneMatch: string | undefined, doc: Loaded, headers: Record<string, string> = {}): void {
  const all = { ETag: doc.etag, Vary: "Accept", ...headers };
  if (ifNoneMatch === doc.etag) {
    res.writeHead(304, all);
    res.end();
    return;
  }
  res.send(200, "application/json", doc.body, all);
}

/** Accept headers that name only protobuf forms of the document, which are not served. */
function onlyProtobuf(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").every((a) => a.includes("protobuf"));
}

const notAcceptable = (): Error => newStatusError(406, "NotAcceptable", "only the following media types are accepted: application/json");

export const openapiV2Handler: Handler = async (req, res) => {
  if (onlyProtobuf(req.raw.headers.accept)) throw notAcceptable();
  sendDocument(res, req.raw.headers["if-none-match"], load(openapiV2));
};

/** The /openapi/v3 index: every document path with its hashed link. */
export function openapiV3Index(): { paths: Record<string, { serverRelativeURL: string }> } {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  for (const [path, doc] of Object.entries(openapiV3)) paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${doc.hash}` };
  return { paths };
}

export const openapiV3IndexHandler: Handler = async (_req, res) => {
  const body = Buffer.from(JSON.stringify(openapiV3Index()));
  res.send(200, "application/json", body);
};

/** The handler for /openapi/v3/<path>, or undefined when there is no such document. */
export function openapiV3DocumentHandler(path: string): Handler | undefined {
  const doc = openapiV3[path];
  if (!doc) return undefined;
  return async (req, res) => {
    if (onlyProtobuf(req.raw.headers.accept)) throw notAcceptable();
    const hash = req.url.searchParams.get("hash");
    if (hash !== null && hash !== doc.hash) {
      res.writeHead(301, { Location: `/openapi/v3/${path}?hash=${doc.hash}` });
      res.end();
      return;
    }
    const headers: Record<string, string> = hash === null ? {} : { "Cache-Control": "public, immutable", Expires: new Date(Date.now() + 365 * 86400_000).toUTCString() };
    sendDocument(res, req.raw.headers["if-none-match"], load(doc), headers);
  };
}
