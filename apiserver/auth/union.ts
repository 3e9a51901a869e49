/**
 * The request authenticator: tries each authenticator in turn; a bad credential fails the
 * request, a bearer token no authenticator accepts fails it too (upstream: 401, never
 * anonymous), and no credential at all makes the caller anonymous when `--anonymous-auth`.
 */
import type { IncomingMessage } from "node:http";
import type { AuthenticationResult, Authenticator } from "./authenticator.js";
import { isPromise } from "./maybe-async.js";
import { bearerToken } from "./token-file.js";
import { anonymousUser, withAuthenticatedGroup, type UserInfo } from "./user.js";

const NO_ERRORS: readonly string[] = [];

export type RequestAuthentication = { user: UserInfo } | { error: string };

export class UnionAuthenticator {
  /** What a shared (frozen) authenticator result became: one per connection, not a user copied per request. */
  private readonly fromShared = new WeakMap<object, RequestAuthentication>();

  constructor(
    private readonly authenticators: readonly Authenticator[],
    private readonly allowAnonymous = true,
  ) {}

  /** The request's authentication for an authenticator's user, with system:authenticated. */
  private authenticated(result: { user: UserInfo }): RequestAuthentication {
    if (!Object.isFrozen(result)) return { user: withAuthenticatedGroup(result.user) };
    let out = this.fromShared.get(result);
    if (out === undefined) {
      const user = withAuthenticatedGroup(result.user);
      if (user !== result.user) Object.freeze(Object.freeze(user).groups);
      this.fromShared.set(result, (out = Object.freeze({ user })));
    }
    return out;
  }

  /**
   * Answers synchronously while the authenticators do (client certificates, token files): most
   * requests then cost no promise and no microtask hop here. The first one that answers with a
   * promise turns the rest of the walk asynchronous.
   */
  authenticate(req: IncomingMessage): RequestAuthentication | Promise<RequestAuthentication> {
    let errors: string[] | undefined;
    for (let i = 0; i < this.authenticators.length; i++) {
      const result = this.authenticators[i]!.authenticate(req);
      if (isPromise(result)) return this.authenticateFrom(req, i, result, errors ?? []);
      if (result === undefined) continue;
      if ("user" in result) return this.authenticated(result);
      (errors ??= []).push(result.error);
    }
    return this.conclude(req, errors ?? NO_ERRORS);
  }

  private async authenticateFrom(
    req: IncomingMessage,
    i: number,
    pending: Promise<AuthenticationResult>,
    errors: string[],
  ): Promise<RequestAuthentication> {
    let result = await pending;
    for (;;) {
      if (result !== undefined) {
        if ("user" in result) return this.authenticated(result);
        errors.push(result.error);
      }
      if (++i >= this.authenticators.length) return this.conclude(req, errors);
      result = await this.authenticators[i]!.authenticate(req);
    }
  }

  private conclude(req: IncomingMessage, errors: readonly string[]): RequestAuthentication {
    if (errors.length > 0) return { error: errors.join(", ") };
    // A token was presented and nobody vouched for it: that is a failed login, not an anonymous one.
    if (bearerToken(req) !== undefined) return { error: "invalid bearer token" };
    if (this.allowAnonymous) return { user: anonymousUser() };
    return { error: "no credentials" };
  }
}
