/** Discovery: the groups, versions and resources a server serves, and the preferred version of each resource. */
import type { APIGroup, APIGroupList, APIResourceList, APIVersions } from "../../api/meta/v1/types.js";
import type { RestClient } from "../rest/client.js";
import { isForbidden, isNotFound } from "../rest/errors.js";
import { groupVersionPath } from "../rest/paths.js";

/**
 * Some group versions could not be discovered. `resources` holds what was discovered (as
 * client-go returns it beside the error); `groups` maps each failed "group/version" to its error.
 */
export class GroupDiscoveryFailedError extends Error {
  override readonly name = "GroupDiscoveryFailedError";

  constructor(
    /** The error of each group version that failed, by "group/version" ("v1" for the core group). */
    readonly groups: ReadonlyMap<string, unknown>,
    /** The resource lists that were discovered. */
    readonly resources: APIResourceList[],
  ) {
    super(
      `unable to retrieve the complete list of server APIs: ${[...groups].map(([gv, err]) => `${gv}: ${(err as Error).message ?? err}`).join(", ")}`,
    );
  }
}

function splitGroupVersion(gv: string): { group: string; version: string } {
  const slash = gv.indexOf("/");
  return slash < 0 ? { group: "", version: gv } : { group: gv.slice(0, slash), version: gv.slice(slash + 1) };
}

/**
 * Reads discovery documents (the unaggregated v1 form: /api, /apis and one document per group
 * version), as client-go's DiscoveryClient. Nothing is cached; wrap it for that.
 */
export class DiscoveryClient {
  constructor(private readonly client: RestClient) {}

  /**
   * Every group the server serves, the core group (name "") first, built from /api; a 404 or
   * 403 on /api or /apis leaves that part out.
   */
  async serverGroups(signal?: AbortSignal): Promise<APIGroupList> {
    const groups: APIGroup[] = [];
    const legacy = await this.tolerateMissing(this.client.request<APIVersions>({ method: "GET", path: "/api", ...(signal && { signal }) }));
    if (legacy && legacy.versions.length > 0) {
      const versions = legacy.versions.map((v) => ({ groupVersion: v, version: v }));
      groups.push({ name: "", versions, preferredVersion: versions[0]! });
    }
    const apis = await this.tolerateMissing(this.client.request<APIGroupList>({ method: "GET", path: "/apis", ...(signal && { signal }) }));
    groups.push(...(apis?.groups ?? []));
    return { kind: "APIGroupList", apiVersion: "v1", groups };
  }

  /**
   * The resources of one group version ("v1" for the core group, "apps/v1" otherwise). As
   * client-go, a 404 for the core "v1" gives an empty list rather than an error.
   */
  async serverResourcesForGroupVersion(groupVersion: string, signal?: AbortSignal): Promise<APIResourceList> {
    if (groupVersion === "") throw new Error("groupVersion shouldn't be empty");
    const { group, version } = splitGroupVersion(groupVersion);
    try {
      const list = await this.client.request<APIResourceList>({
        method: "GET",
        path: groupVersionPath(group, version),
        ...(signal && { signal }),
      });
      return { ...list, groupVersion, resources: list.resources ?? [] };
    } catch (err) {
      if (groupVersion === "v1" && isNotFound(err)) return { kind: "APIResourceList", apiVersion: "v1", groupVersion, resources: [] };
      throw err;
    }
  }

  /**
   * One resource list per group version, each resource appearing once: in its group's
   * preferred version when that serves it, else in the first listed version that does.
   * Subresources are left out. Lists of versions that end up empty stay in the result, as
   * client-go's do.
   * @throws GroupDiscoveryFailedError, carrying the partial result, when some group versions failed.
   */
  async serverPreferredResources(signal?: AbortSignal): Promise<APIResourceList[]> {
    const groups = (await this.serverGroups(signal)).groups;
    const fetched = new Map<string, APIResourceList>();
    const failed = new Map<string, unknown>();
    await Promise.all(
      groups.flatMap((g) =>
        g.versions.map(async (v) => {
          try {
            fetched.set(v.groupVersion, await this.serverResourcesForGroupVersion(v.groupVersion, signal));
          } catch (err) {
            if (signal?.aborted) throw err;
            failed.set(v.groupVersion, err);
          }
        }),
      ),
    );
    const result: APIResourceList[] = [];
    const byGroupVersion = new Map<string, APIResourceList>();
    // Which group version each group/resource was taken from; insertion order is discovery order.
    const chosen = new Map<string, { gv: string; resource: APIResourceList["resources"][number] }>();
    for (const g of groups) {
      for (const v of g.versions) {
        const list = fetched.get(v.groupVersion);
        if (list === undefined) continue;
        const out: APIResourceList = { kind: "APIResourceList", apiVersion: "v1", groupVersion: v.groupVersion, resources: [] };
        byGroupVersion.set(v.groupVersion, out);
        result.push(out);
        for (const r of list.resources) {
          if (r.name.includes("/")) continue;
          const key = `${g.name}/${r.name}`;
          if (chosen.has(key) && v.version !== g.preferredVersion?.version) continue;
          chosen.set(key, { gv: v.groupVersion, resource: r });
        }
      }
    }
    for (const { gv, resource } of chosen.values()) byGroupVersion.get(gv)!.resources.push(resource);
    if (failed.size > 0) throw new GroupDiscoveryFailedError(failed, result);
    return result;
  }

  /**
   * The namespaced resources, each in its preferred version, with their verbs: what the
   * namespace controller deletes when a namespace goes. Group versions left empty are dropped.
   * @throws GroupDiscoveryFailedError, carrying the partial (filtered) result, when some group versions failed.
   */
  async serverPreferredNamespacedResources(signal?: AbortSignal): Promise<APIResourceList[]> {
    try {
      return filterNamespaced(await this.serverPreferredResources(signal));
    } catch (err) {
      if (err instanceof GroupDiscoveryFailedError) throw new GroupDiscoveryFailedError(err.groups, filterNamespaced(err.resources));
      throw err;
    }
  }

  private async tolerateMissing<T>(p: Promise<T>): Promise<T | undefined> {
    try {
      return await p;
    } catch (err) {
      if (isNotFound(err) || isForbidden(err)) return undefined;
      throw err;
    }
  }
}

function filterNamespaced(lists: APIResourceList[]): APIResourceList[] {
  return lists.flatMap((l) => {
    const resources = l.resources.filter((r) => r.namespaced);
    return resources.length === 0 ? [] : [{ ...l, resources }];
  });
}
