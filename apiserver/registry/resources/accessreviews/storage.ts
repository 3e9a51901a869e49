/**
 * The access reviews of authorization.k8s.io/v1: SubjectAccessReview (may this user...),
 * SelfSubjectAccessReview (may I...), LocalSubjectAccessReview (in this namespace) and
 * SelfSubjectRulesReview (what may I do here). Create-only, nothing is stored: the answer is
 * the created object's status.
 */
import { newBadRequest } from "../../../../runtime/rest/errors.js";
import { escapeFieldValue } from "../../../../runtime/selectors/fields.js";
import type { ResourceInfo } from "../../../../runtime/scheme.js";
import type { AuthorizationAttributes, Decision } from "../../../auth/authorizer.js";
import type { PolicyRule } from "../../../auth/rbac/rules.js";
import type { UserInfo } from "../../../auth/user.js";
import type { KubeObject, RESTStorage, RequestContext } from "../../rest.js";

const GROUP = "authorization.k8s.io";

export function reviewInfo(plural: string, kind: string, namespaced: boolean): ResourceInfo {
  return {
    plural,
    singular: plural.replace(/s$/, ""),
    kind,
    listKind: `${kind}List`,
    namespaced,
    shortNames: [],
    categories: [],
    verbs: ["create"],
    subresources: [],
    printerColumns: [],
  };
}

export interface AccessReviewDeps {
  authorize(a: AuthorizationAttributes): Promise<Decision>;
  /** The rules that apply to a user in a namespace, and whether that list is incomplete (a mode that cannot list rules). */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; incomplete: boolean };
}

interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
  fieldSelector?: { rawSelector?: string; requirements?: { key?: string; operator?: string; values?: string[] }[] };
}

/**
 * A review's field selector as the request's would be: the raw selector, or the requirements that
 * say what a selector term can (In or NotIn one value); others cannot scope a read and are dropped.
 */
function reviewFieldSelector(r: ResourceAttributes): string | undefined {
  const fs = r.fieldSelector;
  if (!fs) return undefined;
  if (fs.rawSelector) return fs.rawSelector;
  const terms = (fs.requirements ?? []).flatMap((q) =>
    q.key && q.values?.length === 1 && (q.operator === "In" || q.operator === "NotIn")
      ? [`${q.key}${q.operator === "In" ? "=" : "!="}${escapeFieldValue(q.values[0]!)}`]
      : [],
  );
  return terms.length > 0 ? terms.join(",") : undefined;
}

function attributesOf(
  user: UserInfo,
  spec: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: { path?: string; verb?: string } },
): AuthorizationAttributes {
  const r = spec.resourceAttributes;
  const n = spec.nonResourceAttributes;
  if (r && n) throw newBadRequest("spec.resourceAttributes and spec.nonResourceAttributes may not both be set");
  if (!r && !n) throw newBadRequest("exactly one of spec.resourceAttributes or spec.nonResourceAttributes must be set");
  if (r) {
    const fieldSelector = reviewFieldSelector(r);
    return {
      user,
      verb: r.verb ?? "",
      isResourceRequest: true,
      path: "",
      apiGroup: r.group ?? "",
      apiVersion: r.version ?? "",
      namespace: r.namespace ?? "",
      resource: r.resource ?? "",
      subresource: r.subresource ?? "",
      name: r.name ?? "",
      ...(fieldSelector !== undefined && { fieldSelector }),
    };
  }
  return {
    user,
    verb: n!.verb ?? "",
    isResourceRequest: false,
    path: n!.path ?? "",
    apiGroup: "",
    apiVersion: "",
    namespace: "",
    resource: "",
    subresource: "",
    name: "",
  };
}

function status(d: Decision): Record<string, unknown> {
  if (d.allowed) return { allowed: true };
  const out: Record<string, unknown> = { allowed: false };
  if (!d.noOpinion) out.denied = true;
  if (d.reason) out.reason = d.reason;
  return out;
}

const answered = (obj: KubeObject, st: Record<string, unknown>): KubeObject => ({
  ...obj,
  metadata: { ...obj.metadata, creationTimestamp: undefined },
  status: st,
});

function reviewStorage(
  plural: string,
  kind: string,
  namespaced: boolean,
  create: (ctx: RequestContext, obj: KubeObject) => Promise<KubeObject>,
): RESTStorage {
  return { info: reviewInfo(plural, kind, namespaced), group: GROUP, version: "v1", create: (ctx, obj) => create(ctx, obj) };
}

export function accessReviewStorages(deps: AccessReviewDeps): RESTStorage[] {
  const subjectUser = (spec: Record<string, unknown>): UserInfo => {
    const user = (spec.user as string | undefined) ?? "";
    const groups = (spec.groups as string[] | undefined) ?? [];
    if (user === "" && groups.length === 0) throw newBadRequest("spec.user or spec.groups must be set");
    return { name: user, groups: [...groups], ...(spec.uid ? { uid: spec.uid as string } : {}) };
  };
  return [
    reviewStorage("subjectaccessreviews", "SubjectAccessReview", false, async (_ctx, obj) => {
      const spec = (obj.spec ?? {}) as Record<string, unknown>;
      return answered(obj, status(await deps.authorize(attributesOf(subjectUser(spec), spec))));
    }),
    reviewStorage("selfsubjectaccessreviews", "SelfSubjectAccessReview", false, async (ctx, obj) => {
      const spec = (obj.spec ?? {}) as Record<string, unknown>;
      return answered(obj, status(await deps.authorize(attributesOf(ctx.user, spec))));
    }),
    reviewStorage("localsubjectaccessreviews", "LocalSubjectAccessReview", true, async (ctx, obj) => {
      const spec = (obj.spec ?? {}) as { resourceAttributes?: ResourceAttributes };
      const ns = ctx.namespace ?? "";
      if (!spec.resourceAttributes) throw newBadRequest("spec.resourceAttributes must be set for a LocalSubjectAccessReview");
      if (spec.resourceAttributes.namespace && spec.resourceAttributes.namespace !== ns) {
        throw newBadRequest(`spec.resourceAttributes.namespace must match namespace: ${ns}`);
      }
      const withNs = { ...(spec as Record<string, unknown>), resourceAttributes: { ...spec.resourceAttributes, namespace: ns } };
      return answered(obj, status(await deps.authorize(attributesOf(subjectUser(withNs), withNs))));
    }),
    reviewStorage("selfsubjectrulesreviews", "SelfSubjectRulesReview", false, async (ctx, obj) => {
      const ns = ((obj.spec ?? {}) as { namespace?: string }).namespace ?? "";
      const { rules, incomplete } = deps.rulesFor(ctx.user, ns);
      const resourceRules = rules
        .filter((r) => (r.nonResourceURLs ?? []).length === 0)
        .map((r) => ({
          verbs: r.verbs,
          ...(r.apiGroups && { apiGroups: r.apiGroups }),
          ...(r.resources && { resources: r.resources }),
          ...(r.resourceNames && { resourceNames: r.resourceNames }),
        }));
      const nonResourceRules = rules
        .filter((r) => (r.nonResourceURLs ?? []).length > 0)
        .map((r) => ({ verbs: r.verbs, nonResourceURLs: r.nonResourceURLs }));
      return answered(obj, { resourceRules, nonResourceRules, incomplete });
    }),
  ];
}
