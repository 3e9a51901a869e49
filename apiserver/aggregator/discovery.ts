/**
 * Discovery of the groups extension apiservers serve: each remote APIService's group-version
 * entry is read from the extension's aggregated /apis (refreshed with every availability pass)
 * and merged into this server's /apis, placed by the groups' priorities; an entry whose
 * extension stopped answering is kept as `Stale`, as upstream's discovery manager does.
 */
import type { APIGroup } from "../../api/meta/v1/types.js";
import type { DiscoveryPeer } from "../endpoints/discovery/handlers.js";
import { isRemote, type APIService, type APIServiceTable } from "./apiservices.js";
import { CRD_PRIORITY } from "./priorities.js";

type Obj = Record<string, unknown>;

export const AGGREGATED_ACCEPT = "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json";

export class RemoteDiscovery implements DiscoveryPeer {
  /** The version entry (APIVersionDiscovery) of each remote APIService, by its name. */
  private readonly entries = new Map<string, Obj>();
  private ownGeneration = 0;

  constructor(private readonly table: APIServiceTable) {}

  get generation(): number {
    return this.ownGeneration * 1_000_003 + this.table.generation;
  }

  /** Records what the extension's aggregated /apis says of this APIService's group-version. */
  update(apiService: APIService, body: Buffer): void {
    const name = apiService.metadata?.name ?? "";
    let entry: Obj | undefined;
    try {
      const doc = JSON.parse(body.toString("utf8")) as { items?: { metadata?: { name?: string }; versions?: Obj[] }[] };
      const group = doc.items?.find((i) => (i.metadata?.name ?? "") === apiService.spec?.group);
      entry = group?.versions?.find((v) => v.version === apiService.spec?.version);
    } catch {
      entry = undefined;
    }
    if (!entry) return this.markStale(apiService);
    const next = { ...entry, freshness: "Current" };
    if (JSON.stringify(this.entries.get(name)) === JSON.stringify(next)) return;
    this.entries.set(name, next);
    this.ownGeneration++;
  }

  markStale(apiService: APIService): void {
    const name = apiService.metadata?.name ?? "";
    const old = this.entries.get(name);
    if (!old || old.freshness === "Stale") return;
    this.entries.set(name, { ...old, freshness: "Stale" });
    this.ownGeneration++;
  }

  /** Groups only extensions serve, each with its APIServices' versions best first. */
  private remoteGroups(localNames: ReadonlySet<string>): { name: string; versions: APIService[] }[] {
    const names = new Set(this.table.remote().map((s) => s.spec?.group ?? ""));
    return [...names]
      .filter((n) => n !== "" && !localNames.has(n))
      .map((name) => ({ name, versions: this.table.versionsOf(name).filter(isRemote) }))
      .filter((g) => g.versions.length > 0);
  }

  /** Inserts `extra` among `items` by group priority (higher first), keeping the local order. */
  private place<T>(items: T[], nameOf: (t: T) => string, extra: { name: string; item: T }[]): T[] {
    const priority = (name: string): number => this.table.groupPriority(name) ?? CRD_PRIORITY.group;
    const out = [...items];
    for (const { name, item } of extra.sort((a, b) => priority(b.name) - priority(a.name) || a.name.localeCompare(b.name))) {
      const p = priority(name);
      const at = out.findIndex((i) => priority(nameOf(i)) < p);
      out.splice(at < 0 ? out.length : at, 0, item);
    }
    return out;
  }

  mergeGroupList(groups: APIGroup[]): APIGroup[] {
    const extra = this.remoteGroups(new Set(groups.map((g) => g.name ?? ""))).map(({ name, versions }) => {
      const vs = versions.map((s) => ({ groupVersion: `${name}/${s.spec!.version}`, version: s.spec!.version! }));
      return { name, item: { name, versions: vs, preferredVersion: vs[0]! } };
    });
    return this.place(groups, (g) => g.name ?? "", extra);
  }

  mergeAggregated(items: Obj[]): Obj[] {
    const nameOf = (i: Obj): string => (i.metadata as { name?: string } | undefined)?.name ?? "";
    const extra = this.remoteGroups(new Set(items.map(nameOf))).flatMap(({ name, versions }) => {
      const vs = versions.flatMap((s) => {
        const e = this.entries.get(s.metadata?.name ?? "");
        return e ? [e] : [];
      });
      return vs.length ? [{ name, item: { metadata: { name, creationTimestamp: null }, versions: vs } }] : [];
    });
    return this.place(items, nameOf, extra);
  }
}
