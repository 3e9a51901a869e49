/** Asks the authorizer about each request; a denial is a 403 worded as upstream's. */
import { newForbidden } from "../../../runtime/rest/errors.js";
import type { Scheme } from "../../../runtime/scheme.js";
import { addAuditAnnotation } from "../../audit/record.js";
import type { AuthorizationAttributes, Authorizer, Decision } from "../../auth/authorizer.js";
import { isPromise } from "../../auth/maybe-async.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { writeError } from "../../endpoints/responses.js";

export function attributesOf(req: APIRequest): AuthorizationAttributes {
  const i = req.info;
  const attrs: AuthorizationAttributes = {
    user: req.user,
    verb: i.verb,
    isResourceRequest: i.isResourceRequest,
    path: i.path,
    apiGroup: i.apiGroup,
    apiVersion: i.apiVersion,
    namespace: i.namespace,
    resource: i.resource,
    subresource: i.subresource,
    name: i.name,
  };
  // Only reads of collections are scoped by a selector; other requests skip the query lookup.
  if (i.verb === "list" || i.verb === "watch" || i.verb === "deletecollection") {
    const selector = req.url.searchParams.get("fieldSelector");
    if (selector) attrs.fieldSelector = selector;
  }
  return attrs;
}

/** Upstream's forbidden message for a denied request. */
export function forbiddenMessage(a: AuthorizationAttributes): string {
  if (!a.isResourceRequest) return `User ${JSON.stringify(a.user.name)} cannot ${a.verb} path ${JSON.stringify(a.path)}`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  if (a.namespace) {
    return `User ${JSON.stringify(a.user.name)} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup)} in the namespace ${JSON.stringify(a.namespace)}`;
  }
  return `User ${JSON.stringify(a.user.name)} cannot ${a.verb} resource ${JSON.stringify(resource)} in API group ${JSON.stringify(a.apiGroup)} at the cluster scope`;
}

const DONE = Promise.resolve();

export function withAuthorization(authorizer: Authorizer, scheme: Scheme): Filter {
  return (next) => {
    /** The rest of the request once decided: the next handler's promise, passed on as is. */
    const proceed = (req: APIRequest, res: ResponseWriter, attrs: AuthorizationAttributes, decision: Decision): Promise<void> => {
      // As upstream's filter: the decision and the authorizer's reason go into the audit event.
      addAuditAnnotation(req, "authorization.k8s.io/decision", decision.allowed ? "allow" : "forbid");
      addAuditAnnotation(req, "authorization.k8s.io/reason", decision.reason ?? "");
      if (!decision.allowed) {
        const why = decision.reason ? `${forbiddenMessage(attrs)}: ${decision.reason}` : forbiddenMessage(attrs);
        writeError(scheme, req, res, newForbidden({ group: attrs.apiGroup, resource: attrs.resource }, attrs.name, why));
        return DONE;
      }
      return next(req, res);
    };
    // Privileged groups and RBAC decide synchronously: no promise of our own then.
    return (req, res) => {
      const attrs = attributesOf(req);
      const decision = authorizer.authorize(attrs);
      return isPromise(decision) ? decision.then((d) => proceed(req, res, attrs, d)) : proceed(req, res, attrs, decision);
    };
  };
}
