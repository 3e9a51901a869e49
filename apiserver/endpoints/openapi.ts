/**
 * /openapi/v2 (the Swagger document, as JSON or as gnostic's protobuf message) and /openapi/v3
 * (an index of per-group-version documents, each linked with its content hash, and the documents
 * themselves), served from the generated files with ETags; a v3 link with a stale hash redirects
 * to the current one, as upstream.
 */
import { createHash } from "node:crypto";
import { openapiV2, openapiV3, readOpenAPIDocument, type OpenAPIDocumentFile } from "../../generated/openapi/index.js";
import { parseAccept } from "./negotiation.js";
import { encodeOpenAPIV2Document } from "./openapi-v2-protobuf.js";
import type { Handler } from "./request-context.js";
import type { ResponseWriter } from "./response-writer.js";
import { newStatusError } from "./status.js";
import type { OpenAPIModule } from "../registry/compiled-schema.js";

export type { OpenAPIModule };

const BUILTIN: OpenAPIModule = { openapiV2, openapiV3, readOpenAPIDocument };

interface Loaded {
  body: Buffer;
  etag: string;
}

/** A served v3 document: its bytes (read on first use) and the hash its link carries. */
interface V3Entry {
  hash: string;
  load(): Loaded;
}

type Obj = Record<string, unknown>;

/** The Swagger 2.0 document as JSON: the parts merging reads and writes. */
export interface SwaggerDocument {
  definitions: Record<string, Obj>;
  paths: Record<string, Obj>;
  parameters?: Record<string, Obj>;
  [key: string]: unknown;
}

const cache = new Map<string, Loaded>();

function load(doc: OpenAPIDocumentFile, from: OpenAPIModule = BUILTIN): Loaded {
  // Every generated index names its Swagger file v2/swagger.json: the hash tells them apart.
  const key = `${doc.hash}/${doc.file}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = { body: Buffer.from(from.readOpenAPIDocument(doc)), etag: JSON.stringify(doc.hash) };
    cache.set(key, hit);
  }
  return hit;
}

/** SHA-512 in upper-case hex, as the generator hashes documents (upstream's ETags and v3 link hashes). */
function hashOf(body: Buffer): string {
  return createHash("sha512").update(body).digest("hex").toUpperCase();
}

type GVK = { group: string; version: string; kind: string };
const GVK_LIST = "x-kubernetes-group-version-kind";

/**
 * Adds `extra`'s definitions, parameters and paths to `base` (the built-in ones win); a
 * definition both have (meta/v1's DeleteOptions) lists the kinds of both.
 */
export function mergeSwagger(base: SwaggerDocument, extra: SwaggerDocument): void {
  for (const [name, def] of Object.entries(extra.definitions ?? {})) {
    const mine = base.definitions[name];
    if (!mine) {
      base.definitions[name] = def;
      continue;
    }
    const theirs = def[GVK_LIST] as GVK[] | undefined;
    const ours = mine[GVK_LIST] as GVK[] | undefined;
    if (!theirs || !ours) continue;
    const key = (g: GVK): string => `${g.group}/${g.version}/${g.kind}`;
    const known = new Set(ours.map(key));
    const added = theirs.filter((g) => !known.has(key(g)));
    if (added.length > 0) base.definitions[name] = { ...mine, [GVK_LIST]: [...ours, ...added] };
  }
  if (extra.parameters) {
    base.parameters ??= {};
    for (const [name, p] of Object.entries(extra.parameters)) base.parameters[name] ??= p;
  }
  for (const [path, item] of Object.entries(extra.paths ?? {})) base.paths[path] ??= item;
}

/**
 * The OpenAPI documents one apiserver serves: the built-in API's, plus those of its compiled-in
 * groups (merged into the v2 document; their v3 group-version documents listed beside the
 * built-in ones). The CRD layer extends these in turn.
 */
export class OpenAPIDocuments {
  private v2Json: Loaded | undefined;
  private v2Proto: Loaded | undefined;
  private swaggerText: string | undefined;
  private readonly v3 = new Map<string, V3Entry>();

  constructor(private readonly groups: readonly OpenAPIModule[] = []) {
    for (const from of [BUILTIN, ...groups]) {
      for (const [path, doc] of Object.entries(from.openapiV3)) {
        // The built-in "apis" document (the /apis/ path) stays; a group's own documents join.
        if (!this.v3.has(path)) this.v3.set(path, { hash: doc.hash, load: () => load(doc, from) });
      }
    }
  }

  /** The served Swagger document's JSON text (built once). */
  private swaggerJSON(): string {
    if (this.swaggerText === undefined) {
      const builtin = readOpenAPIDocument(openapiV2);
      if (this.groups.length === 0) this.swaggerText = builtin;
      else {
        const doc = JSON.parse(builtin) as SwaggerDocument;
        for (const g of this.groups) mergeSwagger(doc, JSON.parse(g.readOpenAPIDocument(g.openapiV2)) as SwaggerDocument);
        this.swaggerText = JSON.stringify(doc);
      }
    }
    return this.swaggerText;
  }

  /** A fresh copy of the served Swagger document, for callers that extend it (custom resources). */
  swagger(): SwaggerDocument {
    return JSON.parse(this.swaggerJSON()) as SwaggerDocument;
  }

  /** The definitions the compiled-in groups add to the built-in document. */
  groupDefinitions(): Record<string, Obj> {
    const out: Record<string, Obj> = {};
    for (const g of this.groups) Object.assign(out, (JSON.parse(g.readOpenAPIDocument(g.openapiV2)) as SwaggerDocument).definitions);
    return out;
  }

  private v2(): Loaded {
    if (!this.v2Json) {
      if (this.groups.length === 0) this.v2Json = load(openapiV2);
      else {
        const body = Buffer.from(this.swaggerJSON());
        this.v2Json = { body, etag: JSON.stringify(hashOf(body)) };
      }
    }
    return this.v2Json;
  }

  /** The v2 document as protobuf, encoded once; its ETag is the JSON's, as upstream (responses vary by Accept). */
  private v2Protobuf(): Loaded {
    const encode = (json: Loaded): Loaded => ({
      body: Buffer.from(encodeOpenAPIV2Document(JSON.parse(json.body.toString("utf8")) as Obj)),
      etag: json.etag,
    });
    if (this.groups.length === 0) return (builtinV2Protobuf ??= encode(this.v2()));
    return (this.v2Proto ??= encode(this.v2()));
  }

  /** The /openapi/v3 index: every document path with its hashed link. */
  v3Index(): { paths: Record<string, { serverRelativeURL: string }> } {
    const paths: Record<string, { serverRelativeURL: string }> = {};
    for (const [path, doc] of this.v3) paths[path] = { serverRelativeURL: `/openapi/v3/${path}?hash=${doc.hash}` };
    return { paths };
  }

  readonly v2Handler: Handler = async (req, res) => {
    const protobuf = v2WantsProtobuf(req.raw.headers.accept);
    if (protobuf === undefined)
      throw notAcceptable(["application/json", ...V2_FORMATS.filter((f) => f.protobuf).map((f) => `application/${f.subtype}`)].join(", "));
    const ifNoneMatch = req.raw.headers["if-none-match"];
    if (protobuf) sendDocument(res, ifNoneMatch, this.v2Protobuf(), {}, OPENAPI_V2_PROTOBUF);
    else sendDocument(res, ifNoneMatch, this.v2());
  };

  readonly v3IndexHandler: Handler = async (_req, res) => {
    res.send(200, "application/json", Buffer.from(JSON.stringify(this.v3Index())));
  };

  /** The handler for /openapi/v3/<path>, or undefined when there is no such document. */
  v3DocumentHandler(path: string): Handler | undefined {
    const doc = this.v3.get(path);
    if (!doc) return undefined;
    return async (req, res) => {
      if (onlyProtobuf(req.raw.headers.accept)) throw notAcceptable();
      const hash = req.url.searchParams.get("hash");
      if (hash !== null && hash !== doc.hash) {
        res.writeHead(301, { Location: `/openapi/v3/${path}?hash=${doc.hash}` });
        res.end();
        return;
      }
      const headers: Record<string, string> =
        hash === null ? {} : { "Cache-Control": "public, immutable", Expires: new Date(Date.now() + 365 * 86400_000).toUTCString() };
      sendDocument(res, req.raw.headers["if-none-match"], doc.load(), headers);
    };
  }
}

let builtinV2Protobuf: Loaded | undefined;

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

const notAcceptable = (types = "application/json"): Error =>
  newStatusError(406, "NotAcceptable", `only the following media types are accepted: ${types}`);

/** The built-in API's documents alone (a server without compiled-in groups). */
export const builtinOpenAPI = new OpenAPIDocuments();
