/**
 * The request authenticator: tries each authenticator in turn; a bad credential fails the
 * request, a bearer token no authenticator accepts fails it too (upstream: 401, never
 * anonymous), and no credential at all makes the caller anonymous when `--anonymous-auth`.
 */
import type { IncomingMessage } from "node:http";
import type { Authenticator } from "./authenticator.js";
import { bearerToken } from "./token-file.js";
import { anonymousUser, withAuthenticatedGroup, type UserInfo } from "./user.js";

export type RequestAuthentication = { user: UserInfo } | { error: string };

export class UnionAuthenticator {
  constructor(
    private readonly authenticators: readonly Authenticator[],
    private readonly allowAnonymous = true,
  ) {}

  async authenticate(req: IncomingMessage): Promise<RequestAuthentication> {
    const errors: string[] = [];
    for (const a of this.authenticators) {
      const result = await a.authenticate(req);
      if (result === undefined) continue;
      if ("user" in result) return { user: withAuthenticatedGroup(result.user) };
      errors.push(result.error);
    }
    if (errors.length > 0) return { error: errors.join(", ") };
    // A token was presented and nobody vouched for it: that is a failed login, not an anonymous one.
    if (bearerToken(req) !== undefined) return { error: "invalid bearer token" };
    if (this.allowAnonymous) return { user: anonymousUser() };
    return { error: "no credentials" };
  }
}
