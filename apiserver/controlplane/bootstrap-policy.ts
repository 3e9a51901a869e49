/**
 * The bootstrap RBAC policy (upstream's bootstrappolicy): the cluster roles every cluster starts
 * with, the aggregated user-facing roles `admin`/`edit`/`view`, the discovery and self-review
 * roles every user holds, and the controller-manager's own role; bindings to the well-known
 * groups. The `rbac/bootstrap-roles` post-start hook creates what is missing and, for objects
 * not annotated `rbac.authorization.kubernetes.io/autoupdate: "false"`, adds what is missing.
 */
import type { PolicyRule } from "../auth/rbac/rules.js";
import type { KubeObject, RESTStorage, RequestContext } from "../registry/rest.js";
import type { PostStartHook } from "../lifecycle/hooks.js";

const RBAC = "rbac.authorization.k8s.io";
const READ = ["get", "list", "watch"];
const WRITE = ["create", "delete", "deletecollection", "patch", "update"];
const AUTOUPDATE = "rbac.authorization.kubernetes.io/autoupdate";

/** The controller-manager's user, as upstream names it. */
export const CONTROLLER_MANAGER_USER = "system:kube-controller-manager";

const aggregateLabel = (to: string): Record<string, string> => ({ [`rbac.authorization.k8s.io/aggregate-to-${to}`]: "true" });

const viewRules: PolicyRule[] = [
  {
    apiGroups: [""],
    resources: [
      "pods",
      "pods/log",
      "pods/status",
      "configmaps",
      "endpoints",
      "persistentvolumeclaims",
      "persistentvolumeclaims/status",
      "replicationcontrollers",
      "replicationcontrollers/scale",
      "replicationcontrollers/status",
      "serviceaccounts",
      "services",
      "services/status",
      "bindings",
      "events",
      "limitranges",
      "resourcequotas",
      "resourcequotas/status",
      "namespaces",
      "namespaces/status",
    ],
    verbs: READ,
  },
  {
    apiGroups: ["apps"],
    resources: [
      "controllerrevisions",
      "daemonsets",
      "daemonsets/status",
      "deployments",
      "deployments/scale",
      "deployments/status",
      "replicasets",
      "replicasets/scale",
      "replicasets/status",
      "statefulsets",
      "statefulsets/scale",
      "statefulsets/status",
    ],
    verbs: READ,
  },
  { apiGroups: ["autoscaling"], resources: ["horizontalpodautoscalers", "horizontalpodautoscalers/status"], verbs: READ },
  { apiGroups: ["batch"], resources: ["cronjobs", "cronjobs/status", "jobs", "jobs/status"], verbs: READ },
  { apiGroups: ["policy"], resources: ["poddisruptionbudgets", "poddisruptionbudgets/status"], verbs: READ },
  { apiGroups: ["networking.k8s.io"], resources: ["ingresses", "ingresses/status", "networkpolicies"], verbs: READ },
  { apiGroups: ["discovery.k8s.io"], resources: ["endpointslices"], verbs: READ },
];

const editRules: PolicyRule[] = [
  { apiGroups: [""], resources: ["pods/attach", "pods/exec", "pods/portforward", "pods/proxy", "secrets", "services/proxy"], verbs: READ },
  { apiGroups: [""], resources: ["serviceaccounts"], verbs: ["impersonate"] },
  { apiGroups: [""], resources: ["pods", "pods/attach", "pods/exec", "pods/portforward", "pods/proxy"], verbs: WRITE },
  { apiGroups: [""], resources: ["pods/eviction"], verbs: ["create"] },
  {
    apiGroups: [""],
    resources: [
      "configmaps",
      "events",
      "persistentvolumeclaims",
      "replicationcontrollers",
      "replicationcontrollers/scale",
      "secrets",
      "serviceaccounts",
      "services",
      "services/proxy",
    ],
    verbs: WRITE,
  },
  { apiGroups: [""], resources: ["serviceaccounts/token"], verbs: ["create"] },
  {
    apiGroups: ["apps"],
    resources: [
      "daemonsets",
      "deployments",
      "deployments/rollback",
      "deployments/scale",
      "replicasets",
      "replicasets/scale",
      "statefulsets",
      "statefulsets/scale",
    ],
    verbs: WRITE,
  },
  { apiGroups: ["autoscaling"], resources: ["horizontalpodautoscalers"], verbs: WRITE },
  { apiGroups: ["batch"], resources: ["cronjobs", "jobs"], verbs: WRITE },
  { apiGroups: ["policy"], resources: ["poddisruptionbudgets"], verbs: WRITE },
  { apiGroups: ["networking.k8s.io"], resources: ["ingresses", "networkpolicies"], verbs: WRITE },
  { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: [...READ, ...WRITE] },
];

const adminRules: PolicyRule[] = [
  { apiGroups: ["authorization.k8s.io"], resources: ["localsubjectaccessreviews"], verbs: ["create"] },
  { apiGroups: [RBAC], resources: ["rolebindings", "roles"], verbs: [...WRITE, ...READ] },
];

const controllerManagerRules: PolicyRule[] = [
  { apiGroups: ["coordination.k8s.io"], resources: ["leases"], verbs: ["create", "get", "list", "watch", "update", "patch", "delete"] },
  { apiGroups: ["", "events.k8s.io"], resources: ["events"], verbs: ["create", "patch", "update"] },
  { apiGroups: ["authentication.k8s.io"], resources: ["tokenreviews"], verbs: ["create"] },
  { apiGroups: ["authorization.k8s.io"], resources: ["subjectaccessreviews"], verbs: ["create"] },
  // The namespace controller empties a namespace of every kind of content.
  { apiGroups: ["*"], resources: ["*"], verbs: ["get", "list", "watch", "delete", "deletecollection"] },
  { apiGroups: [""], resources: ["namespaces/finalize", "namespaces/status"], verbs: ["update"] },
  // serviceaccount and root-ca-cert-publisher controllers.
  { apiGroups: [""], resources: ["serviceaccounts", "configmaps"], verbs: ["create", "update", "patch"] },
  // clusterrole-aggregation writes the aggregated rules (escalate: it holds none of them itself).
  { apiGroups: [RBAC], resources: ["clusterroles"], verbs: ["escalate", "update", "patch"] },
  // resourcequota writes observed usage.
  { apiGroups: [""], resources: ["resourcequotas/status"], verbs: ["update", "patch"] },
  // pvc-protection and pv-protection take their finalizers off (and put them on old objects).
  { apiGroups: [""], resources: ["persistentvolumeclaims", "persistentvolumes"], verbs: ["update"] },
];

interface ClusterRoleSpec {
  name: string;
  rules: PolicyRule[];
  labels?: Record<string, string>;
  aggregateFrom?: string;
}

export const BOOTSTRAP_CLUSTER_ROLES: readonly ClusterRoleSpec[] = [
  {
    name: "cluster-admin",
    rules: [
      { apiGroups: ["*"], resources: ["*"], verbs: ["*"] },
      { nonResourceURLs: ["*"], verbs: ["*"] },
    ],
  },
  {
    name: "system:discovery",
    rules: [
      {
        nonResourceURLs: [
          "/api",
          "/api/*",
          "/apis",
          "/apis/*",
          "/healthz",
          "/livez",
          "/openapi",
          "/openapi/*",
          "/readyz",
          "/version",
          "/version/",
        ],
        verbs: ["get"],
      },
    ],
  },
  {
    name: "system:basic-user",
    rules: [
      { apiGroups: ["authentication.k8s.io"], resources: ["selfsubjectreviews"], verbs: ["create"] },
      { apiGroups: ["authorization.k8s.io"], resources: ["selfsubjectaccessreviews", "selfsubjectrulesreviews"], verbs: ["create"] },
    ],
  },
  {
    name: "system:public-info-viewer",
    rules: [{ nonResourceURLs: ["/healthz", "/livez", "/readyz", "/version", "/version/"], verbs: ["get"] }],
  },
  { name: "admin", rules: [], aggregateFrom: "admin" },
  { name: "edit", rules: [], aggregateFrom: "edit", labels: aggregateLabel("admin") },
  { name: "view", rules: [], aggregateFrom: "view", labels: { ...aggregateLabel("admin"), ...aggregateLabel("edit") } },
  { name: "system:aggregate-to-admin", rules: adminRules, labels: aggregateLabel("admin") },
  { name: "system:aggregate-to-edit", rules: editRules, labels: aggregateLabel("edit") },
  { name: "system:aggregate-to-view", rules: viewRules, labels: aggregateLabel("view") },
  { name: CONTROLLER_MANAGER_USER, rules: controllerManagerRules },
  {
    name: "system:service-account-issuer-discovery",
    rules: [
      {
        nonResourceURLs: ["/.well-known/openid-configuration", "/.well-known/openid-configuration/", "/openid/v1/jwks", "/openid/v1/jwks/"],
        verbs: ["get"],
      },
    ],
  },
];

interface BindingSpec {
  name: string;
  role: string;
  subjects: { kind: "User" | "Group"; name: string }[];
}

export const BOOTSTRAP_CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  { name: "cluster-admin", role: "cluster-admin", subjects: [{ kind: "Group", name: "system:masters" }] },
  { name: "system:discovery", role: "system:discovery", subjects: [{ kind: "Group", name: "system:authenticated" }] },
  { name: "system:basic-user", role: "system:basic-user", subjects: [{ kind: "Group", name: "system:authenticated" }] },
  {
    name: "system:public-info-viewer",
    role: "system:public-info-viewer",
    subjects: [
      { kind: "Group", name: "system:authenticated" },
      { kind: "Group", name: "system:unauthenticated" },
    ],
  },
  { name: CONTROLLER_MANAGER_USER, role: CONTROLLER_MANAGER_USER, subjects: [{ kind: "User", name: CONTROLLER_MANAGER_USER }] },
  {
    name: "system:service-account-issuer-discovery",
    role: "system:service-account-issuer-discovery",
    subjects: [{ kind: "Group", name: "system:serviceaccounts" }],
  },
];

const bootstrapLabels = { "kubernetes.io/bootstrapping": "rbac-defaults" };

export function clusterRoleObject(spec: ClusterRoleSpec): KubeObject {
  const obj: KubeObject = {
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRole",
    metadata: { name: spec.name, labels: { ...bootstrapLabels, ...spec.labels }, annotations: { [AUTOUPDATE]: "true" } },
    rules: spec.rules,
  };
  if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: aggregateLabel(spec.aggregateFrom) }] };
  return obj;
}

export function clusterRoleBindingObject(spec: BindingSpec): KubeObject {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRoleBinding",
    metadata: { name: spec.name, labels: { ...bootstrapLabels }, annotations: { [AUTOUPDATE]: "true" } },
    roleRef: { apiGroup: RBAC, kind: "ClusterRole", name: spec.role },
    subjects: spec.subjects.map((s) => ({ ...s, apiGroup: RBAC })),
  };
}

const ruleKey = (r: PolicyRule): string =>
  JSON.stringify([r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? [], r.verbs]);

/** The rules of the cluster roles whose labels match a selector's matchLabels, as the clusterrole-aggregation controller computes them. */
export function aggregatedRules(role: KubeObject, all: readonly KubeObject[]): PolicyRule[] | undefined {
  const selectors = (role.aggregationRule as { clusterRoleSelectors?: { matchLabels?: Record<string, string> }[] } | undefined)
    ?.clusterRoleSelectors;
  if (!selectors) return undefined;
  const out: PolicyRule[] = [];
  const seen = new Set<string>();
  const sorted = [...all].sort((a, b) => (a.metadata?.name ?? "").localeCompare(b.metadata?.name ?? ""));
  for (const sel of selectors) {
    for (const other of sorted) {
      if (other.metadata?.name === role.metadata?.name) continue;
      const labels = other.metadata?.labels ?? {};
      if (!Object.entries(sel.matchLabels ?? {}).every(([k, v]) => labels[k] === v)) continue;
      for (const r of (other.rules as PolicyRule[] | undefined) ?? []) {
        const k = ruleKey(r);
        if (seen.has(k)) continue;
        seen.add(k);
        out.push(r);
      }
    }
  }
  return out;
}

export interface BootstrapPolicyOptions {
  clusterRoles: RESTStorage;
  clusterRoleBindings: RESTStorage;
  context: (signal: AbortSignal) => RequestContext;
  /**
   * How often the apiserver itself recomputes aggregated roles; default 0: only at start (the
   * controller-manager's clusterrole-aggregation controller keeps them current after that).
   */
  aggregationIntervalMs?: number;
  log?: (line: string) => void;
}

const isNotFound = (err: unknown): boolean => (err as { status?: { code?: number } }).status?.code === 404;

async function ensure(
  storage: RESTStorage,
  ctx: RequestContext,
  wanted: KubeObject,
  merge: (existing: KubeObject) => KubeObject | undefined,
): Promise<void> {
  const name = wanted.metadata!.name!;
  let existing: KubeObject | undefined;
  try {
    existing = await storage.get!(ctx, name, {});
  } catch (err) {
    if (!isNotFound(err)) throw err;
  }
  if (!existing) {
    try {
      await storage.create!(ctx, wanted, {});
    } catch (err) {
      if ((err as { status?: { code?: number } }).status?.code !== 409) throw err;
    }
    return;
  }
  if (existing.metadata?.annotations?.[AUTOUPDATE] === "false") return;
  const updated = merge(existing);
  if (updated) await storage.update!(ctx, name, updated, {});
}

/** Recomputes every aggregated cluster role from its selectors; writes only those that changed. */
export async function aggregateClusterRoles(storage: RESTStorage, ctx: RequestContext): Promise<number> {
  const all = (await storage.list!(ctx, {})).items;
  let changed = 0;
  for (const role of all) {
    const rules = aggregatedRules(role, all);
    if (!rules) continue;
    if (JSON.stringify(rules) === JSON.stringify(role.rules ?? [])) continue;
    try {
      await storage.update!(ctx, role.metadata!.name!, { ...role, rules }, {});
      changed++;
    } catch (err) {
      if ((err as { status?: { code?: number } }).status?.code !== 409) throw err;
    }
  }
  return changed;
}

/** The `rbac/bootstrap-roles` post-start hook. */
export function bootstrapPolicyHook(options: BootstrapPolicyOptions): PostStartHook {
  return async ({ signal }) => {
    const ctx = options.context(signal);
    for (const spec of BOOTSTRAP_CLUSTER_ROLES) {
      const wanted = clusterRoleObject(spec);
      await ensure(options.clusterRoles, ctx, wanted, (existing) => {
        if (spec.aggregateFrom) return undefined; // the aggregation pass owns these rules
        const have = new Set(((existing.rules as PolicyRule[] | undefined) ?? []).map(ruleKey));
        const missing = spec.rules.filter((r) => !have.has(ruleKey(r)));
        return missing.length === 0
          ? undefined
          : { ...existing, rules: [...((existing.rules as PolicyRule[] | undefined) ?? []), ...missing] };
      });
    }
    for (const spec of BOOTSTRAP_CLUSTER_ROLE_BINDINGS) {
      const wanted = clusterRoleBindingObject(spec);
      await ensure(options.clusterRoleBindings, ctx, wanted, (existing) => {
        const have = (existing.subjects as { kind: string; name: string }[] | undefined) ?? [];
        const missing = (wanted.subjects as { kind: string; name: string }[]).filter(
          (s) => !have.some((h) => h.kind === s.kind && h.name === s.name),
        );
        return missing.length === 0 ? undefined : { ...existing, subjects: [...have, ...missing] };
      });
    }
    // Aggregated roles feed each other (view -> edit -> admin): settle them before serving.
    for (let pass = 0; pass < 4; pass++) if ((await aggregateClusterRoles(options.clusterRoles, ctx)) === 0) break;
    const every = options.aggregationIntervalMs ?? 0;
    if (every > 0) {
      const timer = setInterval(() => {
        aggregateClusterRoles(options.clusterRoles, options.context(signal)).catch((err) => {
          if (!signal.aborted) options.log?.(`clusterrole-aggregation: ${(err as Error).message}`);
        });
      }, every);
      timer.unref();
      signal.addEventListener("abort", () => clearInterval(timer), { once: true });
    }
  };
}
