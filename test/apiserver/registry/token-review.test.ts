/**
 * Issue #16, session 18: TokenReview asks every token authenticator, as upstream's
 * pkg/registry/authentication/tokenreview/storage.go does with the server's request
 * authenticator: a `--token-auth-file` token (or the loopback token) is reviewed with its user's
 * name, uid and groups (plus system:authenticated) and, being audience-agnostic, is valid only for
 * the API audiences; a service-account token is valid for the audiences its `aud` claim shares
 * with the review's; anything else is upstream's `invalid bearer token` with an empty user.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureServiceAccountKeys, ServiceAccountTokens } from "../../../apiserver/auth/serviceaccount.js";
import { parseTokenFile, TokenFileAuthenticator } from "../../../apiserver/auth/token-file.js";
import { LoopbackAuthenticator } from "../../../apiserver/controlplane/loopback.js";
import { authenticationReviewStorages, type TokenReviewers } from "../../../apiserver/registry/resources/tokenreviews/storage.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";

const ISSUER = "https://issuer.example";
const API_AUDIENCES = ["api-one", "api-two"];
const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-tokenreview-"));
mkdirSync(path.join(dir, "pki"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = { user: { name: "admin", groups: ["system:masters"] }, signal: new AbortController().signal, warnings: [] };

function tokenReviews(reviewers: TokenReviewers): RESTStorage {
  return authenticationReviewStorages(reviewers).find((s) => s.info.plural === "tokenreviews")!;
}

async function review(storage: RESTStorage, spec: Record<string, unknown>): Promise<Record<string, unknown>> {
  const obj: KubeObject = { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", metadata: {}, spec };
  const out = await storage.create!(ctx, obj, {});
  return out.status as Record<string, unknown>;
}

describe("TokenReview with every configured authenticator", () => {
  const loopback = new LoopbackAuthenticator();
  const tokenFile = new TokenFileAuthenticator(parseTokenFile('static-token,alice,uid-alice,"dev,ops"\nplain-token,bob,\n'));
  let serviceAccounts: ServiceAccountTokens;
  let storage: RESTStorage;
  const objects = new Map([["ServiceAccount/ns/robot", { metadata: { uid: "sa-uid" } }]]);

  beforeAll(async () => {
    const keys = await ensureServiceAccountKeys({ dataDir: dir });
    serviceAccounts = new ServiceAccountTokens(keys, ISSUER, API_AUDIENCES, async (kind, ns, name) => objects.get(`${kind}/${ns}/${name}`));
    storage = tokenReviews({ audienceAgnostic: [loopback, tokenFile], serviceAccounts, apiAudiences: API_AUDIENCES });
  });

  it("a static token: its user, uid and groups, audiences the API audiences", async () => {
    expect(await review(storage, { token: "static-token" })).toEqual({
      authenticated: true,
      user: { username: "alice", uid: "uid-alice", groups: ["dev", "ops", "system:authenticated"] },
      audiences: API_AUDIENCES,
    });
    // An empty uid column is no uid.
    expect(await review(storage, { token: "plain-token" })).toEqual({
      authenticated: true,
      user: { username: "bob", groups: ["system:authenticated"] },
      audiences: API_AUDIENCES,
    });
  });

  it("the loopback token is reviewed too (upstream's chain starts with it)", async () => {
    expect(await review(storage, { token: loopback.token })).toMatchObject({
      authenticated: true,
      user: { username: "system:apiserver", groups: ["system:masters", "system:authenticated"] },
    });
  });

  it("a static token is valid only for the API audiences among those asked, in the asked order", async () => {
    expect(await review(storage, { token: "static-token", audiences: ["other", "api-two", "api-one"] })).toMatchObject({
      authenticated: true,
      audiences: ["api-two", "api-one"],
    });
    // No API audience asked: the audience-agnostic authenticators do not answer, and no one else does.
    expect(await review(storage, { token: "static-token", audiences: ["other"] })).toEqual({ user: {}, error: "invalid bearer token" });
  });

  it("an unknown token: upstream's words, an empty user, not authenticated", async () => {
    expect(await review(storage, { token: "nobody" })).toEqual({ user: {}, error: "invalid bearer token" });
    // Only spaces: the header upstream builds carries no token, so nobody judges it and there is no error.
    expect(await review(storage, { token: " " })).toEqual({ user: {} });
  });

  it("a service-account token: the audiences its aud claim shares with the review's", async () => {
    const { token } = await serviceAccounts.issue({
      namespace: "ns",
      serviceAccount: { name: "robot", uid: "sa-uid" },
      audiences: ["api-one", "vault"],
      expirationSeconds: 600,
    });
    expect(await review(storage, { token })).toEqual({
      authenticated: true,
      user: {
        username: "system:serviceaccount:ns:robot",
        uid: "sa-uid",
        groups: ["system:serviceaccounts", "system:serviceaccounts:ns", "system:authenticated"],
      },
      audiences: ["api-one"],
    });
    expect(await review(storage, { token, audiences: ["nope", "vault"] })).toMatchObject({ authenticated: true, audiences: ["vault"] });
    const wrong = await review(storage, { token, audiences: ["nope"] });
    expect(wrong).toMatchObject({ user: {}, error: expect.stringMatching(/^invalid bearer token, /) });
    expect(wrong).not.toHaveProperty("authenticated");
  });

  it("without a token file or service accounts: only the loopback token, no default audiences", async () => {
    const bare = tokenReviews({ audienceAgnostic: [loopback], apiAudiences: [] });
    expect(await review(bare, { token: "static-token" })).toEqual({ user: {}, error: "invalid bearer token" });
    const own = await review(bare, { token: loopback.token });
    expect(own).toMatchObject({ authenticated: true });
    expect(own).not.toHaveProperty("audiences");
  });

  it("the token is required", async () => {
    await expect(review(storage, {})).rejects.toMatchObject({
      status: { code: 400, message: "spec.token: Required value: token must be set" },
    });
  });
});
