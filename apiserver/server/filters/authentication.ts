/** Authenticates each request; bad credentials are a 401 Status, none at all is system:anonymous. */
import { newUnauthorized } from "../../../runtime/rest/errors.js";
import type { Scheme } from "../../../runtime/scheme.js";
import { isPromise } from "../../auth/maybe-async.js";
import type { RequestAuthentication, UnionAuthenticator } from "../../auth/union.js";
import type { APIRequest, Filter } from "../../endpoints/request-context.js";
import type { ResponseWriter } from "../../endpoints/response-writer.js";
import { writeError } from "../../endpoints/responses.js";

/** `onFailure` sees each refused request before its 401 goes out (audit logs them). */
export function withAuthentication(
  authenticator: UnionAuthenticator,
  scheme: Scheme,
  onFailure?: (req: APIRequest, res: ResponseWriter) => void,
): Filter {
  return (next) => {
    /** The rest of the request once its caller is known: the next handler's promise, passed on as is. */
    const proceed = (req: APIRequest, res: ResponseWriter, result: RequestAuthentication): Promise<void> => {
      if ("error" in result) {
        onFailure?.(req, res);
        writeError(scheme, req, res, newUnauthorized("Unauthorized"));
        return DONE;
      }
      req.user = result.user;
      // Credentials stop here: nothing further down needs the bearer token.
      if (req.raw.headers.authorization !== undefined) delete req.raw.headers.authorization;
      return next(req, res);
    };
    // Client certificates and token files answer synchronously: no promise of our own then.
    return (req, res) => {
      const result = authenticator.authenticate(req.raw);
      return isPromise(result) ? result.then((r) => proceed(req, res, r)) : proceed(req, res, result);
    };
  };
}

const DONE = Promise.resolve();
