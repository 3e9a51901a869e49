/**
 * authentication.k8s.io/v1: TokenReview (is this token valid, and whose is it) and
 * SelfSubjectReview (who am I, `kubectl auth whoami`). Create-only; nothing is stored.
 */
import type { IncomingMessage } from "node:http";
import { decodeJwt } from "jose";
import { newBadRequest } from "../../../../runtime/rest/errors.js";
import type { AuthenticationResult, Authenticator } from "../../../auth/authenticator.js";
import type { ServiceAccountTokens } from "../../../auth/serviceaccount.js";
import { bearerToken } from "../../../auth/token-file.js";
import { withAuthenticatedGroup, type UserInfo } from "../../../auth/user.js";
import type { KubeObject, RESTStorage } from "../../rest.js";
import { reviewInfo } from "../accessreviews/storage.js";

const GROUP = "authentication.k8s.io";

const userJSON = (u: UserInfo): Record<string, unknown> => ({
  username: u.name,
  ...(u.uid && { uid: u.uid }),
  groups: [...u.groups],
  ...(u.extra && Object.keys(u.extra).length > 0 && { extra: u.extra }),
});

/** The token authenticators a TokenReview asks, as upstream's request authenticator chain orders them. */
export interface TokenReviewers {
  /**
   * Authenticators that know nothing of audiences (the loopback token, `--token-auth-file`):
   * upstream wraps each (WrapAudienceAgnosticToken) so it answers only for the API audiences.
   */
  audienceAgnostic: readonly Authenticator[];
  /** Service-account tokens of this issuer; their authenticator checks the audiences itself. */
  serviceAccounts?: ServiceAccountTokens;
  /** `--api-audiences`: a review's default audiences and all an audience-agnostic token is valid for. */
  apiAudiences: readonly string[];
}

type Review = { user: UserInfo; audiences?: string[] } | { error?: string };

/** upstream's Audiences.Intersect: the targets (in their order) that `of` holds. */
const intersect = (of: readonly string[], targets: readonly string[]): string[] => targets.filter((t) => of.includes(t));

/** The token's `aud` claim (a string or a list), for the audiences a service-account review grants. */
function tokenAudiences(token: string): string[] {
  try {
    const aud = decodeJwt(token).aud;
    return aud === undefined ? [] : typeof aud === "string" ? [aud] : aud;
  } catch {
    return [];
  }
}

/** Reviews a token as upstream's TokenReview REST does: a request with only the token, every token authenticator asked. */
export async function reviewToken(reviewers: TokenReviewers, token: string, audiences: readonly string[]): Promise<Review> {
  // upstream builds an `Authorization: Bearer <token>` header and parses it back: what that leaves is what is reviewed.
  const req = { headers: { authorization: `Bearer ${token}` } } as unknown as IncomingMessage;
  const presented = bearerToken(req);
  if (!presented) return {};
  for (const a of reviewers.audienceAgnostic) {
    let granted: string[] | undefined;
    if (audiences.length > 0) {
      granted = intersect(reviewers.apiAudiences, audiences);
      if (granted.length === 0) continue;
    }
    const result: AuthenticationResult = await a.authenticate(req);
    if (result && "user" in result) return { user: result.user, ...(granted && { audiences: granted }) };
  }
  const sa = reviewers.serviceAccounts;
  const result = sa ? await sa.review(presented, audiences) : undefined;
  if (result && "user" in result) {
    const granted = audiences.length > 0 ? intersect(tokenAudiences(presented), audiences) : [];
    return { user: result.user, ...(granted.length > 0 && { audiences: granted }) };
  }
  // No authenticator vouched for it: upstream's bearer-token authenticator says so in these words.
  return { error: result && "error" in result ? result.error : "invalid bearer token" };
}

export function authenticationReviewStorages(reviewers: TokenReviewers): RESTStorage[] {
  const out: RESTStorage[] = [
    {
      info: reviewInfo("selfsubjectreviews", "SelfSubjectReview", false),
      group: GROUP,
      version: "v1",
      create: async (ctx, obj): Promise<KubeObject> => ({
        ...obj,
        metadata: { ...obj.metadata, creationTimestamp: undefined },
        status: { userInfo: userJSON(ctx.user) },
      }),
    },
  ];
  out.push({
    info: reviewInfo("tokenreviews", "TokenReview", false),
    group: GROUP,
    version: "v1",
    create: async (_ctx, obj): Promise<KubeObject> => {
      const spec = (obj.spec ?? {}) as { token?: string; audiences?: string[] };
      if (!spec.token) throw newBadRequest("spec.token: Required value: token must be set");
      const audiences = spec.audiences && spec.audiences.length > 0 ? spec.audiences : [...reviewers.apiAudiences];
      const review = await reviewToken(reviewers, spec.token, audiences);
      // upstream's status.user is a struct, not a pointer: a failed review still shows `user: {}`.
      const st: Record<string, unknown> =
        "user" in review
          ? {
              authenticated: true,
              user: userJSON(withAuthenticatedGroup(review.user)),
              ...(review.audiences && { audiences: review.audiences }),
            }
          : { user: {}, ...(review.error && { error: review.error }) };
      return { ...obj, metadata: { ...obj.metadata, creationTimestamp: undefined }, status: st };
    },
  });
  return out;
}
