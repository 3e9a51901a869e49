/**
 * Custom resources have no protobuf form (upstream serves them as JSON and YAML only): for
 * their requests this filter drops protobuf from the Accept header unless it asks for a meta
 * conversion (Table, PartialObjectMetadata), answers 406 when nothing else is acceptable, and
 * refuses protobuf bodies with 415, before the generic handlers see the request.
 */
import type { Scheme } from "../../runtime/scheme.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import type { Filter, Handler } from "../endpoints/request-context.js";
import { writeError } from "../endpoints/responses.js";
import { newStatusError } from "../endpoints/status.js";

const PROTOBUF = "application/vnd.kubernetes.protobuf";

/** The Accept header without the protobuf clauses a custom resource cannot answer; undefined when none is left. */
export function withoutProtobuf(accept: string): string | undefined {
  const kept = accept.split(",").filter((clause) => {
    const [type, ...params] = clause.split(";").map((p) => p.trim().toLowerCase());
    if (!type?.startsWith(PROTOBUF)) return true;
    return params.some((p) => p.startsWith("as="));
  });
  return kept.length > 0 ? kept.join(",") : undefined;
}

export function customResourceMediaTypes(index: ResourceIndex, scheme: Scheme): Filter {
  return (next) => {
    const check = checked(scheme, next);
    // Built-in resources (and non-resource paths) go on without an async frame of this filter's.
    return (req, res) => {
      const info = req.info;
      return info.isResourceRequest && index.lookup(info.apiGroup, info.apiVersion, info.resource)?.custom
        ? check(req, res)
        : next(req, res);
    };
  };
}

/** The filter's work for a custom resource's request. */
function checked(scheme: Scheme, next: Handler): Handler {
  return async (req, res) => {
    const info = req.info;
    const resource = { group: info.apiGroup, resource: info.resource };
    const contentType = (req.raw.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if ((info.verb === "create" || info.verb === "update") && contentType === PROTOBUF) {
      writeError(
        scheme,
        req,
        res,
        newStatusError(
          415,
          "UnsupportedMediaType",
          `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml`,
        ),
        resource,
      );
      return;
    }
    const accept = req.raw.headers.accept;
    if (accept && accept.toLowerCase().includes(PROTOBUF)) {
      const kept = withoutProtobuf(accept);
      if (kept === undefined) {
        req.raw.headers.accept = "application/json";
        writeError(
          scheme,
          req,
          res,
          newStatusError(406, "NotAcceptable", "only the following media types are accepted: application/json, application/yaml"),
          resource,
        );
        return;
      }
      req.raw.headers.accept = kept;
    }
    return next(req, res);
  };
}
