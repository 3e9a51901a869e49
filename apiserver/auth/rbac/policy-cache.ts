/**
 * The RBAC objects the authorizer reads, held in memory and kept current by watching their
 * storages (upstream's RBAC authorizer reads informers the same way). Rules per user and
 * namespace are memoized until any RBAC object changes.
 */
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
 * The part of a storage the cache lists and watches. The registry's RESTStorage fits it; it is
 * declared here because auth/ sits below the registry (the registry's review resources use
 * auth's types), so auth never imports the registry. `C` is the storage's request context.
 */
export interface RBACSource<C> {
  list?(ctx: C, opts: object): Promise<{ items: RBACObject[]; metadata: { resourceVersion?: string } }>;
  watch?(ctx: C, opts: { resourceVersion?: string; allowWatchBookmarks?: boolean }): AsyncIterable<{ type: string; object: RBACObject }>;
}

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
  private memo = new Map<string, PolicyRule[]>();
  private synced: Promise<void> | undefined;

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
      await Promise.all(kinds.map(([kind, storage]) => (storage ? this.follow(kind, storage, ctx, signal, log) : undefined)));
    })();
    return this.synced;
  }

  private async follow<C>(
    kind: "Role" | "ClusterRole" | "RoleBinding" | "ClusterRoleBinding",
    storage: RBACSource<C>,
    ctx: (signal: AbortSignal) => C,
    signal: AbortSignal,
    log: (line: string) => void,
  ): Promise<void> {
    if (!storage.list || !storage.watch) return;
    const list = await storage.list(ctx(signal), {});
    for (const item of list.items) this.apply(kind, item);
    const watchLoop = async (rv: string | undefined): Promise<void> => {
      while (!signal.aborted) {
        try {
          for await (const ev of storage.watch!(ctx(signal), {
            ...(rv !== undefined && { resourceVersion: rv }),
            allowWatchBookmarks: true,
          })) {
            if (ev.type === "ERROR") throw new Error(JSON.stringify(ev.object));
            if (ev.object.metadata?.resourceVersion) rv = ev.object.metadata.resourceVersion;
            if (ev.type === "BOOKMARK") continue;
            this.apply(kind, ev.object, ev.type === "DELETED");
          }
        } catch (err) {
          if (signal.aborted) return;
          log(`rbac: watching ${kind}s failed, relisting: ${(err as Error).message}`);
          // Relist: the watch may have fallen behind compaction.
          try {
            const again = await storage.list!(ctx(signal), {});
            const prefix =
              kind === "Role"
                ? this.roles
                : kind === "ClusterRole"
                  ? this.clusterRoles
                  : kind === "RoleBinding"
                    ? this.roleBindings
                    : this.clusterRoleBindings;
            prefix.clear();
            for (const item of again.items) this.apply(kind, item);
            rv = again.metadata.resourceVersion;
          } catch {
            await new Promise((r) => setTimeout(r, 1000));
          }
        }
      }
    };
    void watchLoop(list.metadata.resourceVersion);
  }

  /** Waits for the first lists (a no-op once synced, or when never started). */
  ready(): Promise<void> {
    return this.synced ?? Promise.resolve();
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
    const key = `${user.name}\u0000${user.groups.join("\u0001")}\u0000${namespace}`;
    const hit = this.memo.get(key);
    if (hit) return hit;
    const rules: PolicyRule[] = [];
    for (const b of this.clusterRoleBindings.values()) {
      if (b.subjects.some((s) => subjectMatches(s, user, ""))) rules.push(...this.refRules(b.roleRef, ""));
    }
    if (namespace !== "") {
      for (const b of this.roleBindings.values()) {
        if (b.namespace !== namespace) continue;
        if (b.subjects.some((s) => subjectMatches(s, user, namespace))) rules.push(...this.refRules(b.roleRef, namespace));
      }
    }
    if (this.memo.size > 10_000) this.memo.clear();
    this.memo.set(key, rules);
    return rules;
  }
}
