/**
 * The CertificateSigningRequest store: on create, spec.username, uid, groups and extra are the
 * requesting user's, whatever the body said (upstream's PrepareForCreate reads them from the
 * request context, which strategies here do not see).
 */
import type { RequestContext, KubeObject } from "../../rest.js";
import { GenericStore } from "../../store.js";

export class CertificateSigningRequestStore extends GenericStore {
  protected override beforeCreate(ctx: RequestContext, obj: KubeObject, now: string): void {
    const spec: Record<string, unknown> = { ...(obj.spec as Record<string, unknown> | undefined) };
    delete spec.username;
    delete spec.uid;
    delete spec.groups;
    delete spec.extra;
    const user = ctx.user as RequestContext["user"] & { extra?: Record<string, string[]> };
    if (user.name) spec.username = user.name;
    if (user.uid) spec.uid = user.uid;
    if (user.groups.length > 0) spec.groups = [...user.groups];
    if (user.extra && Object.keys(user.extra).length > 0)
      spec.extra = Object.fromEntries(Object.entries(user.extra).map(([k, v]) => [k, [...v]]));
    obj.spec = spec;
    super.beforeCreate(ctx, obj, now);
  }
}
