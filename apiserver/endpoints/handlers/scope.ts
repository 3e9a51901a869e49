/**
 * What every REST handler works with: the resource being served, the storage the request
 * goes to (the resource's, or a subresource's), and the server-wide pieces (scheme, schemas,
 * admission, limits).
 */
import type { Scheme } from "../../../runtime/scheme.js";
import type { AdmissionChain } from "../../admission/interface.js";
import type { RESTStorage, RequestContext } from "../../registry/rest.js";
import type { SchemaIndex } from "../field-validation.js";
import type { InstalledResource } from "../installer.js";
import type { APIRequest } from "../request-context.js";

export interface EndpointDeps {
  scheme: Scheme;
  schemas: SchemaIndex;
  admission: AdmissionChain;
  /** Largest request body accepted (upstream: 3 MiB). */
  maxRequestBodyBytes: number;
  /** Watches without timeoutSeconds end after a random time between this and twice this. */
  minRequestTimeoutSeconds: number;
}

export interface RequestScope {
  resource: InstalledResource;
  /** The storage serving this request: the resource's, or its subresource's. */
  storage: RESTStorage;
  subresource: string;
  /** The request's namespace ("" for cluster-scoped resources and all-namespace lists). */
  namespace: string;
  /** The name from the path ("" for collections). */
  name: string;
  deps: EndpointDeps;
}

export const groupResource = (scope: RequestScope): { group: string; resource: string } => ({
  group: scope.resource.group,
  resource: scope.resource.info.plural,
});

export function restContext(req: APIRequest, scope: RequestScope): RequestContext {
  const ctx: RequestContext = {
    user: req.user,
    get signal() {
      return req.signal;
    },
    warnings: req.warnings,
  };
  // Set (if empty) on every request: a request that names no manager is "unknown"'s, an internal write no one's.
  ctx.userAgent = req.raw.headers["user-agent"] ?? "";
  if (scope.namespace !== "" && scope.resource.info.namespaced) ctx.namespace = scope.namespace;
  if (scope.subresource !== "" && scope.name !== "") ctx.name = scope.name;
  return ctx;
}
