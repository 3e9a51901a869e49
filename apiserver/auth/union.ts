/**
 * The request authenticator: tries each authenticator in turn; a bad credential fails the
 * request, no credential at all makes the caller anonymous (upstream's fail-on-error union
 * around the anonymous authenticator).
 */
import type { IncomingMessage } from "node:http";
import type { Authenticator } from "./authenticator.js";
import { anonymousUser, withAuthenticatedGroup, type UserInfo } from "./user.js";

export type RequestAuthentication = { user: UserInfo } | { error: string };

export class UnionAuthenticator {
  constructor(
    private readonly authenticators: readonly Authenticator[],
    private readonly allowAnonymous = true,
  ) {}

  authenticate(req: IncomingMessage): RequestAuthentication {
    const errors: string[] = [];
    for (const a of this.authenticators) {
      const result = a.authenticate(req);
      if (result === undefined) continue;
      if ("user" in result) return { user: withAuthenticatedGroup(result.user) };
      errors.push(result.error);
    }
    if (errors.length > 0) return { error: errors.join(", ") };
    if (this.allowAnonymous) return { user: anonymousUser() };
    return { error: "no credentials" };
  }
}
