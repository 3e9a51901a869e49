/**
 * The RBAC objects the authorizer reads, held in memory and kept current by watching their
 * storages (upstream's RBAC authorizer reads informers the same way). Rules per user and
 * namespace are memoized until any RBAC object changes.
 */
import { followSource, type ListWatchSource } from "../../../runtime/cache/follow.js";
import type { UserInfo } from "../user.js";
import { subjectMatches, type PolicyRule, type RoleRef, type Subject } from "./rules.js";

interface Binding {
  namespace: string;
  name: string;
  roleRef: RoleRef;
  subjects: Subject[];
}

/** An RBAC object as the cache reads it (the registry's KubeObject fits). */
export interface RBACObject {
  metadata?: { name?: string; namespace?: string; resourceVersion?: string };
  [field: string]: unknown;
}

/**
 * The part of a storage the cache lists and watches (the runtime's list-and-watch loop). The registry's RESTStorage fits it; it is
 * declared here because auth/ sits below the registry (the registry's review resources use
 * auth's types), so auth never imports the registry. `C` is the storage's request context.
 */
export type RBACSource<C> = ListWatchSource<C, RBACObject>;

export interface RBACStorages<C> {
  roles?: RBACSource<C> | undefined;
  roleBindings?: RBACSource<C> | undefined;
  clusterRoles?: RBACSource<C> | undefined;
  clusterRoleBindings?: RBACSource<C> | undefined;
}

const keyOf = (o: RBACObject): string => `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;

export class PolicyCache {
  private readonly roles = new Map<string, PolicyRule[]>();
  private readonly clusterRoles = new Map<string, PolicyRule[]>();
  private readonly roleBindings = new Map<string, Binding>();
  private readonly clusterRoleBindings = new Map<string, Binding>();
  private memo = new Map<string, ApplicableRules>();
  private synced: Promise<void> | undefined;
  /** The first lists are in (synced has resolved). */
  private listed = false;

  /** Direct feeding, for tests and for callers that hold the objects already. */
  apply(kind: "Role" | "ClusterRole" | "RoleBinding" | "ClusterRoleBinding", obj: RBACObject, deleted = false): void {
    const key = keyOf(obj);
    this.memo = new Map();
    if (kind === "Role" || kind === "ClusterRole") {
      const map = kind === "Role" ? this.roles : this.clusterRoles;
      if (deleted) map.delete(key);
      else
        map.set(
          key,
          ((obj.rules as PolicyRule[] | undefined) ?? []).map((r) => ({ ...r })),
        );
      return;
    }
    const map = kind === "RoleBinding" ? this.roleBindings : this.clusterRoleBindings;
    if (deleted) map.delete(key);
    else {
      map.set(key, {
        namespace: obj.metadata?.namespace ?? "",
        name: obj.metadata?.name ?? "",
        roleRef: obj.roleRef as RoleRef,
        subjects: (obj.subjects as Subject[] | undefined) ?? [],
      });
    }
  }

  /** Lists then watches the four storages; resolves once every list is in. */
  start<C>(storages: RBACStorages<C>, ctx: (signal: AbortSignal) => C, signal: AbortSignal, log: (line: string) => void): Promise<void> {
    this.synced ??= (async () => {
      const kinds = [
        ["Role", storages.roles],
        ["ClusterRole", storages.clusterRoles],
        ["RoleBinding", storages.roleBindings],
        ["ClusterRoleBinding", storages.clusterRoleBindings],
      ] as const;
      await Promise.all(kinds.flatMap(([kind, storage]) => (storage ? [this.follow(kind, storage, ctx, signal, log)] : [])));
      this.listed = true;
    })();
    return this.synced;
  }

  private follow<C>(
    kind: "Role" | "ClusterRole" | "RoleBinding" | "ClusterRoleBinding",
    storage: RBACSource<C>,
    ctx: (signal: AbortSignal) => C,
    signal: AbortSignal,
    log: (line: string) => void,
  ): Promise<void> {
    const map =
      kind === "Role"
        ? this.roles
        : kind === "ClusterRole"
          ? this.clusterRoles
          : kind === "RoleBinding"
            ? this.roleBindings
            : this.clusterRoleBindings;
    return followSource(storage, ctx, signal, {
      replace: (items) => {
        map.clear();
        for (const item of items) this.apply(kind, item);
      },
      event: (obj, deleted) => this.apply(kind, obj, deleted),
      log,
      what: `rbac: watching ${kind}s`,
    });
  }

  /** Waits for the first lists (a no-op once synced, or when never started). */
  ready(): Promise<void> {
    return this.synced ?? Promise.resolve();
  }

  /** Whether ready() has nothing to wait for. */
  isReady(): boolean {
    return this.synced === undefined || this.listed;
  }

  clusterRoleRules(name: string): PolicyRule[] | undefined {
    return this.clusterRoles.get(`/${name}`);
  }

  roleRules(namespace: string, name: string): PolicyRule[] | undefined {
    return this.roles.get(`${namespace}/${name}`);
  }

  private refRules(ref: RoleRef, namespace: string): PolicyRule[] {
    if (ref.kind === "ClusterRole") return this.clusterRoleRules(ref.name) ?? [];
    if (ref.kind === "Role") return this.roleRules(namespace, ref.name) ?? [];
    return [];
  }

  /** Every rule that applies to the user in the namespace ("" for cluster scope): cluster-wide bindings, then the namespace's. */
  rulesFor(user: UserInfo, namespace: string): PolicyRule[] {
    return this.applicable(user, namespace).rules;
  }

  /** The rules, each with the binding that grants it described as upstream's RBAC reasons word it. */
  applicable(user: UserInfo, namespace: string): ApplicableRules {
    const key = `${user.name}\u0000${user.groups.join("\u0001")}\u0000${namespace}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    const out: ApplicableRules = { rules: [], sources: [], reasons: [] };
    const add = (b: Binding, bindingNamespace: string): void => {
      const subject = b.subjects.find((s) => subjectMatches(s, user, bindingNamespace));
      if (!subject) return;
      const rules = this.refRules(b.roleRef, bindingNamespace);
      const source =
        bindingNamespace === ""
          ? `ClusterRoleBinding ${JSON.stringify(b.name)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(subject, "")}`
          : `RoleBinding ${JSON.stringify(`${b.name}/${b.namespace}`)} of ${b.roleRef.kind} ${JSON.stringify(b.roleRef.name)} to ${describeSubject(subject, b.namespace)}`;
      // The reason is made once here: one string for every request the rule allows (audit quotes it as is).
      const reason = `RBAC: allowed by ${source}`;
      for (const r of rules) {
        out.rules.push(r);
        out.sources.push(source);
        out.reasons.push(reason);
      }
    };
    for (const b of this.clusterRoleBindings.values()) add(b, "");
    if (namespace !== "") {
      for (const b of this.roleBindings.values()) if (b.namespace === namespace) add(b, namespace);
    }
    if (this.memo.size > 10_000) this.memo.clear();
    this.memo.set(key, out);
    return out;
  }
}

export interface ApplicableRules {
  rules: PolicyRule[];
  /** sources[i] is the binding that grants rules[i]. */
  sources: string[];
  /** reasons[i] is an allow's reason by rules[i]: "RBAC: allowed by " and sources[i]. */
  reasons: string[];
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === "ServiceAccount") return `${s.kind} ${JSON.stringify(`${s.name}/${s.namespace || bindingNamespace}`)}`;
  return `${s.kind} ${JSON.stringify(s.name)}`;
}
