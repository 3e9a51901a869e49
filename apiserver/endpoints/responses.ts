/**
 * Writing responses: objects in the negotiated format (after any `as=Table` or
 * `as=PartialObjectMetadata` conversion) and errors as metav1.Status, both as upstream's
 * response writers do.
 */
import type { Scheme } from "../../runtime/scheme.js";
import type { StatusError } from "../../runtime/rest/errors.js";
import { logResponseObject } from "../audit/record.js";
import type { KubeList, KubeObject } from "../registry/rest.js";
import { MEDIA_TYPES, negotiateOutput, type EndpointRestrictions, type Format, type OutputMediaType } from "./negotiation.js";
import type { APIRequest } from "./request-context.js";
import type { ResponseWriter } from "./response-writer.js";
import { encodeBody, encodeJSON } from "./serializers.js";
import { newStatusError, statusOf, toStatusError } from "./status.js";
import { partialObjectMetadata, tableOptionsFrom, toTable, type TableOptions, type TablePrinter } from "./table/table.js";

const META_VERSIONS = new Set(["v1", "v1beta1"]);

/** Resource endpoints: Table in JSON or YAML, partial metadata in any format, nothing else. */
export const resourceRestrictions: EndpointRestrictions = {
  allowsTransform(format, target) {
    if (target === undefined) return true;
    if (target.group !== "meta.k8s.io" || !META_VERSIONS.has(target.version)) return false;
    if (target.kind === "Table") return format === "json" || format === "yaml";
    return target.kind === "PartialObjectMetadata" || target.kind === "PartialObjectMetadataList";
  },
};

function isList(value: KubeObject | KubeList): value is KubeList {
  return Array.isArray((value as KubeList).items);
}

const isStatus = (obj: KubeObject): boolean => obj.kind === "Status";

/**
 * Applies the conversion the client asked for. Status objects pass through (upstream never
 * converts them).
 */
export function transformObject(
  value: KubeObject | KubeList,
  media: OutputMediaType,
  printer: TablePrinter,
  tableOptions: TableOptions | undefined,
  now = Date.now(),
): object {
  const convert = media.convert;
  if (!convert || isStatus(value as KubeObject)) return value;
  const apiVersion = `meta.k8s.io/${convert.version}`;
  switch (convert.kind) {
    case "Table":
      return toTable(printer, value, tableOptions ?? { includeObject: "Metadata", noHeaders: false }, apiVersion, now);
    case "PartialObjectMetadata":
      if (isList(value)) {
        throw newStatusError(406, "NotAcceptable", "you requested PartialObjectMetadata, but the requested object is a list");
      }
      return partialObjectMetadata(value, apiVersion);
    case "PartialObjectMetadataList":
      if (!isList(value)) {
        throw newStatusError(406, "NotAcceptable", "you requested PartialObjectMetadataList, but the requested object is not a list");
      }
      return {
        kind: "PartialObjectMetadataList",
        apiVersion,
        metadata: value.metadata,
        items: value.items.map((i) => partialObjectMetadata(i, apiVersion)),
      };
    default:
      throw newStatusError(406, "NotAcceptable", `only the following media types are accepted: ${Object.values(MEDIA_TYPES).join(", ")}`);
  }
}

/** The table options of a request that converts to Table (400 for a bad includeObject). */
export function tableOptionsFor(req: APIRequest, media: OutputMediaType): TableOptions | undefined {
  if (media.convert?.kind !== "Table") return undefined;
  return tableOptionsFrom(req.url.searchParams);
}

/** Encodes and sends an object with a status code. */
export function writeObject(scheme: Scheme, res: ResponseWriter, code: number, obj: object, media: OutputMediaType, pretty: boolean): void {
  // Sent and dropped: a JSON answer may share a slab with others.
  const body = encodeBody(scheme, obj, media.format, pretty || media.pretty, { transient: true });
  logResponseObject(res, obj);
  res.send(code, media.contentType, body);
}

/** Sends a plain JSON document (discovery, version, openapi). */
export function writeJSON(res: ResponseWriter, code: number, obj: unknown, pretty = false, headers: Record<string, string> = {}): void {
  res.send(code, "application/json", encodeJSON(obj, pretty), headers);
}

/**
 * Writes an error as a Status, in the client's format when it named one we can encode
 * (protobuf or YAML), else JSON.
 */
export function writeError(
  scheme: Scheme,
  req: APIRequest,
  res: ResponseWriter,
  err: unknown,
  resource?: { group: string; resource: string },
): void {
  const se: StatusError = toStatusError(err, resource);
  const status = statusOf(se);
  let format: Format;
  try {
    format = negotiateOutput(req.raw.headers.accept, resourceRestrictions).format;
  } catch {
    format = "json";
  }
  let body: Uint8Array;
  try {
    body = encodeBody(scheme, status, format);
  } catch {
    format = "json";
    body = encodeJSON(status);
  }
  const headers: Record<string, string> = {};
  const retryAfter = status.details?.retryAfterSeconds;
  if (retryAfter && retryAfter > 0) headers["Retry-After"] = String(retryAfter);
  logResponseObject(res, status);
  res.send(status.code ?? 500, MEDIA_TYPES[format], body, headers);
}
