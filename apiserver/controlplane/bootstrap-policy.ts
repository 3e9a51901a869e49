/**
 * The bootstrap RBAC policy (upstream's bootstrappolicy): every cluster role, controller role and
 * namespaced role a 1.34 cluster starts with, and their bindings. The `rbac/bootstrap-roles`
 * post-start hook creates what is missing and, for objects not annotated
 * `rbac.authorization.kubernetes.io/autoupdate: "false"`, adds missing rules and subjects.
 * The data lives in bootstrap-policy-{cluster,controllers,namespaces}.ts.
 */
import type { PolicyRule } from "../auth/rbac/rules.js";
import type { KubeObject, RESTStorage, RequestContext } from "../registry/rest.js";
import type { PostStartHook } from "../lifecycle/hooks.js";
import { isAlreadyExists, isConflict } from "../../runtime/rest/errors.js";
import {
  aggregateLabel,
  upstreamClusterRoles,
  upstreamControllerManagerRules,
  UPSTREAM_CLUSTER_ROLE_BINDINGS,
  type BindingSpec,
  type ClusterRoleSpec,
} from "./bootstrap-policy-cluster.js";
import { CONTROLLER_ROLE_PREFIX, UPSTREAM_CONTROLLER_ROLES } from "./bootstrap-policy-controllers.js";
import {
  UPSTREAM_NAMESPACED_BINDINGS,
  UPSTREAM_NAMESPACED_ROLES,
  type NamespacedBindingSpec,
  type NamespacedRoleSpec,
} from "./bootstrap-policy-namespaces.js";
import { serviceAccount, type SubjectSpec } from "./bootstrap-policy-rules.js";

export type { BindingSpec, ClusterRoleSpec, NamespacedBindingSpec, NamespacedRoleSpec, SubjectSpec };

const RBAC = "rbac.authorization.k8s.io";
const AUTOUPDATE = "rbac.authorization.kubernetes.io/autoupdate";

/** The controller-manager's user, as upstream names it. */
export const CONTROLLER_MANAGER_USER = "system:kube-controller-manager";

/**
 * What kubegen's controllers need beyond upstream's `system:kube-controller-manager` role:
 * kubegen runs every controller under that one identity instead of upstream's per-controller
 * service accounts, so its role is upstream's plus these (nothing of upstream's removed).
 */
const kubegenControllerManagerRules: PolicyRule[] = [
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
  // The endpoints and EndpointSlice controllers write what Services' Pods make.
  { apiGroups: [""], resources: ["endpoints"], verbs: ["create", "update", "delete"] },
  { apiGroups: ["discovery.k8s.io"], resources: ["endpointslices"], verbs: ["create", "update", "delete"] },
  // service-cidr-controller puts its finalizer on ServiceCIDRs (and takes it off) and writes their status.
  {
    apiGroups: ["networking.k8s.io"],
    resources: ["servicecidrs", "servicecidrs/finalizers", "servicecidrs/status"],
    verbs: ["patch", "update"],
  },
];

const ruleKey = (r: PolicyRule): string =>
  JSON.stringify([r.apiGroups ?? [], r.resources ?? [], r.resourceNames ?? [], r.nonResourceURLs ?? [], r.verbs]);

/** Rules of `a` then those of `b` that `a` does not already list. */
const unionRules = (a: PolicyRule[], b: PolicyRule[]): PolicyRule[] => {
  const have = new Set(a.map(ruleKey));
  return [...a, ...b.filter((r) => !have.has(ruleKey(r)))];
};

export const controllerManagerRules: PolicyRule[] = unionRules(kubegenControllerManagerRules, upstreamControllerManagerRules);

/** Every bootstrap cluster role: policy.go's, then controller_policy.go's. */
export const BOOTSTRAP_CLUSTER_ROLES: readonly ClusterRoleSpec[] = [
  ...upstreamClusterRoles(controllerManagerRules),
  ...UPSTREAM_CONTROLLER_ROLES.map(([name, rules]) => ({ name: CONTROLLER_ROLE_PREFIX + name, rules })),
];

/** Every bootstrap cluster role binding: policy.go's, then one per controller role. */
export const BOOTSTRAP_CLUSTER_ROLE_BINDINGS: readonly BindingSpec[] = [
  ...UPSTREAM_CLUSTER_ROLE_BINDINGS,
  ...UPSTREAM_CONTROLLER_ROLES.map(([name]) => ({
    name: CONTROLLER_ROLE_PREFIX + name,
    role: CONTROLLER_ROLE_PREFIX + name,
    subjects: [serviceAccount("kube-system", name)],
  })),
];

export const BOOTSTRAP_NAMESPACED_ROLES: readonly NamespacedRoleSpec[] = UPSTREAM_NAMESPACED_ROLES;
export const BOOTSTRAP_NAMESPACED_ROLE_BINDINGS: readonly NamespacedBindingSpec[] = UPSTREAM_NAMESPACED_BINDINGS;

const bootstrapMetadata = (name: string, namespace?: string, labels?: Record<string, string>) => ({
  name,
  ...(namespace !== undefined && { namespace }),
  labels: { "kubernetes.io/bootstrapping": "rbac-defaults", ...labels },
  annotations: { [AUTOUPDATE]: "true" },
});

/** ServiceAccount subjects carry a namespace and no apiGroup; users and groups the rbac group. */
const subjectObject = (s: SubjectSpec) =>
  s.kind === "ServiceAccount" ? { kind: s.kind, name: s.name, namespace: s.namespace } : { apiGroup: RBAC, kind: s.kind, name: s.name };

export function clusterRoleObject(spec: ClusterRoleSpec): KubeObject {
  const obj: KubeObject = {
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRole",
    metadata: bootstrapMetadata(spec.name, undefined, spec.labels),
    rules: spec.rules,
  };
  if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: aggregateLabel(spec.aggregateFrom) }] };
  return obj;
}

export function clusterRoleBindingObject(spec: BindingSpec): KubeObject {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: "ClusterRoleBinding",
    metadata: bootstrapMetadata(spec.name),
    roleRef: { apiGroup: RBAC, kind: "ClusterRole", name: spec.role },
    // Upstream leaves `subjects` out of a binding to no one (system:node).
    ...(spec.subjects.length > 0 && { subjects: spec.subjects.map(subjectObject) }),
  };
}

export function roleObject(spec: NamespacedRoleSpec): KubeObject {
  return { apiVersion: `${RBAC}/v1`, kind: "Role", metadata: bootstrapMetadata(spec.name, spec.namespace), rules: spec.rules };
}

export function roleBindingObject(spec: NamespacedBindingSpec): KubeObject {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: "RoleBinding",
    metadata: bootstrapMetadata(spec.name, spec.namespace),
    roleRef: { apiGroup: RBAC, kind: "Role", name: spec.role },
    subjects: spec.subjects.map(subjectObject),
  };
}

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
  /** Where the namespaced roles and bindings go; without them only the cluster-scoped ones are made. */
  roles?: RESTStorage;
  roleBindings?: RESTStorage;
  context: (signal: AbortSignal) => RequestContext;
  /**
   * How often the apiserver itself recomputes aggregated roles; default 0: only at start (the
   * controller-manager's clusterrole-aggregation controller keeps them current after that).
   */
  aggregationIntervalMs?: number;
  /** The wait between attempts at the namespaced objects while their namespaces are missing; default 1s. */
  namespacedRetryMs?: number;
  log?: (line: string) => void;
}

const rulesOf = (o: KubeObject): PolicyRule[] => (o.rules as PolicyRule[] | undefined) ?? [];
type SubjectLike = { kind: string; name: string; namespace?: string };
const subjectsOf = (o: KubeObject): SubjectLike[] => (o.subjects as SubjectLike[] | undefined) ?? [];
const sameSubject = (a: SubjectLike, b: SubjectLike): boolean =>
  a.kind === b.kind && a.name === b.name && (a.namespace ?? "") === (b.namespace ?? "");

/** Upstream's reconcile with autoupdate: add the rules the role lacks (aggregated roles: none, the aggregation pass owns them). */
const mergeRules = (existing: KubeObject, wanted: KubeObject): KubeObject | undefined => {
  if (wanted.aggregationRule) return undefined;
  const have = new Set(rulesOf(existing).map(ruleKey));
  const missing = rulesOf(wanted).filter((r) => !have.has(ruleKey(r)));
  return missing.length === 0 ? undefined : { ...existing, rules: [...rulesOf(existing), ...missing] };
};

/** ... and the subjects a binding lacks. */
const mergeSubjects = (existing: KubeObject, wanted: KubeObject): KubeObject | undefined => {
  const have = subjectsOf(existing);
  const missing = subjectsOf(wanted).filter((s) => !have.some((h) => sameSubject(h, s)));
  return missing.length === 0 ? undefined : { ...existing, subjects: [...have, ...missing] };
};

const keyOf = (o: KubeObject): string => `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;

/**
 * Creates the wanted objects that are missing and merges into the others (not those annotated
 * autoupdate "false"). One list read, then a write only per object that needs one. The writes go
 * out together: on a new cluster some 130 objects are created before the server reports ready,
 * and the storage's group commit makes a few transactions of them instead of one each.
 */
async function reconcile(
  storage: RESTStorage,
  ctx: RequestContext,
  wanted: readonly KubeObject[],
  merge: (existing: KubeObject, wanted: KubeObject) => KubeObject | undefined,
): Promise<number> {
  const existing = new Map((await storage.list!(ctx, {})).items.map((o) => [keyOf(o), o]));
  const writes: Promise<boolean>[] = [];
  for (const obj of wanted) {
    const namespace = obj.metadata!.namespace;
    const scoped = namespace !== undefined ? { ...ctx, namespace } : ctx;
    const have = existing.get(keyOf(obj));
    if (!have) {
      writes.push(
        storage.create!(scoped, obj, {}).then(
          () => true,
          (err: unknown) => {
            // Made meanwhile (another apiserver on the same storage): theirs stands.
            if (!isAlreadyExists(err)) throw err;
            return false;
          },
        ),
      );
      continue;
    }
    if (have.metadata?.annotations?.[AUTOUPDATE] === "false") continue;
    const updated = merge(have, obj);
    if (updated) writes.push(storage.update!(scoped, obj.metadata!.name!, updated, {}).then(() => true));
  }
  const done = await Promise.allSettled(writes);
  const failed = done.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  return done.filter((r) => r.status === "fulfilled" && r.value).length;
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
      if (!isConflict(err)) throw err;
    }
  }
  return changed;
}

/** The `rbac/bootstrap-roles` post-start hook. */
export function bootstrapPolicyHook(options: BootstrapPolicyOptions): PostStartHook {
  return async ({ signal }) => {
    const ctx = options.context(signal);
    await reconcile(options.clusterRoles, ctx, BOOTSTRAP_CLUSTER_ROLES.map(clusterRoleObject), mergeRules);
    await reconcile(options.clusterRoleBindings, ctx, BOOTSTRAP_CLUSTER_ROLE_BINDINGS.map(clusterRoleBindingObject), mergeSubjects);
    // Aggregated roles feed each other (view -> edit -> admin): settle them before serving.
    for (let pass = 0; pass < 4; pass++) if ((await aggregateClusterRoles(options.clusterRoles, ctx)) === 0) break;
    if (options.roles && options.roleBindings) await namespaced(options, options.roles, options.roleBindings, signal);
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

/**
 * The kube-system and kube-public roles and bindings. Their namespaces come from another hook, so
 * a failed attempt is retried in the background (upstream retries too) rather than failing start.
 */
async function namespaced(options: BootstrapPolicyOptions, roles: RESTStorage, bindings: RESTStorage, signal: AbortSignal): Promise<void> {
  const attempt = async (): Promise<void> => {
    const ctx = options.context(signal);
    await reconcile(roles, ctx, BOOTSTRAP_NAMESPACED_ROLES.map(roleObject), mergeRules);
    await reconcile(bindings, ctx, BOOTSTRAP_NAMESPACED_ROLE_BINDINGS.map(roleBindingObject), mergeSubjects);
  };
  try {
    await attempt();
  } catch (first) {
    options.log?.(`rbac/bootstrap-roles: namespaced roles: ${(first as Error).message}; retrying`);
    const retry = (): void => {
      const timer = setTimeout(() => {
        if (signal.aborted) return;
        attempt().catch(() => retry());
      }, options.namespacedRetryMs ?? 1000);
      timer.unref();
    };
    retry();
  }
}
