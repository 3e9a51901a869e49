/** Authenticates each request; bad credentials are a 401 Status, none at all is system:anonymous. */
import { newUnauthorized } from "../../../runtime/rest/errors.js";
import type { Scheme } from "../../../runtime/scheme.js";
import type { UnionAuthenticator } from "../../auth/union.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { writeError } from "../../endpoints/responses.js";

/** `onFailure` sees each refused request before its 401 goes out (audit logs them). */
export function withAuthentication(
  authenticator: UnionAuthenticator,
  scheme: Scheme,
  onFailure?: (req: APIRequest, res: ResponseWriter) => void,
): Filter {
  return (next) => async (req, res) => {
    const result = await authenticator.authenticate(req.raw);
    if ("error" in result) {
      onFailure?.(req, res);
      writeError(scheme, req, res, newUnauthorized("Unauthorized"));
      return;
    }
    req.user = result.user;
    // Credentials stop here: nothing further down needs the bearer token.
    delete req.raw.headers.authorization;
    await next(req, res);
  };
}
