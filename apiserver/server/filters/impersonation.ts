/**
 * Impersonation (`Impersonate-User`, `-Group`, `-Uid`, `-Extra-*` headers, kubectl's `--as`):
 * each requested identity is checked against the `impersonate` verb (users, groups,
 * serviceaccounts in their namespace, uids), then the request runs as that identity.
 */
import { logImpersonatedUser } from "../../audit/record.js";
import { newBadRequest, newForbidden } from "../../../runtime/rest/errors.js";
import type { Scheme } from "../../../runtime/scheme.js";
import type { AuthorizationAttributes, Authorizer } from "../../auth/authorizer.js";
import { SERVICE_ACCOUNTS_GROUP } from "../../auth/serviceaccount.js";
import { ANONYMOUS_USER, AUTHENTICATED_GROUP, UNAUTHENTICATED_GROUP, type UserInfo } from "../../auth/user.js";
import type { Filter, Handler } from "../../endpoints/request-context.js";
import { writeError } from "../../endpoints/responses.js";
import { forbiddenMessage } from "./authorization.js";

const values = (h: Record<string, string[] | undefined>, name: string): string[] => h[name] ?? [];

/**
 * Whether any header is an `Impersonate-*` one: most requests have none, and a look at the raw
 * names spares them the per-header arrays `headersDistinct` would build.
 */
function asksImpersonation(raw: string[]): boolean {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length > 12 && (name.charCodeAt(0) | 0x20) === 0x69 && name.slice(0, 12).toLowerCase() === "impersonate-") return true;
  }
  return false;
}

export function withImpersonation(authorizer: Authorizer, scheme: Scheme): Filter {
  return (next) => {
    const impersonating = impersonate(authorizer, scheme, next);
    // Most requests impersonate nobody: they go straight on, without a promise of this filter's.
    return (req, res) => (asksImpersonation(req.raw.rawHeaders) ? impersonating(req, res) : next(req, res));
  };
}

/** The filter's work for a request that has `Impersonate-*` headers. */
function impersonate(authorizer: Authorizer, scheme: Scheme, next: Handler): Handler {
  return async (req, res) => {
    const headers = req.raw.headersDistinct as Record<string, string[] | undefined>;
    const users = values(headers, "impersonate-user");
    const groups = values(headers, "impersonate-group");
    const uids = values(headers, "impersonate-uid");
    const extras = Object.keys(headers).filter((h) => h.startsWith("impersonate-extra-"));
    if (users.length === 0 && groups.length === 0 && uids.length === 0 && extras.length === 0) return next(req, res);
    try {
      if (users.length !== 1 || users[0] === "") {
        throw newBadRequest(
          `requested [${[...groups.map((g) => `{Group ${g}}`), ...uids.map((u) => `{UID ${u}}`)].join(" ")}] without impersonating a user`,
        );
      }
      const name = users[0]!;
      const check = async (
        attrs: Omit<AuthorizationAttributes, "user" | "verb" | "isResourceRequest" | "path" | "apiVersion">,
      ): Promise<void> => {
        const a: AuthorizationAttributes = {
          user: req.user,
          verb: "impersonate",
          isResourceRequest: true,
          path: "",
          apiVersion: "",
          ...attrs,
        };
        const d = await authorizer.authorize(a);
        if (!d.allowed) throw newForbidden({ group: a.apiGroup, resource: a.resource }, a.name, forbiddenMessage(a));
      };
      const sa = /^system:serviceaccount:([^:]+):([^:]+)$/.exec(name);
      if (sa) await check({ apiGroup: "", namespace: sa[1]!, resource: "serviceaccounts", subresource: "", name: sa[2]! });
      else await check({ apiGroup: "", namespace: "", resource: "users", subresource: "", name });
      for (const g of groups) await check({ apiGroup: "", namespace: "", resource: "groups", subresource: "", name: g });
      for (const u of uids) await check({ apiGroup: "authentication.k8s.io", namespace: "", resource: "uids", subresource: "", name: u });
      for (const h of extras) {
        for (const v of values(headers, h))
          await check({
            apiGroup: "authentication.k8s.io",
            namespace: "",
            resource: "userextras",
            subresource: decodeURIComponent(h.slice("impersonate-extra-".length)),
            name: v,
          });
      }
      const out: UserInfo = { name, groups: [...groups], ...(uids[0] !== undefined && { uid: uids[0] }) };
      // As upstream: an impersonated service account gets its groups; everyone but anonymous is authenticated.
      if (sa) out.groups.push(SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${sa[1]}`);
      if (name === ANONYMOUS_USER) {
        if (!out.groups.includes(UNAUTHENTICATED_GROUP)) out.groups.push(UNAUTHENTICATED_GROUP);
      } else if (!out.groups.includes(AUTHENTICATED_GROUP)) out.groups.push(AUTHENTICATED_GROUP);
      req.user = out;
      logImpersonatedUser(req, out);
      for (const h of ["impersonate-user", "impersonate-group", "impersonate-uid", ...extras]) delete req.raw.headers[h];
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      if (status === undefined) throw err;
      writeError(scheme, req, res, err);
      return;
    }
    await next(req, res);
  };
}
