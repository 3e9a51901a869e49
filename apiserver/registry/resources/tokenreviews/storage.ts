/**
 * authentication.k8s.io/v1: TokenReview (is this token valid, and whose is it) and
 * SelfSubjectReview (who am I, `kubectl auth whoami`). Create-only; nothing is stored.
 */
import { newBadRequest } from "../../../../runtime/rest/errors.js";
import type { ServiceAccountTokens } from "../../../auth/serviceaccount.js";
import type { UserInfo } from "../../../auth/user.js";
import type { KubeObject, RESTStorage } from "../../rest.js";
import { reviewInfo } from "../accessreviews/storage.js";

const GROUP = "authentication.k8s.io";

const userJSON = (u: UserInfo): Record<string, unknown> => ({ username: u.name, ...(u.uid && { uid: u.uid }), groups: [...u.groups] });

export function authenticationReviewStorages(tokens: ServiceAccountTokens | undefined): RESTStorage[] {
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
      const audiences = spec.audiences && spec.audiences.length > 0 ? spec.audiences : tokens ? [...tokens.apiAudiences] : [];
      const result = tokens ? await tokens.review(spec.token, audiences) : undefined;
      const st: Record<string, unknown> =
        result && "user" in result
          ? { authenticated: true, user: userJSON({ ...result.user, groups: [...result.user.groups, "system:authenticated"] }), audiences }
          : {
              authenticated: false,
              ...(result && "error" in result ? { error: result.error } : { error: "token is not a service-account token of this issuer" }),
            };
      return { ...obj, metadata: { ...obj.metadata, creationTimestamp: undefined }, status: st };
    },
  });
  return out;
}
