/**
 * The APIServices as the aggregator routes by them: listed, then followed by a watch on their
 * storage (relisting when the watch fails), indexed by group-version.
 */
import type { APIService } from "../../api/apiregistration/v1/types.js";
import type { KubeObject, RequestContext, RESTStorage } from "../registry/rest.js";
import { followSource } from "../../runtime/cache/follow.js";
import { compareKubeAwareVersions } from "../../runtime/version-priority.js";

export type { APIService };

/** Whether the APIService names a Service (a remote extension apiserver); otherwise this server serves it. */
export function isRemote(s: APIService): boolean {
  return !!s.spec?.service?.name;
}

export function isAvailable(s: APIService): boolean {
  return s.status?.conditions?.some((c) => c.type === "Available" && c.status === "True") ?? false;
}

export class APIServiceTable {
  private readonly byName = new Map<string, APIService>();
  private listeners: ((name: string) => void)[] = [];
  /** Bumped on every change: discovery and OpenAPI caches key on it. */
  generation = 0;

  all(): APIService[] {
    return [...this.byName.values()];
  }

  get(name: string): APIService | undefined {
    return this.byName.get(name);
  }

  /** The APIService of a group-version (`<version>.<group>`). */
  forGroupVersion(group: string, version: string): APIService | undefined {
    return this.byName.get(`${version}.${group}`);
  }

  remote(): APIService[] {
    return this.all().filter(isRemote);
  }

  /** A group's APIServices, best version first (versionPriority, then Kubernetes' version order). */
  versionsOf(group: string): APIService[] {
    return this.all()
      .filter((s) => s.spec?.group === group && (group !== "" || s.spec?.version))
      .sort(
        (a, b) =>
          (b.spec?.versionPriority ?? 0) - (a.spec?.versionPriority ?? 0) ||
          compareKubeAwareVersions(a.spec?.version ?? "", b.spec?.version ?? ""),
      );
  }

  /** The group's priority: the highest groupPriorityMinimum among its APIServices. */
  groupPriority(group: string): number | undefined {
    const ps = this.all()
      .filter((s) => s.spec?.group === group)
      .map((s) => s.spec?.groupPriorityMinimum ?? 0);
    return ps.length ? Math.max(...ps) : undefined;
  }

  onChange(fn: (name: string) => void): void {
    this.listeners.push(fn);
  }

  apply(obj: KubeObject, deleted = false): void {
    const name = obj.metadata?.name;
    if (!name) return;
    if (deleted) this.byName.delete(name);
    else this.byName.set(name, obj as APIService);
    this.generation++;
    for (const l of this.listeners) l(name);
  }

  private replaceAll(items: readonly KubeObject[]): void {
    const seen = new Set<string>();
    for (const item of items) {
      seen.add(item.metadata?.name ?? "");
      this.apply(item);
    }
    for (const name of [...this.byName.keys()]) if (!seen.has(name)) this.apply({ metadata: { name } }, true);
  }

  /** Lists, then watches until `signal`; resolves after the first list. */
  follow(
    storage: RESTStorage,
    ctx: (signal: AbortSignal) => RequestContext,
    signal: AbortSignal,
    log: (line: string) => void,
  ): Promise<void> {
    return followSource(storage, ctx, signal, {
      replace: (items) => this.replaceAll(items),
      event: (obj, deleted) => this.apply(obj, deleted),
      log,
      what: "aggregator: watching apiservices",
    });
  }
}
