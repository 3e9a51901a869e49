/** The authenticator contract: a request in, a user, a failure, or "no credentials of my kind". */
import type { IncomingMessage } from "node:http";
import type { UserInfo } from "./user.js";

/**
 * What one authenticator concluded. `undefined` means the request carried no credentials it
 * handles, so the next one may try; `{ error }` means it carried some and they were bad (401).
 */
export type AuthenticationResult = { user: UserInfo } | { error: string } | undefined;

export interface Authenticator {
  authenticate(req: IncomingMessage): AuthenticationResult | Promise<AuthenticationResult>;
}
