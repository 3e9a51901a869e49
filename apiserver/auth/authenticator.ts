/** The authenticator contract: a request in, a user, a failure, or "no credentials of my kind". */
import type { IncomingMessage } from "node:http";
import type { UserInfo } from "./user.js";

/**
 * What one authenticator concluded. `undefined` means the request carried no credentials it
 * handles, so the next one may try; `{ error }` means it carried some and they were bad (401).
 */
export type AuthenticationResult = { user: UserInfo } | { error: string } | undefined;

/**
 * Marks a result the authenticator hands to every request of one connection (a client
 * certificate's): frozen with its user, so the request authenticator may keep what it derives
 * from it too, rather than copy the user for each request.
 */
export function sharedResult<R extends AuthenticationResult>(result: R): R {
  if (result !== undefined && "user" in result) {
    Object.freeze(result.user.groups);
    if (result.user.extra !== undefined) {
      for (const k in result.user.extra) Object.freeze(result.user.extra[k]);
      Object.freeze(result.user.extra);
    }
    Object.freeze(result.user);
  }
  return Object.freeze(result);
}

export interface Authenticator {
  authenticate(req: IncomingMessage): AuthenticationResult | Promise<AuthenticationResult>;
}
