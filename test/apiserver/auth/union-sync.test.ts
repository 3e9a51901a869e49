/**
 * The union authenticator and authorizer answer synchronously while their members do, and walk
 * on in order, with the same answers, once one of them answers with a promise.
 */
import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { sharedResult, type Authenticator, type AuthenticationResult } from "../../../apiserver/auth/authenticator.js";
import { UnionAuthorizer, type AuthorizationAttributes, type Authorizer, type Decision } from "../../../apiserver/auth/authorizer.js";
import { isPromise } from "../../../apiserver/auth/maybe-async.js";
import { UnionAuthenticator } from "../../../apiserver/auth/union.js";

const req = (headers: Record<string, string> = {}) => ({ headers, socket: {} }) as unknown as IncomingMessage;

/** An authenticator answering `result`, synchronously or as a promise, and recording that it was asked. */
function authn(result: AuthenticationResult, async: boolean, asked: string[], name: string): Authenticator {
  return {
    authenticate: () => {
      asked.push(name);
      return async ? Promise.resolve(result) : result;
    },
  };
}

const attrs = { user: { name: "u", groups: [] }, verb: "get", isResourceRequest: false, path: "/x" } as unknown as AuthorizationAttributes;

function authz(d: Decision, async: boolean, asked: string[], name: string): Authorizer {
  return {
    authorize: () => {
      asked.push(name);
      return async ? Promise.resolve(d) : d;
    },
  };
}

describe("union authenticator", () => {
  it("keeps what a shared (connection's) result became, frozen; copies the user of any other result per request", () => {
    const shared = sharedResult({ user: { name: "cert", groups: ["team"] } });
    const union = new UnionAuthenticator([{ authenticate: () => shared }]);
    const first = union.authenticate(req());
    expect(first).toEqual({ user: { name: "cert", groups: ["team", "system:authenticated"] } });
    expect(union.authenticate(req())).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const user = (first as { user: { groups: string[] } }).user;
    expect(Object.isFrozen(user) && Object.isFrozen(user.groups)).toBe(true);
    expect(() => user.groups.push("x")).toThrow();
    // The authenticator's own user is left as it was.
    expect(shared).toEqual({ user: { name: "cert", groups: ["team"] } });

    const fresh = { user: { name: "token", groups: [] as string[] } };
    const other = new UnionAuthenticator([{ authenticate: () => fresh }]);
    const a = other.authenticate(req());
    const b = other.authenticate(req());
    expect(a).toEqual({ user: { name: "token", groups: ["system:authenticated"] } });
    expect(a).not.toBe(b);
    expect(Object.isFrozen(a)).toBe(false);
  });

  it("answers without a promise when every authenticator does", () => {
    const asked: string[] = [];
    const union = new UnionAuthenticator([
      authn(undefined, false, asked, "a"),
      authn({ user: { name: "alice", groups: [] } }, false, asked, "b"),
    ]);
    const result = union.authenticate(req());
    expect(isPromise(result)).toBe(false);
    expect(result).toEqual({ user: { name: "alice", groups: ["system:authenticated"] } });
    expect(asked).toEqual(["a", "b"]);
  });

  it("goes on in order after an authenticator answers with a promise", async () => {
    for (const asyncAt of [0, 1, 2]) {
      const asked: string[] = [];
      const union = new UnionAuthenticator([
        authn(undefined, asyncAt === 0, asked, "a"),
        authn({ error: "bad" }, asyncAt === 1, asked, "b"),
        authn(undefined, asyncAt === 2, asked, "c"),
      ]);
      const result = union.authenticate(req());
      expect(isPromise(result)).toBe(true);
      expect(await result).toEqual({ error: "bad" });
      expect(asked).toEqual(["a", "b", "c"]);
    }
    const asked: string[] = [];
    const anonymous = new UnionAuthenticator([authn(undefined, true, asked, "a"), authn(undefined, false, asked, "b")]);
    expect(await anonymous.authenticate(req())).toEqual({ user: { name: "system:anonymous", groups: ["system:unauthenticated"] } });
    expect(await anonymous.authenticate(req({ authorization: "Bearer x" }))).toEqual({ error: "invalid bearer token" });
  });
});

describe("union authorizer", () => {
  const noOpinion: Decision = { allowed: false, reason: "no", noOpinion: true };

  it("decides without a promise when every authorizer does", () => {
    const asked: string[] = [];
    const d = new UnionAuthorizer([authz(noOpinion, false, asked, "a"), authz({ allowed: true }, false, asked, "b")]).authorize(attrs);
    expect(isPromise(d)).toBe(false);
    expect(d).toEqual({ allowed: true });
    expect(asked).toEqual(["a", "b"]);
  });

  it("goes on in order after an authorizer answers with a promise, gathering the reasons", async () => {
    for (const asyncAt of [0, 1]) {
      const asked: string[] = [];
      const union = new UnionAuthorizer([authz(noOpinion, asyncAt === 0, asked, "a"), authz(noOpinion, asyncAt === 1, asked, "b")]);
      expect(await union.authorize(attrs)).toEqual({ allowed: false, reason: "no, no", noOpinion: true });
      expect(asked).toEqual(["a", "b"]);
    }
    const asked: string[] = [];
    const denied = new UnionAuthorizer([
      authz(noOpinion, true, asked, "a"),
      authz({ allowed: false, reason: "denied" }, false, asked, "b"),
      authz({ allowed: true }, false, asked, "c"),
    ]);
    expect(await denied.authorize(attrs)).toEqual({ allowed: false, reason: "denied" });
    expect(asked).toEqual(["a", "b"]);
  });
});
