/**
 * /openapi/v2 (the Swagger document, as JSON or as gnostic's protobuf message) and /openapi/v3
 * (an index of per-group-version documents, each linked with its content hash, and the documents
 * themselves), served from the generated files with ETags; a v3 link with a stale hash redirects
 * to the current one, as upstream.
 */
import { openapiV2, openapiV3, readOpenAPIDocument, type OpenAPIDocumentFile } from "../../generated/openapi/index.js";
import { parseAccept } from "./negotiation.js";
import { encodeOpenAPIV2Document } from "./openapi-v2-protobuf.js";
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

function sendDocument(
  res: ResponseWriter,
  ifNoneMatch: string | undefined,
  doc: Loaded,
  headers: Record<string, string> = {},
  contentType = "application/json",
): void {
  const all = { ETag: doc.etag, Vary: "Accept", ...headers };
  if (ifNoneMatch === doc.etag) {
    res.writeHead(304, all);
    res.end();
    return;
  }
  res.send(200, contentType, doc.body, all);
}

/** The v2 document as protobuf, encoded once; its ETag is the JSON's, as upstream (responses vary by Accept). */
let v2Protobuf: Loaded | undefined;
function loadV2Protobuf(): Loaded {
  if (!v2Protobuf) {
    const json = load(openapiV2);
    v2Protobuf = { body: Buffer.from(encodeOpenAPIV2Document(JSON.parse(json.body.toString("utf8")) as Record<string, unknown>)), etag: json.etag };
  }
  return v2Protobuf;
}

/** What /openapi/v2 answers with, as upstream's handler: the Content-Type for both protobuf subtypes is the dotted one. */
export const OPENAPI_V2_PROTOBUF = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
const V2_FORMATS: readonly { subtype: string; protobuf: boolean }[] = [
  { subtype: "json", protobuf: false },
  { subtype: "com.github.proto-openapi.spec.v2@v1.0+protobuf", protobuf: true },
  { subtype: "com.github.proto-openapi.spec.v2.v1.0+protobuf", protobuf: true },
];

/** Whether the Accept header picks protobuf for /openapi/v2 (first matching clause, best first); undefined when nothing matches. */
function v2WantsProtobuf(accept: string | undefined): boolean | undefined {
  for (const range of parseAccept(accept || "*/*")) {
    if (range.type !== "application" && range.type !== "*") continue;
    const hit = V2_FORMATS.find((f) => range.subtype === "*" || range.subtype === f.subtype);
    if (hit) return hit.protobuf;
  }
  return undefined;
}

/** Accept headers that name only protobuf forms of the document, which are not served. */
function onlyProtobuf(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").every((a) => a.includes("protobuf"));
}

const notAcceptable = (types = "application/json"): Error => newStatusError(406, "NotAcceptable", `only the following media types are accepted: ${types}`);

export const openapiV2Handler: Handler = async (req, res) => {
  const protobuf = v2WantsProtobuf(req.raw.headers.accept);
  if (protobuf === undefined) throw notAcceptable(["application/json", ...V2_FORMATS.filter((f) => f.protobuf).map((f) => `application/${f.subtype}`)].join(", "));
  const ifNoneMatch = req.raw.headers["if-none-match"];
  if (protobuf) sendDocument(res, ifNoneMatch, loadV2Protobuf(), {}, OPENAPI_V2_PROTOBUF);
  else sendDocument(res, ifNoneMatch, load(openapiV2));
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
