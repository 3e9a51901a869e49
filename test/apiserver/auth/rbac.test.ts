import { describe, expect, it } from "vitest";
import { RBACAuthorizer } from "../../../apiserver/auth/rbac/authorizer.js";
import { PolicyCache, type RBACObject } from "../../../apiserver/auth/rbac/policy-cache.js";
import { covers, describeRule, ruleAllows, subjectMatches } from "../../../apiserver/auth/rbac/rules.js";
import type { AuthorizationAttributes } from "../../../apiserver/auth/authorizer.js";
import { aggregatedRules, BOOTSTRAP_CLUSTER_ROLES, clusterRoleObject } from "../../../apiserver/controlplane/bootstrap-policy.js";

const alice = { name: "alice", groups: ["dev", "system:authenticated"] };
const res = (verb: string, resource: string, extra: Partial<AuthorizationAttributes> = {}): AuthorizationAttributes => ({
  user: alice,
  verb,
  isResourceRequest: true,
  path: "",
  apiGroup: "",
  apiVersion: "v1",
  namespace: "ns1",
  resource,
  subresource: "",
  name: "",
  ...extra,
});

describe("RBAC rules", () => {
  it("match verbs, groups, resources, subresources and resourceNames as upstream", () => {
    const rule = { verbs: ["get"], apiGroups: [""], resources: ["pods", "deployments/scale"], resourceNames: ["web"] };
    expect(ruleAllows(res("get", "pods", { name: "web" }), rule)).toBe(true);
    expect(ruleAllows(res("get", "pods", { name: "db" }), rule)).toBe(false);
    expect(ruleAllows(res("list", "pods", { name: "web" }), rule)).toBe(false);
    expect(ruleAllows(res("get", "pods", { name: "web", subresource: "log" }), rule)).toBe(false);
    expect(ruleAllows(res("get", "pods", { name: "web", apiGroup: "apps" }), rule)).toBe(false);
    expect(ruleAllows(res("get", "deployments", { subresource: "scale", name: "web" }), rule)).toBe(true);
    const stars = { verbs: ["*"], apiGroups: ["*"], resources: ["*/scale"] };
    expect(ruleAllows(res("update", "replicasets", { apiGroup: "apps", subresource: "scale" }), stars)).toBe(true);
    expect(ruleAllows(res("update", "replicasets", { apiGroup: "apps" }), stars)).toBe(false);
    expect(ruleAllows(res("get", "pods", { subresource: "exec" }), { verbs: ["get"], apiGroups: [""], resources: ["pods/*"] })).toBe(true);
  });

  it("match non-resource URLs exactly or by a trailing star", () => {
    const rule = { verbs: ["get"], nonResourceURLs: ["/healthz", "/apis/*"] };
    const nr = (path: string) => ({ ...res("get", ""), isResourceRequest: false, path });
    expect(ruleAllows(nr("/healthz"), rule)).toBe(true);
    expect(ruleAllows(nr("/healthz/etcd"), rule)).toBe(false);
    expect(ruleAllows(nr("/apis/apps/v1"), rule)).toBe(true);
    expect(ruleAllows(res("get", "pods"), rule)).toBe(false);
  });

  it("binds users, groups and service accounts", () => {
    expect(subjectMatches({ kind: "User", name: "alice" }, alice, "ns1")).toBe(true);
    expect(subjectMatches({ kind: "Group", name: "dev" }, alice, "ns1")).toBe(true);
    const sa = { name: "system:serviceaccount:ns1:robot", groups: [] };
    expect(subjectMatches({ kind: "ServiceAccount", name: "robot", namespace: "ns1" }, sa, "")).toBe(true);
    expect(subjectMatches({ kind: "ServiceAccount", name: "robot", namespace: "ns2" }, sa, "")).toBe(false);
  });

  it("finds what a rule grants beyond the rules held (escalation)", () => {
    const held = [{ verbs: ["get", "list"], apiGroups: [""], resources: ["pods"] }];
    expect(covers(held, { verbs: ["get"], apiGroups: [""], resources: ["pods"] })).toEqual([]);
    expect(covers(held, { verbs: ["get", "delete"], apiGroups: [""], resources: ["pods", "secrets"] }).map(describeRule)).toEqual([
      '{APIGroups:[""], Resources:["pods"], Verbs:["delete"]}',
      '{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}',
      '{APIGroups:[""], Resources:["secrets"], Verbs:["delete"]}',
    ]);
    // A resourceNames-limited grant does not cover the whole resource.
    expect(
      covers([{ verbs: ["get"], apiGroups: [""], resources: ["pods"], resourceNames: ["a"] }], {
        verbs: ["get"],
        apiGroups: [""],
        resources: ["pods"],
      }),
    ).toHaveLength(1);
  });
});

describe("RBAC authorizer", () => {
  it("allows through ClusterRoleBindings everywhere and RoleBindings in their namespace only", async () => {
    const cache = new PolicyCache();
    cache.apply("ClusterRole", { metadata: { name: "reader" }, rules: [{ verbs: ["get"], apiGroups: [""], resources: ["configmaps"] }] });
    cache.apply("Role", {
      metadata: { name: "pods", namespace: "ns1" },
      rules: [{ verbs: ["list"], apiGroups: [""], resources: ["pods"] }],
    });
    cache.apply("RoleBinding", {
      metadata: { name: "b", namespace: "ns1" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "pods" },
      subjects: [{ kind: "User", name: "alice" }],
    });
    cache.apply("ClusterRoleBinding", {
      metadata: { name: "c" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "reader" },
      subjects: [{ kind: "Group", name: "dev" }],
    });
    const z = new RBACAuthorizer(cache);
    // The reason names the binding, as upstream's RBAC authorizer words it (audit records it).
    expect(await z.authorize(res("list", "pods"))).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by RoleBinding "b/ns1" of Role "pods" to User "alice"',
    });
    expect((await z.authorize(res("list", "pods", { namespace: "ns2" }))).allowed).toBe(false);
    expect(await z.authorize(res("get", "configmaps", { namespace: "" }))).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "c" of ClusterRole "reader" to Group "dev"',
    });
    cache.apply("ClusterRoleBinding", { metadata: { name: "c" } }, true);
    expect((await z.authorize(res("get", "configmaps", { namespace: "" }))).allowed).toBe(false);
  });

  it("answers synchronously once its cache has listed, and after the first lists before that", async () => {
    const cache = new PolicyCache();
    const z = new RBACAuthorizer(cache);
    // Never started (tests, callers feeding it directly): nothing to wait for.
    expect(z.authorize(res("list", "pods"))).toEqual({ allowed: false, reason: "", noOpinion: true });
    const started = new PolicyCache();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const roleBinding = {
      metadata: { name: "b", namespace: "ns1", resourceVersion: "1" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "reader" },
      subjects: [{ kind: "User", name: "alice" }],
    };
    const reader = {
      metadata: { name: "reader", resourceVersion: "1" },
      rules: [{ verbs: ["list"], apiGroups: [""], resources: ["pods"] }],
    };
    const source = (items: RBACObject[]) => ({
      list: async () => {
        await gate;
        return { items, metadata: { resourceVersion: "1" } };
      },
      // Watches that stay open with nothing to say until the test aborts them.
      watch: (_ctx: unknown, _opts: object) => ({
        [Symbol.asyncIterator]: () => ({ next: () => new Promise<IteratorResult<{ type: string; object: RBACObject }>>(() => {}) }),
      }),
    });
    const abort = new AbortController();
    const synced = started.start(
      { roleBindings: source([roleBinding]), clusterRoles: source([reader]), clusterRoleBindings: source([]), roles: source([]) },
      () => ({}),
      abort.signal,
      () => {},
    );
    try {
      const zz = new RBACAuthorizer(started);
      const early = zz.authorize(res("list", "pods"));
      // Before the lists are in, the answer waits for them rather than denying on an empty cache.
      expect(early).toBeInstanceOf(Promise);
      release();
      await synced;
      expect((await early).allowed).toBe(true);
      expect(zz.authorize(res("list", "pods"))).toMatchObject({ allowed: true });
    } finally {
      abort.abort();
    }
  });

  it("drops memoized rules when any role or binding changes", () => {
    const cache = new PolicyCache();
    const z = new RBACAuthorizer(cache);
    const allowed = (a: AuthorizationAttributes) => (z.authorize(a) as { allowed: boolean }).allowed;
    cache.apply("Role", { metadata: { name: "r", namespace: "ns1" }, rules: [{ verbs: ["get"], apiGroups: [""], resources: ["pods"] }] });
    // Memoized with no binding: denied.
    expect(allowed(res("get", "pods"))).toBe(false);
    cache.apply("RoleBinding", {
      metadata: { name: "b", namespace: "ns1" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "r" },
      subjects: [{ kind: "Group", name: "dev" }],
    });
    expect(allowed(res("get", "pods"))).toBe(true);
    expect(allowed(res("list", "pods"))).toBe(false);
    // The role's rules change: the memoized rules of the user go with it.
    cache.apply("Role", { metadata: { name: "r", namespace: "ns1" }, rules: [{ verbs: ["list"], apiGroups: [""], resources: ["pods"] }] });
    expect(allowed(res("get", "pods"))).toBe(false);
    expect(allowed(res("list", "pods"))).toBe(true);
    // Another user of the same name but other groups is memoized apart.
    expect(allowed(res("list", "pods", { user: { name: "alice", groups: [] } }))).toBe(false);
    cache.apply("Role", { metadata: { name: "r", namespace: "ns1" } }, true);
    expect(allowed(res("list", "pods"))).toBe(false);
  });

  it("aggregates admin, edit and view from the labelled roles", () => {
    const all = BOOTSTRAP_CLUSTER_ROLES.map(clusterRoleObject);
    const byName = (n: string) => all.find((r) => r.metadata?.name === n)!;
    const view = aggregatedRules(byName("view"), all)!;
    const edit = aggregatedRules(byName("edit"), all)!;
    const admin = aggregatedRules(byName("admin"), all)!;
    expect(view.some((r) => r.resources?.includes("pods") && r.verbs.includes("list"))).toBe(true);
    expect(view.some((r) => r.resources?.includes("secrets"))).toBe(false);
    expect(edit.some((r) => r.resources?.includes("secrets") && r.verbs.includes("create"))).toBe(true);
    // edit carries view's rules (view is labelled aggregate-to-edit), admin carries edit's.
    expect(edit.length).toBeGreaterThan(view.length);
    expect(admin.some((r) => r.resources?.includes("rolebindings"))).toBe(true);
    expect(aggregatedRules(byName("cluster-admin"), all)).toBeUndefined();
  });
});
