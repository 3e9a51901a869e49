/**
 * Delegated authentication and authorization against a fake main apiserver: TokenReview and
 * SubjectAccessReview bodies as upstream's webhook clients write them, answers cached for their
 * TTL (allowed and denied alike), the health paths allowed without asking, and a failed review
 * neither cached nor a decision.
 */
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import type { AuthorizationAttributes } from "../../../apiserver/auth/authorizer.js";
import { DelegatedAuthorizer, DelegatedTokenAuthenticator } from "../../../apiserver/auth/delegated.js";

function fakeClient(answer: (body: { spec: Record<string, unknown> }) => unknown) {
  const sent: { path: string; body: unknown }[] = [];
  return {
    sent,
    client: {
      request: async <T>(req: { path: string; body?: unknown }): Promise<T> => {
        sent.push({ path: req.path, body: req.body });
        return answer(req.body as { spec: Record<string, unknown> }) as T;
      },
    } as never,
  };
}

const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as IncomingMessage;

describe("DelegatedTokenAuthenticator", () => {
  it("asks TokenReview once per token within the TTL", async () => {
    let now = 0;
    const { sent, client } = fakeClient((b) =>
      b.spec.token === "good"
        ? { status: { authenticated: true, user: { username: "alice", uid: "u1", groups: ["devs"], extra: { scopes: ["a"] } } } }
        : { status: { authenticated: false } },
    );
    const auth = new DelegatedTokenAuthenticator({ client, now: () => now });
    const alice = { user: { name: "alice", uid: "u1", groups: ["devs"], extra: { scopes: ["a"] } } };
    expect(await auth.authenticate(withToken("good"))).toEqual(alice);
    expect(await auth.authenticate(withToken("good"))).toEqual(alice);
    expect(await auth.authenticate(withToken("bad"))).toBeUndefined();
    expect(await auth.authenticate({ headers: {} } as IncomingMessage)).toBeUndefined();
    expect(sent).toEqual([
      {
        path: "/apis/authentication.k8s.io/v1/tokenreviews",
        body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token: "good" } },
      },
      expect.objectContaining({ body: expect.objectContaining({ spec: { token: "bad" } }) }),
    ]);
    now = 10_001;
    await auth.authenticate(withToken("good"));
    expect(auth.reviews).toBe(3);
  });

  it("fails the request when the review cannot be made, and asks again next time", async () => {
    let calls = 0;
    const auth = new DelegatedTokenAuthenticator({
      client: {
        request: async () => {
          calls++;
          throw new Error("connection refused");
        },
      } as never,
    });
    expect(await auth.authenticate(withToken("t"))).toEqual({ error: "token review failed: connection refused" });
    await auth.authenticate(withToken("t"));
    expect(calls).toBe(2);
  });
});

const attrs = (user: string, verb = "list"): AuthorizationAttributes => ({
  user: { name: user, groups: ["system:authenticated"] },
  verb,
  isResourceRequest: true,
  path: "/apis/widgets.example.com/v1/namespaces/default/widgets",
  apiGroup: "widgets.example.com",
  apiVersion: "v1",
  namespace: "default",
  resource: "widgets",
  subresource: "",
  name: "",
});

describe("DelegatedAuthorizer", () => {
  it("sends upstream's SubjectAccessReview and caches allowed and denied answers", async () => {
    let now = 0;
    const { sent, client } = fakeClient((b) =>
      b.spec.user === "bob" ? { status: { allowed: true } } : { status: { allowed: false, reason: "no RBAC policy matched" } },
    );
    const authz = new DelegatedAuthorizer({ client, now: () => now });
    expect(await authz.authorize(attrs("bob"))).toEqual({ allowed: true });
    expect(await authz.authorize(attrs("alice"))).toEqual({ allowed: false, reason: "no RBAC policy matched", noOpinion: true });
    await authz.authorize(attrs("bob"));
    await authz.authorize(attrs("alice"));
    expect(sent.length).toBe(2);
    expect(sent[0]).toEqual({
      path: "/apis/authorization.k8s.io/v1/subjectaccessreviews",
      body: {
        apiVersion: "authorization.k8s.io/v1",
        kind: "SubjectAccessReview",
        spec: {
          user: "bob",
          groups: ["system:authenticated"],
          resourceAttributes: {
            namespace: "default",
            verb: "list",
            group: "widgets.example.com",
            version: "v1",
            resource: "widgets",
            subresource: "",
            name: "",
          },
        },
      },
    });
    now = 10_001;
    await authz.authorize(attrs("alice"));
    expect(sent.length).toBe(3);
  });

  it("allows the health paths without asking, and says denied when the main apiserver does", async () => {
    const { sent, client } = fakeClient(() => ({ status: { allowed: false, denied: true, reason: "denied by policy" } }));
    const authz = new DelegatedAuthorizer({ client });
    const health = { ...attrs("anyone", "get"), isResourceRequest: false, path: "/readyz" };
    expect(await authz.authorize(health)).toEqual({ allowed: true });
    expect(sent).toEqual([]);
    expect(await authz.authorize({ ...health, path: "/metrics" })).toEqual({ allowed: false, reason: "denied by policy" });
    expect((sent[0]!.body as { spec: unknown }).spec).toEqual({
      user: "anyone",
      groups: ["system:authenticated"],
      nonResourceAttributes: { path: "/metrics", verb: "get" },
    });
  });
});
