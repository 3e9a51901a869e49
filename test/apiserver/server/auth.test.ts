import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { parseCsv, parseTokenFile, TokenFileAuthenticator } from "../../../apiserver/auth/token-file.js";
import { UnionAuthenticator } from "../../../apiserver/auth/union.js";
import { authorizerForMode } from "../../../apiserver/auth/authorizer.js";

const req = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage;

describe("token file", () => {
  it("parses upstream's CSV with quoted group lists", () => {
    expect(parseCsv('t1,alice,u1,"g1,g2"\n\n t2 , bob,u2\n')).toEqual([["t1", "alice", "u1", "g1,g2"], ["t2 ", "bob", "u2"]]);
    const tokens = parseTokenFile('t1,alice,u1,"system:masters,dev"\nt2,bob,u2\n');
    expect(tokens.get("t1")).toEqual({ name: "alice", uid: "u1", groups: ["system:masters", "dev"] });
    expect(tokens.get("t2")).toEqual({ name: "bob", uid: "u2", groups: [] });
  });

  it("rejects lines with fewer than three columns", () => {
    expect(() => parseTokenFile("t1,alice\n", "/etc/tokens.csv")).toThrow("token file '/etc/tokens.csv' must have at least 3 columns (token, user name, user uid), found 2");
  });

  it("authenticates bearer tokens, refuses unknown ones, and lets the anonymous through", () => {
    const union = new UnionAuthenticator([new TokenFileAuthenticator(parseTokenFile("t1,alice,u1,dev\n"))]);
    expect(union.authenticate(req({ authorization: "Bearer t1" }))).toEqual({ user: { name: "alice", uid: "u1", groups: ["dev", "system:authenticated"] } });
    expect(union.authenticate(req({ authorization: "Bearer nope" }))).toHaveProperty("error");
    expect(union.authenticate(req({}))).toEqual({ user: { name: "system:anonymous", groups: ["system:unauthenticated"] } });
    expect(new UnionAuthenticator([], false).authenticate(req({}))).toHaveProperty("error");
  });

  it("only AlwaysAllow is an authorization mode for now", () => {
    expect(authorizerForMode("AlwaysAllow").authorize({} as never)).toEqual({ allowed: true });
    expect(() => authorizerForMode("RBAC")).toThrow(/not supported/);
  });
});
