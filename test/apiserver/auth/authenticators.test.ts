import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { parseCsv, parseTokenFile, TokenFileAuthenticator } from "../../../apiserver/auth/token-file.js";
import { UnionAuthenticator } from "../../../apiserver/auth/union.js";
import { authorizerForMode } from "../../../apiserver/auth/authorizer.js";

const req = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage;

describe("token file", () => {
  it("parses upstream's CSV with quoted group lists", () => {
    expect(parseCsv('t1,alice,u1,"g1,g2"\n\n t2 , bob,u2\n')).toEqual([
      ["t1", "alice", "u1", "g1,g2"],
      ["t2 ", "bob", "u2"],
    ]);
    const tokens = parseTokenFile('t1,alice,u1,"system:masters,dev"\nt2,bob,u2\n');
    expect(tokens.get("t1")).toEqual({ name: "alice", uid: "u1", groups: ["system:masters", "dev"] });
    expect(tokens.get("t2")).toEqual({ name: "bob", uid: "u2", groups: [] });
  });

  it("rejects lines with fewer than three columns", () => {
    expect(() => parseTokenFile("t1,alice\n", "/etc/tokens.csv")).toThrow(
      "token file '/etc/tokens.csv' must have at least 3 columns (token, user name, user uid), found 2",
    );
  });

  it("authenticates bearer tokens, refuses unknown ones, and lets the anonymous through", async () => {
    const union = new UnionAuthenticator([new TokenFileAuthenticator(parseTokenFile("t1,alice,u1,dev\n"))]);
    expect(await union.authenticate(req({ authorization: "Bearer t1" }))).toEqual({
      user: { name: "alice", uid: "u1", groups: ["dev", "system:authenticated"] },
    });
    expect(await union.authenticate(req({ authorization: "Bearer nope" }))).toHaveProperty("error");
    expect(await union.authenticate(req({}))).toEqual({ user: { name: "system:anonymous", groups: ["system:unauthenticated"] } });
    expect(await new UnionAuthenticator([], false).authenticate(req({}))).toHaveProperty("error");
  });

  it("a bearer token nobody accepts is a 401, not an anonymous request", async () => {
    expect(await new UnionAuthenticator([]).authenticate(req({ authorization: "Bearer bogus" }))).toEqual({
      error: "invalid bearer token",
    });
  });

  it("authorization modes: AlwaysAllow, AlwaysDeny, RBAC, in a checked comma list", async () => {
    expect(authorizerForMode("AlwaysAllow").authorize({} as never)).toEqual({ allowed: true });
    const anon = { user: { name: "system:anonymous", groups: ["system:unauthenticated"] } } as never;
    expect(await authorizerForMode("AlwaysDeny").authorize(anon)).toEqual({ allowed: false, reason: "Everything is forbidden." });
    expect(await authorizerForMode("AlwaysDeny,AlwaysAllow").authorize(anon)).toMatchObject({ allowed: false });
    expect(await authorizerForMode("AlwaysDeny").authorize({ user: { name: "root", groups: ["system:masters"] } } as never)).toEqual({
      allowed: true,
    });
    expect(() => authorizerForMode("RBAC")).toThrow(/RBAC needs/);
    expect(() => authorizerForMode("Webhook")).toThrow('authorization-mode "Webhook" is not a valid mode');
    expect(() => authorizerForMode("RBAC,RBAC", { rbac: () => authorizerForMode("AlwaysAllow") })).toThrow("more than once");
    expect(() => authorizerForMode(" , ")).toThrow("at least one");
  });
});
